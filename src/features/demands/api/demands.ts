/** 我的服务 / 需求: the user's demands, one demand with the exchange's answer and its matches, registering and closing. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import type { Page } from '#domain/contract/envelope';
import { DEMAND_PATHS, type DemandDetail, type DemandSummary } from '#domain/contract/userFiles';

export const demandsQueryOptions = (current: number, size: number) =>
  queryOptions({
    queryKey: ['demands', 'page', current, size],
    queryFn: () => http.get<Page<DemandSummary>>(DEMAND_PATHS.page, { current, size }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
export const useDemands = (current: number, size: number) => useQuery(demandsQueryOptions(current, size));

export const demandQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['demands', 'detail', id], queryFn: () => http.get<DemandDetail>(DEMAND_PATHS.detail, { id }), staleTime: 0 });
export const useDemand = (id: number | undefined) => useQuery({ ...demandQueryOptions(id ?? 0), enabled: id !== undefined });

export interface DemandInput {
  typeCode?: number;
  city: string;
  /** Yuan. */
  minPrice?: number;
  maxPrice?: number;
  keywords: string[];
  note: string;
}
export const submitDemand = (input: DemandInput) => http.post<DemandDetail>(DEMAND_PATHS.submit, undefined, input);
export const closeDemand = (id: number) => http.post<DemandDetail>(DEMAND_PATHS.close, { id });
