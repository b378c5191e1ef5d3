import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import { ROADSHOW_PATHS, type Roadshow } from '#domain/contract/roadshow';
import { useSession } from '@/lib/session';

/** GET /dscq-project/roadshow/list?assetsId= — the lot's roadshows (`followed` depends on who asks). */
export const getRoadshows = (assetsId: number) => http.get<Roadshow[]>(ROADSHOW_PATHS.list, { assetsId });

export const roadshowsQueryOptions = (assetsId: number, userId: string | null) =>
  queryOptions({
    queryKey: ['projects', 'roadshows', assetsId, userId],
    queryFn: () => getRoadshows(assetsId),
    staleTime: 30_000,
  });

export function useRoadshows(assetsId: number) {
  const { user } = useSession();
  return useQuery(roadshowsQueryOptions(assetsId, user?.baseUserId ?? null));
}
