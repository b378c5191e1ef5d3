import { postJson } from '@/api/transport';
import { WEBAUTHN_PATHS } from '#domain/contract/webauthn';

/** (ours) Removes a key; the password again (encrypted as for login). */
export const postRemoveSecurityKey = (id: number, password: string) => postJson<null>(WEBAUTHN_PATHS.removeCredential, { id, password });
