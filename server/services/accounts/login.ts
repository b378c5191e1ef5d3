/**
 * The grants of POST /oauth/token other than refresh: password (with captcha), verify_code (SMS login
 * with captcha), login_code (one-time code after registration) and third_ticket (unified identity
 * platform). Unknown user and wrong password answer the same body and status after the same argon2 work
 * (guide item 3); a password that does not decrypt is a wrong password (item 1).
 */
import { AUTH_MESSAGES } from '#domain/rules/auth';
import { GRANT_TYPES, SMS_PURPOSES, type TokenResponse } from '#domain/contract/auth';
import { appendAudit } from './audit.ts';
import { consumeCaptcha } from './captcha.ts';
import type { Accounts, ThirdPartyTicket, ThirdPartyTicketVerifier } from './context.ts';
import { randomUUID } from 'node:crypto';
import { decryptPassword, hmacHex, randomId, safeEqual, sha256Hex } from './crypto.ts';
import { clearFailures, isIpThrottled, isLocked, loginKey, recordFailure } from './lockout.ts';
import { dummyHash, verifyPassword } from './passwords.ts';
import { checkSmsCode } from './sms.ts';
import { invalidGrant, issueTokens, type UserRow } from './tokens.ts';

export async function findUserByLoginName(a: Pick<Accounts, 'db'>, loginName: string): Promise<UserRow | undefined> {
  return a.db.selectFrom('app_user').selectAll().where('login_key', '=', loginKey(loginName)).executeTakeFirst();
}

export async function findUserByPhone(a: Pick<Accounts, 'db'>, phone: string): Promise<UserRow | undefined> {
  return a.db.selectFrom('app_user').selectAll().where('phone', '=', phone).executeTakeFirst();
}

/**
 * Checks an encrypted password against a user (or, for no user, against a dummy hash so the time is
 * the same). True only for an existing user and the right password.
 */
export async function passwordMatches(a: Accounts, user: UserRow | undefined, encrypted: string): Promise<boolean> {
  const password = decryptPassword(a.secrets.rsaPrivateKey, encrypted);
  const stored = user?.password_hash ?? (await dummyHash());
  const ok = await verifyPassword(stored, password ?? '\u0000not-a-password');
  return ok && password !== null && user !== undefined;
}

async function loginSucceeded(a: Accounts, user: UserRow, grant: string, ip: string): Promise<TokenResponse> {
  if (user.is_allowed !== 1) {
    await appendAudit(a.db, a.now(), { userId: user.id, loginName: user.login_name, ip, action: 'login', object: grant, result: 'failure', detail: 'disabled' });
    throw invalidGrant(AUTH_MESSAGES.disabled);
  }
  await appendAudit(a.db, a.now(), { userId: user.id, loginName: user.login_name, ip, action: 'login', object: grant, result: 'success' });
  return issueTokens(a, user, grant, ip);
}

export interface PasswordGrant {
  username: string;
  password: string;
  uuid: string;
  captcha: string;
}

export async function passwordGrant(a: Accounts, p: PasswordGrant, ip: string): Promise<TokenResponse> {
  const grant = GRANT_TYPES.password;
  const audit = (detail: string, userId: number | null = null) =>
    appendAudit(a.db, a.now(), { userId, loginName: p.username, ip, action: 'login', object: grant, result: 'failure', detail });

  if (await isIpThrottled(a, ip)) {
    await audit('ip_throttled');
    throw invalidGrant(AUTH_MESSAGES.tooManyAttempts);
  }
  if (!(await consumeCaptcha(a, p.uuid, p.captcha))) {
    await audit('bad_captcha');
    throw invalidGrant(AUTH_MESSAGES.badCaptcha);
  }
  const key = loginKey(p.username);
  if (await isLocked(a, key)) {
    await audit('locked');
    throw invalidGrant(AUTH_MESSAGES.locked);
  }
  const user = await findUserByLoginName(a, p.username);
  if (!(await passwordMatches(a, user, p.password))) {
    const nowLocked = await recordFailure(a, key, ip);
    await audit(nowLocked ? 'bad_credentials_locked' : 'bad_credentials', user?.id ?? null);
    throw invalidGrant(nowLocked ? AUTH_MESSAGES.locked : AUTH_MESSAGES.badCredentials);
  }
  await clearFailures(a, key);
  return loginSucceeded(a, user!, grant, ip);
}

export interface SmsGrant {
  telPhone: string;
  code: string;
  uuid: string;
  captcha: string;
}

export async function smsGrant(a: Accounts, p: SmsGrant, ip: string): Promise<TokenResponse> {
  const grant = GRANT_TYPES.sms;
  const audit = (detail: string, userId: number | null = null) =>
    appendAudit(a.db, a.now(), { userId, loginName: `phone:${p.telPhone.slice(0, 3)}****${p.telPhone.slice(-4)}`, ip, action: 'login', object: grant, result: 'failure', detail });
  if (!(await consumeCaptcha(a, p.uuid, p.captcha))) {
    await audit('bad_captcha');
    throw invalidGrant(AUTH_MESSAGES.badCaptcha);
  }
  if (!(await checkSmsCode(a, p.telPhone, SMS_PURPOSES.login, p.code))) {
    await audit('bad_sms_code');
    throw invalidGrant(AUTH_MESSAGES.badSmsCode);
  }
  const user = await findUserByPhone(a, p.telPhone);
  if (!user) {
    await audit('no_account');
    throw invalidGrant(AUTH_MESSAGES.badSmsCode);
  }
  return loginSucceeded(a, user, grant, ip);
}

export const LOGIN_CODE_LIFETIME_MS = 5 * 60_000;

/** A one-time login code for the login_code grant (and user detail by `code`). Only its hash is kept. */
export async function createLoginCode(a: Pick<Accounts, 'db' | 'now'>, userId: number, code: string): Promise<void> {
  const now = a.now();
  await a.db
    .insertInto('login_code')
    .values({ code_hash: sha256Hex(code), user_id: userId, expires_at: now + LOGIN_CODE_LIFETIME_MS, used_at: null, created_at: now })
    .execute();
}

/** The user of a valid, unused login code, without using it up. */
export async function userOfLoginCode(a: Accounts, code: string): Promise<UserRow | undefined> {
  if (!code || code.length > 200) return undefined;
  return a.db
    .selectFrom('login_code')
    .innerJoin('app_user', 'app_user.id', 'login_code.user_id')
    .selectAll('app_user')
    .where('login_code.code_hash', '=', sha256Hex(code))
    .where('login_code.used_at', 'is', null)
    .where('login_code.expires_at', '>', a.now())
    .executeTakeFirst();
}

export async function loginCodeGrant(a: Accounts, code: string, ip: string): Promise<TokenResponse> {
  const now = a.now();
  const used = await a.db
    .updateTable('login_code')
    .set({ used_at: now })
    .where('code_hash', '=', sha256Hex(code))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  const user = used ? await a.db.selectFrom('app_user').selectAll().where('id', '=', used.user_id).executeTakeFirst() : undefined;
  if (!user) {
    await appendAudit(a.db, now, { ip, action: 'login', object: GRANT_TYPES.code, result: 'failure', detail: 'bad_login_code' });
    throw invalidGrant(AUTH_MESSAGES.badLoginCode);
  }
  return loginSucceeded(a, user, GRANT_TYPES.code, ip);
}

/** The default ticket check: token = hex HMAC-SHA256(`userguid|loginid|dognum`) under PORTAL_SSO_SECRET. */
export function ticketSignature(secret: string, t: Omit<ThirdPartyTicket, 'token'>): string {
  return hmacHex(secret, `${t.userguid}|${t.loginid}|${t.dognum}`);
}

export function hmacTicketVerifier(secret: string): ThirdPartyTicketVerifier {
  return {
    async verify(ticket) {
      return safeEqual(ticket.token.toLowerCase(), ticketSignature(secret, ticket)) ? { loginName: ticket.loginid } : null;
    },
  };
}

export async function ticketGrant(a: Accounts, ticket: ThirdPartyTicket, ip: string): Promise<TokenResponse> {
  const now = a.now();
  const fail = async (detail: string, userId: number | null = null) => {
    await appendAudit(a.db, now, { userId, loginName: ticket.loginid, ip, action: 'login', object: GRANT_TYPES.thirdPartyTicket, result: 'failure', detail });
    return invalidGrant(AUTH_MESSAGES.badTicket);
  };
  const verified = await a.tickets.verify(ticket);
  if (!verified) throw await fail('bad_ticket');
  // Single use: a ticket seen before is refused.
  const fresh = await a.db
    .insertInto('sso_ticket_used')
    .values({ token_hash: sha256Hex(`${ticket.userguid}|${ticket.loginid}|${ticket.dognum}|${ticket.token}`), used_at: now })
    .onConflict((oc) => oc.column('token_hash').doNothing())
    .executeTakeFirst();
  if (Number(fresh.numInsertedOrUpdatedRows ?? 0n) !== 1) throw await fail('ticket_reused');
  const user = await findUserByLoginName(a, verified.loginName);
  if (!user) throw await fail('no_account');
  return loginSucceeded(a, user, GRANT_TYPES.thirdPartyTicket, ip);
}

/**
 * A /hbtsSso link the default ticket check accepts, for a local login name (dev/ops: `npm run ops --
 * sso-link <loginName>`). Each link carries a fresh userguid/dognum, and works once.
 */
export function ssoLink(secret: string, loginName: string, baseUrl: string): string {
  const ticket = { userguid: randomUUID(), loginid: loginName, dognum: `DEMO-${randomId(6)}` };
  const query = new URLSearchParams({ ...ticket, token: ticketSignature(secret, ticket) });
  return `${baseUrl.replace(/\/+$/, '')}/#/hbtsSso?${query.toString()}`;
}
