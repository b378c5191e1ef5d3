import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../client';
import type { Page, PageQuery } from '#domain/contract/envelope';
import type { KeyProject } from '#domain/contract/content';

export type KeyProjectsQuery = PageQuery;

/**
 * POST /dscq-content/ad-ads/keyProjects-page: the key recommendations (spec: code zdtj, size 8, current);
 * paging keeps the last page on screen until the next arrives.
 */
export const getKeyProjects = ({ current, size }: KeyProjectsQuery) =>
  http.post<Page<KeyProject>>('/dscq-content/ad-ads/keyProjects-page', { code: 'zdtj', size, current });

export const keyProjectsQueryOptions = (query: KeyProjectsQuery) =>
  queryOptions({ queryKey: ['keyProjects', query], queryFn: () => getKeyProjects(query), staleTime: 60_000, placeholderData: keepPreviousData });

export const useKeyProjects = (query: KeyProjectsQuery) => useQuery(keyProjectsQueryOptions(query));
