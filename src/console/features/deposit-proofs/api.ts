/** 保证金凭证 (depositProof.review): the deposit transfer proofs, one with its deposit and file, confirm and reject. */
import { QUEUE_PATHS, type DepositProofDetail, type DepositProofItem } from '#domain/contract/staffQueues';

export const DEPOSIT_PROOFS = {
  queue: 'depositProof',
  listPath: QUEUE_PATHS.depositProofPage,
  detailPath: QUEUE_PATHS.depositProofDetail,
  confirmPath: QUEUE_PATHS.depositProofConfirm,
  rejectPath: QUEUE_PATHS.depositProofReject,
} as const;

export type { DepositProofDetail, DepositProofItem };
