/**
 * The work system's staff, for scripts and for the first 管理员 of an installation (the demo seeds its
 * own; a real one has none until this runs). The console's 工作人员 page does the same for a 管理员.
 *
 *   npm run ops -- staff list
 *   npm run ops -- staff create <loginName> --name "姓名" --roles review,finance --password "…"
 *   npm run ops -- staff roles <loginName> --roles auction
 *   npm run ops -- staff disable <loginName> | enable <loginName>
 *   npm run ops -- staff reset-password <loginName> --password "…"
 */
import { STAFF_ROLE_LABELS, STAFF_ROLES } from '#domain/rules/staff';
import type { StaffActor } from '../../services/staff/audit.ts';
import { createStaff, listStaff, resetStaffPassword, updateStaff } from '../../services/staff/members.ts';
import { parseCommand, requiredText, UsageError, type CommandGroup } from './shared.ts';

const OPTIONS = {
  name: { type: 'string' },
  roles: { type: 'string' },
  password: { type: 'string' },
} as const;

const ROLE_LIST = STAFF_ROLES.map((r) => `${r}（${STAFF_ROLE_LABELS[r]}）`).join('、');

export const staffCommands: CommandGroup = {
  names: ['staff'],
  usage: `  npm run ops -- staff list
  npm run ops -- staff create <登录名> --name "姓名" --roles review,finance --password "初始密码"   （角色：${ROLE_LIST}）
  npm run ops -- staff roles <登录名> --roles auction | disable <登录名> | enable <登录名>
  npm run ops -- staff reset-password <登录名> --password "新密码"`,

  async run(ctx, _group, argv) {
    const { db, print } = ctx;
    const { values: o, positionals } = parseCommand(argv, OPTIONS);
    const [action, loginName] = positionals;
    const now = ctx.now();
    const member = async () => {
      if (!loginName) throw new UsageError('缺少登录名');
      const row = await db.selectFrom('staff').select(['id']).where('login_name', '=', loginName).executeTakeFirst();
      if (!row) throw new UsageError(`没有工作人员 ${loginName}`);
      return Number(row.id);
    };
    // No staff member: the audit trail names the OS user (ops:<user>).
    const cli: StaffActor = { id: 0, loginName: ctx.reviewer, name: ctx.reviewer, ip: 'cli' };
    const roles = () => requiredText(o.roles, '--roles', '角色').split(',').map((r) => r.trim());
    if (action === 'list') {
      for (const m of await listStaff(db)) print(`#${m.id}\t${m.loginName}\t${m.name}\t${m.roles.map((r) => STAFF_ROLE_LABELS[r]).join('、')}\t${m.disabled ? '已停用' : '正常'}\t最近登录 ${m.lastLoginTime ?? '—'}`);
      return;
    }
    if (action === 'create') {
      if (!loginName) throw new UsageError('缺少登录名');
      const created = await createStaff(db, { loginName, name: requiredText(o.name, '--name', '姓名'), roles: roles(), password: requiredText(o.password, '--password', '初始密码') }, now, cli);
      print(`已创建工作人员 #${created.id} ${created.loginName}（${created.roles.map((r) => STAFF_ROLE_LABELS[r]).join('、')}）`);
      return;
    }
    if (action === 'roles' || action === 'disable' || action === 'enable') {
      const id = await member();
      const change = action === 'roles' ? { id, roles: roles() } : { id, disabled: action === 'disable' };
      const updated = await updateStaff(db, change, now, cli);
      print(`${updated.loginName}：${updated.roles.map((r) => STAFF_ROLE_LABELS[r]).join('、')}，${updated.disabled ? '已停用' : '正常'}`);
      return;
    }
    if (action === 'reset-password') {
      await resetStaffPassword(db, await member(), requiredText(o.password, '--password', '新密码'), now, cli);
      print(`${loginName} 的密码已重置，其登录会话已结束`);
      return;
    }
    throw new UsageError(`未知的 staff 操作: ${action ?? ''}`);
  },
};
