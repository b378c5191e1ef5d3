import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { judicialSend } from '../transport';
import { JUDICIAL_PATHS, type JudicialList } from '#domain/contract/projects';

export interface JudicialQuery {
  offset: number;
  limit: number;
  name?: string;
  courtId?: number;
  cityCode?: string;
  /** A state by the hall's name (竞价中, 即将竞价, 正在报名 …). */
  state?: string;
}

/** POST /wechatProject/query on the judicial service: offset + limit → {list, totalCount}, the one judicial catalogue (live first). */
export const getJudicialItems = (query: JudicialQuery) => judicialSend<JudicialList>('POST', JUDICIAL_PATHS.query, { ...query });

export const judicialItemsQueryOptions = (query: JudicialQuery) =>
  queryOptions({ queryKey: ['judicialItems', query], queryFn: () => getJudicialItems(query), staleTime: 30_000, placeholderData: keepPreviousData });

export const useJudicialItems = (query: JudicialQuery) => useQuery(judicialItemsQueryOptions(query));
