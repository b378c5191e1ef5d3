import { http } from '@/api/client';
import type { SmsCodeAnswer } from '#domain/contract/auth';
import { MONEY_PATHS } from '#domain/contract/ledger';

export type MoneySmsPurpose = 'bind' | 'unbind' | 'withdraw';

/** A confirmation code to the account's own phone. */
export const postMoneySms = (purpose: MoneySmsPurpose) =>
  purpose === 'withdraw' ? http.post<SmsCodeAnswer>(MONEY_PATHS.withdrawSms) : http.post<SmsCodeAnswer>(MONEY_PATHS.cardSms, undefined, { purpose });
