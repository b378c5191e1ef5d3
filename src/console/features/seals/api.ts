/** 签章申请 (seal.review): the electronic seal applications, one with its seal image; approve, reject. */
import { QUEUE_PATHS, type SealDetail, type SealItem } from '#domain/contract/staffQueues';

export const SEALS = {
  queue: 'sealApplication',
  listPath: QUEUE_PATHS.sealPage,
  detailPath: QUEUE_PATHS.sealDetail,
  imagePath: QUEUE_PATHS.sealImage,
  approvePath: QUEUE_PATHS.sealApprove,
  rejectPath: QUEUE_PATHS.sealReject,
} as const;

export type { SealDetail, SealItem };
