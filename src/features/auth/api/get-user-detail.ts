import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import { AUTH_PATHS, type UserDetail } from '@/domain/auth';

/**
 * The user's detail. With `accessToken` (login: the new token is not stored yet, and is not stored at all
 * when the answer says isAllowAccess false) it is sent as this call's bearer token.
 */
export function getUserDetail(accessToken?: string): Promise<UserDetail> {
  return http.get<UserDetail>(
    AUTH_PATHS.userDetail,
    undefined,
    accessToken ? { headers: { Authorization: `Bearer ${accessToken}` } } : undefined,
  );
}

export const userDetailQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'user-detail'], queryFn: () => getUserDetail(), staleTime: 0 });

export const useUserDetail = () => useQuery(userDetailQueryOptions());
