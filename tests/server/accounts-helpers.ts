/** Shared pieces of the accounts tests: an app with fixed codes and an injectable clock, password encryption, calls. */
import { constants, createPublicKey, publicEncrypt, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { OAUTH_CLIENT_ID, OAUTH_CLIENT_SECRET_HASH } from '#domain/contract/auth';
import { createTestApp, multipartFile, NOW, type Json, type TestApp, type TestAppOptions } from './helpers.ts';

export const FIXED_CAPTCHA = 'e2e7';
export const FIXED_SMS = '246810';
export const DEMO_PASSWORD = 'Demo@2026';
export const BASIC = `Basic ${Buffer.from(`${OAUTH_CLIENT_ID}:${OAUTH_CLIENT_SECRET_HASH}`).toString('base64')}`;

export interface Answer {
  res: LightMyRequestResponse;
  status: number;
  body: Json;
}

export interface AccountsTestApp extends TestApp {
  clock: { now: number };
  publicKey: KeyObject;
  /** RSA-OAEP-256 ciphertext (base64) of a password under the served public key, as the browser makes it. */
  enc(password: string): string;
  /** A new captcha key (the answer is FIXED_CAPTCHA unless the app was built without fixed codes). */
  captcha(): Promise<string>;
  token(query: Record<string, string>, options?: { ip?: string; basic?: string | null }): Promise<Answer>;
  login(username: string, password?: string, ip?: string): Promise<Answer>;
  call(method: 'GET' | 'POST', url: string, options?: { token?: string; query?: Record<string, string | number>; ip?: string }): Promise<Answer>;
  sendSms(phone: string, messageCode: number, ip?: string): Promise<Answer>;
  /** A multipart upload of one file (field `file`) with the bearer. */
  upload(url: string, token: string, name: string, data: Buffer, contentType?: string): Promise<Answer>;
  /**
   * A single (not package) listing enrolling now and for at least a day more, with a deposit, that
   * `exceptUserId` (when given) has not enrolled in: the lowest id.
   */
  enrollableProject(exceptUserId?: number): Promise<number>;
  outbox(): Json[];
  count(table: string): Promise<number>;
}

function answer(res: LightMyRequestResponse): Answer {
  let body: unknown;
  try {
    body = res.json();
  } catch {
    body = res.body;
  }
  return { res, status: res.statusCode, body };
}

export async function createAccountsApp(options: TestAppOptions & { fixedCodes?: boolean } = {}): Promise<AccountsTestApp> {
  const clock = { now: NOW };
  const fixed = options.fixedCodes ?? true;
  const t = await createTestApp({
    now: () => clock.now,
    ...options,
    accounts: { ...(fixed ? { fixedCaptcha: FIXED_CAPTCHA, fixedSmsCode: FIXED_SMS } : {}), ...options.accounts },
  });
  const pk = (await t.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/public-key' })).json();
  const publicKey = createPublicKey({ key: Buffer.from(pk.data.publicKey, 'base64'), format: 'der', type: 'spki' });
  const enc = (password: string) =>
    publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(password, 'utf8')).toString('base64');

  const captcha = async () => (await t.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/captcha' })).json().key as string;

  const token: AccountsTestApp['token'] = async (query, opts = {}) => {
    const basic = opts.basic === undefined ? BASIC : opts.basic;
    return answer(
      await t.app.inject({
        method: 'POST',
        url: '/api/oauth/token',
        query: { scope: 'all', ...query },
        headers: basic ? { authorization: basic } : {},
        remoteAddress: opts.ip ?? '127.0.0.1',
      }),
    );
  };

  const call: AccountsTestApp['call'] = async (method, url, opts = {}) =>
    answer(
      await t.app.inject({
        method,
        url,
        ...(opts.query ? { query: Object.fromEntries(Object.entries(opts.query).map(([k, v]) => [k, String(v)])) } : {}),
        headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
        remoteAddress: opts.ip ?? '127.0.0.1',
      }),
    );

  return {
    ...t,
    clock,
    publicKey,
    enc,
    captcha,
    token,
    login: async (username, password = DEMO_PASSWORD, ip) =>
      token({ grant_type: 'password', username, password: enc(password), uuid: await captcha(), captcha: FIXED_CAPTCHA }, { ip: ip ?? '127.0.0.1' }),
    call,
    sendSms: async (phone, messageCode, ip) =>
      call('POST', '/api/dscq-user/sms/code', { query: { phone, messageCode, uuid: await captcha(), captcha: FIXED_CAPTCHA }, ip: ip ?? '127.0.0.1' }),
    upload: async (url, bearer, name, data, contentType = 'application/pdf') => {
      const { payload, headers } = multipartFile(name, data, contentType);
      return answer(await t.app.inject({ method: 'POST', url, payload, headers: { ...headers, authorization: `Bearer ${bearer}` } }));
    },
    enrollableProject: async (exceptUserId) => {
      let query = t.handle.db
        .selectFrom('project')
        .select('id')
        .where('state', 'like', '%正在报名%')
        .where('parent_id', 'is', null)
        .where('announcement_start_at', '<=', clock.now)
        .where('announcement_end_at', '>', clock.now + 86_400_000)
        .where('deposit_fen', '>', 0)
        .where((eb) => eb.not(eb.exists(eb.selectFrom('project as c').select('c.id').whereRef('c.parent_id', '=', 'project.id'))));
      if (exceptUserId !== undefined)
        query = query.where((eb) => eb.not(eb.exists(eb.selectFrom('enrolment').select('enrolment.id').whereRef('enrolment.project_id', '=', 'project.id').where('enrolment.user_id', '=', exceptUserId))));
      return (await query.orderBy('id').executeTakeFirstOrThrow()).id;
    },
    outbox: () => {
      const file = path.join(t.dataDir, 'sms-outbox.log');
      if (!existsSync(file)) return [];
      return readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Json);
    },
    count: async (table) => {
      const row = await t.handle.db
        .selectFrom(table as 'app_user')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

/** The decoded (unverified) JWT payload and header of a token. */
export function decodeJwt(token: string): { header: Json; payload: Json } {
  const [h, p] = token.split('.');
  return {
    header: JSON.parse(Buffer.from(h!, 'base64url').toString('utf8')),
    payload: JSON.parse(Buffer.from(p!, 'base64url').toString('utf8')),
  };
}
