import { http } from '@/api/client';
import { MONEY_PATHS, type TopUpOrder } from '#domain/contract/ledger';

/** Opens a gateway order for a wallet top-up (amount in yuan as typed: the server checks it). */
export const postTopUp = (amount: string) => http.post<TopUpOrder>(MONEY_PATHS.topUp, undefined, { amount });
