import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../client';
import type { ListedAsset } from '#domain/contract/portal';
import type { Page } from '#domain/contract/envelope';
import { PROJECT_PATHS, type ProjectSearchParams } from '#domain/contract/projects';

/**
 * POST /dscq-project/search/page: listed projects by the trading centre's filters (the centre, the home
 * listing tabs and project hall, the special pages). Paging and filtering keep the last page on screen
 * until the next arrives.
 */
export const searchProjects = (params: ProjectSearchParams) => http.post<Page<ListedAsset>>(PROJECT_PATHS.search, { ...params });

export const searchProjectsQueryOptions = (params: ProjectSearchParams) =>
  queryOptions({ queryKey: ['projectSearch', params], queryFn: () => searchProjects(params), staleTime: 30_000, placeholderData: keepPreviousData });

export const useSearchProjects = (params: ProjectSearchParams) => useQuery(searchProjectsQueryOptions(params));
