/**
 * The bearer token of a request and the 401 answer. Resolving a token to its user is the accounts
 * plugin's (`app.requireUser`, `app.optionalUser`): it needs the account services.
 */
import type { FastifyRequest } from 'fastify';
import { AUTH_MESSAGES } from '#domain/rules/auth';
import { BusinessError } from '../lib/envelope.ts';

/** The token of `Authorization: Bearer …` ('' when absent). */
export function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? '';
}

export const unauthorized = () => new BusinessError(401, AUTH_MESSAGES.notLoggedIn);
