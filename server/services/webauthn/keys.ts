/**
 * Security keys and passkeys (WebAuthn, docs/accounts.md "Security keys") through @simplewebauthn/server:
 * registering a key in 账户安全 (after the password again), listing and removing keys, logging in with one
 * (a passkey, or username-first for a key that holds no account), and confirming a bid above the bidder's
 * threshold. Each ceremony's challenge is stored in the database with its expiry and the user and session
 * it belongs to, and used by one conditional update, so any process may finish what another began and
 * none can finish it twice.
 */
import { randomBytes } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Selectable } from 'kysely';
import { AUTH_MESSAGES } from '#domain/rules/auth';
import { formatChinaTime } from '#domain/rules/chinaTime';
import type { TokenResponse } from '#domain/contract/auth';
import {
  BID_CONFIRMATION_SECONDS,
  SECURITY_KEYS_MAX,
  WEBAUTHN_CHALLENGE_SECONDS,
  WEBAUTHN_MESSAGES,
  type BidConfirmationAnswer,
  type SecurityKey,
  type WebAuthnJson,
  type WebAuthnOptionsAnswer,
} from '#domain/contract/webauthn';
import type { WebauthnChallengeTable, WebauthnCredentialTable } from '../../db/tables/webauthn.ts';
import { BusinessError } from '../../lib/envelope.ts';
import { appendAudit } from '../accounts/audit.ts';
import type { Accounts } from '../accounts/context.ts';
import { hmacHex } from '../accounts/crypto.ts';
import { isIpThrottled, isLocked, loginKey, recordFailure } from '../accounts/lockout.ts';
import { findUserByLoginName, passwordMatches } from '../accounts/login.ts';
import { issueTokens, type AuthUser, type UserRow } from '../accounts/tokens.ts';
import { MSG_WRONG_PASSWORD } from '../accounts/users.ts';
import { bidThresholds } from './bid-guard.ts';

/** Who we are to the authenticator: the RP ID (a host name) and the page origins allowed to ask. */
export interface RelyingParty {
  id: string;
  name: string;
  origin: string;
}

/** The grant recorded on the session (auth_session.grant_type) and the login audit line. */
export const WEBAUTHN_GRANT = 'webauthn';
/** ES256, EdDSA, RS256: what FIDO2 keys and platform passkeys sign with. */
const ALGORITHMS = [-7, -8, -257];
/** Expired challenges and confirmations are deleted this long after they ran out. */
const PRUNE_AFTER_MS = 3_600_000;
/** The authenticator's answer as JSON text, at most this long (a registration with attestation is a few KB). */
export const RESPONSE_MAX_CHARS = 32_000;

type Purpose = 'register' | 'login' | 'bid';
type CredentialRow = Selectable<WebauthnCredentialTable>;
type ChallengeRow = Selectable<WebauthnChallengeTable>;

const fail = (msg: string) => new BusinessError(400, msg);
const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const newId = () => randomBytes(18).toString('base64url');

/** A stable, opaque WebAuthn user handle: no login name or id on the authenticator. */
function userHandle(a: Accounts, userId: number): Uint8Array {
  return Buffer.from(hmacHex(a.secrets.hmacKey, `webauthn-user:${userId}`), 'hex');
}

function transportsOf(row: CredentialRow): AuthenticatorTransport[] {
  try {
    const list = JSON.parse(row.transports) as unknown;
    return Array.isArray(list) ? (list.filter((t) => typeof t === 'string') as AuthenticatorTransport[]) : [];
  } catch {
    return [];
  }
}

async function keysOf(a: Accounts, userId: number): Promise<CredentialRow[]> {
  return a.db.selectFrom('webauthn_credential').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

interface ChallengeBinding {
  purpose: Purpose;
  userId: number | null;
  sessionId: string | null;
  activityId?: number;
  amountFen?: number;
}

async function storeChallenge(a: Accounts, rp: RelyingParty, challenge: string, b: ChallengeBinding): Promise<string> {
  const now = a.now();
  const id = newId();
  await a.db.deleteFrom('webauthn_challenge').where('expires_at', '<', now - PRUNE_AFTER_MS).execute();
  await a.db
    .insertInto('webauthn_challenge')
    .values({
      id,
      purpose: b.purpose,
      challenge,
      user_id: b.userId,
      session_id: b.sessionId,
      activity_id: b.activityId ?? null,
      amount_fen: b.amountFen ?? null,
      rp_id: rp.id,
      origin: rp.origin,
      created_at: now,
      expires_at: now + WEBAUTHN_CHALLENGE_SECONDS * 1000,
      used_at: null,
    })
    .execute();
  return id;
}

/**
 * Uses a challenge: unused, unexpired, of this purpose, and (register, bid) of this user's session. One
 * conditional update, so two processes racing with the same answer cannot both pass.
 */
async function useChallenge(a: Accounts, id: string, purpose: Purpose, owner?: AuthUser): Promise<ChallengeRow> {
  const now = a.now();
  let q = a.db
    .updateTable('webauthn_challenge')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now);
  if (owner) q = q.where('user_id', '=', owner.id).where('session_id', '=', owner.sessionId);
  const row = await q.returningAll().executeTakeFirst();
  if (!row) throw fail(WEBAUTHN_MESSAGES.challengeInvalid);
  return row;
}

function parseResponse<T>(text: string): T {
  try {
    const value = JSON.parse(text) as { id?: unknown; type?: unknown; response?: unknown };
    if (value && typeof value.id === 'string' && value.type === 'public-key' && typeof value.response === 'object' && value.response) return value as T;
  } catch {
    // fall through
  }
  throw fail(WEBAUTHN_MESSAGES.verifyFailed);
}

/** The password again before a change to the keys or the setting (as a phone change asks); 5 wrong ones lock the login. */
export async function confirmPassword(a: Accounts, userId: number, encrypted: string, ip: string): Promise<UserRow> {
  const user = await a.db.selectFrom('app_user').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!user) throw new BusinessError(401, AUTH_MESSAGES.notLoggedIn);
  if (await isLocked(a, user.login_key)) throw fail(AUTH_MESSAGES.locked);
  if (!(await passwordMatches(a, user, encrypted))) {
    const locked = await recordFailure(a, user.login_key, ip);
    throw fail(locked ? AUTH_MESSAGES.locked : MSG_WRONG_PASSWORD);
  }
  return user;
}

function securityKey(row: CredentialRow): SecurityKey {
  return {
    id: row.id,
    name: row.name,
    createTime: formatChinaTime(row.created_at),
    lastUsedTime: row.last_used_at === null ? null : formatChinaTime(row.last_used_at),
    synced: row.synced === 1,
  };
}

export async function listKeys(a: Accounts, userId: number): Promise<SecurityKey[]> {
  return (await keysOf(a, userId)).map(securityKey);
}

// ---------------------------------------------------------------- registration

export async function registrationOptions(a: Accounts, rp: RelyingParty, auth: AuthUser, password: string, ip: string): Promise<WebAuthnOptionsAnswer> {
  const user = await confirmPassword(a, auth.id, password, ip);
  const keys = await keysOf(a, user.id);
  if (keys.length >= SECURITY_KEYS_MAX) throw fail(WEBAUTHN_MESSAGES.tooManyKeys);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.login_name,
    userID: userHandle(a, user.id) as Uint8Array<ArrayBuffer>,
    userDisplayName: user.name || user.login_name,
    timeout: WEBAUTHN_CHALLENGE_SECONDS * 1000,
    attestationType: 'none',
    // A key already added is refused by the authenticator itself.
    excludeCredentials: keys.map((k) => ({ id: k.credential_id, transports: transportsOf(k) })),
    // A passkey where the authenticator can hold one (login without the name); user verification where it can.
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    supportedAlgorithmIDs: ALGORITHMS,
  });
  const challengeId = await storeChallenge(a, rp, options.challenge, { purpose: 'register', userId: user.id, sessionId: auth.sessionId });
  return { challengeId, options: options as unknown as WebAuthnJson };
}

export async function registerKey(a: Accounts, auth: AuthUser, p: { challengeId: string; name: string; response: string }, ip: string): Promise<SecurityKey> {
  const challenge = await useChallenge(a, p.challengeId, 'register', auth);
  const response = parseResponse<RegistrationResponseJSON>(p.response);
  const audit = (result: 'success' | 'failure', detail: string) =>
    appendAudit(a.db, a.now(), { userId: auth.id, loginName: auth.loginName, ip, action: 'webauthn.register', object: response.id.slice(0, 64), result, detail });
  let info;
  try {
    const verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: challenge.origin,
      expectedRPID: challenge.rp_id,
      // A key without a PIN may still confirm bids; logging in asks for verification (loginVerify).
      requireUserVerification: false,
      supportedAlgorithmIDs: ALGORITHMS,
    });
    if (!verified.verified) throw new Error('not verified');
    info = verified.registrationInfo;
  } catch {
    await audit('failure', 'bad_attestation');
    throw fail(WEBAUTHN_MESSAGES.verifyFailed);
  }
  if ((await keysOf(a, auth.id)).length >= SECURITY_KEYS_MAX) throw fail(WEBAUTHN_MESSAGES.tooManyKeys);
  const now = a.now();
  const inserted = await a.db
    .insertInto('webauthn_credential')
    .values({
      user_id: auth.id,
      credential_id: info.credential.id,
      public_key: b64url(info.credential.publicKey),
      counter: info.credential.counter,
      transports: JSON.stringify(info.credential.transports ?? response.response.transports ?? []),
      name: p.name.trim(),
      synced: info.credentialDeviceType === 'multiDevice' ? 1 : 0,
      created_at: now,
      last_used_at: null,
    })
    .onConflict((oc) => oc.column('credential_id').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!inserted) {
    await audit('failure', 'duplicate');
    throw fail(WEBAUTHN_MESSAGES.duplicateKey);
  }
  await audit('success', 'registered');
  return securityKey(inserted);
}

/** Removes a key (the password again). The last key cannot go while bids above a threshold need one. */
export async function removeKey(a: Accounts, auth: AuthUser, p: { id: number; password: string }, ip: string): Promise<void> {
  await confirmPassword(a, auth.id, p.password, ip);
  const keys = await keysOf(a, auth.id);
  const key = keys.find((k) => k.id === p.id);
  if (!key) throw new BusinessError(404, WEBAUTHN_MESSAGES.keyNotFound);
  if (keys.length === 1 && (await thresholdOf(a, auth.id)) > 0) throw fail(WEBAUTHN_MESSAGES.lastKeyWithThreshold);
  await a.db.deleteFrom('webauthn_credential').where('id', '=', key.id).where('user_id', '=', auth.id).execute();
  await appendAudit(a.db, a.now(), { userId: auth.id, loginName: auth.loginName, ip, action: 'webauthn.remove', object: key.credential_id.slice(0, 64), result: 'success' });
}

// ---------------------------------------------------------------- the bid setting

async function thresholdOf(a: Accounts, userId: number): Promise<number> {
  const row = await a.db.selectFrom('webauthn_bid_setting').select('threshold_fen').where('user_id', '=', userId).executeTakeFirst();
  return row?.threshold_fen ?? 0;
}

export async function bidSetting(a: Accounts, userId: number): Promise<{ thresholdFen: number }> {
  return { thresholdFen: await thresholdOf(a, userId) };
}

/** 大额出价需安全密钥确认: saves the threshold (0: off) and tells this process's cache at once. */
export async function saveBidSetting(a: Accounts, auth: AuthUser, p: { thresholdFen: number; password: string }, ip: string): Promise<{ thresholdFen: number }> {
  await confirmPassword(a, auth.id, p.password, ip);
  if (p.thresholdFen > 0 && (await keysOf(a, auth.id)).length === 0) throw fail(WEBAUTHN_MESSAGES.noKeyForThreshold);
  const now = a.now();
  await a.db
    .insertInto('webauthn_bid_setting')
    .values({ user_id: auth.id, threshold_fen: p.thresholdFen, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ threshold_fen: p.thresholdFen, updated_at: now }))
    .execute();
  (await bidThresholds(a.db, a.now)).apply(auth.id, p.thresholdFen);
  await appendAudit(a.db, now, { userId: auth.id, loginName: auth.loginName, ip, action: 'webauthn.settings', object: String(p.thresholdFen), result: 'success' });
  return { thresholdFen: p.thresholdFen };
}

// ---------------------------------------------------------------- assertions (login, bid)

/**
 * Checks an assertion against the stored key and moves its counter and last use. The counter moves by a
 * conditional update (the value read): of two processes verifying answers of one key at once, one wins.
 */
async function verifyAssertion(a: Accounts, challenge: ChallengeRow, response: AuthenticationResponseJSON, key: CredentialRow, requireUserVerification: boolean): Promise<boolean> {
  let newCounter: number;
  try {
    const verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: challenge.origin,
      expectedRPID: challenge.rp_id,
      credential: { id: key.credential_id, publicKey: Buffer.from(key.public_key, 'base64url'), counter: key.counter, transports: transportsOf(key) },
      requireUserVerification,
    });
    if (!verified.verified) return false;
    newCounter = verified.authenticationInfo.newCounter;
  } catch {
    // A counter that did not grow (a cloned key), a wrong signature, origin or RP ID.
    return false;
  }
  const moved = await a.db
    .updateTable('webauthn_credential')
    .set({ counter: newCounter, last_used_at: a.now() })
    .where('id', '=', key.id)
    .where('counter', '=', key.counter)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

/**
 * A login challenge. Without a name: a passkey (discoverable credential) chooses the account. With one:
 * that user's keys; an unknown name (or one without keys) gets one made-up key id, stable per name, so the
 * answer does not tell who has an account.
 */
export async function loginOptions(a: Accounts, rp: RelyingParty, username: string | undefined): Promise<WebAuthnOptionsAnswer> {
  let userId: number | null = null;
  let allow: { id: string; transports?: AuthenticatorTransport[] }[] | undefined;
  if (username) {
    const user = await findUserByLoginName(a, username);
    const keys = user ? await keysOf(a, user.id) : [];
    userId = user && keys.length > 0 ? user.id : null;
    allow =
      keys.length > 0
        ? keys.map((k) => ({ id: k.credential_id, transports: transportsOf(k) }))
        : [{ id: Buffer.from(hmacHex(a.secrets.hmacKey, `webauthn-decoy:${loginKey(username)}`), 'hex').toString('base64url') }];
  }
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    timeout: WEBAUTHN_CHALLENGE_SECONDS * 1000,
    userVerification: 'required',
    ...(allow ? { allowCredentials: allow } : {}),
  });
  const challengeId = await storeChallenge(a, rp, options.challenge, { purpose: 'login', userId, sessionId: null });
  return { challengeId, options: options as unknown as WebAuthnJson };
}

/**
 * A login with a key: the same session and token pair as a password login. The key must verify the user
 * (PIN or biometrics): a key alone is one factor, and a found key must not open the account. Refused for an
 * address that is throttled for password failures.
 */
export async function loginVerify(a: Accounts, p: { challengeId: string; response: string }, ip: string): Promise<TokenResponse> {
  const audit = (detail: string, userId: number | null = null, loginName = '') =>
    appendAudit(a.db, a.now(), { userId, loginName, ip, action: 'login', object: WEBAUTHN_GRANT, result: 'failure', detail });
  if (await isIpThrottled(a, ip)) {
    await audit('ip_throttled');
    throw fail(WEBAUTHN_MESSAGES.ipThrottled);
  }
  const challenge = await useChallenge(a, p.challengeId, 'login');
  const response = parseResponse<AuthenticationResponseJSON>(p.response);
  const key = await a.db.selectFrom('webauthn_credential').selectAll().where('credential_id', '=', response.id).executeTakeFirst();
  if (!key || (challenge.user_id !== null && key.user_id !== challenge.user_id)) {
    await audit('unknown_key');
    throw fail(WEBAUTHN_MESSAGES.unknownKey);
  }
  const user = await a.db.selectFrom('app_user').selectAll().where('id', '=', key.user_id).executeTakeFirstOrThrow();
  if (!(await verifyAssertion(a, challenge, response, key, true))) {
    await audit('bad_assertion', user.id, user.login_name);
    throw fail(WEBAUTHN_MESSAGES.verifyFailed);
  }
  if (user.is_allowed !== 1) {
    await audit('disabled', user.id, user.login_name);
    throw fail(AUTH_MESSAGES.disabled);
  }
  await appendAudit(a.db, a.now(), { userId: user.id, loginName: user.login_name, ip, action: 'login', object: WEBAUTHN_GRANT, result: 'success' });
  return issueTokens(a, user, WEBAUTHN_GRANT, ip);
}

/** A challenge to confirm one bid (activity and amount bound to it) with one of the bidder's keys. */
export async function bidConfirmationOptions(a: Accounts, rp: RelyingParty, auth: AuthUser, p: { activityId: number; amountFen: number }): Promise<WebAuthnOptionsAnswer> {
  const keys = await keysOf(a, auth.id);
  if (keys.length === 0) throw fail(WEBAUTHN_MESSAGES.noKeyForThreshold);
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    timeout: WEBAUTHN_CHALLENGE_SECONDS * 1000,
    // The bidder is logged in already: the key's presence confirms; verification where the key can.
    userVerification: 'preferred',
    allowCredentials: keys.map((k) => ({ id: k.credential_id, transports: transportsOf(k) })),
  });
  const challengeId = await storeChallenge(a, rp, options.challenge, { purpose: 'bid', userId: auth.id, sessionId: auth.sessionId, activityId: p.activityId, amountFen: p.amountFen });
  return { challengeId, options: options as unknown as WebAuthnJson };
}

/** The assertion of a bid challenge → a one-time confirmation of (user, activity, amount), valid a minute. */
export async function bidConfirmationVerify(a: Accounts, auth: AuthUser, p: { challengeId: string; response: string }, ip: string): Promise<BidConfirmationAnswer> {
  const challenge = await useChallenge(a, p.challengeId, 'bid', auth);
  const response = parseResponse<AuthenticationResponseJSON>(p.response);
  const key = await a.db.selectFrom('webauthn_credential').selectAll().where('credential_id', '=', response.id).where('user_id', '=', auth.id).executeTakeFirst();
  const ok = key ? await verifyAssertion(a, challenge, response, key, false) : false;
  await appendAudit(a.db, a.now(), {
    userId: auth.id,
    loginName: auth.loginName,
    ip,
    action: 'webauthn.bid_confirm',
    object: `${challenge.activity_id}:${challenge.amount_fen}`,
    result: ok ? 'success' : 'failure',
    ...(ok ? {} : { detail: key ? 'bad_assertion' : 'unknown_key' }),
  });
  if (!ok || !key) throw fail(WEBAUTHN_MESSAGES.verifyFailed);
  const now = a.now();
  const id = newId();
  const expiresAt = now + BID_CONFIRMATION_SECONDS * 1000;
  await a.db.deleteFrom('webauthn_bid_confirmation').where('expires_at', '<', now - PRUNE_AFTER_MS).execute();
  await a.db
    .insertInto('webauthn_bid_confirmation')
    .values({ id, user_id: auth.id, activity_id: challenge.activity_id!, amount_fen: challenge.amount_fen!, credential_id: key.id, created_at: now, expires_at: expiresAt, used_at: null, used_key: null })
    .execute();
  return { confirmationId: id, expiresAt };
}
