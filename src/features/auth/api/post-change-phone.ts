import { AUTH_PATHS, type ChangePhoneRequest, type UserDetail } from '#domain/contract/auth';
import { postJson } from '@/api/transport';

/** The new phone, the SMS code (1008) sent to it and the password (encrypted). Answers the new detail. */
export const changePhone = (request: ChangePhoneRequest) => postJson<UserDetail>(AUTH_PATHS.changePhone, request);
