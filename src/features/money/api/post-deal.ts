import { http } from '@/api/client';
import type { TopUpOrder } from '@/domain/ledger';
import { SETTLEMENT_PATHS, type DealDetail } from '@/domain/settlement';

export const postConfirmDeal = (id: number) => http.post<DealDetail>(SETTLEMENT_PATHS.confirm, undefined, { id });
export const postDealOrder = (id: number) => http.post<TopUpOrder>(SETTLEMENT_PATHS.payOrder, undefined, { id });
export const postDealWallet = (id: number) => http.post<DealDetail>(SETTLEMENT_PATHS.payWallet, undefined, { id });

export const getDealLetter = (id: number) => http.get<{ html: string }>(SETTLEMENT_PATHS.letter, { id });
