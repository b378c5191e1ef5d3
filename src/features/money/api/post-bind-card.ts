import { http } from '@/api/client';
import { MONEY_PATHS, type FundAccount } from '#domain/contract/ledger';

export interface BindCardInput {
  bankCode: string;
  cardNo: string;
  accountName: string;
  smsCode: string;
}

export const postBindCard = (input: BindCardInput) => http.post<FundAccount>(MONEY_PATHS.bindCard, undefined, input);
export const postUnbindCard = (smsCode: string) => http.post<FundAccount>(MONEY_PATHS.unbindCard, undefined, { smsCode });
