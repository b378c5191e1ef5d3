/**
 * The work queues on the real database, with the demo's work (server/seed/staff-work.ts): the summary
 * moves as items are handled; each action works through the ops services, is audited with before/after
 * and reason; refusals need a reason the user then reads; money actions ask the password again (428);
 * four eyes: the preparer is refused, another member approves and the effect happens with the books
 * balanced (the service behind `npm run ops -- ledger check`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_REAUTH_CODE } from '#domain/rules/staff';
import { STAFF_PATHS, type QueueSummary } from '#domain/contract/staff';
import { QUEUE_PATHS } from '#domain/contract/staffQueues';
import { checkLedger } from '../../server/services/money/reconcile.ts';
import { createStaffApp, type StaffTestApp } from './staff-helpers.ts';
import type { Json } from './helpers.ts';

let t: StaffTestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createStaffApp();
  for (const member of ['op_admin', 'op_review', 'op_auction', 'op_finance', 'op_editor']) tokens[member] = await t.staffLogin(member);
});
afterAll(async () => {
  await t.close();
});

const as = (member: string) => ({
  get: (path: string, query?: Record<string, string | number>) => t.staff(tokens[member]!, 'GET', path, query),
  post: (path: string, query?: Record<string, string | number>) => t.staff(tokens[member]!, 'POST', path, query),
});
const counts = async (member: string): Promise<Record<string, number>> => {
  const answer = await as(member).get(STAFF_PATHS.queues);
  expect(answer.body.code).toBe(200);
  return Object.fromEntries((answer.body.data as QueueSummary[]).map((q) => [q.key, q.count]));
};
const waiting = async (member: string, path: string, query: Record<string, string | number> = {}): Promise<Json[]> => {
  const answer = await as(member).get(path, { size: 100, ...query });
  expect(answer.body.code).toBe(200);
  return answer.body.data.records;
};
const trail = async (subject: string): Promise<Json[]> => (await as('op_admin').get(STAFF_PATHS.auditPage, { subject, size: 50 })).body.data.records;
const userToken = async (loginName: string) => (await t.login(loginName)).body.access_token as string;
const messagesOf = async (loginName: string): Promise<Json[]> =>
  (await t.call('GET', '/api/dscq-user/message/page', { token: await userToken(loginName), query: { current: 1, size: 50 } })).body.data.records;
const ledgerBalanced = async () => {
  const check = await checkLedger(t.handle.db);
  expect(check.problems).toEqual([]);
  expect(check.ok).toBe(true);
};

describe('the summary', () => {
  it('shows each member the queues of his roles, with the demo work waiting', async () => {
    const review = await as('op_review').get(STAFF_PATHS.queues);
    const keys = (review.body.data as QueueSummary[]).map((q) => q.key);
    expect(keys).toEqual(['realName', 'enrolment', 'depositProof', 'sealApplication', 'appeal']);
    const realName = (review.body.data as QueueSummary[])[0]!;
    expect(realName).toMatchObject({ key: 'realName', count: 3, oldestSince: expect.any(String) });
    expect(realName.oldestWaitMinutes).toBe(50 * 60);
    expect(await counts('op_review')).toMatchObject({ enrolment: 1, depositProof: 1, appeal: 1 });
    expect(await counts('op_finance')).toMatchObject({ transferProof: 2, withdrawal: 1, invoice: 1, approval: 0 });
    expect(Object.keys(await counts('op_finance'))).toEqual(['transferProof', 'withdrawal', 'invoice', 'settlement', 'approval']);
    // op_finance prepared the seeded transfer confirmation and op_auction the seeded lot's publication: each waits for someone else.
    expect((await counts('op_admin')).approval).toBe(2);
    expect((await counts('op_auction')).approval).toBe(0);
    expect(Object.keys(await counts('op_auction'))).toEqual(['demand', 'approval']);
    expect(await counts('op_editor')).toEqual({});
  });
});

describe('审核', () => {
  it('real name: masked detail with the licence; reject needs a reason the user reads; approve sends a message; the count moves', async () => {
    const items = await waiting('op_review', QUEUE_PATHS.realNamePage);
    expect(items.map((i) => i.loginName)).toEqual(['demo_apply_org', 'demo_apply1', 'demo_apply2']);
    const org = items[0]!;
    const detail = (await as('op_review').get(QUEUE_PATHS.realNameDetail, { id: org.id })).body.data;
    expect(detail).toMatchObject({ kind: 'org', orgName: '石家庄恒信商贸有限公司', legalPerson: '赵建新' });
    expect(detail.creditCode).toMatch(/^\*+[0-9A-Z]{4}$/);
    expect(detail.legalIdNumber).toMatch(/^\*{14}\d{3}[\dX]$/);
    expect(detail.files).toHaveLength(1);
    const file = await t.call('GET', `/api${detail.files[0].path}`, { token: tokens.op_review });
    expect(file.status).toBe(200);
    expect(file.res.headers['content-type']).toBe('image/png');
    // The licence belongs to the real-name queue only: 财务 may not read it.
    expect((await t.call('GET', `/api${detail.files[0].path}`, { token: tokens.op_finance })).body).toMatchObject({ code: 403 });
    expect((await t.call('GET', '/api/dscq-staff/file/nosuchfile', { token: tokens.op_review })).body).toMatchObject({ code: 404 });

    expect((await as('op_review').post(QUEUE_PATHS.realNameReject, { id: org.id, reason: '  ' })).body.code).toBe(400);
    const rejected = await as('op_review').post(QUEUE_PATHS.realNameReject, { id: org.id, reason: '营业执照照片不清晰' });
    expect(rejected.body.data).toMatchObject({ state: 'rejected', reason: '营业执照照片不清晰', handledBy: 'op_review', waitMinutes: null });
    const status = await t.call('GET', '/api/dscq-user/real-name/status', { token: await userToken('demo_apply_org') });
    expect(status.body.data).toMatchObject({ state: 'rejected', reason: '营业执照照片不清晰' });
    expect((await messagesOf('demo_apply_org'))[0]).toMatchObject({ title: '机构实名认证未通过', link: '/membershipReason' });
    expect((await messagesOf('demo_apply_org'))[0].content).toContain('营业执照照片不清晰');
    const [entry] = await trail(`verification:${org.id}`);
    expect(entry).toMatchObject({ action: 'realName.reject', staffLogin: 'op_review', reason: '营业执照照片不清晰' });
    expect(JSON.parse(entry.before)).toMatchObject({ state: 'pending' });
    expect(JSON.parse(entry.after)).toMatchObject({ state: 'rejected' });

    const person = items[1]!;
    expect((await as('op_review').post(QUEUE_PATHS.realNameApprove, { id: person.id })).body.data).toMatchObject({ state: 'approved' });
    expect((await messagesOf('demo_apply1'))[0]).toMatchObject({ title: '个人实名认证已通过' });
    expect((await t.call('GET', '/api/dscq-user/real-name/status', { token: await userToken('demo_apply1') })).body.data.state).toBe('approved');
    expect((await as('op_review').post(QUEUE_PATHS.realNameApprove, { id: person.id })).body.code).toBe(400);
    expect((await counts('op_review')).realName).toBe(1);
    expect((await waiting('op_review', QUEUE_PATHS.realNamePage, { state: 'handled', order: 'newest' })).map((i) => i.loginName).slice(0, 2)).toEqual(['demo_apply1', 'demo_apply_org']);
  });

  it('enrolment: the detail carries the project, the user and the attachments; reject needs a reason; deposit proofs confirm', async () => {
    const [item] = await waiting('op_review', QUEUE_PATHS.enrolmentPage);
    expect(item).toMatchObject({ loginName: 'demo_buyer', state: 'reviewing', handledBy: 'op_review' });
    const detail = (await as('op_review').get(QUEUE_PATHS.enrolmentDetail, { id: item.id })).body.data;
    expect(detail.project.assetsId).toBe(item.assetsId);
    expect(detail.enrolment.bidderName).toBeTruthy();
    expect(detail.files).toMatchObject([{ name: '资信证明.pdf', contentType: 'application/pdf' }]);
    expect((await t.call('GET', `/api${detail.files[0].path}`, { token: tokens.op_review })).status).toBe(200);
    expect((await as('op_review').post(QUEUE_PATHS.enrolmentReject, { id: item.id })).body.code).toBe(400);
    const rejected = await as('op_review').post(QUEUE_PATHS.enrolmentReject, { id: item.id, reason: '资信证明已过期' });
    expect(rejected.body.data).toMatchObject({ state: 'rejected', reason: '资信证明已过期' });
    const mine = await t.call('GET', '/api/dscq-user/enroll/detail', { token: await userToken('demo_buyer'), query: { id: item.id } });
    expect(mine.body.data.rejectReason).toBe('资信证明已过期');

    const [proof] = await waiting('op_review', QUEUE_PATHS.depositProofPage);
    const proofDetail = (await as('op_review').get(QUEUE_PATHS.depositProofDetail, { id: proof.id })).body.data;
    expect(proofDetail.deposit.status).toBe('proofSubmitted');
    expect(proofDetail.files).toHaveLength(1);
    const confirmed = await as('op_review').post(QUEUE_PATHS.depositProofConfirm, { id: proof.id });
    expect(confirmed.body.data).toMatchObject({ state: 'confirmed' });
    const deposit = await t.handle.db.selectFrom('deposit').select('status').where('id', '=', proof.depositId).executeTakeFirstOrThrow();
    expect(deposit.status).toBe('confirmed');
    expect(await counts('op_review')).toMatchObject({ enrolment: 0, depositProof: 0 });
    await ledgerBalanced();
  });

  it('appeals: accept, then the answer is required and the user reads it', async () => {
    const [appeal] = await waiting('op_review', QUEUE_PATHS.appealPage);
    expect((await as('op_review').post(QUEUE_PATHS.appealAccept, { id: appeal.id })).body.data.state).toBe('accepted');
    expect((await as('op_review').post(QUEUE_PATHS.appealAnswer, { id: appeal.id, answer: '' })).body.code).toBe(400);
    const answered = await as('op_review').post(QUEUE_PATHS.appealAnswer, { id: appeal.id, answer: '已安排本周内出具资产交接通知书。' });
    expect(answered.body.data).toMatchObject({ state: 'answered', reason: '已安排本周内出具资产交接通知书。' });
    expect((await messagesOf('demo_buyer'))[0].content).toContain('已安排本周内出具资产交接通知书。');
    expect((await as('op_review').post(QUEUE_PATHS.appealReject, { id: appeal.id, reason: '重复' })).body.code).toBe(409);
    expect((await trail(`appeal:${appeal.id}`)).map((e) => e.action)).toEqual(['appeal.answer', 'appeal.accept']);
  });
});

describe('财务', () => {
  it('asks the password again on money actions, then pays or returns withdrawals and issues or refuses invoices', async () => {
    const [withdrawal] = await waiting('op_finance', QUEUE_PATHS.withdrawalPage);
    expect(withdrawal).toMatchObject({ loginName: 'demo_buyer', amount: 8000, state: 'requested' });
    const detail = (await as('op_finance').get(QUEUE_PATHS.withdrawalDetail, { id: withdrawal.id })).body.data;
    expect(detail.available).toBe(12000);
    expect((await as('op_finance').post(QUEUE_PATHS.withdrawalFail, { id: withdrawal.id, reason: '户名与账户不符' })).body.code).toBe(STAFF_REAUTH_CODE);
    expect((await t.confirmPassword(tokens.op_finance!)).body.code).toBe(200);
    expect((await as('op_finance').post(QUEUE_PATHS.withdrawalFail, { id: withdrawal.id, reason: '' })).body.code).toBe(400);
    const failed = await as('op_finance').post(QUEUE_PATHS.withdrawalFail, { id: withdrawal.id, reason: '户名与账户不符' });
    expect(failed.body.data).toMatchObject({ state: 'failed', reason: '户名与账户不符' });
    // The money is back, and the user reads why in his wallet's entries.
    expect((await as('op_finance').get(QUEUE_PATHS.withdrawalDetail, { id: withdrawal.id })).body.data.available).toBe(20000);
    const entries = await t.call('GET', '/api/dscq-user/wallet/entries', { token: await userToken('demo_buyer'), query: { current: 1, size: 10 } });
    expect(JSON.stringify(entries.body)).toContain('户名与账户不符');
    expect((await as('op_finance').post(QUEUE_PATHS.withdrawalPay, { id: withdrawal.id })).body.code).toBe(409);

    const [invoice] = await waiting('op_finance', QUEUE_PATHS.invoicePage);
    const refused = await as('op_finance').post(QUEUE_PATHS.invoiceRefuse, { id: invoice.id, reason: '发票抬头须与成交主体一致' });
    expect(refused.body.data.invoice).toMatchObject({ status: 'refused', refuseReason: '发票抬头须与成交主体一致' });
    const mine = await t.call('GET', '/api/dscq-user/invoice/page', { token: await userToken('demo_buyer'), query: { current: 1, size: 10 } });
    expect(mine.body.data.records[0]).toMatchObject({ status: 'refused', refuseReason: '发票抬头须与成交主体一致' });
    expect(await counts('op_finance')).toMatchObject({ withdrawal: 0, invoice: 0 });
    expect((await trail(`withdrawal:${withdrawal.id}`))[0]).toMatchObject({ action: 'withdrawal.fail', reason: '户名与账户不符' });
    await ledgerBalanced();
  });

  it('four eyes on a bank transfer: the preparer is refused, another member approves and the deal is paid', async () => {
    const items = await waiting('op_finance', QUEUE_PATHS.transferProofPage);
    expect(items).toHaveLength(2);
    const prepared = items.find((i) => i.approvalId !== null)!;
    const other = items.find((i) => i.approvalId === null)!;
    const detail = (await as('op_finance').get(QUEUE_PATHS.transferProofDetail, { id: prepared.id })).body.data;
    expect(detail.deal.status).toBe('proofSubmitted');
    expect((await t.call('GET', `/api${detail.files[0].path}`, { token: tokens.op_finance })).status).toBe(200);

    await t.confirmPassword(tokens.op_finance!);
    const self = await as('op_finance').post(STAFF_PATHS.approvalApprove, { id: prepared.approvalId });
    expect(self.body).toMatchObject({ code: 403 });
    expect((await as('op_review').post(STAFF_PATHS.approvalApprove, { id: prepared.approvalId })).body.code).toBe(403);
    // A pending confirmation blocks a rejection of the same transfer.
    expect((await as('op_finance').post(QUEUE_PATHS.transferProofReject, { id: prepared.id, reason: '未到账' })).body.code).toBe(409);
    expect((await as('op_admin').post(STAFF_PATHS.approvalApprove, { id: prepared.approvalId })).body.code).toBe(STAFF_REAUTH_CODE);
    await t.confirmPassword(tokens.op_admin!);
    const approved = await as('op_admin').post(STAFF_PATHS.approvalApprove, { id: prepared.approvalId });
    expect(approved.body.data).toMatchObject({ state: 'approved', kind: 'transfer.confirm' });
    const deal = await t.handle.db.selectFrom('deal').select(['status', 'pay_method']).where('id', '=', prepared.dealId).executeTakeFirstOrThrow();
    expect(deal).toEqual({ status: 'paid', pay_method: 'transfer' });
    await ledgerBalanced();

    // The other transfer: prepared by op_finance (the password again), rejected by one person instead after withdrawing.
    const prep = await as('op_finance').post(QUEUE_PATHS.transferProofPrepare, { id: other.id });
    expect(prep.body.data).toMatchObject({ state: 'pending', subject: `deal:${other.dealId}`, canApprove: false });
    // The checker reads the buyer by his verified name, with the account it belongs to.
    expect(prep.body.data.summary).toContain('买方 孙建军（demo_buyer）');
    expect((await as('op_finance').post(QUEUE_PATHS.transferProofPrepare, { id: other.id })).body.code).toBe(409);
    await as('op_finance').post(STAFF_PATHS.approvalWithdraw, { id: prep.body.data.id });
    const rejected = await as('op_finance').post(QUEUE_PATHS.transferProofReject, { id: other.id, reason: '转账金额不足' });
    expect(rejected.body.data).toMatchObject({ state: 'rejected', reason: '转账金额不足' });
    const mine = await t.call('GET', '/api/dscq-user/settle/detail', { token: await userToken('demo_buyer'), query: { id: other.dealId } });
    expect(mine.body.data).toMatchObject({ status: 'awaitingPayment', proof: { status: 'rejected', reason: '转账金额不足' } });
    expect(await counts('op_finance')).toMatchObject({ transferProof: 0 });
  });

  it('settles a paid deal: handover, certificate, then the payout on four eyes (books balanced)', async () => {
    const items = await waiting('op_finance', QUEUE_PATHS.settlementPage);
    const deal = items.find((i) => i.loginName === 'demo_buyer' && i.nextStep === 'handover')!;
    await t.confirmPassword(tokens.op_finance!);
    expect((await as('op_finance').post(QUEUE_PATHS.settlementCertificate, { id: deal.id })).body.code).toBe(409);
    expect((await as('op_finance').post(QUEUE_PATHS.settlementHandover, { id: deal.id })).body.data).toMatchObject({ state: 'handedOver', nextStep: 'certificate' });
    expect((await as('op_finance').post(QUEUE_PATHS.settlementCertificate, { id: deal.id })).body.data).toMatchObject({ state: 'certified', nextStep: 'payout' });
    const prep = await as('op_finance').post(QUEUE_PATHS.settlementPayoutPrepare, { id: deal.id });
    expect(prep.body.data).toMatchObject({ kind: 'deal.payout', state: 'pending' });
    expect((await as('op_finance').get(QUEUE_PATHS.settlementDetail, { id: deal.id })).body.data.approvalId).toBe(prep.body.data.id);
    await t.confirmPassword(tokens.op_admin!);
    expect((await as('op_admin').post(STAFF_PATHS.approvalApprove, { id: prep.body.data.id })).body.data.state).toBe('approved');
    expect((await as('op_finance').get(QUEUE_PATHS.settlementDetail, { id: deal.id })).body.data).toMatchObject({ state: 'paidOut', nextStep: null });
    await ledgerBalanced();
  });

  it('forfeits a deposit on four eyes with the reason the user reads (books balanced)', async () => {
    const deposits = (await as('op_finance').get(QUEUE_PATHS.depositPage, { q: 'bidder02' })).body.data.records as Json[];
    const deposit = deposits.find((d) => d.status === 'confirmed')!;
    expect((await as('op_finance').post(QUEUE_PATHS.depositForfeitPrepare, { id: deposit.id, reason: '' })).body.code).toBe(400);
    await t.confirmPassword(tokens.op_finance!);
    const prep = await as('op_finance').post(QUEUE_PATHS.depositForfeitPrepare, { id: deposit.id, reason: '竞得后拒不签署成交确认书（悔拍）' });
    expect(prep.body.data).toMatchObject({ kind: 'deposit.forfeit', subject: `deposit:${deposit.id}` });
    expect((await as('op_finance').post(STAFF_PATHS.approvalApprove, { id: prep.body.data.id })).body.code).toBe(403);
    await t.confirmPassword(tokens.op_admin!);
    expect((await as('op_admin').post(STAFF_PATHS.approvalApprove, { id: prep.body.data.id })).body.data.state).toBe('approved');
    const row = await t.handle.db.selectFrom('deposit').select('status').where('id', '=', deposit.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('forfeited');
    expect((await messagesOf('bidder02'))[0].content).toContain('竞得后拒不签署成交确认书（悔拍）');
    await ledgerBalanced();
    const check = await as('op_finance').get(QUEUE_PATHS.ledgerCheck);
    expect(check.body.data).toMatchObject({ ok: true, problems: [] });
  });
});

describe('内容/竞价', () => {
  it('answers a demand (demand.answer)', async () => {
    const demand = await t.handle.db.selectFrom('demand').select('id').executeTakeFirstOrThrow();
    const answered = await as('op_auction').post(QUEUE_PATHS.demandAnswer, { id: demand.id, answer: '已为您推荐三个在挂项目。' });
    expect(answered.body.data).toMatchObject({ state: 'answered', reason: '已为您推荐三个在挂项目。' });
    expect((await trail(`demand:${demand.id}`))[0]).toMatchObject({ action: 'demand.answer', staffLogin: 'op_auction' });
  });
});
