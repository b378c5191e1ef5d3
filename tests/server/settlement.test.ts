/**
 * Deal confirmation and settlement on SQLite and PostgreSQL: the deal opened at
 * settlement with its printable 成交确认书, online confirmation, the amount due (price + fee from the
 * schedule − deposit converted) paid through the sandbox bank (a replayed notice posts nothing), the
 * exchange's steps up to the payout to the transferor, the forfeit of a deal not confirmed in time, the
 * books checking clean after each, and another user's deal answering 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepDeposit } from '../../server/services/enrolment/deposits.ts';
import { advanceDeal, FORFEIT_NOT_CONFIRMED, openDeal, payoutDeal } from '../../server/services/money/deals.ts';
import { balanceOf, userBalances } from '../../server/services/money/ledger.ts';
import { checkLedger } from '../../server/services/money/reconcile.ts';
import { applyNotification } from '../../server/services/payments/orders.ts';
import { buyerFeeFen } from '#domain/rules/settlement';
import { createAccountsApp, type AccountsTestApp } from './accounts-helpers.ts';
import { DIALECT, type Json } from './helpers.ts';

const P = {
  page: '/api/dscq-user/settle/page',
  detail: '/api/dscq-user/settle/detail',
  letter: '/api/dscq-user/settle/letter',
  confirm: '/api/dscq-user/settle/confirm',
  payOrder: '/api/dscq-user/settle/pay-order',
  payWallet: '/api/dscq-user/settle/pay-wallet',
  sandboxPay: '/api/dscq-user/deposit/sandbox/pay',
  summary: '/api/dscq-user/wallet/summary',
};
const OPS = { name: 'ops:test', ip: '' };

let t: AccountsTestApp;
const tokens: Record<string, string> = {};

async function call(method: 'GET' | 'POST', url: string, user: string, params: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method,
    url,
    ...(method === 'GET' ? { query: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) } : { payload: params }),
    headers: { authorization: `Bearer ${tokens[user]}` },
  });
  return { status: res.statusCode, body: (String(res.headers['content-type'] ?? '').includes('json') ? res.json() : res.body) as Json, headers: res.headers };
}

/** A deal of bidder01 on one of his confirmed demo deposits, as the sweep would open it. */
async function dealOf(priceFactor: number) {
  const db = t.handle.db;
  const d = await db
    .selectFrom('deposit')
    .innerJoin('app_user', 'app_user.id', 'deposit.user_id')
    .innerJoin('enrolment', 'enrolment.id', 'deposit.enrolment_id')
    .select(['deposit.id', 'deposit.user_id', 'deposit.project_id', 'deposit.amount_fen', 'enrolment.activity_id', 'enrolment.bid_code'])
    .where('app_user.login_name', '=', 'bidder01')
    .where('deposit.status', '=', 'confirmed')
    .where('enrolment.activity_id', 'is not', null)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('deal').select('deal.id').whereRef('deal.activity_id', '=', 'enrolment.activity_id'))))
    .orderBy('deposit.id')
    .executeTakeFirstOrThrow();
  const priceFen = d.amount_fen * priceFactor;
  await db.transaction().execute(async (trx) => {
    expect(await keepDeposit(trx, d.id, t.clock.now)).toBe(true);
    await openDeal(trx, { activityId: d.activity_id!, projectId: d.project_id, winnerUserId: d.user_id, bidCode: d.bid_code!, priceFen, at: t.clock.now });
  });
  const deal = await db.selectFrom('deal').select('id').where('activity_id', '=', d.activity_id!).executeTakeFirstOrThrow();
  return { dealId: deal.id, depositId: d.id, userId: d.user_id, depositFen: d.amount_fen, priceFen };
}

beforeAll(async () => {
  t = await createAccountsApp();
  for (const user of ['bidder01', 'bidder02']) {
    const answer = await t.login(user);
    expect(answer.status, `${user} logs in`).toBe(200);
    tokens[user] = answer.body.access_token;
  }
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe(`deal confirmation and settlement (${DIALECT})`, () => {
  it('the demo: bidder01 has deals in each state, a bound card, wallet movements and an issued invoice; the books check clean', async () => {
    const deals = (await call('GET', P.page, 'bidder01', { current: 1, size: 20 })).body.data.records.map((d: Json) => d.status);
    expect(deals).toEqual(expect.arrayContaining(['awaitingConfirmation', 'awaitingPayment', 'paid', 'handedOver']));
    const wallet = (await call('GET', P.summary, 'bidder01')).body.data;
    expect(wallet.card).toMatchObject({ bankName: '中国工商银行', cardNo: '622202*********3446' });
    expect(wallet.available).toBe(45_000);
    const kinds = (await call('GET', '/api/dscq-user/wallet/entries', 'bidder01', { current: 1, size: 50 })).body.data.records.map((e: Json) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(['topUp', 'withdraw', 'depositPaid']));
    const invoices = (await call('GET', '/api/dscq-user/invoice/page', 'bidder01', { current: 1, size: 10 })).body.data.records;
    expect(invoices.map((i: Json) => i.status)).toEqual(['issued']);
    expect((await checkLedger(t.handle.db)).problems).toEqual([]);
  });

  it('confirms online, pays the amount due through the sandbox bank, and the exchange completes the deal; the books stay balanced', async () => {
    const db = t.handle.db;
    const { dealId, depositId, userId, depositFen, priceFen } = await dealOf(10);
    const feeFen = buyerFeeFen(priceFen);
    const dueFen = priceFen + feeFen - depositFen;
    const frozenBefore = (await userBalances(db, userId)).frozenFen;

    const list = (await call('GET', P.page, 'bidder01', { current: 1, size: 10 })).body.data;
    expect(list.records[0]).toMatchObject({ id: dealId, status: 'awaitingConfirmation', statusText: '待确认成交', price: priceFen / 100, fee: feeFen / 100, deposit: depositFen / 100, amountDue: dueFen / 100 });
    const letter = await call('GET', P.letter, 'bidder01', { id: dealId });
    expect(letter.status).toBe(200);
    expect(letter.headers['content-type']).toBe('application/pdf');
    expect(String(letter.body).startsWith('%PDF')).toBe(true);

    // Another user's deal is not there for him.
    for (const [m, url] of [['GET', P.detail], ['GET', P.letter], ['POST', P.confirm], ['POST', P.payOrder], ['POST', P.payWallet]] as const) {
      const r = await call(m, url, 'bidder02', { id: dealId });
      expect(r.status, url).toBe(404);
    }
    expect((await call('GET', P.page, 'bidder02', { current: 1, size: 10 })).body.data.records.map((d: Json) => d.id)).not.toContain(dealId);

    expect((await call('POST', P.payOrder, 'bidder01', { id: dealId })).body.msg).toBe('请先确认成交确认书');
    const confirmed = await call('POST', P.confirm, 'bidder01', { id: dealId });
    expect(confirmed.body.data).toMatchObject({ status: 'awaitingPayment', statusText: '待支付价款' });
    expect(confirmed.body.data.payDue).not.toBeNull();
    expect((await call('POST', P.confirm, 'bidder01', { id: dealId })).body.msg).toBe('该成交已确认');

    const order = await call('POST', P.payOrder, 'bidder01', { id: dealId });
    expect(order.body.data).toMatchObject({ amount: dueFen / 100, status: 'created' });
    expect((await call('POST', P.sandboxPay, 'bidder01', { orderNo: order.body.data.orderNo })).status).toBe(200);
    t.clock.now += 5000;
    await t.app.enrolment.runJobs();
    const paid = (await call('GET', P.detail, 'bidder01', { id: dealId })).body.data;
    expect(paid).toMatchObject({ status: 'paid', payMethod: 'online' });
    expect((await db.selectFrom('deposit').select('status').where('id', '=', depositId).executeTakeFirstOrThrow()).status).toBe('converted');
    expect((await userBalances(db, userId)).frozenFen).toBe(frozenBefore - depositFen);
    expect(await balanceOf(db, 'feeIncome')).toBeGreaterThanOrEqual(feeFen);

    // The bank delivers the same notice again: nothing more is posted.
    const payment = await db.selectFrom('sandbox_bank_payment').selectAll().where('order_no', '=', order.body.data.orderNo).executeTakeFirstOrThrow();
    const entries = await db.selectFrom('ledger_entry').select('id').execute();
    expect(await applyNotification(db, t.app.enrolment.sandbox!, t.app.enrolment.sandbox!.notificationOf(payment), t.clock.now)).toBe('duplicate');
    expect(await db.selectFrom('ledger_entry').select('id').execute()).toHaveLength(entries.length);

    const payable = await balanceOf(db, 'transferorPayable');
    expect(await payoutDeal(db, dealId, OPS, t.clock.now)).toBe(false); // not before the certificate
    expect(await advanceDeal(db, dealId, 'handover', OPS, t.clock.now)).toBe(true);
    expect(await advanceDeal(db, dealId, 'handover', OPS, t.clock.now)).toBe(false);
    expect(await advanceDeal(db, dealId, 'certificate', OPS, t.clock.now)).toBe(true);
    expect(await payoutDeal(db, dealId, OPS, t.clock.now)).toBe(true);
    expect(await balanceOf(db, 'transferorPayable')).toBe(payable - priceFen);
    expect((await call('GET', P.detail, 'bidder01', { id: dealId })).body.data).toMatchObject({ status: 'paidOut', statusText: '价款已划转' });
    expect((await checkLedger(db)).problems).toEqual([]);
  });

  it('invoices: requested for the paid fee with checked fields, one per deal, issued by the operator, 404 for another user', async () => {
    const db = t.handle.db;
    const eligible = (await call('GET', '/api/dscq-user/invoice/eligible', 'bidder01')).body.data;
    // The paid-out deal of the first test (the demo's handed-over deal is eligible too).
    const paidOut = await db.selectFrom('deal').select('id').where('status', '=', 'paidOut').executeTakeFirstOrThrow();
    expect(eligible.map((e: Json) => e.dealId)).toContain(paidOut.id);
    const dealId = paidOut.id;
    const base = { dealId, kind: 'special', title: '河北冀通物流有限公司', taxpayerNo: '91130100MA0CIOS01X', address: '石家庄市长安区中山东路1号', phone: '0311-88888888', bankName: '中国银行', bankAccount: '101288660000', email: 'finance@example.com' };
    const bad = async (over: Record<string, unknown>, msg: string) => {
      const r = await call('POST', '/api/dscq-user/invoice/request', 'bidder01', { ...base, ...over });
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.msg).toBe(msg);
    };
    await bad({}, '统一社会信用代码格式错误');
    await bad({ taxpayerNo: '91130100MA0CX0X01A' }, '统一社会信用代码校验位错误');
    await bad({ taxpayerNo: '' }, '专用发票须填写纳税人识别号（统一社会信用代码）');
    await bad({ taxpayerNo: '91350100M000100Y43', bankAccount: '' }, '专用发票须填写注册地址、注册电话、开户银行和银行账号');
    await bad({ taxpayerNo: '91350100M000100Y43', email: 'not-mail' }, '电子邮箱格式不正确');
    await bad({ taxpayerNo: '91350100M000100Y43', title: '' }, '请填写发票抬头（不超过100个字符）');
    const ok = await call('POST', '/api/dscq-user/invoice/request', 'bidder01', { ...base, taxpayerNo: '91350100m000100y43' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toMatchObject({ status: 'requested', statusText: '已申请', kindText: '增值税专用发票', taxpayerNo: '91350100M000100Y43' });
    expect((await call('POST', '/api/dscq-user/invoice/request', 'bidder01', { ...base, taxpayerNo: '91350100M000100Y43' })).body.msg).toBe('该笔服务费已申请开票');
    expect((await call('POST', '/api/dscq-user/invoice/request', 'bidder02', { ...base, taxpayerNo: '91350100M000100Y43' })).status).toBe(404);
    const id = ok.body.data.id;
    expect((await call('GET', '/api/dscq-user/invoice/document', 'bidder01', { id })).body.msg).toBe('发票尚未开具');
    const { reviewInvoice } = await import('../../server/services/money/invoices.ts');
    expect(await reviewInvoice(db, id, { issue: true }, OPS, t.clock.now)).toBe(true);
    expect(await reviewInvoice(db, id, { issue: false, reason: '重复' }, OPS, t.clock.now)).toBe(false);
    const doc = await call('GET', '/api/dscq-user/invoice/document', 'bidder01', { id });
    expect(doc.headers['content-type']).toBe('application/pdf');
    expect(String(doc.body).startsWith('%PDF')).toBe(true);
    expect((await call('GET', '/api/dscq-user/invoice/document', 'bidder02', { id })).status).toBe(404);
    const mine = (await call('GET', '/api/dscq-user/invoice/page', 'bidder01', { current: 1, size: 10 })).body.data;
    expect(mine.records[0]).toMatchObject({ id, status: 'issued', statusText: '已开具' });
    expect((await call('GET', '/api/dscq-user/invoice/page', 'bidder02', { current: 1, size: 10 })).body.data.total).toBe(0);
  });

  it('a deal not confirmed in time is forfeited with its reason, and so is the kept deposit', async () => {
    const db = t.handle.db;
    const { dealId, depositId, userId, depositFen } = await dealOf(3);
    const frozenBefore = (await userBalances(db, userId)).frozenFen;
    const deal = await db.selectFrom('deal').select('confirm_due_at').where('id', '=', dealId).executeTakeFirstOrThrow();
    t.clock.now = deal.confirm_due_at + 1000;
    tokens.bidder01 = (await t.login('bidder01')).body.access_token; // days later: a new session
    expect((await call('POST', P.confirm, 'bidder01', { id: dealId })).body.msg).toBe('已超过成交确认期限');
    await t.app.enrolment.runJobs();
    expect((await call('GET', P.detail, 'bidder01', { id: dealId })).body.data).toMatchObject({ status: 'forfeited', forfeitReason: FORFEIT_NOT_CONFIRMED });
    expect((await db.selectFrom('deposit').select('status').where('id', '=', depositId).executeTakeFirstOrThrow()).status).toBe('forfeited');
    expect((await userBalances(db, userId)).frozenFen).toBe(frozenBefore - depositFen);
    const entry = await db.selectFrom('ledger_entry').select(['kind', 'memo']).where('idem_key', '=', `deposit:${depositId}:forfeit`).executeTakeFirstOrThrow();
    expect(entry.kind).toBe('depositForfeit');
    expect(entry.memo).toContain(FORFEIT_NOT_CONFIRMED);
    const messages = await db.selectFrom('message').select(['title', 'content']).where('user_id', '=', userId).where('title', 'like', '%违约%').execute();
    expect(messages.some((m) => m.content.includes(FORFEIT_NOT_CONFIRMED))).toBe(true);
    expect((await checkLedger(db)).problems).toEqual([]);
  });
});
