import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import { MONEY_PATHS, type FundAccount } from '#domain/contract/ledger';

export const getFundAccount = () => http.get<FundAccount>(MONEY_PATHS.fundAccount);
export const fundAccountQueryOptions = () => queryOptions({ queryKey: ['money', 'fund-account'], queryFn: getFundAccount, staleTime: 0 });
export const useFundAccount = () => useQuery(fundAccountQueryOptions());
