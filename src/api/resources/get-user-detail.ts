import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../client';
import { AUTH_PATHS, type UserDetail } from '#domain/contract/auth';

/**
 * GET /dscq-user/user/detail: the logged-in user's detail. With `accessToken` (login: the new token is not
 * stored yet, and is not stored at all when the answer says isAllowAccess false) it is this call's bearer.
 */
export function getUserDetail(accessToken?: string): Promise<UserDetail> {
  return http.get<UserDetail>(
    AUTH_PATHS.userDetail,
    undefined,
    accessToken ? { headers: { Authorization: `Bearer ${accessToken}` } } : undefined,
  );
}

/** Always fetched fresh: the stored copy (session) is what pages read between changes. */
export const userDetailQueryOptions = () =>
  queryOptions({ queryKey: ['userDetail'], queryFn: () => getUserDetail(), staleTime: 0 });

export const useUserDetail = () => useQuery(userDetailQueryOptions());
