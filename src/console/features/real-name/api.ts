/** 实名认证 (realName.review): the requests, one request as the user submitted it, approve and reject. */
import { QUEUE_PATHS, type RealNameDetail, type RealNameItem } from '#domain/contract/staffQueues';

export const REAL_NAME = {
  queue: 'realName',
  listPath: QUEUE_PATHS.realNamePage,
  detailPath: QUEUE_PATHS.realNameDetail,
  approvePath: QUEUE_PATHS.realNameApprove,
  rejectPath: QUEUE_PATHS.realNameReject,
} as const;

export type { RealNameDetail, RealNameItem };
