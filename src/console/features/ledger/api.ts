/** 资金流水 / 账务核对 (QUEUE_PATHS.ledger*): the books' check and a user's balances (ledger.view). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { QUEUE_PATHS, type LedgerCheckAnswer } from '#domain/contract/staffQueues';
import { staffHttp } from '../../api/http';

export interface UserBalance {
  loginName: string;
  /** Yuan. */
  available: number;
  frozen: number;
}

export const ledgerCheckQueryOptions = () =>
  queryOptions({ queryKey: ['staff', 'ledger', 'check'], queryFn: () => staffHttp.get<LedgerCheckAnswer>(QUEUE_PATHS.ledgerCheck) });

export const useLedgerCheck = () => useQuery(ledgerCheckQueryOptions());

export const balanceQueryOptions = (loginName: string | null) =>
  queryOptions({
    queryKey: ['staff', 'ledger', 'balance', loginName],
    queryFn: () => staffHttp.get<UserBalance>(QUEUE_PATHS.ledgerBalance, { loginName: loginName! }),
    enabled: loginName !== null,
    retry: false,
  });

export const useBalance = (loginName: string | null) => useQuery(balanceQueryOptions(loginName));
