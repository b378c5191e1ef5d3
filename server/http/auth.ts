/**
 * Bearer authentication of protected calls: `requireUser` (a preHandler) sets `request.user` or answers
 * the 401 envelope `{ code: 401, msg: '用户未登录' }`. A presented but invalid token is audited.
 */
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AUTH_MESSAGES } from '../../src/domain/auth.ts';
import { appendAudit } from '../services/accounts/audit.ts';
import type { Accounts } from '../services/accounts/context.ts';
import { authenticate, type AuthUser } from '../services/accounts/tokens.ts';
import { BusinessError } from './envelope.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in user on routes behind requireUser; null elsewhere. */
    user: AuthUser | null;
  }
}

/** The token of `Authorization: Bearer …` ('' when absent). */
export function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? '';
}

export const unauthorized = () => new BusinessError(401, AUTH_MESSAGES.notLoggedIn);

/** Resolves a token to its user, auditing a presented token that fails. */
export async function userOfToken(accounts: Accounts, request: FastifyRequest, token: string): Promise<AuthUser | null> {
  if (!token) return null;
  const user = await authenticate(accounts, token);
  if (!user) {
    await appendAudit(accounts.db, accounts.now(), {
      ip: request.ip,
      action: 'auth.bearer',
      object: request.routeOptions.url ?? '',
      result: 'denied',
      detail: 'invalid_or_revoked_token',
    });
  }
  return user;
}

export function makeRequireUser(accounts: Accounts): preHandlerAsyncHookHandler {
  return async function requireUser(request) {
    const user = await userOfToken(accounts, request, bearerToken(request));
    if (!user) throw unauthorized();
    request.user = user;
  };
}
