/**
 * Account calls: registration, password recovery, account recovery, user detail, membership, password
 * and phone changes, avatar, the registration agreement. Inputs arrive checked by the route (formats);
 * the rules that need the database or a secret are here. Nothing is written before every check passed.
 */
import { AUTH_MESSAGES } from '#domain/rules/auth';
import { SMS_PURPOSES, type FindAccountAnswer, type Membership, type RegisterAnswer, type UserDetail, type UserType } from '#domain/contract/auth';
import type { StaffUserItem } from '#domain/contract/staffQueues';
import { BusinessError, notFound } from '../../lib/envelope.ts';
import { containsPattern, likeAnyOf } from '../common/like.ts';
import { formatChinaTime } from '#domain/rules/chinaTime';
import { appendAudit } from './audit.ts';
import type { Accounts } from './context.ts';
import { decryptPassword, maskLoginName, maskMobile, randomId } from './crypto.ts';
import { avatarUrl, MSG_FILE_NOT_FOUND, ownFile } from './files.ts';
import { clearFailures, isLocked, loginKey, recordFailure } from './lockout.ts';
import { createLoginCode, findUserByLoginName, findUserByPhone, passwordMatches } from './login.ts';
import { hashPassword, passwordProblem } from './passwords.ts';
import { AGREEMENT } from './reference.ts';
import { checkSmsCode, peekSmsCode, useSmsCode } from './sms.ts';
import { revokeUserSessions, type AuthUser, type UserRow } from './tokens.ts';
import { creditIndex, idIndex, verificationStatus } from './verification.ts';

export const MSG_PASSWORD_UNREADABLE = '密码解密失败，请刷新页面后重试';
export const MSG_LOGIN_NAME_TAKEN = '该登录名已被注册';
export const MSG_PHONE_TAKEN = '该手机号已被注册';
export const MSG_PHONE_BOUND_ELSEWHERE = '该手机号已被其他账号绑定';
export const MSG_WRONG_PASSWORD = '登录密码错误';
export const MSG_WRONG_OLD_PASSWORD = '原密码错误';

/** Decrypts a new password and applies the password rules; throws 400 naming the field. */
function newPassword(a: Accounts, encrypted: string, field: string): string {
  const password = decryptPassword(a.secrets.rsaPrivateKey, encrypted);
  if (password === null) throw new BusinessError(400, MSG_PASSWORD_UNREADABLE);
  const problem = passwordProblem(password, field);
  if (problem) throw new BusinessError(400, problem);
  return password;
}

async function requireSmsCode(a: Accounts, phone: string, purpose: number, code: string): Promise<void> {
  if (!(await checkSmsCode(a, phone, purpose, code))) throw new BusinessError(400, AUTH_MESSAGES.badSmsCode);
}

async function userRow(a: Accounts, id: number): Promise<UserRow> {
  const row = await a.db.selectFrom('app_user').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new BusinessError(401, AUTH_MESSAGES.notLoggedIn);
  return row;
}

export interface RegisterInput {
  userType: UserType;
  loginName: string;
  password: string;
  phone: string;
  smsCode: string;
}

/**
 * Registration. Whether the login name or the phone is taken is told only to whoever holds the phone's
 * right register code (else anyone could list names and phones): the code is checked first, then the
 * name and phone, and the code is used up in the transaction that creates the user — so a right code
 * answered 该登录名已被注册 stays valid for another name, and two requests with one code make one user.
 */
export async function register(a: Accounts, p: RegisterInput, ip: string): Promise<RegisterAnswer> {
  const password = newPassword(a, p.password, '密码');
  const codeId = await peekSmsCode(a, p.phone, SMS_PURPOSES.register, p.smsCode);
  if (codeId === null) throw new BusinessError(400, AUTH_MESSAGES.badSmsCode);
  if (await findUserByLoginName(a, p.loginName)) throw new BusinessError(400, MSG_LOGIN_NAME_TAKEN);
  if (await findUserByPhone(a, p.phone)) throw new BusinessError(400, MSG_PHONE_TAKEN);
  const hash = await hashPassword(password);
  const now = a.now();
  const loginCode = randomId(24);
  try {
    await a.db.transaction().execute(async (trx) => {
      if (!(await useSmsCode(trx, codeId, now))) throw new BusinessError(400, AUTH_MESSAGES.badSmsCode);
      const { id } = await trx
        .insertInto('app_user')
        .values({
          login_name: p.loginName,
          login_key: loginKey(p.loginName),
          user_type: p.userType,
          name: '',
          phone: p.phone,
          email: '',
          head_img: '',
          password_hash: hash,
          auth_status: 3,
          is_allowed: 1,
          agreement_version_read: AGREEMENT.version,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await createLoginCode({ db: trx, now: a.now }, id, loginCode);
      await appendAudit(trx, now, { userId: id, loginName: p.loginName, ip, action: 'register', object: `user_type:${p.userType}`, result: 'success' });
    });
  } catch (err) {
    if (err instanceof BusinessError) throw err;
    // Lost a race for the same name or phone: the unique constraints decided (the code is not used up).
    if (await findUserByLoginName(a, p.loginName)) throw new BusinessError(400, MSG_LOGIN_NAME_TAKEN);
    if (await findUserByPhone(a, p.phone)) throw new BusinessError(400, MSG_PHONE_TAKEN);
    throw err;
  }
  return { loginCode };
}

export async function forgetPassword(a: Accounts, p: { phone: string; smsCode: string; newPassword: string }, ip: string): Promise<void> {
  const password = newPassword(a, p.newPassword, '新密码');
  await requireSmsCode(a, p.phone, SMS_PURPOSES.forgetPassword, p.smsCode);
  const user = await findUserByPhone(a, p.phone);
  if (!user) throw new BusinessError(400, '该手机号未绑定任何账号');
  const hash = await hashPassword(password);
  const now = a.now();
  await a.db.updateTable('app_user').set({ password_hash: hash, updated_at: now }).where('id', '=', user.id).execute();
  await revokeUserSessions(a, user.id, 'password_reset');
  await clearFailures(a, user.login_key);
  await appendAudit(a.db, now, { userId: user.id, loginName: user.login_name, ip, action: 'password.reset', result: 'success' });
}

export type FindAccountInput =
  | { userType: 1; name: string; idNumber: string; phone: string; smsCode: string }
  | { userType: 2; creditCode: string; phone: string; smsCode: string };

export async function findAccount(a: Accounts, p: FindAccountInput, ip: string): Promise<FindAccountAnswer> {
  await requireSmsCode(a, p.phone, SMS_PURPOSES.login, p.smsCode);
  let q = a.db
    .selectFrom('verification')
    .innerJoin('app_user', 'app_user.id', 'verification.user_id')
    .select('app_user.login_name')
    .distinct()
    .where('app_user.phone', '=', p.phone)
    .where('verification.state', '=', 'approved');
  q =
    p.userType === 1
      ? q.where('verification.kind', '=', 'person').where('verification.name', '=', p.name).where('verification.id_number_index', '=', idIndex(a.secrets, 0, p.idNumber))
      : q.where('verification.kind', '=', 'org').where('verification.credit_code_index', '=', creditIndex(a.secrets, p.creditCode));
  const rows = await q.orderBy('app_user.login_name').execute();
  await appendAudit(a.db, a.now(), { ip, action: 'account.find', object: `user_type:${p.userType}`, result: rows.length ? 'success' : 'failure' });
  if (rows.length === 0) throw notFound('未找到与所填信息匹配的账号');
  return { loginNames: rows.map((r) => maskLoginName(r.login_name)) };
}

export function toUserDetail(user: UserRow): UserDetail {
  return {
    baseUserId: String(user.id),
    loginName: user.login_name,
    name: user.name || user.login_name,
    authStatus: user.auth_status,
    headImg: user.head_img,
    isAllowAccess: user.is_allowed === 1,
    userType: user.user_type === 2 ? 2 : 1,
    phone: maskMobile(user.phone),
    email: user.email,
    createTime: formatChinaTime(user.created_at),
  };
}

export async function userDetail(a: Accounts, userId: number): Promise<UserDetail> {
  return toUserDetail(await userRow(a, userId));
}

export async function membership(a: Accounts, userId: number): Promise<Membership> {
  return { ...toUserDetail(await userRow(a, userId)), verification: await verificationStatus(a, userId) };
}

/**
 * Checks the current password for a change made while logged in; wrong answers count toward the
 * lockout exactly as at login (it is the same secret).
 */
async function confirmPassword(a: Accounts, user: UserRow, encrypted: string, ip: string, wrongMessage: string): Promise<void> {
  if (await isLocked(a, user.login_key)) throw new BusinessError(400, AUTH_MESSAGES.locked);
  if (!(await passwordMatches(a, user, encrypted))) {
    const locked = await recordFailure(a, user.login_key, ip);
    throw new BusinessError(400, locked ? AUTH_MESSAGES.locked : wrongMessage);
  }
}

export async function updatePassword(a: Accounts, auth: AuthUser, p: { oldPassword: string; newPassword: string }, ip: string): Promise<void> {
  const password = newPassword(a, p.newPassword, '新密码');
  const user = await userRow(a, auth.id);
  await confirmPassword(a, user, p.oldPassword, ip, MSG_WRONG_OLD_PASSWORD);
  if (decryptPassword(a.secrets.rsaPrivateKey, p.oldPassword) === password) throw new BusinessError(400, '新密码不能与原密码相同');
  const hash = await hashPassword(password);
  const now = a.now();
  await a.db.updateTable('app_user').set({ password_hash: hash, updated_at: now }).where('id', '=', user.id).execute();
  await revokeUserSessions(a, user.id, 'password_change', auth.sessionId);
  await clearFailures(a, user.login_key);
  await appendAudit(a.db, now, { userId: user.id, loginName: user.login_name, ip, action: 'password.change', result: 'success' });
}

export async function changePhone(a: Accounts, auth: AuthUser, p: { phone: string; smsCode: string; password: string }, ip: string): Promise<UserDetail> {
  const user = await userRow(a, auth.id);
  if (user.phone === p.phone) throw new BusinessError(400, '新手机号不能与当前手机号相同');
  await confirmPassword(a, user, p.password, ip, MSG_WRONG_PASSWORD);
  // Whether the phone belongs to another account is told only to whoever holds its right code (as at
  // registration); the code is used up by the change itself, so a bound phone's code stays valid.
  const codeId = await peekSmsCode(a, p.phone, SMS_PURPOSES.login, p.smsCode);
  if (codeId === null) throw new BusinessError(400, AUTH_MESSAGES.badSmsCode);
  if (await findUserByPhone(a, p.phone)) throw new BusinessError(400, MSG_PHONE_BOUND_ELSEWHERE);
  const now = a.now();
  try {
    await a.db.transaction().execute(async (trx) => {
      if (!(await useSmsCode(trx, codeId, now))) throw new BusinessError(400, AUTH_MESSAGES.badSmsCode);
      await trx.updateTable('app_user').set({ phone: p.phone, updated_at: now }).where('id', '=', user.id).execute();
    });
  } catch (err) {
    if (err instanceof BusinessError) throw err;
    if (await findUserByPhone(a, p.phone)) throw new BusinessError(400, MSG_PHONE_BOUND_ELSEWHERE);
    throw err;
  }
  await appendAudit(a.db, now, { userId: user.id, loginName: user.login_name, ip, action: 'phone.change', object: maskMobile(p.phone), result: 'success' });
  return userDetail(a, user.id);
}

export async function cancelPhone(a: Accounts, auth: AuthUser, p: { password: string; smsCode: string }, ip: string): Promise<UserDetail> {
  const user = await userRow(a, auth.id);
  if (!user.phone) throw new BusinessError(400, '当前账号未绑定手机号');
  await confirmPassword(a, user, p.password, ip, MSG_WRONG_PASSWORD);
  await requireSmsCode(a, user.phone, SMS_PURPOSES.login, p.smsCode);
  const now = a.now();
  await a.db.updateTable('app_user').set({ phone: null, updated_at: now }).where('id', '=', user.id).execute();
  await appendAudit(a.db, now, { userId: user.id, loginName: user.login_name, ip, action: 'phone.cancel', object: maskMobile(user.phone), result: 'success' });
  return userDetail(a, user.id);
}

export async function updateAvatar(a: Accounts, auth: AuthUser, fileId: string, ip: string): Promise<{ headImg: string }> {
  const file = await ownFile(a, auth.id, fileId);
  if (!file) throw notFound(MSG_FILE_NOT_FOUND);
  if (file.content_type !== 'image/png' && file.content_type !== 'image/jpeg') {
    throw new BusinessError(400, '头像须为 PNG 或 JPEG 图片');
  }
  const headImg = avatarUrl(file.id);
  const now = a.now();
  await a.db.updateTable('app_user').set({ head_img: headImg, updated_at: now }).where('id', '=', auth.id).execute();
  await appendAudit(a.db, now, { userId: auth.id, loginName: auth.loginName, ip, action: 'avatar.update', object: file.id, result: 'success' });
  return { headImg };
}

export async function agreementNeedsReading(a: Accounts, userId: number): Promise<boolean> {
  const user = await userRow(a, userId);
  return user.agreement_version_read !== AGREEMENT.version;
}

export async function acceptAgreement(a: Accounts, auth: AuthUser, ip: string): Promise<void> {
  const now = a.now();
  await a.db.updateTable('app_user').set({ agreement_version_read: AGREEMENT.version, updated_at: now }).where('id', '=', auth.id).execute();
  await appendAudit(a.db, now, { userId: auth.id, loginName: auth.loginName, ip, action: 'agreement.accept', object: AGREEMENT.version, result: 'success' });
}

/** Operator: clears the lockout of a login name. */
/** Staff's user look-up: by login name, name or phone, at most 20, phones masked. */
export async function findUsers(db: Accounts['db'], keyword: string): Promise<StaffUserItem[]> {
  const rows = await db
    .selectFrom('app_user')
    .select(['id', 'login_name', 'name', 'phone', 'user_type', 'auth_status', 'is_allowed'])
    .where(likeAnyOf(['login_name', 'name', 'phone'], containsPattern(keyword)))
    .orderBy('id')
    .limit(20)
    .execute();
  return rows.map((r) => ({ id: Number(r.id), loginName: r.login_name, name: r.name, phone: maskMobile(r.phone), userType: r.user_type, authStatus: r.auth_status, allowed: r.is_allowed === 1 }));
}

export async function unlockUser(a: Pick<Accounts, 'db' | 'now'>, loginName: string): Promise<boolean> {
  const user = await findUserByLoginName(a, loginName);
  if (!user) return false;
  await clearFailures(a, user.login_key);
  await appendAudit(a.db, a.now(), { userId: user.id, loginName: user.login_name, ip: 'ops', action: 'user.unlock', result: 'success' });
  return true;
}
