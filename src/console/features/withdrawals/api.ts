/** 提现 (QUEUE_PATHS.withdrawal*): users' withdrawals to their bank card; 已支付 and 支付失败 are money actions (428). */
import { useQuery } from '@tanstack/react-query';
import { QUEUE_PATHS, type WithdrawalDetail, type WithdrawalItem } from '#domain/contract/staffQueues';
import { queueDetailOptions, queueListOptions, useQueueAction, type QueueFilter } from '../../api/queues';

const AREA = 'withdrawal';

export const useWithdrawals = (filter: QueueFilter) => useQuery(queueListOptions<WithdrawalItem>(AREA, QUEUE_PATHS.withdrawalPage, filter));
export const useWithdrawal = (id: number | null) => useQuery(queueDetailOptions<WithdrawalDetail>(AREA, QUEUE_PATHS.withdrawalDetail, id));
/** 已支付: the bank transfer to the card was made. */
export const usePayWithdrawal = () => useQueueAction<{ id: number }, WithdrawalItem>(AREA, QUEUE_PATHS.withdrawalPay);
/** 支付失败: the amount goes back to the user's available balance; he reads the reason in his wallet. */
export const useFailWithdrawal = () => useQueueAction<{ id: number; reason: string }, WithdrawalItem>(AREA, QUEUE_PATHS.withdrawalFail);
