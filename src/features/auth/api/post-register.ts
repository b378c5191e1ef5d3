import { AUTH_PATHS, type RegisterAnswer, type RegisterRequest } from '#domain/contract/auth';
import { postJson } from '@/api/transport';

export const register = (request: RegisterRequest) => postJson<RegisterAnswer>(AUTH_PATHS.register, request);
