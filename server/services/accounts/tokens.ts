/**
 * Access and refresh tokens (guide item 6). Both are HS256 JWTs under the per-install key, checked with
 * an algorithm allowlist, issuer, audience, exp and nbf, and told apart by their `typ` header and
 * `token_use` claim (a refresh token is refused as a bearer token and vice versa). Each login opens a
 * session (a refresh-token family); only its newest refresh token is valid: presenting an older one is
 * reuse and revokes the whole family. Every bearer request checks the session is still open, so logout,
 * a password change or a disabled account end access at once.
 */
import { SignJWT, jwtVerify, type JWTPayload } from 'jose';
import { ACCESS_TOKEN_SECONDS, AUTH_MESSAGES } from '#domain/rules/auth';
import { OAUTH_CLIENT_ID, type TokenResponse } from '#domain/contract/auth';
import type { AppUserTable } from '../../db/tables/accounts.ts';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { appendAudit } from './audit.ts';
import type { Accounts } from './context.ts';
import { randomId } from './crypto.ts';

export const ISSUER = 'hbcq-portal';
export const ACCESS_TYP = 'at+jwt';
export const REFRESH_TYP = 'rt+jwt';
/** A refresh token lives 7 days; a session at most 30 days from its login. */
export const REFRESH_TOKEN_SECONDS = 7 * 86_400;
export const SESSION_MAX_MS = 30 * 86_400_000;

export type UserRow = Selectable<AppUserTable>;

/** Who a bearer token stands for (request.user). */
export interface AuthUser {
  id: number;
  loginName: string;
  userType: number;
  /** The session (refresh-token family) of this token. */
  sessionId: string;
}

/** A failure of POST /oauth/token: `{ error, error_description }` with this HTTP status. */
export class TokenGrantError extends Error {
  readonly status: number;
  readonly error: string;
  constructor(status: number, error: string, description: string) {
    super(description);
    this.name = 'TokenGrantError';
    this.status = status;
    this.error = error;
  }
}

export const invalidGrant = (description: string) => new TokenGrantError(400, 'invalid_grant', description);

type Use = 'access' | 'refresh';

async function sign(a: Accounts, use: Use, sub: string, sid: string, jti: string, expSeconds: number): Promise<string> {
  const iat = Math.floor(a.now() / 1000);
  return new SignJWT({ sid, token_use: use })
    .setProtectedHeader({ alg: 'HS256', typ: use === 'access' ? ACCESS_TYP : REFRESH_TYP })
    .setIssuer(ISSUER)
    .setAudience(OAUTH_CLIENT_ID)
    .setSubject(sub)
    .setJti(jti)
    .setIssuedAt(iat)
    .setNotBefore(iat)
    .setExpirationTime(expSeconds)
    .sign(a.secrets.jwtKey);
}

interface Claims extends JWTPayload {
  sub: string;
  sid: string;
  jti: string;
}

/**
 * Tokens already verified, by key and text: a token's signature and claims never change, so one
 * verification serves every later request with it (jose's HMAC goes through WebCrypto and imports the key
 * each time: more CPU than the rest of a bid). The time claims are checked again on every use, as jose
 * checks them; the session is still checked per request (authenticate). Bounded, oldest out first.
 */
const verifiedTokens = new WeakMap<Uint8Array, Map<string, Claims>>();
const VERIFIED_TOKENS_MAX = 10_000;

async function verifyToken(a: Accounts, token: string, use: Use): Promise<Claims | null> {
  if (!token || token.length > 4096) return null;
  let verified = verifiedTokens.get(a.secrets.jwtKey);
  if (!verified) verifiedTokens.set(a.secrets.jwtKey, (verified = new Map()));
  const cacheKey = `${use}:${token}`;
  const known = verified.get(cacheKey);
  if (known) {
    const nowSeconds = Math.floor(a.now() / 1000);
    return known.exp! > nowSeconds && known.nbf! <= nowSeconds ? known : null;
  }
  const claims = await verifyUncached(a, token, use);
  if (claims) {
    if (verified.size >= VERIFIED_TOKENS_MAX) verified.delete(verified.keys().next().value!);
    verified.set(cacheKey, claims);
  }
  return claims;
}

async function verifyUncached(a: Accounts, token: string, use: Use): Promise<Claims | null> {
  try {
    const { payload } = await jwtVerify(token, a.secrets.jwtKey, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: OAUTH_CLIENT_ID,
      typ: use === 'access' ? ACCESS_TYP : REFRESH_TYP,
      currentDate: new Date(a.now()),
      requiredClaims: ['sub', 'jti', 'exp', 'nbf', 'iat'],
    });
    if (payload.token_use !== use || typeof payload.sid !== 'string') return null;
    return payload as Claims;
  } catch {
    return null;
  }
}

async function tokenPair(a: Accounts, user: UserRow, sid: string, refreshJti: string, sessionEnd: number): Promise<TokenResponse> {
  const nowSec = Math.floor(a.now() / 1000);
  const sub = String(user.id);
  const accessToken = await sign(a, 'access', sub, sid, randomId(), nowSec + ACCESS_TOKEN_SECONDS);
  const refreshExp = Math.min(nowSec + REFRESH_TOKEN_SECONDS, Math.floor(sessionEnd / 1000));
  const refreshToken = await sign(a, 'refresh', sub, sid, refreshJti, refreshExp);
  const display = user.name || user.login_name;
  return {
    access_token: accessToken,
    token_type: 'bearer',
    refresh_token: refreshToken,
    expires_in: ACCESS_TOKEN_SECONDS,
    scope: 'all',
    user_id: sub,
    account: user.login_name,
    user_name: display,
    nick_name: display,
    avatar: user.head_img,
    role_name: 'user',
    tenant_id: '000000',
    client_id: OAUTH_CLIENT_ID,
    license: 'powered by hbcq-portal',
  };
}

/** Opens a session for a user who has just proved who they are. */
export async function issueTokens(a: Accounts, user: UserRow, grantType: string, ip: string): Promise<TokenResponse> {
  const now = a.now();
  const sid = randomId();
  const jti = randomId();
  const expiresAt = now + SESSION_MAX_MS;
  await a.db
    .insertInto('auth_session')
    .values({
      id: sid,
      user_id: user.id,
      current_jti: jti,
      generation: 0,
      grant_type: grantType,
      ip,
      created_at: now,
      last_used_at: now,
      expires_at: expiresAt,
      revoked_at: null,
      revoked_reason: null,
    })
    .execute();
  return tokenPair(a, user, sid, jti, expiresAt);
}

export async function revokeSession(a: Pick<Accounts, 'db' | 'now'>, sid: string, reason: string): Promise<void> {
  await a.db
    .updateTable('auth_session')
    .set({ revoked_at: a.now(), revoked_reason: reason })
    .where('id', '=', sid)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every session of a user, except `keepSid` (the one making the change) when given. */
export async function revokeUserSessions(
  a: Pick<Accounts, 'db' | 'now'>,
  userId: number,
  reason: string,
  keepSid?: string,
): Promise<void> {
  let q = a.db
    .updateTable('auth_session')
    .set({ revoked_at: a.now(), revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepSid) q = q.where('id', '!=', keepSid);
  await q.execute();
}

/** grant_type=refresh_token: rotation with reuse detection. */
export async function refreshGrant(a: Accounts, refreshToken: string, ip: string): Promise<TokenResponse> {
  const claims = await verifyToken(a, refreshToken, 'refresh');
  if (!claims) throw invalidGrant(AUTH_MESSAGES.invalidRefresh);
  const now = a.now();
  const session = await a.db.selectFrom('auth_session').selectAll().where('id', '=', claims.sid).executeTakeFirst();
  const userId = Number(claims.sub);
  const fail = async (detail: string) => {
    await appendAudit(a.db, now, { userId: session?.user_id ?? null, ip, action: 'token.refresh', object: claims.sid, result: 'failure', detail });
    return invalidGrant(AUTH_MESSAGES.invalidRefresh);
  };
  if (!session || session.user_id !== userId) throw await fail('unknown_session');
  if (session.revoked_at !== null) throw await fail(`revoked:${session.revoked_reason ?? ''}`);
  if (session.expires_at <= now) throw await fail('session_expired');
  if (session.current_jti !== claims.jti) {
    await revokeSession(a, session.id, 'refresh_reuse');
    throw await fail('refresh_reuse');
  }
  const user = await a.db.selectFrom('app_user').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!user || user.is_allowed !== 1) {
    await revokeSession(a, session.id, 'disabled');
    await appendAudit(a.db, now, { userId, ip, action: 'token.refresh', object: session.id, result: 'failure', detail: 'disabled' });
    throw invalidGrant(AUTH_MESSAGES.disabled);
  }
  const nextJti = randomId();
  const rotated = await a.db
    .updateTable('auth_session')
    .set((eb) => ({ current_jti: nextJti, generation: eb('generation', '+', 1), last_used_at: now }))
    .where('id', '=', session.id)
    .where('current_jti', '=', claims.jti)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (Number(rotated.numUpdatedRows) !== 1) {
    // Someone rotated it a moment ago with the same token: that is reuse too.
    await revokeSession(a, session.id, 'refresh_reuse');
    throw await fail('refresh_reuse');
  }
  return tokenPair(a, user, session.id, nextJti, session.expires_at);
}

/** A bearer token → the user, when the token is a valid access token of an open session of an allowed user. */
export async function authenticate(a: Accounts, token: string): Promise<AuthUser | null> {
  const claims = await verifyToken(a, token, 'access');
  if (!claims) return null;
  const row = await lookUpSession(a.db, claims.sid);
  if (!row || String(row.id) !== claims.sub || row.revoked_at !== null || row.is_allowed !== 1 || row.expires_at <= a.now()) {
    return null;
  }
  return { id: row.id, loginName: row.login_name, userType: row.user_type, sessionId: claims.sid };
}

type SessionRow = { id: number; login_name: string; user_type: number; is_allowed: number; revoked_at: number | null; expires_at: number };

interface SessionLookups {
  /** sid → its waiting callers, for the next query. */
  waiting: Map<string, Array<{ resolve: (row: SessionRow | undefined) => void; reject: (error: unknown) => void }>>;
  /** A query is out: lookups arriving meanwhile wait for the next one. */
  busy: boolean;
}
const sessionLookups = new WeakMap<Kysely<Database>, SessionLookups>();
const SESSION_BATCH = 500;

function sessionLookupsOf(db: Kysely<Database>): SessionLookups {
  let lookups = sessionLookups.get(db);
  if (!lookups) sessionLookups.set(db, (lookups = { waiting: new Map(), busy: false }));
  return lookups;
}

/**
 * A session and its user, looked up together with the lookups of the same turn and those arriving while a
 * query is out: one query for all of them, one query at a time. When a node dies its thousands of push
 * streams reach another within seconds, each authenticated; a query each queued on the pool for seconds
 * (bench:nodes), where a query per batch does not.
 */
function lookUpSession(db: Kysely<Database>, sid: string): Promise<SessionRow | undefined> {
  const lookups = sessionLookupsOf(db);
  return new Promise((resolve, reject) => {
    const first = lookups.waiting.size === 0;
    const list = lookups.waiting.get(sid);
    if (list) list.push({ resolve, reject });
    else lookups.waiting.set(sid, [{ resolve, reject }]);
    if (first && !lookups.busy) setImmediate(() => void runSessionLookups(db, lookups));
  });
}

/** One query for the lookups waiting (up to SESSION_BATCH); then the next batch, if any arrived meanwhile. */
async function runSessionLookups(db: Kysely<Database>, state: SessionLookups): Promise<void> {
  const batch = [...state.waiting].slice(0, SESSION_BATCH);
  for (const [id] of batch) state.waiting.delete(id);
  state.busy = true;
  try {
    const rows = await db
      .selectFrom('auth_session')
      .innerJoin('app_user', 'app_user.id', 'auth_session.user_id')
      .select(['auth_session.id as sid', 'app_user.id', 'app_user.login_name', 'app_user.user_type', 'app_user.is_allowed', 'auth_session.revoked_at', 'auth_session.expires_at'])
      .where('auth_session.id', 'in', batch.map(([id]) => id))
      .execute();
    const bySid = new Map(rows.map(({ sid: id, ...row }) => [id, row]));
    for (const [id, callers] of batch) for (const c of callers) c.resolve(bySid.get(id));
  } catch (error) {
    for (const [, callers] of batch) for (const c of callers) c.reject(error);
  } finally {
    state.busy = false;
    if (state.waiting.size > 0) setImmediate(() => void runSessionLookups(db, state));
  }
}

/** The user and session a bearer token names. */
export interface BearerClaims {
  userId: number;
  sessionId: string;
}

/**
 * An access token's user and session — signature, algorithm, type and times checked — without looking
 * the session up: for a caller that checks the session in a statement of its own (the bidding engine, in
 * the bid's transaction), as `authenticate` does otherwise.
 */
export async function accessTokenClaims(a: Accounts, token: string): Promise<BearerClaims | null> {
  const claims = await verifyToken(a, token, 'access');
  const userId = Number(claims?.sub);
  return claims && Number.isSafeInteger(userId) && String(userId) === claims.sub ? { userId, sessionId: claims.sid } : null;
}

/** For logout: the session a refresh token belongs to (signature and expiry checked), or null. */
export async function sessionOfRefreshToken(a: Accounts, token: string): Promise<string | null> {
  return (await verifyToken(a, token, 'refresh'))?.sid ?? null;
}

/** For logout: the session of an access token (signature and expiry checked), or null. */
export async function sessionOfAccessToken(a: Accounts, token: string): Promise<string | null> {
  return (await verifyToken(a, token, 'access'))?.sid ?? null;
}
