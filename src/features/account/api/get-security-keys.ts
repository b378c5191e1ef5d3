import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import { WEBAUTHN_PATHS, type SecurityKey } from '#domain/contract/webauthn';

/** (ours) GET the user's security keys: name, added, last used. */
export const getSecurityKeys = () => http.get<SecurityKey[]>(WEBAUTHN_PATHS.credentials);

export const securityKeysQueryOptions = () => queryOptions({ queryKey: ['account', 'security-keys'], queryFn: getSecurityKeys, staleTime: 0 });

export const useSecurityKeys = () => useQuery(securityKeysQueryOptions());
