import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import type { KeyProject } from '#domain/contract/content';

/** GET /dscq-content/ad-ads/detail (ours): one key recommendation. */
export const getKeyProject = (id: number) => http.get<KeyProject>('/dscq-content/ad-ads/detail', { id });

export const keyProjectQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['content', 'key-project', id], queryFn: () => getKeyProject(id), staleTime: 60_000 });

export const useKeyProject = (id: number) => useQuery(keyProjectQueryOptions(id));
