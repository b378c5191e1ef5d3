import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import { PROJECT_PATHS, type ProjectDetail } from '#domain/contract/projects';
import { useSession } from '@/lib/session';
import { arrivedHanded, handoffKeys, takeHanded } from '@/start/handoff';

/** GET /dscq-project/project/detail?id= (single asset, package or managed project alike). */
export const getProjectDetail = (id: number) => http.get<ProjectDetail>(PROJECT_PATHS.detail, { id });

/** `collected` depends on who asks: the user is part of the key. */
export const projectDetailQueryOptions = (id: number, userId: string | null) =>
  queryOptions({
    queryKey: ['projects', 'detail', id, userId],
    // A visitor's lot page: the detail the start step already asked for (src/start/handoff.ts; asked anonymously,
    // so a logged-in user's own `collected` is asked for here): drawn at once if it has come, else awaited.
    initialData: () => (userId === null ? (arrivedHanded(handoffKeys.lot(id)) as ProjectDetail | undefined) : undefined),
    queryFn: async () => ((userId === null ? await takeHanded(handoffKeys.lot(id)) : null) as ProjectDetail | null) ?? getProjectDetail(id),
    staleTime: 30_000,
    enabled: Number.isSafeInteger(id) && id > 0,
  });

export function useProjectDetail(id: number) {
  const { user } = useSession();
  return useQuery(projectDetailQueryOptions(id, user?.baseUserId ?? null));
}
