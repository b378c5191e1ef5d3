import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import { MONEY_PATHS, type WalletSummary } from '#domain/contract/ledger';

export const getWalletSummary = () => http.get<WalletSummary>(MONEY_PATHS.walletSummary);
export const walletSummaryQueryOptions = () => queryOptions({ queryKey: ['money', 'summary'], queryFn: getWalletSummary, staleTime: 0 });
export const useWalletSummary = () => useQuery(walletSummaryQueryOptions());
