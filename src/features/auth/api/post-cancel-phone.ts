import { AUTH_PATHS, type CancelPhoneRequest, type UserDetail } from '#domain/contract/auth';
import { postJson } from '@/api/transport';

/** Unbinds the phone: the password (encrypted) and an SMS code (1008) sent to the bound phone. */
export const cancelPhone = (request: CancelPhoneRequest) => postJson<UserDetail>(AUTH_PATHS.cancelPhone, request);
