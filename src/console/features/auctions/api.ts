/** 竞价活动 (STAFF_LOT_PATHS.activity*): a published lot's auctions, create one, change it (four eyes), qualify a bidder offline. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '#domain/contract/envelope';
import type { ApprovalItem } from '#domain/contract/staff';
import { STAFF_LOT_PATHS, type StaffActivity, type StaffLotDetail, type StaffLotSummary } from '#domain/contract/staffLots';
import { staffHttp } from '../../api/http';

/** The parameters as the server takes them (yuan, China time, seconds). */
export type ActivityParams = Record<string, string | number | boolean | { fromPrice: number; increment: number }[] | undefined>;

export const publishedLotsQueryOptions = (q: string | undefined, current: number) =>
  queryOptions({
    queryKey: ['staff', 'lots', { state: 'published', q, current }],
    queryFn: () => staffHttp.get<Page<StaffLotSummary>>(STAFF_LOT_PATHS.lotPage, { state: 'published', q, current, size: 20 }),
  });
export const usePublishedLots = (q: string | undefined, current: number) => useQuery(publishedLotsQueryOptions(q, current));

export const useLotOf = (assetsId: number) =>
  useQuery({ queryKey: ['staff', 'lot', { assetsId }], queryFn: () => staffHttp.get<StaffLotDetail>(STAFF_LOT_PATHS.lotDetail, { assetsId }) });

export const activitiesQueryOptions = (assetsId: number) =>
  queryOptions({ queryKey: ['staff', 'activities', assetsId], queryFn: () => staffHttp.get<StaffActivity[]>(STAFF_LOT_PATHS.activityList, { assetsId }) });
export const useActivities = (assetsId: number) => useQuery(activitiesQueryOptions(assetsId));

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['staff', 'activities'] });
    void queryClient.invalidateQueries({ queryKey: ['staff', 'lot'] });
    void queryClient.invalidateQueries({ queryKey: ['staff', 'lots'] });
  };
}

export function useCreateActivity() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (params: ActivityParams) => staffHttp.post<StaffActivity>(STAFF_LOT_PATHS.activityCreate, params), onSuccess: invalidate });
}

export function usePrepareActivityChange() {
  const invalidate = useInvalidate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (params: ActivityParams) => staffHttp.post<ApprovalItem>(STAFF_LOT_PATHS.activityChangePrepare, params),
    onSuccess: () => {
      invalidate();
      void queryClient.invalidateQueries({ queryKey: ['staff', 'approvals'] });
      void queryClient.invalidateQueries({ queryKey: ['staff', 'queues'] });
    },
  });
}

export function useQualify() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (params: { activityId: number; loginName: string; preEmptiveRank?: number | undefined }) => staffHttp.post<{ bidCode: string }>(STAFF_LOT_PATHS.activityQualify, params),
    onSuccess: invalidate,
  });
}
