/**
 * (ours) Security keys and passkeys (docs/accounts.md "Security keys"; contract domain/contract/webauthn.ts):
 * the keys of 账户安全, 大额出价需安全密钥确认, logging in with a key, and confirming a bid with one. The
 * relying party is the configured one (PORTAL_WEBAUTHN_RP_ID / _ORIGIN) or the request's host.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toFenBigInt } from '#domain/rules/money';
import { SECURITY_KEY_NAME_MAX, WEBAUTHN_PATHS } from '#domain/contract/webauthn';
import type { WebauthnConfig } from '../config.ts';
import { encryptedPassword, requiredText } from '../http/account-params.ts';
import { optionalText, requiredId } from '../http/params.ts';
import { ok } from '../lib/envelope.ts';
import { bidThresholds } from '../services/webauthn/bid-guard.ts';
import {
  bidConfirmationOptions,
  bidConfirmationVerify,
  bidSetting,
  listKeys,
  loginOptions,
  loginVerify,
  registerKey,
  registrationOptions,
  removeKey,
  RESPONSE_MAX_CHARS,
  saveBidSetting,
  type RelyingParty,
} from '../services/webauthn/keys.ts';
import { fenToYuan } from '#domain/rules/money';

export interface WebauthnRouteOptions {
  webauthn?: WebauthnConfig | undefined;
  /** false: no refresh timer of the thresholds (tests refresh them themselves). */
  timers?: boolean;
}

/** Amount in yuan, whole fen, 0 … 12 integer digits → fen (0 allowed where `allowZero`). */
const yuanAsFen = (label: string, allowZero: boolean) =>
  z.preprocess(
    (value) => (typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : value),
    z.string({ error: `${label}不能为空` }).transform((text, ctx) => {
      const fen = /^\d{1,12}(\.\d{1,2})?$/.test(text) ? toFenBigInt(text) : null;
      if (fen === null || (!allowZero && fen <= 0n)) {
        ctx.addIssue({ code: 'custom', message: `${label}须为${allowZero ? '不小于' : '大于'} 0 的金额（元），最多两位小数` });
        return z.NEVER;
      }
      return Number(fen);
    }),
  ).meta({ description: `${label}（元）` });

const challengeIdField = requiredText('challengeId', 64);
const responseField = requiredText('安全密钥应答 response', RESPONSE_MAX_CHARS);
const passwordParams = z.object({ password: encryptedPassword() });
const registerParams = z.object({ challengeId: challengeIdField, name: requiredText('安全密钥名称', SECURITY_KEY_NAME_MAX), response: responseField });
const removeParams = z.object({ id: requiredId('id'), password: encryptedPassword() });
const settingsParams = z.object({ thresholdYuan: yuanAsFen('大额出价金额', true), password: encryptedPassword() });
const loginOptionsParams = z.object({ username: optionalText('username', 64) });
const verifyParams = z.object({ challengeId: challengeIdField, response: responseField });
const bidOptionsParams = z.object({ activityId: requiredId('activityId'), amount: yuanAsFen('出价金额', false) });

/** http://host:80 and https://host:443 are written without the port, as a browser's origin is. */
function originOf(request: FastifyRequest): string {
  const host = request.host.replace(request.protocol === 'https' ? /:443$/ : /:80$/, '');
  return `${request.protocol}://${host}`;
}

export default async function webauthnRoutes(app: FastifyInstance, options: WebauthnRouteOptions): Promise<void> {
  const { accounts, requireUser } = app;
  const config = options.webauthn;
  const rpOf = (request: FastifyRequest): RelyingParty => {
    const id = config?.rpId ?? request.hostname;
    return { id, name: config?.rpName ?? '河北产权交易所', origin: config?.origin ?? (config?.rpId ? `https://${config.rpId}` : originOf(request)) };
  };
  const thresholds = await bidThresholds(app.db, app.now);
  if (options.timers ?? true) {
    const stop = thresholds.startRefresh(1000, (error) => app.log.warn({ err: error }, 'webauthn: thresholds refresh failed'));
    app.addHook('onClose', async () => stop());
  }

  const auth = { preValidation: requireUser };
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(WEBAUTHN_PATHS.credentials, { ...auth, schema: { summary: '我的安全密钥（名称、添加时间、最近使用）' } }, async (request) => ok(await listKeys(accounts, request.user!.id)));
  api.post(WEBAUTHN_PATHS.registrationOptions, { ...auth, schema: { summary: '添加安全密钥（一）：验证登录密码，取得注册质询', querystring: passwordParams } }, async (request) =>
    ok(await registrationOptions(accounts, rpOf(request), request.user!, request.query.password, request.ip)),
  );
  api.post(WEBAUTHN_PATHS.registrationVerify, { ...auth, schema: { summary: '添加安全密钥（二）：提交安全密钥的注册应答与名称', querystring: registerParams } }, async (request) =>
    ok(await registerKey(accounts, request.user!, request.query, request.ip)),
  );
  api.post(WEBAUTHN_PATHS.removeCredential, { ...auth, schema: { summary: '删除安全密钥（验证登录密码）', querystring: removeParams } }, async (request) => {
    await removeKey(accounts, request.user!, request.query, request.ip);
    return ok(null);
  });
  api.get(WEBAUTHN_PATHS.settings, { ...auth, schema: { summary: '大额出价需安全密钥确认：当前金额（0 为未开启）' } }, async (request) =>
    ok({ thresholdYuan: fenToYuan((await bidSetting(accounts, request.user!.id)).thresholdFen) }),
  );
  api.post(WEBAUTHN_PATHS.saveSettings, { ...auth, schema: { summary: '设置大额出价需安全密钥确认的金额（0 为关闭；验证登录密码）', querystring: settingsParams } }, async (request) => {
    const saved = await saveBidSetting(accounts, request.user!, { thresholdFen: request.query.thresholdYuan, password: request.query.password }, request.ip);
    return ok({ thresholdYuan: fenToYuan(saved.thresholdFen) });
  });

  // Login: a challenge counts as a captcha against the address's limit; the answer is refused for an
  // address throttled for password failures (services/webauthn/keys.ts loginVerify).
  api.post(WEBAUTHN_PATHS.loginOptions, { schema: { summary: '使用安全密钥登录（一）：取得登录质询（不填登录名为通行密钥）', querystring: loginOptionsParams } }, async (request) => {
    await app.rateLimit('captcha-ip', request);
    return ok(await loginOptions(accounts, rpOf(request), request.query.username));
  });
  api.post(WEBAUTHN_PATHS.loginVerify, { schema: { summary: '使用安全密钥登录（二）：提交安全密钥的应答，取得登录令牌（与密码登录相同）', querystring: verifyParams } }, async (request) =>
    ok(await loginVerify(accounts, request.query, request.ip)),
  );

  api.post(WEBAUTHN_PATHS.bidConfirmationOptions, { ...auth, schema: { summary: '大额出价确认（一）：为该竞价与金额取得质询', querystring: bidOptionsParams } }, async (request) =>
    ok(await bidConfirmationOptions(accounts, rpOf(request), request.user!, { activityId: request.query.activityId, amountFen: request.query.amount })),
  );
  api.post(WEBAUTHN_PATHS.bidConfirmationVerify, { ...auth, schema: { summary: '大额出价确认（二）：提交安全密钥的应答，取得一次性确认号（60 秒内随出价提交）', querystring: verifyParams } }, async (request) =>
    ok(await bidConfirmationVerify(accounts, request.user!, request.query, request.ip)),
  );
}
