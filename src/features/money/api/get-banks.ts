import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import { MONEY_PATHS } from '#domain/contract/ledger';

export const getBanks = () => http.get<Array<{ code: string; name: string }>>(MONEY_PATHS.banks);
export const banksQueryOptions = () => queryOptions({ queryKey: ['money', 'banks'], queryFn: getBanks, staleTime: Infinity });
export const useBanks = () => useQuery(banksQueryOptions());
