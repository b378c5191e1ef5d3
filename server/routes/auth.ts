/**
 * Account entry points mounted directly under /api: POST /api/oauth/token (every grant; answers the
 * Spring OAuth2 shape, not the envelope) and GET /api/logout.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z, ZodError } from 'zod';
import { AUTH_MESSAGES, GRANT_TYPES, OAUTH_CLIENT_ID, OAUTH_CLIENT_SECRET_HASH, type TokenError } from '../../src/domain/auth.ts';
import { captchaFields, encryptedPassword, mobileField, requiredText, smsCodeField } from '../http/account-params.ts';
import { bearerToken } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { readParams } from '../http/params.ts';
import { appendAudit } from '../services/accounts/audit.ts';
import { safeEqual } from '../services/accounts/crypto.ts';
import { loginCodeGrant, passwordGrant, smsGrant, ticketGrant } from '../services/accounts/login.ts';
import {
  TokenGrantError,
  refreshGrant,
  revokeSession,
  sessionOfAccessToken,
  sessionOfRefreshToken,
} from '../services/accounts/tokens.ts';
import type { AccountRouteDeps } from './accounts-deps.ts';

const passwordParams = z.object({ username: requiredText('用户名', 64), password: encryptedPassword(), ...captchaFields });
const smsParams = z.object({ telPhone: mobileField(), code: smsCodeField(), ...captchaFields });
const codeParams = z.object({ code: requiredText('登录码', 200) });
const ticketParams = z.object({
  userguid: requiredText('userguid', 128),
  loginid: requiredText('loginid', 64),
  dognum: requiredText('dognum', 128),
  token: requiredText('token', 256),
});
const refreshParams = z.object({ refresh_token: requiredText('refresh_token', 4096) });

/** `Authorization: Basic base64(clientId:clientSecretHash)` of the portal's fixed client. */
function clientAuthenticated(request: FastifyRequest): boolean {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec((request.headers.authorization ?? '').trim());
  if (!match) return false;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return false;
  return safeEqual(decoded.slice(0, colon), OAUTH_CLIENT_ID) && safeEqual(decoded.slice(colon + 1), OAUTH_CLIENT_SECRET_HASH);
}

function tokenError(reply: FastifyReply, status: number, error: string, description: string) {
  const body: TokenError = { error, error_description: description };
  return reply.code(status).header('pragma', 'no-cache').send(body);
}

export async function authRoutes(app: FastifyInstance, { accounts }: AccountRouteDeps): Promise<void> {
  app.post('/oauth/token', async (request, reply) => {
    if (!clientAuthenticated(request)) {
      await appendAudit(accounts.db, accounts.now(), { ip: request.ip, action: 'login', object: 'client', result: 'denied', detail: 'invalid_client' });
      return tokenError(reply, 401, 'invalid_client', AUTH_MESSAGES.badClient);
    }
    const params = readParams(request);
    const ip = request.ip;
    try {
      let answer;
      switch (params.grant_type) {
        case GRANT_TYPES.password:
          answer = await passwordGrant(accounts, passwordParams.parse(params), ip);
          break;
        case GRANT_TYPES.sms:
          answer = await smsGrant(accounts, smsParams.parse(params), ip);
          break;
        case GRANT_TYPES.code:
          answer = await loginCodeGrant(accounts, codeParams.parse(params).code, ip);
          break;
        case GRANT_TYPES.thirdPartyTicket:
          answer = await ticketGrant(accounts, ticketParams.parse(params), ip);
          break;
        case GRANT_TYPES.refresh:
          answer = await refreshGrant(accounts, refreshParams.parse(params).refresh_token, ip);
          break;
        default:
          return tokenError(reply, 400, 'unsupported_grant_type', '不支持的授权类型');
      }
      return reply.header('pragma', 'no-cache').send(answer);
    } catch (err) {
      if (err instanceof TokenGrantError) return tokenError(reply, err.status, err.error, err.message);
      if (err instanceof ZodError) return tokenError(reply, 400, 'invalid_request', err.issues[0]?.message ?? '请求参数不正确');
      throw err;
    }
  });

  // Revokes the session of the bearer token (and of a refresh_token parameter); ok even without either.
  app.get('/logout', async (request) => {
    const params = readParams(request);
    const sids = new Set<string>();
    const access = await sessionOfAccessToken(accounts, bearerToken(request));
    if (access) sids.add(access);
    if (typeof params.refresh_token === 'string') {
      const refresh = await sessionOfRefreshToken(accounts, params.refresh_token);
      if (refresh) sids.add(refresh);
    }
    for (const sid of sids) {
      await revokeSession(accounts, sid, 'logout');
      const session = await accounts.db.selectFrom('auth_session').select('user_id').where('id', '=', sid).executeTakeFirst();
      await appendAudit(accounts.db, accounts.now(), { userId: session?.user_id ?? null, ip: request.ip, action: 'logout', object: sid, result: 'success' });
    }
    return ok(null);
  });
}
