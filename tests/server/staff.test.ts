/**
 * The work system's foundation on the real database: staff login (captcha, lockout), the short session
 * (idle and absolute limits), roles refused with 403 and audited, four eyes (the preparer can never
 * approve; one decision per item; a failed execution leaves it pending), the password again for money
 * kinds (428), the audit trail (append-only, searchable, exported as CSV and Excel).
 */
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STAFF_IDLE_MINUTES, STAFF_REAUTH_CODE, STAFF_SESSION_HOURS } from '#domain/rules/staff';
import { STAFF_PATHS } from '#domain/contract/staff';
import { STAFF_USER_PATHS } from '#domain/contract/staffQueues';
import { BusinessError } from '../../server/lib/envelope.ts';
import { prepareApproval } from '../../server/services/staff/approvals.ts';
import { rolesOf } from '../../server/services/staff/members.ts';
import { createStaffApp, type StaffTestApp } from './staff-helpers.ts';

let t: StaffTestApp;
beforeEach(async () => {
  t = await createStaffApp();
});
afterEach(async () => {
  await t.close();
});

const MINUTE = 60_000;

describe('staff sign-in and sessions', () => {
  it('logs a demo member in and tells who he is, with his permissions', async () => {
    const token = await t.staffLogin('op_review');
    expect(token.startsWith('stf_')).toBe(true);
    const me = await t.staff(token, 'GET', STAFF_PATHS.me);
    expect(me.body.data.staff).toMatchObject({ loginName: 'op_review', roles: ['review'] });
    expect(me.body.data.permissions).toContain('realName.review');
    expect(me.body.data.permissions).not.toContain('lot.edit');
  });

  it('refuses a wrong password with one message and locks the account after five', async () => {
    for (let i = 0; i < 5; i += 1) {
      const answer = await t.call('POST', `/api${STAFF_PATHS.login}`, { query: { loginName: 'op_finance', password: t.enc('Wrong@2026x'), captchaKey: await t.captcha(), captchaCode: 'e2e7' } });
      expect(answer.body).toMatchObject({ code: 400, msg: '登录名或密码错误' });
    }
    await expect(t.staffLogin('op_finance')).rejects.toThrow(/已锁定/);
    t.clock.now += 31 * MINUTE;
    await expect(t.staffLogin('op_finance')).resolves.toMatch(/^stf_/);
  });

  it('refuses a wrong captcha and an unknown member alike', async () => {
    const bad = await t.call('POST', `/api${STAFF_PATHS.login}`, { query: { loginName: 'op_review', password: t.enc('Demo@2026'), captchaKey: await t.captcha(), captchaCode: 'zzzz' } });
    expect(bad.body).toMatchObject({ code: 400, msg: '验证码错误或已过期' });
    await expect(t.staffLogin('op_nobody')).rejects.toThrow(/登录名或密码错误/);
  });

  it('ends a session after the idle limit, and at the latest after the absolute limit', async () => {
    const idle = await t.staffLogin('op_review');
    t.clock.now += (STAFF_IDLE_MINUTES - 1) * MINUTE;
    expect((await t.staff(idle, 'GET', STAFF_PATHS.me)).body.code).toBe(200);
    t.clock.now += (STAFF_IDLE_MINUTES - 1) * MINUTE;
    expect((await t.staff(idle, 'GET', STAFF_PATHS.me)).body.code).toBe(200);
    t.clock.now += STAFF_IDLE_MINUTES * MINUTE;
    expect((await t.staff(idle, 'GET', STAFF_PATHS.me)).body).toMatchObject({ code: 401, msg: '工作系统登录已过期，请重新登录' });

    const busy = await t.staffLogin('op_review');
    for (let elapsed = 0; elapsed < STAFF_SESSION_HOURS * 60; elapsed += 10) {
      t.clock.now += 10 * MINUTE;
      const answer = await t.staff(busy, 'GET', STAFF_PATHS.me);
      if (elapsed + 10 < STAFF_SESSION_HOURS * 60) expect(answer.body.code).toBe(200);
      else expect(answer.body.code).toBe(401);
    }
  });

  it('ends the session on logout; a bidder token is no staff token and the other way round', async () => {
    const token = await t.staffLogin('op_admin');
    expect((await t.staff(token, 'POST', STAFF_PATHS.logout)).body.code).toBe(200);
    expect((await t.staff(token, 'GET', STAFF_PATHS.me)).body.code).toBe(401);
    const bidder = (await t.login('bidder01')).body.access_token as string;
    expect((await t.staff(bidder, 'GET', STAFF_PATHS.me)).body.code).toBe(401);
    const staffToken = await t.staffLogin('op_admin');
    expect((await t.call('GET', '/api/blade-desk/user-center/statistic', { token: staffToken })).status).not.toBe(200);
  });
});

describe('roles', () => {
  it('answers 403 outside the roles and records the refusal', async () => {
    const editor = await t.staffLogin('op_editor');
    const answer = await t.staff(editor, 'GET', STAFF_PATHS.staffList);
    expect(answer.body).toMatchObject({ code: 403, msg: '无操作权限' });
    const admin = await t.staffLogin('op_admin');
    const trail = await t.staff(admin, 'GET', STAFF_PATHS.auditPage, { staff: 'op_editor', action: 'access.denied' });
    expect(trail.body.data.records[0]).toMatchObject({ staffLogin: 'op_editor', action: 'access.denied', reason: 'staff.manage' });
    // The keyword matches LIKE's own characters as themselves: op_editor, not op editor with any one letter.
    const byKeyword = await t.staff(admin, 'GET', STAFF_PATHS.auditPage, { q: 'op_edit', action: 'access.' });
    expect(byKeyword.body.data.records.map((r: { staffLogin: string }) => r.staffLogin)).toContain('op_editor');
    expect((await t.staff(admin, 'GET', STAFF_PATHS.auditPage, { q: 'op%edit' })).body.data.total).toBe(0);
  });

  it('lets a 管理员 create a member, change his roles and disable him (his sessions end)', async () => {
    const admin = await t.staffLogin('op_admin');
    const created = await t.staff(admin, 'POST', STAFF_PATHS.staffCreate, { loginName: 'op_new', name: '新同事', roles: 'review,content', password: 'Welcome@2026' });
    expect(created.body.data).toMatchObject({ loginName: 'op_new', roles: ['review', 'content'], disabled: false });
    const mate = await t.staffLogin('op_new', 'Welcome@2026');
    const changed = await t.staff(admin, 'POST', STAFF_PATHS.staffUpdate, { id: created.body.data.id, roles: 'finance', disabled: 'true' });
    expect(changed.body.data).toMatchObject({ roles: ['finance'], disabled: true });
    expect((await t.staff(mate, 'GET', STAFF_PATHS.me)).body.code).toBe(401);
    await expect(t.staffLogin('op_new', 'Welcome@2026')).rejects.toThrow(/已停用/);
    const duplicate = await t.staff(admin, 'POST', STAFF_PATHS.staffCreate, { loginName: 'op_new', name: '重名', roles: 'review', password: 'Welcome@2026' });
    expect(duplicate.body).toMatchObject({ code: 409, msg: '该登录名已被使用' });
    const weak = await t.staff(admin, 'POST', STAFF_PATHS.staffCreate, { loginName: 'op_weak', name: '弱密码', roles: 'review', password: '123' });
    expect(weak.body.code).toBe(400);
    const self = await t.staff(admin, 'POST', STAFF_PATHS.staffUpdate, { id: 1, disabled: 'true' });
    expect(self.body.code).toBe(409);
  });
});

describe("审核's account help", () => {
  it('finds a portal user, masked, and lifts a lockout, each step audited', async () => {
    const review = await t.staffLogin('op_review');
    const found = await t.staff(review, 'GET', STAFF_USER_PATHS.find, { q: 'bidder0' });
    expect(found.body.data.length).toBeGreaterThanOrEqual(5);
    expect(found.body.data[0]).toMatchObject({ loginName: 'bidder01', phone: expect.stringMatching(/^\d{3}\*{4}\d{4}$/) });
    expect((await t.staff(review, 'POST', STAFF_USER_PATHS.unlock, { loginName: 'nobody_here' })).body).toMatchObject({ code: 404, msg: '用户不存在' });
    // Five wrong passwords lock bidder02; the unlock lets the right one in again.
    for (let i = 0; i < 5; i += 1) await t.login('bidder02', 'Wrong@2026x');
    expect((await t.login('bidder02')).body.access_token).toBeUndefined();
    expect((await t.staff(review, 'POST', STAFF_USER_PATHS.unlock, { loginName: 'bidder02' })).body.code).toBe(200);
    expect((await t.login('bidder02')).body.access_token).toEqual(expect.any(String));
    const admin = await t.staffLogin('op_admin');
    const trail = await t.staff(admin, 'GET', STAFF_PATHS.auditPage, { staff: 'op_review' });
    expect(trail.body.data.records.map((r: { action: string }) => r.action)).toEqual(expect.arrayContaining(['user.find', 'user.unlock']));
  });
});

describe('four eyes', () => {
  const executed: unknown[] = [];
  beforeEach(() => {
    executed.length = 0;
    t.app.staff.registry.register<{ n: number }>('deal.payout', {
      prepare: async (input) => {
        const n = Number((input as { n: number }).n);
        if (!Number.isFinite(n) || n <= 0) throw new BusinessError(400, '金额不正确');
        return { subject: `deal:${n}`, summary: `付款 ${n} 元`, payload: { n }, before: { paid: false } };
      },
      execute: async (payload) => {
        if (payload.n === 13) throw new BusinessError(409, '付款失败：银行拒绝');
        executed.push(payload);
        return { paid: true, n: payload.n };
      },
    });
  });

  // Prepared through the service: the payout's own prepare route belongs to the money area.
  const prepare = async (staff: string, n: number) => {
    const member = await t.handle.db.selectFrom('staff').selectAll().where('login_name', '=', staff).executeTakeFirstOrThrow();
    return prepareApproval(t.app.staff, 'deal.payout', { n }, { id: Number(member.id), loginName: member.login_name, name: member.name, ip: '127.0.0.1', roles: rolesOf(member) });
  };

  it('never lets the preparer approve; another member holding the permission does, once', async () => {
    const item = await prepare('op_finance', 500);
    expect(item).toMatchObject({ state: 'pending', canApprove: false, canWithdraw: true });
    const finance = await t.staffLogin('op_finance');
    await t.confirmPassword(finance);
    const self = await t.staff(finance, 'POST', STAFF_PATHS.approvalApprove, { id: item.id });
    expect(self.body).toMatchObject({ code: 403, msg: '不能复核本人提交的操作，须由另一位工作人员复核' });
    expect(executed).toEqual([]);

    const auction = await t.staffLogin('op_auction');
    expect((await t.staff(auction, 'POST', STAFF_PATHS.approvalApprove, { id: item.id })).body.code).toBe(403);

    const admin = await t.staffLogin('op_admin');
    const unconfirmed = await t.staff(admin, 'POST', STAFF_PATHS.approvalApprove, { id: item.id });
    expect(unconfirmed.body.code).toBe(STAFF_REAUTH_CODE);
    expect((await t.confirmPassword(admin, 'Wrong@2026x')).body).toMatchObject({ code: 400, msg: '密码错误' });
    expect((await t.confirmPassword(admin)).body.code).toBe(200);
    const approved = await t.staff(admin, 'POST', STAFF_PATHS.approvalApprove, { id: item.id });
    expect(approved.body.data).toMatchObject({ state: 'approved', decidedBy: '赵国梁（op_admin）' });
    expect(executed).toEqual([{ n: 500 }]);
    const again = await t.staff(admin, 'POST', STAFF_PATHS.approvalApprove, { id: item.id });
    expect(again.body).toMatchObject({ code: 409, msg: '该复核单已处理' });
    expect(executed).toHaveLength(1);

    const trail = await t.staff(admin, 'GET', STAFF_PATHS.auditPage, { subject: 'deal:500' });
    expect(trail.body.data.records.map((r: { action: string; staffLogin: string }) => `${r.action}/${r.staffLogin}`)).toEqual([
      'deal.payout.approve/op_admin',
      'deal.payout.approve.refused/op_finance',
      'deal.payout.prepare/op_finance',
    ]);
  });

  it('keeps the item pending when carrying it out fails, refuses a second pending item for the same subject, rejects with a reason', async () => {
    const failing = await prepare('op_finance', 13);
    await expect(prepare('op_finance', 13)).rejects.toThrow(/已提交复核/);
    const admin = await t.staffLogin('op_admin');
    await t.confirmPassword(admin);
    expect((await t.staff(admin, 'POST', STAFF_PATHS.approvalApprove, { id: failing.id })).body).toMatchObject({ code: 409, msg: '付款失败：银行拒绝' });
    const page = await t.staff(admin, 'GET', STAFF_PATHS.approvalPage, { state: 'pending' });
    expect(page.body.data.records.map((r: { id: number }) => r.id)).toContain(failing.id);
    expect((await t.staff(admin, 'POST', STAFF_PATHS.approvalReject, { id: failing.id, reason: '' })).body.code).toBe(400);
    const rejected = await t.staff(admin, 'POST', STAFF_PATHS.approvalReject, { id: failing.id, reason: '金额与合同不符' });
    expect(rejected.body.data).toMatchObject({ state: 'rejected', reason: '金额与合同不符' });
    const finance = await t.staffLogin('op_finance');
    const mine = await t.staff(finance, 'GET', STAFF_PATHS.approvalPage, {});
    expect(mine.body.data.records[0]).toMatchObject({ id: failing.id, state: 'rejected', reason: '金额与合同不符', canApprove: false, canWithdraw: false });
  });
});

describe('the audit trail', () => {
  it('is append-only in the database', async () => {
    const admin = await t.staffLogin('op_admin');
    expect((await t.staff(admin, 'GET', STAFF_PATHS.me)).body.code).toBe(200);
    await expect(t.handle.db.updateTable('staff_audit').set({ reason: 'x' }).execute()).rejects.toThrow(/append-only/);
    await expect(t.handle.db.deleteFrom('staff_audit').execute()).rejects.toThrow(/append-only/);
  });

  it('exports the filtered trail as CSV (with a BOM) and as an Excel workbook', async () => {
    const admin = await t.staffLogin('op_admin');
    await t.staff(admin, 'POST', STAFF_PATHS.staffCreate, { loginName: 'op_csv', name: '导出测试', roles: 'content', password: 'Welcome@2026' });
    const csv = await t.call('GET', `/api${STAFF_PATHS.auditExport}`, { token: admin, query: { action: 'staff.create', format: 'csv' } });
    expect(csv.res.headers['content-type']).toContain('text/csv');
    const text = csv.res.rawPayload.toString('utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text).toContain('工作人员');
    expect(text).toContain('staff.create');
    expect(text).toContain('op_csv');
    const xlsx = await t.call('GET', `/api${STAFF_PATHS.auditExport}`, { token: admin, query: { action: 'staff.create', format: 'xlsx' } });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('操作日志')!;
    expect(sheet.getRow(1).getCell(3).value).toBe('工作人员');
    expect(sheet.getRow(2).getCell(4).value).toBe('staff.create');
    expect(sheet.rowCount).toBe(2);
  });
});
