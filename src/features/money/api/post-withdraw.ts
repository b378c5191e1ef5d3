import { http } from '@/api/client';
import { MONEY_PATHS, type WalletWithdrawal } from '#domain/contract/ledger';

export const postWithdraw = (amount: string, smsCode: string) => http.post<WalletWithdrawal>(MONEY_PATHS.withdraw, undefined, { amount, smsCode });
