import { AUTH_PATHS, type ForgetPasswordRequest } from '#domain/contract/auth';
import { postJson } from '@/api/transport';

export const forgetPassword = (request: ForgetPasswordRequest) => postJson<unknown>(AUTH_PATHS.forgetPassword, request);
