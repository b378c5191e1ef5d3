/** 转账凭证 (QUEUE_PATHS.transferProof*): the buyers' bank-transfer proofs of deals; confirming is four eyes. */
import { useQuery } from '@tanstack/react-query';
import type { ApprovalItem } from '#domain/contract/staff';
import { QUEUE_PATHS, type TransferProofDetail, type TransferProofItem } from '#domain/contract/staffQueues';
import { queueDetailOptions, queueListOptions, useQueueAction, type QueueFilter } from '../../api/queues';

const AREA = 'transferProof';

export const useTransferProofs = (filter: QueueFilter) => useQuery(queueListOptions<TransferProofItem>(AREA, QUEUE_PATHS.transferProofPage, filter));
export const useTransferProof = (id: number | null) => useQuery(queueDetailOptions<TransferProofDetail>(AREA, QUEUE_PATHS.transferProofDetail, id));

/** 提交复核（确认到账）: prepares the confirmation; another member approves it on 待复核. Money (428). */
export const usePrepareConfirm = () => useQueueAction<{ id: number }, ApprovalItem>(AREA, QUEUE_PATHS.transferProofPrepare);
/** 驳回: the deal goes back to awaiting payment; the buyer reads the reason. Money (428). */
export const useRejectProof = () => useQueueAction<{ id: number; reason: string }, TransferProofItem>(AREA, QUEUE_PATHS.transferProofReject);
