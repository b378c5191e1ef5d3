import { getBlob, http } from '@/api/client';
import type { TopUpOrder } from '#domain/contract/ledger';
import { SETTLEMENT_PATHS, type DealDetail } from '#domain/contract/settlement';

export const postConfirmDeal = (id: number) => http.post<DealDetail>(SETTLEMENT_PATHS.confirm, undefined, { id });
export const postDealOrder = (id: number) => http.post<TopUpOrder>(SETTLEMENT_PATHS.payOrder, undefined, { id });
export const postDealWallet = (id: number) => http.post<DealDetail>(SETTLEMENT_PATHS.payWallet, undefined, { id });

/** The 成交确认书 as PDF bytes (read with the token). */
export const getDealLetter = (id: number, signal?: AbortSignal) => getBlob(`${SETTLEMENT_PATHS.letter}?id=${id}`, signal);

/** The buyer's bank-transfer proof: a file of his 我的文件, with an optional note. */
export const postDealProof = (id: number, fileId: string, note: string) => http.post<DealDetail>(SETTLEMENT_PATHS.proof, { id, fileId, ...(note ? { note } : {}) });
