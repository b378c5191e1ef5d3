/** 路演 (STAFF_ROADSHOW_PATHS): the list (all, or one lot's with its attachments), schedule / change, withdraw. */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { STAFF_ROADSHOW_PATHS, type StaffRoadshow, type StaffRoadshowInput, type StaffRoadshowPage } from '#domain/contract/roadshow';
import { staffHttp } from '../../api/http';

export const ROADSHOWS_PAGE_SIZE = 20;

export const roadshowsQueryOptions = (filter: { assetsId?: number | undefined; current?: number | undefined }) =>
  queryOptions({
    queryKey: ['staff', 'roadshows', filter],
    queryFn: () => staffHttp.get<StaffRoadshowPage>(STAFF_ROADSHOW_PATHS.page, { assetsId: filter.assetsId, current: filter.current ?? 1, size: ROADSHOWS_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
export const useRoadshows = (filter: { assetsId?: number | undefined; current?: number | undefined }) => useQuery(roadshowsQueryOptions(filter));

export function useSaveRoadshow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: StaffRoadshowInput }) =>
      staffHttp.post<StaffRoadshow>(STAFF_ROADSHOW_PATHS.save, {
        ...(id === null ? {} : { id }),
        ...input,
        materialIds: input.materialIds === undefined ? undefined : input.materialIds.join(','),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff', 'roadshows'] }),
  });
}

export function useCancelRoadshow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => staffHttp.post<null>(STAFF_ROADSHOW_PATHS.cancel, { id, reason }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff', 'roadshows'] }),
  });
}
