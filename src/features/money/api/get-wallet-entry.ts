import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import { MONEY_PATHS, type WalletEntry } from '#domain/contract/ledger';

export const getWalletEntry = (id: number) => http.get<WalletEntry>(MONEY_PATHS.walletEntry, { id });
export const walletEntryQueryOptions = (id: number) => queryOptions({ queryKey: ['money', 'entry', id], queryFn: () => getWalletEntry(id), staleTime: 0 });
export const useWalletEntry = (id: number) => useQuery(walletEntryQueryOptions(id));
