/**
 * 结算与付款 (QUEUE_PATHS.settlement*): paid deals and the exchange's next step — 资产交接 (handover),
 * 出具交易凭证 (certificate), then paying the transferor (four eyes: prepared here, approved on 待复核).
 * All money actions (428).
 */
import { useQuery } from '@tanstack/react-query';
import type { ApprovalItem } from '#domain/contract/staff';
import { QUEUE_PATHS, type SettlementDetail, type SettlementItem } from '#domain/contract/staffQueues';
import { queueDetailOptions, queueListOptions, useQueueAction, type QueueFilter } from '../../api/queues';

const AREA = 'settlement';

export const useSettlements = (filter: QueueFilter) => useQuery(queueListOptions<SettlementItem>(AREA, QUEUE_PATHS.settlementPage, filter));
export const useSettlement = (id: number | null) => useQuery(queueDetailOptions<SettlementDetail>(AREA, QUEUE_PATHS.settlementDetail, id));
export const useHandover = () => useQueueAction<{ id: number }, SettlementItem>(AREA, QUEUE_PATHS.settlementHandover);
export const useCertificate = () => useQueueAction<{ id: number }, SettlementItem>(AREA, QUEUE_PATHS.settlementCertificate);
export const usePreparePayout = () => useQueueAction<{ id: number }, ApprovalItem>(AREA, QUEUE_PATHS.settlementPayoutPrepare);
