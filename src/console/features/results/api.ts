/** 结果公告 (STAFF_LOT_PATHS.result*): an ended auction's generated notice, previewed and published. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '#domain/contract/envelope';
import { STAFF_LOT_PATHS, type StaffActivity, type StaffContentItem, type StaffLotSummary, type StaffResultPreview } from '#domain/contract/staffLots';
import { staffHttp } from '../../api/http';

export const usePublishedLots = (q: string | undefined) =>
  useQuery({ queryKey: ['staff', 'lots', { state: 'published', q }], queryFn: () => staffHttp.get<Page<StaffLotSummary>>(STAFF_LOT_PATHS.lotPage, { state: 'published', q, current: 1, size: 50 }) });

export const useActivities = (assetsId: number) =>
  useQuery({ queryKey: ['staff', 'activities', assetsId], queryFn: () => staffHttp.get<StaffActivity[]>(STAFF_LOT_PATHS.activityList, { assetsId }) });

export const usePreview = (activityId: number | null, noticeType: number | undefined) =>
  useQuery({
    queryKey: ['staff', 'result', activityId, noticeType],
    queryFn: () => staffHttp.get<StaffResultPreview>(STAFF_LOT_PATHS.resultPreview, { activityId: activityId!, noticeType }),
    enabled: activityId !== null,
  });

export function usePublishResult() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (params: { activityId: number; noticeType: number }) => staffHttp.post<StaffContentItem>(STAFF_LOT_PATHS.resultPublish, params),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['staff', 'result'] });
      void queryClient.invalidateQueries({ queryKey: ['staff', 'content'] });
      void queryClient.invalidateQueries({ queryKey: ['staff', 'lot'] });
    },
  });
}
