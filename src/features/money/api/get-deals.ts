import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import type { Page } from '#domain/contract/envelope';
import { SETTLEMENT_PATHS, type DealDetail, type DealSummary } from '#domain/contract/settlement';

export const getDeals = (current: number, size: number) => http.get<Page<DealSummary>>(SETTLEMENT_PATHS.page, { current, size });
export const dealsQueryOptions = (current: number, size: number) =>
  queryOptions({ queryKey: ['money', 'deals', current, size], queryFn: () => getDeals(current, size), staleTime: 0, placeholderData: keepPreviousData });
export const useDeals = (current: number, size: number) => useQuery(dealsQueryOptions(current, size));

export const getDeal = (id: number) => http.get<DealDetail>(SETTLEMENT_PATHS.detail, { id });
export const dealQueryOptions = (id: number) => queryOptions({ queryKey: ['money', 'deal', id], queryFn: () => getDeal(id), staleTime: 0 });
export const useDeal = (id: number) => useQuery(dealQueryOptions(id));
