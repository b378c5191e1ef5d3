/** Who is signed in (StaffMe: the member, his permissions, the session's limits): every page reads it. */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { STAFF_PATHS, type StaffMe } from '#domain/contract/staff';
import type { StaffPermission } from '#domain/rules/staff';
import { publicKeyQueryOptions } from '@/api/resources/get-public-key';
import { encryptPassword } from '@/lib/passwordCrypto';
import type { QueryClient } from '@tanstack/react-query';
import { staffHttp } from './http';

export const meQueryOptions = () =>
  queryOptions({ queryKey: ['staff', 'me'], queryFn: () => staffHttp.get<StaffMe>(STAFF_PATHS.me), staleTime: 60_000 });

export const useMe = () => useQuery(meQueryOptions());

/** The signed-in member's permissions (empty until known). */
export function usePermissions(): ReadonlySet<StaffPermission> {
  const { data } = useMe();
  return new Set(data?.permissions ?? []);
}

/** The password as the server wants it: RSA-encrypted with its published key (as the portal's login). */
export async function encryptForServer(queryClient: QueryClient, password: string): Promise<string> {
  const { publicKey } = await queryClient.fetchQuery(publicKeyQueryOptions());
  return encryptPassword(password, publicKey);
}

export function useEncryptPassword(): (password: string) => Promise<string> {
  const queryClient = useQueryClient();
  return (password) => encryptForServer(queryClient, password);
}
