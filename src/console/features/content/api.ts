/** 新闻与公告 (STAFF_LOT_PATHS.content*): list by kind and state, read, create, edit, schedule, unpublish. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '#domain/contract/envelope';
import { STAFF_LOT_PATHS, type StaffContentDetail, type StaffContentInput, type StaffContentItem, type StaffContentKind, type StaffContentState, type StaffPlate } from '#domain/contract/staffLots';
import { staffHttp } from '../../api/http';

export const CONTENT_PAGE_SIZE = 20;

export interface ContentFilter {
  kind: StaffContentKind;
  state?: StaffContentState | undefined;
  q?: string | undefined;
  current?: number | undefined;
}

export const useContentPage = (f: ContentFilter) =>
  useQuery({
    queryKey: ['staff', 'content', 'page', f],
    queryFn: () => staffHttp.get<Page<StaffContentItem>>(STAFF_LOT_PATHS.contentPage, { kind: f.kind, state: f.state, q: f.q, current: f.current ?? 1, size: CONTENT_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });

export const useContentDetail = (kind: StaffContentKind, id: number | null) =>
  useQuery({ queryKey: ['staff', 'content', 'detail', kind, id], queryFn: () => staffHttp.get<StaffContentDetail>(STAFF_LOT_PATHS.contentDetail, { kind, id: id! }), enabled: id !== null });

export const usePlates = (enabled: boolean) => useQuery({ queryKey: ['staff', 'content', 'plates'], queryFn: () => staffHttp.get<StaffPlate[]>(STAFF_LOT_PATHS.contentPlates), enabled, staleTime: 300_000 });

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: ['staff', 'content'] });
}

export function useSaveContent() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: StaffContentInput }) =>
      id === null ? staffHttp.post<StaffContentDetail>(STAFF_LOT_PATHS.contentCreate, { ...input }) : staffHttp.post<StaffContentDetail>(STAFF_LOT_PATHS.contentEdit, { id, ...input }),
    onSuccess: invalidate,
  });
}

export function useSchedule() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (p: { kind: StaffContentKind; id: number; publishTime?: string | undefined }) => staffHttp.post<StaffContentDetail>(STAFF_LOT_PATHS.contentSchedule, p),
    onSuccess: invalidate,
  });
}

export function useUnpublish() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (p: { kind: StaffContentKind; id: number; reason: string }) => staffHttp.post<StaffContentDetail>(STAFF_LOT_PATHS.contentUnpublish, p),
    onSuccess: invalidate,
  });
}
