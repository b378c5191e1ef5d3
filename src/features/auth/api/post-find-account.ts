import { AUTH_PATHS, type FindAccountAnswer, type FindAccountRequest } from '#domain/contract/auth';
import { postJson } from '@/api/transport';

export const findAccount = (request: FindAccountRequest) => postJson<FindAccountAnswer>(AUTH_PATHS.findAccount, request);
