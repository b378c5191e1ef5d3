import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import { AUTH_PATHS, type Membership } from '#domain/contract/auth';

/** GET membership: the account (as user detail) and its verification, masked. */
export const getMembership = () => http.get<Membership>(AUTH_PATHS.membership);

export const membershipQueryOptions = () =>
  queryOptions({ queryKey: ['account', 'membership'], queryFn: getMembership, staleTime: 0 });

export const useMembership = () => useQuery(membershipQueryOptions());
