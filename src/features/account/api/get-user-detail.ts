import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import { AUTH_PATHS, type UserDetail } from '@/domain/auth';

export const getUserDetail = () => http.get<UserDetail>(AUTH_PATHS.userDetail);

export const accountUserDetailQueryOptions = () =>
  queryOptions({ queryKey: ['account', 'user-detail'], queryFn: getUserDetail, staleTime: 0 });

export const useAccountUserDetail = () => useQuery(accountUserDetailQueryOptions());
