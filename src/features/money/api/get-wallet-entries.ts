import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import type { Page } from '#domain/contract/envelope';
import { MONEY_PATHS, type LedgerEntryKind, type WalletEntry } from '#domain/contract/ledger';

export interface EntryQuery {
  current: number;
  size: number;
  kind?: LedgerEntryKind | undefined;
  direction?: 'in' | 'out' | undefined;
}

export const getWalletEntries = (q: EntryQuery) =>
  http.get<Page<WalletEntry>>(MONEY_PATHS.walletEntries, { current: q.current, size: q.size, ...(q.kind ? { kind: q.kind } : {}), ...(q.direction ? { direction: q.direction } : {}) });

export const walletEntriesQueryOptions = (q: EntryQuery) =>
  queryOptions({ queryKey: ['money', 'entries', q], queryFn: () => getWalletEntries(q), staleTime: 0, placeholderData: keepPreviousData });
export const useWalletEntries = (q: EntryQuery) => useQuery(walletEntriesQueryOptions(q));
