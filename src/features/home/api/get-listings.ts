import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import type { ListedAsset, Page } from '@/domain/contracts';

export interface ListingQuery {
  typeCode?: number;
  notTypeCodeList?: number[];
  associationId?: number;
  /** A state word the listing's state contains (正在报名, 报名已截止 …). */
  state?: string;
  size: number;
}

/** POST /dscq-project/search/page. */
export const getListings = (query: ListingQuery) =>
  http.post<Page<ListedAsset>>('/dscq-project/search/page', { ...query, current: 1 });

export const listingsQueryOptions = (query: ListingQuery) =>
  queryOptions({ queryKey: ['home', 'listings', query], queryFn: () => getListings(query), staleTime: 60_000 });

export const useListings = (query: ListingQuery) => useQuery(listingsQueryOptions(query));
