/**
 * The staff console's API (STAFF_PATHS) as msw handlers with a small in-memory state: demo members, sessions
 * (a test ends one with `staffMock.endSessions()`), four-eyes items (money kinds answer 428 until the
 * password is confirmed), the audit trail, the queues. Captchas and the password key are the portal's
 * (handlers/auth.ts).
 */
import { http, HttpResponse } from 'msw';
import { STAFF_PATHS, type ApprovalItem, type QueueSummary, type StaffAuditEntry, type StaffMe, type StaffMember } from '#domain/contract/staff';
import { permissionsOf, STAFF_IDLE_MINUTES, STAFF_REAUTH_CODE, STAFF_REAUTH_MESSAGE, type StaffPermission, type StaffRole } from '#domain/rules/staff';
import { DEMO_PASSWORD, decrypt, spendCaptcha } from './auth';

const api = (path: string) => `/api${path}`;
const ok = <T>(data: T) => HttpResponse.json({ code: 200, success: true, msg: '操作成功', data });
const fail = (code: number, msg: string) => HttpResponse.json({ code, success: false, msg, data: null }, { status: code });

const member = (id: number, loginName: string, name: string, roles: StaffRole[]): StaffMember => ({
  id,
  loginName,
  name,
  roles,
  disabled: false,
  lastLoginTime: '2026-11-20 09:00:00',
  createTime: '2026-11-01 08:00:00',
});

function freshState() {
  return {
    members: [
      member(1, 'op_admin', '赵国梁', ['admin', 'review', 'auction', 'finance', 'content']),
      member(2, 'op_review', '孙丽华', ['review']),
      member(3, 'op_auction', '周建军', ['auction']),
      member(4, 'op_finance', '吴晓峰', ['finance']),
      member(5, 'op_editor', '郑文静', ['content']),
    ],
    /** token → login name */
    sessions: new Map<string, string>(),
    confirmed: false,
    confirmCalls: 0,
    approvals: [
      {
        id: 11,
        kind: 'deal.payout',
        kindLabel: '向转让方付款',
        subject: 'deal:88',
        summary: '向河北冀通物流有限公司付款 1,250,000.00 元',
        payload: '{"dealId":88,"amount":1250000}',
        state: 'pending',
        preparedBy: '吴晓峰（op_finance）',
        preparedAt: '2026-11-26 10:00:00',
        decidedBy: null,
        decidedAt: null,
        reason: '',
        canApprove: true,
        canWithdraw: false,
      },
      {
        id: 12,
        kind: 'lot.publish',
        kindLabel: '发布项目',
        subject: 'project:301',
        summary: '发布项目 石家庄市某国有企业 30% 股权转让',
        payload: '{"projectId":301}',
        state: 'pending',
        preparedBy: '赵国梁（op_admin）',
        preparedAt: '2026-11-26 11:00:00',
        decidedBy: null,
        decidedAt: null,
        reason: '',
        canApprove: false,
        canWithdraw: true,
      },
    ] as ApprovalItem[],
    audit: [
      {
        id: 3,
        time: '2026-11-26 12:00:00',
        staffId: 1,
        staffLogin: 'op_admin',
        action: 'staff.update',
        subject: 'staff:5',
        before: '{"roles":["review"]}',
        after: '{"roles":["content"]}',
        reason: '',
        ip: '10.1.2.3',
        approvalId: null,
      },
      { id: 2, time: '2026-11-26 09:00:00', staffId: 1, staffLogin: 'op_admin', action: 'staff.create', subject: 'staff:5', before: null, after: '{"loginName":"op_editor"}', reason: '', ip: '10.1.2.3', approvalId: null },
    ] as StaffAuditEntry[],
    auditQueries: [] as Record<string, string>[],
    exports: [] as Record<string, string>[],
    queues: [
      { key: 'approval', label: '待复核', count: 2, oldestSince: '2026-11-26 10:00:00', oldestWaitMinutes: 300 },
      { key: 'realName', label: '实名认证', count: 4, oldestSince: '2026-11-26 14:30:00', oldestWaitMinutes: 30 },
      { key: 'withdrawal', label: '提现', count: 0, oldestSince: null, oldestWaitMinutes: null },
    ] as QueueSummary[],
    created: [] as Record<string, unknown>[],
    updates: [] as Record<string, unknown>[],
  };
}

let serial = 0;

function meOf(loginName: string): StaffMe {
  const staff = staffMock.state.members.find((m) => m.loginName === loginName)!;
  return { staff, permissions: permissionsOf(staff.roles), idleMinutes: STAFF_IDLE_MINUTES, expiresAt: '2026-11-26 23:00:00', confirmedUntil: null };
}

export const staffMock = {
  state: freshState(),
  reset() {
    staffMock.state = freshState();
  },
  /** A session the server knows, for `loginName`: its token (the browser stores it with staffSession.save). */
  issue(loginName: string): string {
    serial += 1;
    const token = `stf_${loginName}_${serial}`;
    staffMock.state.sessions.set(token, loginName);
    return token;
  },
  /** The server ends every session (idle, expired): the next call answers 401. */
  endSessions() {
    staffMock.state.sessions.clear();
  },
};

type Signed = { loginName: string; me: StaffMe };

function signedIn(request: Request): Signed | null {
  const token = (request.headers.get('Authorization') ?? '').replace(/^Bearer /, '');
  const loginName = staffMock.state.sessions.get(token);
  return loginName ? { loginName, me: meOf(loginName) } : null;
}

async function body(request: Request): Promise<Record<string, unknown>> {
  try {
    return (await request.json()) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** A staff route: 401 without a session, 403 without the permission. */
function staffRoute(permission: StaffPermission | null, handle: (request: Request, who: Signed) => Response | Promise<Response>) {
  return async ({ request }: { request: Request }) => {
    const who = signedIn(request);
    if (!who) return fail(401, '工作系统登录已过期，请重新登录');
    if (permission && !who.me.permissions.includes(permission)) return fail(403, '无操作权限');
    return handle(request, who);
  };
}

function decided(id: number, change: Partial<ApprovalItem>): Response {
  const item = staffMock.state.approvals.find((a) => a.id === id);
  if (!item) return fail(404, '复核单不存在');
  if (item.state !== 'pending') return fail(409, '该复核单已处理');
  Object.assign(item, change, { canApprove: false, canWithdraw: false, decidedAt: '2026-11-26 15:00:00' });
  return ok(item);
}

export const staffHandlers = [
  http.post(api(STAFF_PATHS.login), async ({ request }) => {
    const input = await body(request);
    if (!spendCaptcha(input.captchaKey as string, input.captchaCode as string)) return fail(400, '验证码错误或已过期');
    const known = staffMock.state.members.find((m) => m.loginName === input.loginName);
    if (!known || (await decrypt(input.password as string)) !== DEMO_PASSWORD) return fail(400, '登录名或密码错误');
    return ok({ ...meOf(known.loginName), token: staffMock.issue(known.loginName) });
  }),
  http.post(api(STAFF_PATHS.logout), staffRoute(null, (request) => {
    const token = (request.headers.get('Authorization') ?? '').replace(/^Bearer /, '');
    staffMock.state.sessions.delete(token);
    return ok(null);
  })),
  http.get(api(STAFF_PATHS.me), staffRoute(null, (_request, who) => ok(who.me))),
  http.post(api(STAFF_PATHS.confirmPassword), staffRoute(null, async (request) => {
    staffMock.state.confirmCalls += 1;
    if ((await decrypt((await body(request)).password as string)) !== DEMO_PASSWORD) return fail(400, '密码错误');
    staffMock.state.confirmed = true;
    return ok({ confirmedUntil: '2026-11-26 15:05:00' });
  })),
  http.post(api(STAFF_PATHS.changePassword), staffRoute(null, async (request) => {
    const input = await body(request);
    if ((await decrypt(input.oldPassword as string)) !== DEMO_PASSWORD) return fail(400, '原密码错误');
    return ok(null);
  })),
  http.get(api(STAFF_PATHS.queues), staffRoute(null, () => ok(staffMock.state.queues))),
  http.get(api(STAFF_PATHS.approvalPage), staffRoute(null, ({ url }) => {
    const query = new URL(url).searchParams;
    const records = staffMock.state.approvals.filter(
      (a) => (!query.get('state') || a.state === query.get('state')) && (!query.get('kind') || a.kind === query.get('kind')),
    );
    return ok({ records, total: records.length, size: 20, current: 1, pages: 1 });
  })),
  http.post(api(STAFF_PATHS.approvalApprove), staffRoute(null, async (request, who) => {
    const { id } = await body(request);
    const item = staffMock.state.approvals.find((a) => a.id === id);
    if (item && ['deal.payout', 'transfer.confirm', 'deposit.forfeit'].includes(item.kind) && !staffMock.state.confirmed) {
      return fail(STAFF_REAUTH_CODE, STAFF_REAUTH_MESSAGE);
    }
    return decided(Number(id), { state: 'approved', decidedBy: `${who.me.staff.name}（${who.loginName}）` });
  })),
  http.post(api(STAFF_PATHS.approvalReject), staffRoute(null, async (request, who) => {
    const { id, reason } = await body(request);
    if (typeof reason !== 'string' || !reason.trim()) return fail(400, '退回原因不能为空');
    return decided(Number(id), { state: 'rejected', reason, decidedBy: `${who.me.staff.name}（${who.loginName}）` });
  })),
  http.post(api(STAFF_PATHS.approvalWithdraw), staffRoute(null, async (request) => {
    const { id } = await body(request);
    return decided(Number(id), { state: 'withdrawn' });
  })),
  http.get(api(STAFF_PATHS.auditPage), staffRoute('audit.view', ({ url }) => {
    const query = Object.fromEntries(new URL(url).searchParams);
    staffMock.state.auditQueries.push(query);
    const records = staffMock.state.audit.filter((e) => (!query.action || e.action.startsWith(query.action)) && (!query.staff || e.staffLogin === query.staff));
    return ok({ records, total: records.length, size: 20, current: 1, pages: 1 });
  })),
  http.get(api(STAFF_PATHS.auditExport), staffRoute('audit.view', ({ url }) => {
    const query = Object.fromEntries(new URL(url).searchParams);
    staffMock.state.exports.push(query);
    return new HttpResponse('\uFEFF时间,工作人员,操作\n', { headers: { 'content-type': query.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/octet-stream' } });
  })),
  http.get(api(STAFF_PATHS.staffList), staffRoute('staff.manage', () => ok(staffMock.state.members))),
  http.post(api(STAFF_PATHS.staffCreate), staffRoute('staff.manage', async (request) => {
    const input = await body(request);
    staffMock.state.created.push(input);
    if (staffMock.state.members.some((m) => m.loginName === input.loginName)) return fail(409, '该登录名已被使用');
    const created = member(staffMock.state.members.length + 1, String(input.loginName), String(input.name), input.roles as StaffRole[]);
    staffMock.state.members.push(created);
    return ok(created);
  })),
  http.post(api(STAFF_PATHS.staffUpdate), staffRoute('staff.manage', async (request) => {
    const input = await body(request);
    staffMock.state.updates.push(input);
    const target = staffMock.state.members.find((m) => m.id === input.id)!;
    Object.assign(target, input);
    return ok(target);
  })),
  http.post(api(STAFF_PATHS.staffResetPassword), staffRoute('staff.manage', () => ok(null))),
];
