import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import type { Page } from '@/domain/contracts';
import type { KeyProject } from '@/domain/content';

/** POST /dscq-content/ad-ads/keyProjects-page: the key recommendations (spec: code, size 8, current). */
export const getKeyProjects = (size: number) =>
  http.post<Page<KeyProject>>('/dscq-content/ad-ads/keyProjects-page', { code: 'zdtj', size, current: 1 });

export const keyProjectsQueryOptions = (size: number) =>
  queryOptions({ queryKey: ['home', 'key-projects', size], queryFn: () => getKeyProjects(size), staleTime: 60_000 });

export const useKeyProjects = (size: number) => useQuery(keyProjectsQueryOptions(size));
