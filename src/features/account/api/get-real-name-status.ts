import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import { AUTH_PATHS, type VerificationStatus } from '#domain/contract/auth';

export const getRealNameStatus = () => http.get<VerificationStatus>(AUTH_PATHS.realNameStatus);

export const realNameStatusQueryOptions = () =>
  queryOptions({ queryKey: ['account', 'real-name-status'], queryFn: getRealNameStatus, staleTime: 0 });

export const useRealNameStatus = () => useQuery(realNameStatusQueryOptions());
