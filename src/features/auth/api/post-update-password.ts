import { AUTH_PATHS, type UpdatePasswordRequest } from '#domain/contract/auth';
import { postJson } from '@/api/transport';

/** Both passwords encrypted as for the token call. The server ends the user's other sessions. */
export const updatePassword = (request: UpdatePasswordRequest) => postJson<null>(AUTH_PATHS.updatePassword, request);
