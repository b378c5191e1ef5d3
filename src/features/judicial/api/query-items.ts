import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { JUDICIAL_PAGE_SIZE, JUDICIAL_PATHS, type JudicialList } from '@/domain/projects';
import { judicialSend } from './transport';

export interface JudicialQuery {
  offset: number;
  limit: number;
  name?: string;
  courtId?: number;
  cityCode?: string;
}

/** POST /wechatProject/query: offset + limit (8) → {list, totalCount}. */
export const queryJudicialItems = (query: JudicialQuery) =>
  judicialSend<JudicialList>('POST', JUDICIAL_PATHS.query, { ...query });

export const judicialItemsQueryOptions = (query: JudicialQuery) =>
  queryOptions({
    queryKey: ['judicial', 'items', query],
    queryFn: () => queryJudicialItems(query),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

export const useJudicialItems = (query: JudicialQuery) => useQuery(judicialItemsQueryOptions(query));

/** The offset of a 1-based page. */
export const offsetOf = (current: number) => (current - 1) * JUDICIAL_PAGE_SIZE;
