/**
 * Enrolment, deposits and qualification against the real database (SQLite; PostgreSQL when
 * TEST_DATABASE_URL is set): the enrolment check, every state transition, the sandbox bank's signed
 * asynchronous confirmation (idempotent), bank-transfer proofs, late qualification, settlement, demo
 * auto-approval with racing processes, the demo seed, and the access-control rule (B gets 404 for A's).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENROLMENT_COMMITMENTS } from '#domain/contract/enrolment';
import { settleDeposits } from '../../server/services/enrolment/deposits.ts';
import { createActivity } from '../../server/services/auctions/activities.ts';
import { runEnrolmentJobs } from '../../server/services/enrolment/jobs.ts';
import { approveEnrolment } from '../../server/services/enrolment/enrolment.ts';
import { sendMessage } from '../../server/services/user-centre/messages.ts';
import { createAccountsApp, type AccountsTestApp } from './accounts-helpers.ts';
import { DIALECT, type Json } from './helpers.ts';
import { FIRST_BIDDING_TERMS } from '../../server/db/migrations/0018_accepted_terms.ts';

const P = {
  check: '/api/dscq-project/enroll/check',
  form: '/api/dscq-project/enroll/form',
  submit: '/api/dscq-project/enroll/submit',
  myPage: '/api/dscq-user/enroll/page',
  detail: '/api/dscq-user/enroll/detail',
  rooms: '/api/dscq-user/enroll/rooms',
  depositPage: '/api/dscq-user/deposit/page',
  depositDetail: '/api/dscq-user/deposit/detail',
  payOrder: '/api/dscq-user/deposit/pay-order',
  orderStatus: '/api/dscq-user/deposit/pay-order/status',
  sandboxPay: '/api/dscq-user/deposit/sandbox/pay',
  proof: '/api/dscq-user/deposit/proof',
  summary: '/api/dscq-user/usercenter/summary',
  messages: '/api/dscq-user/message/page',
  message: '/api/dscq-user/message/detail',
  notify: '/api/dscq-pay/notify',
};
const ALL_COMMITMENTS = ENROLMENT_COMMITMENTS.map((c) => c.key);
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const OPS = { name: 'ops:test', ip: '' };

let t: AccountsTestApp;
const tokens: Record<string, string> = {};

async function call(method: 'GET' | 'POST', url: string, user: string | null, params: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method,
    url,
    ...(method === 'GET' ? { query: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) } : { payload: params }),
    headers: user ? { authorization: `Bearer ${tokens[user]}` } : {},
  });
  return { status: res.statusCode, body: (String(res.headers['content-type'] ?? '').includes('json') ? res.json() : res.body) as Json };
}

async function upload(user: string): Promise<string> {
  const boundary = '----enrolmenttest';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="proof.png"\r\nContent-Type: image/png\r\n\r\n`),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/dscq-resource/oss/upload',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${tokens[user]}` },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.fileId as string;
}

/** Enrolling top-level projects without children or activities (the seed clock is the test clock). */
async function enrollingProjects(n: number, withoutActivity = true) {
  let q = t.handle.db
    .selectFrom('project')
    .select(['id', 'assets_name', 'deposit_fen', 'start_price_fen'])
    .where('state', 'like', '%正在报名%')
    .where('parent_id', 'is', null)
    .where('announcement_start_at', '<=', t.clock.now)
    .where('announcement_end_at', '>', t.clock.now + 86_400_000)
    .where('deposit_fen', '>', 0)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('project as c').select('c.id').whereRef('c.parent_id', '=', 'project.id'))));
  if (withoutActivity) q = q.where((eb) => eb.not(eb.exists(eb.selectFrom('bid_activity').select('bid_activity.id').whereRef('bid_activity.project_id', '=', 'project.id'))));
  const rows = await q.orderBy('id').limit(n).execute();
  expect(rows.length).toBe(n);
  return rows;
}

const form = (assetsId: number, extra: Record<string, unknown> = {}) => ({
  assetsId,
  contactName: '张建国',
  contactPhone: '13912345678',
  contactEmail: 'zhang@example.com',
  address: '石家庄市裕华区槐安东路 88 号',
  attachments: [],
  commitments: ALL_COMMITMENTS,
  termsVersion: FIRST_BIDDING_TERMS.version,
  ...extra,
});

async function enrol(user: string, assetsId: number) {
  const answer = await call('POST', P.submit, user, form(assetsId));
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}

async function enrolment(id: number) {
  return t.handle.db.selectFrom('enrolment').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}
async function depositOf(enrolmentId: number) {
  return t.handle.db.selectFrom('deposit').selectAll().where('enrolment_id', '=', enrolmentId).executeTakeFirstOrThrow();
}
async function messagesOf(user: string) {
  return (await call('GET', P.messages, user, { size: 100 })).body.data.records as Json[];
}

/** Enrolled, approved, paid through the sandbox bank and confirmed. */
async function paidEnrolment(user: string, assetsId: number) {
  const e = await enrol(user, assetsId);
  expect(await approveEnrolment(t.handle.db, e.id, OPS, t.clock.now)).toBe(true);
  const deposit = await depositOf(e.id);
  const order = await call('POST', P.payOrder, user, { depositId: deposit.id });
  expect(order.status).toBe(200);
  expect((await call('POST', P.sandboxPay, user, { orderNo: order.body.data.orderNo })).status).toBe(200);
  t.clock.now += 2000;
  await t.app.enrolment.runJobs();
  return { enrolmentId: e.id as number, depositId: deposit.id, orderNo: order.body.data.orderNo as string };
}

beforeAll(async () => {
  t = await createAccountsApp();
  for (const user of ['demo_person', 'demo_org', 'demo_new', 'bidder01', 'bidder02']) {
    const answer = await t.login(user);
    expect(answer.status, `${user} logs in`).toBe(200);
    tokens[user] = answer.body.access_token;
  }
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('the enrolment check (exempt from the generic warning, so it always answers a reason)', () => {
  it('says why not: not logged in, not verified, closed, not found; and yes for a verified user in an open window', async () => {
    const [p] = await enrollingProjects(1);
    expect((await call('GET', P.check, null, { assetsId: p!.id })).body.data).toMatchObject({ canEnrol: false, reason: 'notLoggedIn', message: '请先登录后再报名' });
    expect((await call('GET', P.check, 'demo_new', { assetsId: p!.id })).body.data).toMatchObject({ canEnrol: false, reason: 'notVerified' });
    expect((await call('GET', P.check, 'demo_person', { assetsId: p!.id })).body.data).toMatchObject({ canEnrol: true, reason: null });
    expect((await call('GET', P.check, 'demo_person', { assetsId: 99_999_999 })).body.data).toMatchObject({ canEnrol: false, reason: 'notFound' });
    const closed = await t.handle.db.selectFrom('project').select('id').where('parent_id', 'is', null).where('announcement_end_at', '<', t.clock.now).executeTakeFirstOrThrow();
    expect((await call('GET', P.check, 'demo_person', { assetsId: closed.id })).body.data).toMatchObject({ canEnrol: false, reason: 'closed', message: '该项目报名已截止' });
  });

  it('the form prefills the bidder from the real-name record, masked', async () => {
    const [p] = await enrollingProjects(1);
    const answer = await call('GET', P.form, 'demo_person', { assetsId: p!.id });
    expect(answer.status).toBe(200);
    expect(answer.body.data.bidder).toMatchObject({ bidderType: 1, bidderName: '张**', phone: '138****0001' });
    expect(answer.body.data.bidder.idMasked).toMatch(/^\*+\d{3}[\dX]$/);
    expect(answer.body.data.project).toMatchObject({ assetsId: p!.id, depositAmount: p!.deposit_fen / 100, isPackage: false });
  });
});

describe('packages (/bidEnrollPkg)', () => {
  it('a package is enrolled as a whole (its children listed); a child alone is not enrollable', async () => {
    const pkg = await t.handle.db
      .selectFrom('project')
      .select(['id'])
      .where('state', 'like', '%正在报名%')
      .where('parent_id', 'is', null)
      .where('announcement_end_at', '>', t.clock.now)
      .where((eb) => eb.exists(eb.selectFrom('project as c').select('c.id').whereRef('c.parent_id', '=', 'project.id')))
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const child = await t.handle.db.selectFrom('project').select('id').where('parent_id', '=', pkg.id).executeTakeFirstOrThrow();
    const formAnswer = await call('GET', P.form, 'demo_org', { assetsId: pkg.id });
    expect(formAnswer.body.data.project.isPackage).toBe(true);
    expect(formAnswer.body.data.project.children.length).toBeGreaterThan(0);
    expect(formAnswer.body.data.bidder).toMatchObject({ bidderType: 2, bidderName: '河北冀通物流有限公司' });
    expect((await call('GET', P.check, 'demo_org', { assetsId: child.id })).body.data.reason).toBe('notFound');
    const e = await enrol('demo_org', pkg.id);
    expect(e).toMatchObject({ kind: 'package', assetsId: pkg.id });
  });
});

describe('submission', () => {
  it('refuses the unverified (403), missing commitments (400), a foreign attachment (400), then accepts once and answers 409 after', async () => {
    const [p] = await enrollingProjects(1);
    expect((await call('POST', P.submit, 'demo_new', form(p!.id))).status).toBe(403);
    const partial = await call('POST', P.submit, 'demo_person', form(p!.id, { commitments: ['truthful'] }));
    expect(partial).toMatchObject({ status: 400, body: { msg: '请阅读并勾选全部承诺事项' } });
    const othersFile = await upload('bidder01');
    const foreign = await call('POST', P.submit, 'demo_person', form(p!.id, { attachments: [{ fileId: othersFile, name: '资质.png' }] }));
    expect(foreign.status).toBe(400);
    expect(foreign.body.msg).toContain('不存在');

    const own = await upload('demo_person');
    const ok = await call('POST', P.submit, 'demo_person', form(p!.id, { attachments: [{ fileId: own, name: '资质证明.png' }] }));
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ status: 'submitted', statusText: '已提交', assetsId: p!.id, bidderName: '张**', contactPhone: '139****5678' });
    expect(ok.body.data.attachments).toEqual([{ fileId: own, name: '资质证明.png' }]);

    const again = await call('POST', P.submit, 'demo_person', form(p!.id));
    expect(again).toMatchObject({ status: 409, body: { msg: '您已报名该项目，请勿重复报名' } });
    expect((await call('GET', P.check, 'demo_person', { assetsId: p!.id })).body.data).toMatchObject({ reason: 'alreadyEnrolled', enrolmentId: ok.body.data.id });
  });

  it('two racing submissions of one user: one enrolment', async () => {
    const [, p] = await enrollingProjects(2);
    const answers = await Promise.all([0, 1, 2, 3].map(() => call('POST', P.submit, 'demo_org', form(p!.id))));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(3);
  });
});

describe('state transitions', () => {
  it('submitted → reviewing → rejected with a reason (message sent; approving after that changes nothing)', async () => {
    const { startReview, rejectEnrolment } = await import('../../server/services/enrolment/enrolment.ts');
    const [, , p] = await enrollingProjects(3);
    const e = await enrol('bidder02', p!.id);
    await startReview(t.handle.db, e.id, OPS, t.clock.now);
    expect((await enrolment(e.id)).status).toBe('reviewing');
    expect(await rejectEnrolment(t.handle.db, e.id, '资质证明文件不清晰', OPS, t.clock.now)).toBe(true);
    expect(await rejectEnrolment(t.handle.db, e.id, '再次驳回', OPS, t.clock.now)).toBe(false);
    expect(await approveEnrolment(t.handle.db, e.id, OPS, t.clock.now)).toBe(false);
    const detail = await call('GET', P.detail, 'bidder02', { id: e.id });
    expect(detail.body.data).toMatchObject({ status: 'rejected', statusText: '审核未通过', rejectReason: '资质证明文件不清晰', depositId: null });
    const rejected = (await messagesOf('bidder02')).filter((m) => m.title.endsWith('报名审核未通过'));
    expect(rejected).toHaveLength(1);
    expect(rejected[0].content).toContain('资质证明文件不清晰');
  });

  it('approved → deposit pending → (sandbox bank, signed, a moment later) deposit confirmed; qualified once an activity exists', async () => {
    const [, , , p] = await enrollingProjects(4);
    const e = await enrol('bidder02', p!.id);
    expect(await approveEnrolment(t.handle.db, e.id, OPS, t.clock.now)).toBe(true);
    expect(await approveEnrolment(t.handle.db, e.id, OPS, t.clock.now)).toBe(false);
    expect((await enrolment(e.id)).status).toBe('depositPending');
    const deposit = await depositOf(e.id);
    expect(deposit).toMatchObject({ status: 'pending', amount_fen: p!.deposit_fen });
    expect((await messagesOf('bidder02')).some((m) => m.title.endsWith('报名审核通过'))).toBe(true);

    const order = await call('POST', P.payOrder, 'bidder02', { depositId: deposit.id });
    expect(order.body.data).toMatchObject({ status: 'created', amount: p!.deposit_fen / 100, gateway: 'sandbox' });
    expect((await depositOf(e.id)).status).toBe('paying');
    await call('POST', P.sandboxPay, 'bidder02', { orderNo: order.body.data.orderNo });
    // The bank has the money but has not told us yet.
    await t.app.enrolment.runJobs();
    expect((await depositOf(e.id)).status).toBe('paying');
    t.clock.now += 1500;
    await t.app.enrolment.runJobs();
    expect((await depositOf(e.id)).status).toBe('confirmed');
    expect((await call('GET', P.orderStatus, 'bidder02', { orderNo: order.body.data.orderNo })).body.data.status).toBe('paid');
    // No activity yet: confirmed, waiting.
    expect((await enrolment(e.id)).status).toBe('depositConfirmed');
    expect((await call('POST', P.payOrder, 'bidder02', { depositId: deposit.id })).status).toBe(409);

    const created = await createActivity(
      t.handle.db,
      { assetsId: p!.id, mode: 'ongoing', startAt: t.clock.now + 3_600_000, endAt: t.clock.now + 7_200_000, startPriceFen: 1_000_000, incrementFen: 10_000, reserveFen: null, capFen: null, extensionMs: 300_000 },
      t.clock.now,
    );
    expect(created.qualified).toBe(1);
    const row = await enrolment(e.id);
    expect(row).toMatchObject({ status: 'qualified', activity_id: created.id });
    expect(row.bid_code).toMatch(/^\d{6}$/);
    const q = await t.handle.db.selectFrom('bid_qualification').selectAll().where('activity_id', '=', created.id).where('user_id', '=', row.user_id).executeTakeFirstOrThrow();
    expect(q.bid_code).toBe(row.bid_code);
    const rooms = (await call('GET', P.rooms, 'bidder02')).body.data as Json[];
    expect(rooms.find((r) => r.activityId === created.id)).toMatchObject({ bidCode: row.bid_code, status: 'scheduled', leaderBidCode: null, myBidCount: 0 });
    // A demo bidder's rooms carry his bids there and the public leader: his standing on 我的项目.
    const bidder01 = (await call('GET', P.rooms, 'bidder01')).body.data as Json[];
    const withBids = bidder01.filter((r) => r.myBidCount > 0);
    expect(withBids.length).toBeGreaterThan(0);
    for (const r of withBids) {
      const n = await t.handle.db.selectFrom('bid').innerJoin('app_user', 'app_user.id', 'bid.user_id').select((eb) => eb.fn.countAll<number | string>().as('n')).where('bid.activity_id', '=', r.activityId).where('app_user.login_name', '=', 'bidder01').executeTakeFirstOrThrow();
      expect(r.myBidCount).toBe(Number(n.n));
    }
    const titles = (await messagesOf('bidder02')).map((m) => m.title);
    // Titles name the lot: 「…」保证金到账确认.
    expect(titles.some((title) => title.endsWith('保证金到账确认'))).toBe(true);
    expect(titles.some((title) => title.endsWith('已取得竞买资格'))).toBe(true);
  });

  it('a project with an activity qualifies at the deposit confirmation', async () => {
    const [p] = await enrollingProjects(1, false).catch(async () => enrollingProjects(1));
    const has = await t.handle.db.selectFrom('bid_activity').select('id').where('project_id', '=', p!.id).where('status', 'in', ['scheduled', 'live']).executeTakeFirst();
    if (!has) {
      await createActivity(t.handle.db, { assetsId: p!.id, mode: 'ongoing', startAt: t.clock.now, endAt: t.clock.now + 7_200_000, startPriceFen: 1_000_000, incrementFen: 10_000, reserveFen: null, capFen: null, extensionMs: 300_000 }, t.clock.now);
    }
    const paid = await paidEnrolment('demo_org', p!.id);
    expect((await enrolment(paid.enrolmentId)).status).toBe('qualified');
  });
});

describe('the payment notification', () => {
  it('is applied once: a redelivery and a concurrent copy change nothing; a bad signature is refused', async () => {
    const [, , , , p] = await enrollingProjects(5);
    const e = await enrol('bidder01', p!.id);
    await approveEnrolment(t.handle.db, e.id, OPS, t.clock.now);
    const deposit = await depositOf(e.id);
    const order = await call('POST', P.payOrder, 'bidder01', { depositId: deposit.id });
    await call('POST', P.sandboxPay, 'bidder01', { orderNo: order.body.data.orderNo });
    const bank = await t.handle.db.selectFrom('sandbox_bank_payment').selectAll().where('order_no', '=', order.body.data.orderNo).executeTakeFirstOrThrow();
    const body = t.app.enrolment.sandbox!.notificationOf(bank);

    const forged = await call('POST', P.notify, null, { ...body, amountFen: 1 });
    expect(forged).toMatchObject({ status: 400, body: { msg: '支付通知签名校验失败' } });
    expect((await depositOf(e.id)).status).toBe('paying');

    const answers = await Promise.all([0, 1, 2].map(() => call('POST', P.notify, null, body)));
    expect(answers.map((a) => a.body)).toEqual(['success', 'success', 'success']);
    expect((await call('POST', P.notify, null, body)).body).toBe('success');
    expect((await depositOf(e.id)).status).toBe('confirmed');
    expect((await messagesOf('bidder01')).filter((m) => m.title.endsWith('保证金到账确认') && m.content.includes(p!.assets_name))).toHaveLength(1);
    const audits = await t.handle.db.selectFrom('audit_log').select('id').where('action', '=', 'deposit.confirm').where('object', '=', `deposit:${deposit.id}`).execute();
    expect(audits).toHaveLength(1);
    // The bank's own redelivery loop stops once acknowledged.
    t.clock.now += 2000;
    await t.app.enrolment.runJobs();
    const after = await t.handle.db.selectFrom('sandbox_bank_payment').selectAll().where('id', '=', bank.id).executeTakeFirstOrThrow();
    expect(after.notified_at).not.toBeNull();
  });
});

describe('bank transfer with a payment proof', () => {
  it('proof submitted → operator rejects (deposit pending again) → new proof → operator confirms', async () => {
    const { confirmProof, rejectProof } = await import('../../server/services/enrolment/deposits.ts');
    const [, , , , , p] = await enrollingProjects(6);
    const e = await enrol('bidder01', p!.id);
    await approveEnrolment(t.handle.db, e.id, OPS, t.clock.now);
    const deposit = await depositOf(e.id);
    const file = await upload('bidder01');
    const proof = {
      depositId: deposit.id,
      fileId: file,
      payerName: '王立军',
      payerAccount: '6222 0212 3456 7890 123',
      bankName: '中国工商银行石家庄分行',
      amount: deposit.amount_fen / 100,
      paidTime: '2026-11-21 10:30:00',
      note: '',
    };
    expect((await call('POST', P.proof, 'bidder01', { ...proof, amount: 1 })).status).toBe(400);
    const sent = await call('POST', P.proof, 'bidder01', proof);
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({ status: 'proofSubmitted', method: 'transfer' });
    expect(sent.body.data.proofs[0]).toMatchObject({ payerAccount: '622202*********0123', status: 'submitted' });
    const stored = await t.handle.db.selectFrom('deposit_proof').selectAll().where('deposit_id', '=', deposit.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain('62220212345678');

    expect(await rejectProof(t.handle.db, stored.id, '未查询到该笔转账', OPS, t.clock.now)).toBe(true);
    expect((await depositOf(e.id)).status).toBe('pending');
    const second = await call('POST', P.proof, 'bidder01', proof);
    const secondId = second.body.data.proofs[0].id as number;
    expect(await confirmProof(t.handle.db, secondId, OPS, t.clock.now)).toBe(true);
    expect(await confirmProof(t.handle.db, secondId, OPS, t.clock.now)).toBe(false);
    expect((await depositOf(e.id)).status).toBe('confirmed');
    expect((await enrolment(e.id)).status).toBe('depositConfirmed');
  });
});

describe('settlement at the end of an activity', () => {
  it('releases every confirmed deposit but the winner’s (kept), once, with a message per release', async () => {
    const projects = await enrollingProjects(8);
    const p = projects[7]!;
    const a = await paidEnrolment('bidder01', p.id);
    const b = await paidEnrolment('bidder02', p.id);
    const created = await createActivity(t.handle.db, { assetsId: p.id, mode: 'ongoing', startAt: t.clock.now, endAt: t.clock.now + 60_000, startPriceFen: 1_000_000, incrementFen: 10_000, reserveFen: null, capFen: null, extensionMs: 0 }, t.clock.now);
    expect(created.qualified).toBe(2);
    const winner = (await enrolment(a.enrolmentId)).user_id;
    const before = (await messagesOf('bidder02')).length;
    await settleDeposits(t.handle.db, { activityId: created.id, winnerUserId: winner, at: t.clock.now });
    await settleDeposits(t.handle.db, { activityId: created.id, winnerUserId: winner, at: t.clock.now });
    expect((await depositOf(a.enrolmentId)).status).toBe('kept');
    expect((await depositOf(b.enrolmentId)).status).toBe('released');
    const released = (await messagesOf('bidder02')).slice(0, (await messagesOf('bidder02')).length - before);
    expect(released.map((m) => m.kind)).toEqual(['released']);
    expect((await call('GET', P.depositDetail, 'bidder02', { id: b.depositId })).body.data).toMatchObject({ status: 'released', statusText: '已退还' });
  });
});

describe('demo auto-approval', () => {
  it('approves after the delay, once, with two processes running the job at the same time', async () => {
    const projects = await enrollingProjects(9);
    const e = await enrol('demo_person', projects[8]!.id);
    const other = t.database.openAnother();
    const job = (db: typeof t.handle.db, now: number) =>
      runEnrolmentJobs({ db, now, autoApproveMs: 5000, sandbox: null, notifyDelayMs: 5000, deliver: async () => '' });
    await job(t.handle.db, t.clock.now + 4000);
    expect((await enrolment(e.id)).status).toBe('submitted');
    // better-sqlite3 blocks the thread while it waits for a lock, so two SQLite handles in one process
    // take turns; on PostgreSQL they race for real.
    const [one, two] =
      DIALECT === 'postgres'
        ? await Promise.all([job(t.handle.db, t.clock.now + 5000), job(other.db, t.clock.now + 5000)])
        : [await job(t.handle.db, t.clock.now + 5000), await job(other.db, t.clock.now + 5000)];
    // (Other enrolments waiting in this database are approved too; this one exactly once.)
    expect(one.approved + two.approved).toBeGreaterThanOrEqual(1);
    const approvals = await t.handle.db.selectFrom('audit_log').select('id').where('action', '=', 'enrolment.approve').where('object', '=', `enrolment:${e.id}`).execute();
    expect(approvals).toHaveLength(1);
    expect((await enrolment(e.id)).status).toBe('depositPending');
    const deposits = await t.handle.db.selectFrom('deposit').select('id').where('enrolment_id', '=', e.id).execute();
    expect(deposits).toHaveLength(1);
    expect((await messagesOf('demo_person')).filter((m) => m.title.endsWith('报名审核通过') && m.content.includes(projects[8]!.assets_name))).toHaveLength(1);
  });
});

describe('access control: user B gets 404 for user A’s records (guide item 8)', () => {
  it('enrolments, deposits, orders, proofs and messages', async () => {
    const projects = await enrollingProjects(10);
    const a = await paidEnrolment('bidder01', projects[9]!.id);
    await sendMessage(t.handle.db, { userId: (await enrolment(a.enrolmentId)).user_id, kind: 'system', title: '仅本人可见', content: '私信', at: t.clock.now });
    const mine = (await messagesOf('bidder01')).find((m) => m.title.endsWith('仅本人可见'))!;
    const file = await upload('bidder02');

    const denied = [
      await call('GET', P.detail, 'bidder02', { id: a.enrolmentId }),
      await call('GET', P.depositDetail, 'bidder02', { id: a.depositId }),
      await call('POST', P.payOrder, 'bidder02', { depositId: a.depositId }),
      await call('GET', P.orderStatus, 'bidder02', { orderNo: a.orderNo }),
      await call('POST', P.sandboxPay, 'bidder02', { orderNo: a.orderNo }),
      await call('POST', P.proof, 'bidder02', { depositId: a.depositId, fileId: file, payerName: '李秀英', payerAccount: '6222021234567890', bankName: '农行', amount: 1, paidTime: '2026-11-21 10:00:00', note: '' }),
      await call('GET', P.message, 'bidder02', { id: mine.id }),
    ];
    expect(denied.map((d) => d.status)).toEqual([404, 404, 404, 404, 404, 404, 404]);
    expect(denied[0]!.body.msg).toBe('报名记录不存在');
    expect(denied[1]!.body.msg).toBe('保证金记录不存在');

    const lists = [
      (await call('GET', P.myPage, 'bidder02', { size: 100 })).body.data.records as Json[],
      (await call('GET', P.depositPage, 'bidder02', { size: 100 })).body.data.records as Json[],
    ];
    expect(lists[0]!.some((r) => r.id === a.enrolmentId)).toBe(false);
    expect(lists[1]!.some((r) => r.id === a.depositId)).toBe(false);
    expect((await messagesOf('bidder02')).some((m) => m.id === mine.id)).toBe(false);
    // Anonymous: 401 everywhere.
    expect((await call('GET', P.detail, null, { id: a.enrolmentId })).status).toBe(401);
    // The owner still reads them, and reading marks the message read.
    expect((await call('GET', P.detail, 'bidder01', { id: a.enrolmentId })).status).toBe(200);
    expect((await call('GET', P.message, 'bidder01', { id: mine.id })).body.data).toMatchObject({ read: true, title: '仅本人可见' });
  });
});

describe('the demo seed and the user centre', () => {
  it('every demo bidder qualification has an approved enrolment with a confirmed deposit; demo_person has none seeded', async () => {
    const db = t.handle.db;
    const orphans = await db
      .selectFrom('bid_qualification')
      .innerJoin('bid_activity', 'bid_activity.id', 'bid_qualification.activity_id')
      .innerJoin('app_user', 'app_user.id', 'bid_qualification.user_id')
      .select('bid_qualification.id')
      .where('app_user.login_name', 'like', 'bidder0%')
      .where('bid_activity.activity_code', 'like', 'DEMO-%')
      .where((eb) => eb.not(eb.exists(eb.selectFrom('enrolment').select('enrolment.id').whereRef('enrolment.user_id', '=', 'bid_qualification.user_id').whereRef('enrolment.project_id', '=', 'bid_activity.project_id'))))
      .execute();
    expect(orphans).toHaveLength(0);
    const seeded = await db.selectFrom('enrolment').innerJoin('deposit', 'deposit.enrolment_id', 'enrolment.id').select(['enrolment.status', 'deposit.status as deposit_status']).where('enrolment.enrol_code', 'like', 'BMDEMO%').execute();
    expect(seeded.length).toBeGreaterThan(20);
    expect(new Set(seeded.map((s) => `${s.status}/${s.deposit_status}`))).toEqual(new Set(['qualified/confirmed']));
    const demoPerson = await db.selectFrom('enrolment').innerJoin('app_user', 'app_user.id', 'enrolment.user_id').select('enrolment.id').where('app_user.login_name', '=', 'demo_person').where('enrolment.enrol_code', 'like', 'BMDEMO%').execute();
    expect(demoPerson).toHaveLength(0);
  });

  it('the summary counts my enrolments, deposits, live rooms and unread messages', async () => {
    const summary = (await call('GET', P.summary, 'bidder01')).body.data;
    expect(summary.enrolments.qualified).toBeGreaterThan(10);
    expect(summary.liveRooms).toBeGreaterThan(0);
    expect(summary.unreadMessages).toBeGreaterThan(0);
    expect(summary.recentMessages.length).toBeGreaterThan(0);
  });
});
