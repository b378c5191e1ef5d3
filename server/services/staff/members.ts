/**
 * Staff accounts: who they are and which roles they hold. Created by a 管理员 in the console or by
 * `npm run ops -- staff create`; passwords hashed as the bidders' (argon2id), never shown again.
 */
import type { Kysely, Selectable } from 'kysely';
import { formatChinaTime } from '#domain/rules/chinaTime';
import { STAFF_LOGIN_PATTERN, STAFF_ROLES, type StaffRole } from '#domain/rules/staff';
import type { StaffMember } from '#domain/contract/staff';
import type { Database } from '../../db/schema.ts';
import type { StaffTable } from '../../db/tables/staff.ts';
import { BusinessError } from '../../lib/envelope.ts';
import { hashPassword, passwordProblem } from '../accounts/passwords.ts';
import { recordStaffAction, type StaffActor } from './audit.ts';

export type StaffRow = Selectable<StaffTable>;

export function rolesOf(row: Pick<StaffRow, 'roles'>): StaffRole[] {
  return row.roles
    .split(',')
    .map((r) => r.trim())
    .filter((r): r is StaffRole => (STAFF_ROLES as readonly string[]).includes(r));
}

export function toStaffMember(row: StaffRow): StaffMember {
  return {
    id: Number(row.id),
    loginName: row.login_name,
    name: row.name,
    roles: rolesOf(row),
    disabled: row.disabled === 1,
    lastLoginTime: row.last_login_at === null ? null : formatChinaTime(Number(row.last_login_at)),
    createTime: formatChinaTime(Number(row.created_at)),
  };
}

function checkRoles(roles: readonly string[]): StaffRole[] {
  const unique = [...new Set(roles)];
  if (unique.length === 0) throw new BusinessError(400, '请至少选择一个角色');
  for (const role of unique) if (!(STAFF_ROLES as readonly string[]).includes(role)) throw new BusinessError(400, `角色不正确：${role}`);
  return STAFF_ROLES.filter((r) => unique.includes(r));
}

function checkPassword(password: string): void {
  const problem = passwordProblem(password);
  if (problem) throw new BusinessError(400, problem);
}

export async function listStaff(db: Kysely<Database>): Promise<StaffMember[]> {
  return (await db.selectFrom('staff').selectAll().orderBy('id').execute()).map(toStaffMember);
}

export async function staffById(db: Kysely<Database>, id: number): Promise<StaffRow> {
  const row = await db.selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new BusinessError(404, '工作人员不存在');
  return row;
}

export interface NewStaff {
  loginName: string;
  name: string;
  roles: readonly string[];
  password: string;
}

/** Creates a staff member; `actor` null for the installation's own seed and the ops command's first admin. */
export async function createStaff(db: Kysely<Database>, input: NewStaff, now: number, actor: StaffActor | null): Promise<StaffMember> {
  if (!STAFF_LOGIN_PATTERN.test(input.loginName)) throw new BusinessError(400, '登录名须以字母开头，由3-32位字母、数字或下划线组成');
  const name = input.name.trim();
  if (!name || name.length > 20) throw new BusinessError(400, '姓名须为1-20个字符');
  const roles = checkRoles(input.roles);
  checkPassword(input.password);
  const taken = await db.selectFrom('staff').select('id').where('login_name', '=', input.loginName).executeTakeFirst();
  if (taken) throw new BusinessError(409, '该登录名已被使用');
  const passwordHash = await hashPassword(input.password);
  const row = await db
    .insertInto('staff')
    .values({ login_name: input.loginName, name, password_hash: passwordHash, roles: roles.join(','), locked_until: null, last_login_at: null, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  const member = toStaffMember(row);
  await recordStaffAction(db, now, actor, { action: 'staff.create', subject: `staff:${member.id}`, after: { loginName: member.loginName, name, roles } });
  return member;
}

export interface StaffChange {
  id: number;
  name?: string | undefined;
  roles?: readonly string[] | undefined;
  disabled?: boolean | undefined;
}

export async function updateStaff(db: Kysely<Database>, change: StaffChange, now: number, actor: StaffActor): Promise<StaffMember> {
  const before = await staffById(db, change.id);
  const roles = change.roles === undefined ? rolesOf(before) : checkRoles(change.roles);
  const name = change.name === undefined ? before.name : change.name.trim();
  if (!name || name.length > 20) throw new BusinessError(400, '姓名须为1-20个字符');
  const disabled = change.disabled === undefined ? before.disabled === 1 : change.disabled;
  // Nobody disables himself or drops his own 管理员 role: an installation could lose its last one so.
  if (Number(before.id) === actor.id && (disabled || !roles.includes('admin'))) throw new BusinessError(409, '不能停用本人账号或取消本人的管理员角色');
  const after = await db
    .updateTable('staff')
    .set({ name, roles: roles.join(','), disabled: disabled ? 1 : 0, updated_at: now })
    .where('id', '=', change.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  // A disabled member's sessions end now.
  if (disabled) await db.updateTable('staff_session').set({ ended_at: now }).where('staff_id', '=', change.id).where('ended_at', 'is', null).execute();
  const view = (r: StaffRow) => ({ name: r.name, roles: rolesOf(r), disabled: r.disabled === 1 });
  await recordStaffAction(db, now, actor, { action: 'staff.update', subject: `staff:${change.id}`, before: view(before), after: view(after) });
  return toStaffMember(after);
}

export async function resetStaffPassword(db: Kysely<Database>, id: number, password: string, now: number, actor: StaffActor | null): Promise<void> {
  await staffById(db, id);
  checkPassword(password);
  const passwordHash = await hashPassword(password);
  await db.updateTable('staff').set({ password_hash: passwordHash, failed_logins: 0, locked_until: null, updated_at: now }).where('id', '=', id).execute();
  await db.updateTable('staff_session').set({ ended_at: now }).where('staff_id', '=', id).where('ended_at', 'is', null).execute();
  await recordStaffAction(db, now, actor, { action: 'staff.resetPassword', subject: `staff:${id}` });
}
