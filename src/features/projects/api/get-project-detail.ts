import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import { PROJECT_PATHS, type ProjectDetail } from '#domain/contract/projects';
import { useSession } from '@/lib/session';

/** GET /dscq-project/project/detail?id= (single asset, package or managed project alike). */
export const getProjectDetail = (id: number) => http.get<ProjectDetail>(PROJECT_PATHS.detail, { id });

/** `collected` depends on who asks: the user is part of the key. */
export const projectDetailQueryOptions = (id: number, userId: string | null) =>
  queryOptions({
    queryKey: ['projects', 'detail', id, userId],
    queryFn: () => getProjectDetail(id),
    staleTime: 30_000,
    enabled: Number.isSafeInteger(id) && id > 0,
  });

export function useProjectDetail(id: number) {
  const { user } = useSession();
  return useQuery(projectDetailQueryOptions(id, user?.baseUserId ?? null));
}
