import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import { ENROLMENT_PATHS, type DepositDetail } from '#domain/contract/enrolment';

export const getDepositDetail = (id: number) => http.get<DepositDetail>(ENROLMENT_PATHS.depositDetail, { id });

export const depositDetailQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['enrolment', 'deposit', id], queryFn: () => getDepositDetail(id), staleTime: 0 });

export const useDepositDetail = (id: number | null) => useQuery({ ...depositDetailQueryOptions(id ?? 0), enabled: id !== null });
