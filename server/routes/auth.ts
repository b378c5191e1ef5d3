/**
 * Account entry points mounted directly under /api: POST /api/oauth/token (every grant; answers the
 * Spring OAuth2 shape, not the envelope) and GET /api/logout.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z, ZodError } from 'zod';
import { AUTH_MESSAGES } from '#domain/rules/auth';
import { GRANT_TYPES, OAUTH_CLIENT_ID, OAUTH_CLIENT_SECRET_HASH, type TokenError } from '#domain/contract/auth';
import { captchaFields, encryptedPassword, mobileField, requiredText, smsCodeField } from '../http/account-params.ts';
import { bearerToken } from '../http/auth.ts';
import { ok } from '../lib/envelope.ts';
import { listedParams } from '../http/params.ts';
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

/** The handler picks the grant's rule by grant_type; the answer is the OAuth2 shape, failures too. */
const tokenSchema = {
  summary: '取得登录令牌（各授权方式）',
  description: [
    '请求头 `Authorization: Basic base64(clientId:clientSecretHash)`（门户的固定客户端）。',
    '应答为 Spring OAuth2 格式（不是信封）；失败时为 `{ error, error_description }`，HTTP 400 或 401。',
    `授权方式 grant_type 及其参数：${GRANT_TYPES.password}（username、password、uuid、captcha），${GRANT_TYPES.sms}（telPhone、code、uuid、captcha），`,
    `${GRANT_TYPES.code}（code），${GRANT_TYPES.thirdPartyTicket}（userguid、loginid、dognum、token），${GRANT_TYPES.refresh}（refresh_token）。`,
  ].join('\n'),
  querystring: listedParams({
    grant_type: `授权方式：${Object.values(GRANT_TYPES).join('、')}`,
    scope: '固定为 all',
    username: '登录名（password）',
    password: '密码：以公钥（GET /api/blade-auth/oauth/public-key）RSA-OAEP 加密后的 base64（password）',
    telPhone: '手机号码（verify_code）',
    code: '短信验证码（verify_code）或登录码（login_code）',
    uuid: '图片验证码标识（password、verify_code）',
    captcha: '图片验证码（password、verify_code）',
    userguid: '统一身份认证平台票据：userguid（third_ticket）',
    loginid: '统一身份认证平台票据：loginid（third_ticket）',
    dognum: '统一身份认证平台票据：dognum（third_ticket）',
    token: '统一身份认证平台票据：token（third_ticket）',
    refresh_token: '刷新令牌（refresh_token）',
  }),
};
const logoutParams = listedParams({ refresh_token: '一并注销的刷新令牌（可选）' });

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

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const { accounts } = app;
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post('/oauth/token', { schema: tokenSchema }, async (request, reply) => {
    if (!clientAuthenticated(request)) {
      await appendAudit(accounts.db, accounts.now(), { ip: request.ip, action: 'login', object: 'client', result: 'denied', detail: 'invalid_client' });
      return tokenError(reply, 401, 'invalid_client', AUTH_MESSAGES.badClient);
    }
    const params = request.query;
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
  api.get('/logout', { schema: { summary: '退出登录：注销登录令牌（及 refresh_token 参数）的会话，未带令牌也成功', querystring: logoutParams } }, async (request) => {
    const params = request.query;
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
