import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import type { Page } from '@/domain/contracts';
import type { KeyProject } from '@/domain/content';

/** POST /dscq-content/ad-ads/keyProjects-page (spec: code, size 8, current). */
export const getKeyProjects = (current: number, size: number) =>
  http.post<Page<KeyProject>>('/dscq-content/ad-ads/keyProjects-page', { code: 'zdtj', size, current });

export const keyProjectsQueryOptions = (current: number, size: number) =>
  queryOptions({ queryKey: ['content', 'key-projects', current, size], queryFn: () => getKeyProjects(current, size), staleTime: 60_000, placeholderData: keepPreviousData });

export const useKeyProjects = (current: number, size: number) => useQuery(keyProjectsQueryOptions(current, size));
