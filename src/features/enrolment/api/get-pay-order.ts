import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import { ENROLMENT_PATHS, type PaymentOrderAnswer } from '#domain/contract/enrolment';

export const getPayOrder = (orderNo: string) => http.get<PaymentOrderAnswer>(ENROLMENT_PATHS.payOrderStatus, { orderNo });

/** While the bank has not confirmed, the cashier asks again every second (react-query's own timer). */
export const payOrderQueryOptions = (orderNo: string, waiting: boolean) =>
  queryOptions({
    queryKey: ['enrolment', 'pay-order', orderNo],
    queryFn: () => getPayOrder(orderNo),
    staleTime: 0,
    refetchInterval: (query) => (waiting && query.state.data?.status === 'created' ? 1000 : false),
  });

export const usePayOrder = (orderNo: string | null, waiting: boolean) =>
  useQuery({ ...payOrderQueryOptions(orderNo ?? '', waiting), enabled: orderNo !== null });
