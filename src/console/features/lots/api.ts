/** 项目 (STAFF_LOT_PATHS.lot*): the lot list, one lot, create / edit a draft, its files, and its publication (four eyes). */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '#domain/contract/envelope';
import type { ApprovalItem } from '#domain/contract/staff';
import { STAFF_LOT_PATHS, type StaffLotDetail, type StaffLotFile, type StaffLotFileKind, type StaffLotInput, type StaffLotPhoto, type StaffLotSummary } from '#domain/contract/staffLots';
import { staffHttp } from '../../api/http';

export const LOTS_PAGE_SIZE = 20;

export interface LotsFilter {
  state?: string | undefined;
  q?: string | undefined;
  current?: number | undefined;
}

/** A lot by its draft or its listing. */
export interface LotRef {
  draftId?: number | undefined;
  assetsId?: number | undefined;
}

export const lotsQueryOptions = (filter: LotsFilter) =>
  queryOptions({
    queryKey: ['staff', 'lots', filter],
    queryFn: () => staffHttp.get<Page<StaffLotSummary>>(STAFF_LOT_PATHS.lotPage, { state: filter.state, q: filter.q, current: filter.current ?? 1, size: LOTS_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
export const useLots = (filter: LotsFilter) => useQuery(lotsQueryOptions(filter));

export const lotQueryOptions = (ref: LotRef) =>
  queryOptions({
    queryKey: ['staff', 'lot', ref],
    queryFn: () => staffHttp.get<StaffLotDetail>(STAFF_LOT_PATHS.lotDetail, { draftId: ref.draftId, assetsId: ref.assetsId }),
    enabled: ref.draftId !== undefined || ref.assetsId !== undefined,
  });
export const useLot = (ref: LotRef) => useQuery(lotQueryOptions(ref));

function useLotInvalidation() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['staff', 'lots'] });
    void queryClient.invalidateQueries({ queryKey: ['staff', 'lot'] });
  };
}

/** Create a draft (draftId absent) or save the draft's fields. */
export function useSaveLot() {
  const invalidate = useLotInvalidation();
  return useMutation({
    mutationFn: ({ draftId, input }: { draftId: number | null; input: StaffLotInput }) =>
      draftId === null
        ? staffHttp.post<StaffLotDetail>(STAFF_LOT_PATHS.lotCreate, { ...input })
        : staffHttp.post<StaffLotDetail>(STAFF_LOT_PATHS.lotEdit, { draftId, ...input }),
    onSuccess: invalidate,
  });
}

export function useUploadLotFile() {
  const invalidate = useLotInvalidation();
  return useMutation({
    mutationFn: ({ draftId, kind, file }: { draftId: number; kind: StaffLotFileKind; file: File }) =>
      staffHttp.upload<StaffLotFile>(STAFF_LOT_PATHS.lotFileUpload, { draftId, kind }, file),
    onSettled: invalidate,
  });
}

export function useDeleteLotFile() {
  const invalidate = useLotInvalidation();
  return useMutation({
    mutationFn: ({ draftId, fileId }: { draftId: number; fileId: number }) => staffHttp.post<null>(STAFF_LOT_PATHS.lotFileDelete, { draftId, fileId }),
    onSettled: invalidate,
  });
}

/** After a four-eyes item of a lot was prepared: the lot, 待复核 and the dashboard counts are read again. */
function useAfterPreparation() {
  const invalidate = useLotInvalidation();
  const queryClient = useQueryClient();
  return () => {
    invalidate();
    void queryClient.invalidateQueries({ queryKey: ['staff', 'approvals'] });
    void queryClient.invalidateQueries({ queryKey: ['staff', 'queues'] });
  };
}

/** 提交发布复核 (as a formal listing, or as 信息预披露): a four-eyes item; another member publishes it on 待复核. */
export function usePreparePublication() {
  const onSettled = useAfterPreparation();
  return useMutation({
    mutationFn: ({ draftId, preDisclosure }: { draftId: number; preDisclosure: boolean }) =>
      staffHttp.post<ApprovalItem>(STAFF_LOT_PATHS.lotPublishPrepare, { draftId, ...(preDisclosure ? { preDisclosure: 1 } : {}) }),
    onSettled,
  });
}

/** A pre-disclosed lot's 正式挂牌: its price and dates, prepared as a four-eyes change (formal). */
export interface FormalListingInput {
  assetsId: number;
  reason: string;
  startPrice: number;
  depositAmount: number;
  announcementStartTime: string;
  enrolEndTime: string;
  depositEndTime?: string | undefined;
}

export function usePrepareFormalListing() {
  const onSettled = useAfterPreparation();
  return useMutation({
    mutationFn: ({ depositEndTime, ...input }: FormalListingInput) =>
      staffHttp.post<ApprovalItem>(STAFF_LOT_PATHS.lotChangePrepare, { ...input, ...(depositEndTime ? { depositEndTime } : {}), priceType: 1, formal: 1 }),
    onSettled,
  });
}

/** A draft's gallery: one more photo (the first is the cover). */
export function useUploadLotPhoto() {
  const invalidate = useLotInvalidation();
  return useMutation({
    mutationFn: ({ draftId, file }: { draftId: number; file: File }) => staffHttp.upload<StaffLotPhoto>(STAFF_LOT_PATHS.lotPhotoUpload, { draftId }, file),
    onSettled: invalidate,
  });
}

/** Choose the cover, or delete a photo, of a draft's gallery. */
export function useLotPhotoAction() {
  const invalidate = useLotInvalidation();
  return useMutation({
    mutationFn: ({ action, draftId, photoId }: { action: 'cover' | 'delete'; draftId: number; photoId: number }) =>
      staffHttp.post<StaffLotPhoto[]>(action === 'cover' ? STAFF_LOT_PATHS.lotPhotoCover : STAFF_LOT_PATHS.lotPhotoDelete, { draftId, photoId }),
    onSettled: invalidate,
  });
}
