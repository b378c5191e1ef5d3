import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import type { HotInvestment } from '#domain/contract/content';

/** GET /blade-desk/hot-investments/list (spec: size 8). */
export const getHotInvestments = (size: number) => http.get<HotInvestment[]>('/blade-desk/hot-investments/list', { size });

export const hotInvestmentsQueryOptions = (size: number) =>
  queryOptions({ queryKey: ['home', 'hot-investments', size], queryFn: () => getHotInvestments(size), staleTime: 60_000 });

export const useHotInvestments = (size: number) => useQuery(hotInvestmentsQueryOptions(size));
