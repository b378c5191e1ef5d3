import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import { MONEY_PATHS, type TopUpOrder } from '#domain/contract/ledger';

export const getTopUp = (orderNo: string) => http.get<TopUpOrder>(MONEY_PATHS.topUpStatus, { orderNo });

/** While the bank has not confirmed, asked again every second (react-query's own timer, as the cashier does). */
export const topUpQueryOptions = (orderNo: string, waiting: boolean) =>
  queryOptions({
    queryKey: ['money', 'top-up', orderNo],
    queryFn: () => getTopUp(orderNo),
    staleTime: 0,
    refetchInterval: (query) => (waiting && query.state.data?.status === 'created' ? 1000 : false),
  });
export const useTopUp = (orderNo: string, waiting: boolean) => useQuery(topUpQueryOptions(orderNo, waiting));
