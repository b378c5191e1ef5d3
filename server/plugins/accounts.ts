/**
 * Accounts: builds the account services (services/accounts/create.ts) and offers them to routes:
 * `app.accounts`, the bearer checks `app.requireUser` (a hook: sets `request.user` or answers the 401
 * envelope `{ code: 401, msg: '用户未登录' }`), `app.requireBearer` (the same for a route whose service
 * checks the session in its own transaction: the bid route) and `app.optionalUser` / `app.userOfToken`
 * for routes that read a bearer without requiring one. A presented but invalid token is audited.
 */
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { bearerToken, unauthorized } from '../http/auth.ts';
import { appendAudit } from '../services/accounts/audit.ts';
import type { Accounts } from '../services/accounts/context.ts';
import { createAccounts, type AccountsOptions } from '../services/accounts/create.ts';
import { accessTokenClaims, authenticate, type AuthUser, type BearerClaims } from '../services/accounts/tokens.ts';

declare module 'fastify' {
  interface FastifyInstance {
    accounts: Accounts;
    /** Hook for protected routes (`preValidation: app.requireUser`: login is checked before the parameters): sets `request.user` or answers 401. */
    requireUser(request: FastifyRequest): Promise<void>;
    /** The bearer's user when a valid token is sent; null otherwise (never a 401). */
    optionalUser(request: FastifyRequest): Promise<AuthUser | null>;
    /** Resolves a token (from a header or a parameter) to its user, auditing a presented token that fails. */
    userOfToken(request: FastifyRequest, token: string): Promise<AuthUser | null>;
    /**
     * requireUser for a route whose service checks the session itself, inside its own transaction (the
     * bid route: the engine does, under the bid's lock, saving a query per bid): the token's signature,
     * type and times are checked here (401 as requireUser) and `request.bearer` is set.
     */
    requireBearer(request: FastifyRequest): Promise<void>;
  }
  interface FastifyRequest {
    /** The logged-in user on routes behind requireUser; null elsewhere. */
    user: AuthUser | null;
    /** The bearer's user and session on routes behind requireBearer (the session not yet checked); null elsewhere. */
    bearer: BearerClaims | null;
  }
}

export default fp<Omit<AccountsOptions, 'db' | 'now' | 'dataDir'>>(
  async (app, options) => {
    const accounts = await createAccounts({ ...options, db: app.db, now: app.now, dataDir: app.dataDir }, app.log);
    if (options.accounts.fixedCaptcha !== undefined || options.accounts.fixedSmsCode !== undefined) {
      app.log.warn('PORTAL_FIXED_CAPTCHA / PORTAL_FIXED_SMS_CODE are set: captcha answers and SMS codes are fixed (tests only)');
    }

    const auditRefusedToken = (request: FastifyRequest) =>
      appendAudit(accounts.db, accounts.now(), {
        ip: request.ip,
        action: 'auth.bearer',
        object: request.routeOptions.url ?? '',
        result: 'denied',
        detail: 'invalid_or_revoked_token',
      });
    const userOfToken = async (request: FastifyRequest, token: string): Promise<AuthUser | null> => {
      if (!token) return null;
      const user = await authenticate(accounts, token);
      if (!user) await auditRefusedToken(request);
      return user;
    };

    app.decorate('accounts', accounts);
    app.decorateRequest('user', null);
    app.decorate('userOfToken', userOfToken);
    app.decorate('optionalUser', (request: FastifyRequest) => userOfToken(request, bearerToken(request)));
    app.decorate('requireUser', async function requireUser(request: FastifyRequest) {
      const user = await userOfToken(request, bearerToken(request));
      if (!user) throw unauthorized();
      request.user = user;
    });
    app.decorateRequest('bearer', null);
    app.decorate('requireBearer', async function requireBearer(request: FastifyRequest) {
      const token = bearerToken(request);
      const claims = token ? await accessTokenClaims(accounts, token) : null;
      if (!claims) {
        if (token) await auditRefusedToken(request);
        throw unauthorized();
      }
      request.bearer = claims;
    });
  },
  { name: 'accounts', dependencies: ['core'] },
);
