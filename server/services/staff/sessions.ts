/**
 * Staff sessions: shorter than bidders' (STAFF_IDLE_MINUTES idle, STAFF_SESSION_HOURS at most), an
 * opaque token kept only as its sha256, ended on logout, a password change, a disabled account. Money
 * actions need a password confirmed within STAFF_REAUTH_MINUTES (the session's confirmed_until).
 * Login takes the captcha and the RSA-encrypted password as the portal's does, and locks the account
 * after STAFF_MAX_FAILURES wrong passwords.
 */
import { formatChinaTime } from '#domain/rules/chinaTime';
import {
  permissionsOf,
  STAFF_IDLE_MINUTES,
  STAFF_LOCK_MINUTES,
  STAFF_MAX_FAILURES,
  STAFF_REAUTH_CODE,
  STAFF_REAUTH_MESSAGE,
  STAFF_REAUTH_MINUTES,
  STAFF_SESSION_HOURS,
  type StaffRole,
} from '#domain/rules/staff';
import type { StaffMe, StaffSession } from '#domain/contract/staff';
import { BusinessError } from '../../lib/envelope.ts';
import { consumeCaptcha } from '../accounts/captcha.ts';
import type { Accounts } from '../accounts/context.ts';
import { decryptPassword, randomId, sha256Hex } from '../accounts/crypto.ts';
import { dummyHash, hashPassword, passwordProblem, verifyPassword } from '../accounts/passwords.ts';
import { recordStaffAction, type StaffActor } from './audit.ts';
import { rolesOf, staffById, toStaffMember } from './members.ts';

export const STAFF_TOKEN_PREFIX = 'stf_';
const IDLE_MS = STAFF_IDLE_MINUTES * 60_000;
const SESSION_MS = STAFF_SESSION_HOURS * 3_600_000;
/** last_seen_at is written at most this often per session (a console polls; every poll need not write). */
const TOUCH_EVERY_MS = 30_000;

/** The staff member behind a request (request.staff). */
export interface StaffContext extends StaffActor {
  roles: StaffRole[];
  tokenHash: string;
  expiresAt: number;
  lastSeenAt: number;
  confirmedUntil: number | null;
}

export interface StaffLogin {
  loginName: string;
  /** RSA-encrypted, as the portal's login. */
  password: string;
  captchaKey: string;
  captchaCode: string;
}

const WRONG = '登录名或密码错误';

export async function staffLogin(a: Accounts, p: StaffLogin, ip: string): Promise<StaffSession> {
  const { db } = a;
  const now = a.now();
  if (!(await consumeCaptcha(a, p.captchaKey, p.captchaCode))) throw new BusinessError(400, '验证码错误或已过期');
  const row = await db.selectFrom('staff').selectAll().where('login_name', '=', p.loginName).executeTakeFirst();
  const failed = (detail: string) =>
    recordStaffAction(db, now, row ? { id: Number(row.id), loginName: row.login_name, name: row.name, ip } : { id: 0, loginName: p.loginName.slice(0, 32), name: '', ip }, {
      action: 'auth.login.failed',
      subject: row ? `staff:${row.id}` : '',
      reason: detail,
    });
  if (row?.locked_until && Number(row.locked_until) > now) {
    await failed('locked');
    throw new BusinessError(423, `密码错误次数过多，账号已锁定，请于${formatChinaTime(Number(row.locked_until), 'MM-DD HH:mm')}后再试`);
  }
  const password = decryptPassword(a.secrets.rsaPrivateKey, p.password);
  const matches = (await verifyPassword(row?.password_hash ?? (await dummyHash()), password ?? '\u0000not-a-password')) && password !== null && row !== undefined;
  if (!row || !matches) {
    if (row) {
      const failures = row.failed_logins + 1;
      await db
        .updateTable('staff')
        .set(failures >= STAFF_MAX_FAILURES ? { failed_logins: 0, locked_until: now + STAFF_LOCK_MINUTES * 60_000 } : { failed_logins: failures })
        .where('id', '=', row.id)
        .execute();
    }
    await failed('bad_credentials');
    throw new BusinessError(400, WRONG);
  }
  if (row.disabled === 1) {
    await failed('disabled');
    throw new BusinessError(403, '该工作人员账号已停用');
  }
  const token = `${STAFF_TOKEN_PREFIX}${randomId(32)}`;
  const tokenHash = sha256Hex(token);
  await db.updateTable('staff').set({ failed_logins: 0, locked_until: null, last_login_at: now }).where('id', '=', row.id).execute();
  await db
    .insertInto('staff_session')
    .values({ token_hash: tokenHash, staff_id: row.id, ip: ip.slice(0, 64), created_at: now, last_seen_at: now, expires_at: now + SESSION_MS, confirmed_until: null, ended_at: null })
    .execute();
  const actor = { id: Number(row.id), loginName: row.login_name, name: row.name, ip };
  await recordStaffAction(db, now, actor, { action: 'auth.login', subject: `staff:${row.id}` });
  const context: StaffContext = { ...actor, roles: rolesOf(row), tokenHash, expiresAt: now + SESSION_MS, lastSeenAt: now, confirmedUntil: null };
  return { token, ...(await staffMe(a, context)) };
}

/** The session of a staff token, or null when it is unknown, ended, idle too long or expired, or its member disabled. */
export async function staffOfToken(a: Accounts, token: string, ip: string): Promise<StaffContext | null> {
  if (!token.startsWith(STAFF_TOKEN_PREFIX)) return null;
  const now = a.now();
  const tokenHash = sha256Hex(token);
  const row = await a.db
    .selectFrom('staff_session')
    .innerJoin('staff', 'staff.id', 'staff_session.staff_id')
    .select(['staff.id', 'staff.login_name', 'staff.name', 'staff.roles', 'staff.disabled', 'staff_session.last_seen_at', 'staff_session.expires_at', 'staff_session.confirmed_until', 'staff_session.ended_at'])
    .where('staff_session.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row || row.ended_at !== null || row.disabled === 1) return null;
  const lastSeenAt = Number(row.last_seen_at);
  if (now >= Number(row.expires_at) || now - lastSeenAt >= IDLE_MS) {
    await a.db.updateTable('staff_session').set({ ended_at: now }).where('token_hash', '=', tokenHash).execute();
    return null;
  }
  if (now - lastSeenAt >= TOUCH_EVERY_MS) await a.db.updateTable('staff_session').set({ last_seen_at: now }).where('token_hash', '=', tokenHash).execute();
  return {
    id: Number(row.id),
    loginName: row.login_name,
    name: row.name,
    ip,
    roles: rolesOf(row),
    tokenHash,
    expiresAt: Number(row.expires_at),
    lastSeenAt: now,
    confirmedUntil: row.confirmed_until === null ? null : Number(row.confirmed_until),
  };
}

/** The password-again rule of money actions: 428 unless the member confirmed it within STAFF_REAUTH_MINUTES. */
export function assertConfirmed(staff: Pick<StaffContext, 'confirmedUntil'>, now: number): void {
  if (staff.confirmedUntil === null || staff.confirmedUntil <= now) throw new BusinessError(STAFF_REAUTH_CODE, STAFF_REAUTH_MESSAGE);
}

export async function staffMe(a: Accounts, staff: StaffContext): Promise<StaffMe> {
  const row = await staffById(a.db, staff.id);
  const now = a.now();
  return {
    staff: toStaffMember(row),
    permissions: permissionsOf(rolesOf(row)),
    idleMinutes: STAFF_IDLE_MINUTES,
    expiresAt: formatChinaTime(staff.expiresAt),
    confirmedUntil: staff.confirmedUntil !== null && staff.confirmedUntil > now ? formatChinaTime(staff.confirmedUntil) : null,
  };
}

export async function staffLogout(a: Accounts, staff: StaffContext): Promise<void> {
  await a.db.updateTable('staff_session').set({ ended_at: a.now() }).where('token_hash', '=', staff.tokenHash).execute();
  await recordStaffAction(a.db, a.now(), staff, { action: 'auth.logout', subject: `staff:${staff.id}` });
}

async function checkOwnPassword(a: Accounts, staff: StaffContext, encrypted: string): Promise<string> {
  const row = await staffById(a.db, staff.id);
  const password = decryptPassword(a.secrets.rsaPrivateKey, encrypted);
  if (password === null || !(await verifyPassword(row.password_hash, password))) {
    await recordStaffAction(a.db, a.now(), staff, { action: 'auth.confirm.failed', subject: `staff:${staff.id}` });
    throw new BusinessError(400, '密码错误');
  }
  return password;
}

/** The password again: covers money actions for STAFF_REAUTH_MINUTES. */
export async function confirmStaffPassword(a: Accounts, staff: StaffContext, encrypted: string): Promise<{ confirmedUntil: string }> {
  await checkOwnPassword(a, staff, encrypted);
  const until = a.now() + STAFF_REAUTH_MINUTES * 60_000;
  await a.db.updateTable('staff_session').set({ confirmed_until: until }).where('token_hash', '=', staff.tokenHash).execute();
  await recordStaffAction(a.db, a.now(), staff, { action: 'auth.confirm', subject: `staff:${staff.id}` });
  return { confirmedUntil: formatChinaTime(until) };
}

/** Changes the member's own password; every other session of his ends. */
export async function changeStaffPassword(a: Accounts, staff: StaffContext, oldEncrypted: string, newEncrypted: string): Promise<void> {
  await checkOwnPassword(a, staff, oldEncrypted);
  const password = decryptPassword(a.secrets.rsaPrivateKey, newEncrypted);
  if (password === null) throw new BusinessError(400, '新密码格式不正确');
  const problem = passwordProblem(password, '新密码');
  if (problem) throw new BusinessError(400, problem);
  const now = a.now();
  await a.db.updateTable('staff').set({ password_hash: await hashPassword(password), updated_at: now }).where('id', '=', staff.id).execute();
  await a.db.updateTable('staff_session').set({ ended_at: now }).where('staff_id', '=', staff.id).where('token_hash', '!=', staff.tokenHash).where('ended_at', 'is', null).execute();
  await recordStaffAction(a.db, now, staff, { action: 'auth.password', subject: `staff:${staff.id}` });
}
