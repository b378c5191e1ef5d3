import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import type { Page } from '#domain/contract/envelope';
import { ENROLMENT_PATHS, type DepositSummary } from '#domain/contract/enrolment';

export const getMyDeposits = (current: number, size: number) => http.get<Page<DepositSummary>>(ENROLMENT_PATHS.depositPage, { current, size });

export const myDepositsQueryOptions = (current: number, size: number) =>
  queryOptions({ queryKey: ['user-center', 'deposits', current, size], queryFn: () => getMyDeposits(current, size), staleTime: 0, placeholderData: keepPreviousData });

export const useMyDeposits = (current: number, size: number) => useQuery(myDepositsQueryOptions(current, size));
