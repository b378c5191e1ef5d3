import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import type { ListedAsset, Page } from '@/domain/contracts';
import { PROJECT_PATHS, type ProjectSearchParams } from '@/domain/projects';

/** POST /dscq-project/search/page with the query parameters of the trading centre. */
export const searchProjects = (params: ProjectSearchParams) => http.post<Page<ListedAsset>>(PROJECT_PATHS.search, { ...params });

export const searchProjectsQueryOptions = (params: ProjectSearchParams) =>
  queryOptions({
    queryKey: ['projects', 'search', params],
    queryFn: () => searchProjects(params),
    staleTime: 30_000,
    // Paging and filtering keep the last page on screen until the next arrives.
    placeholderData: keepPreviousData,
  });

export const useSearchProjects = (params: ProjectSearchParams) => useQuery(searchProjectsQueryOptions(params));
