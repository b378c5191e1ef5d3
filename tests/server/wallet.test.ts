/**
 * Wallet and fund account over HTTP on SQLite and PostgreSQL: bind a card (bank list,
 * Luhn, account name = verified name, SMS-confirmed), top up through the sandbox bank, the ledger page with
 * filters, withdraw (SMS-confirmed; over the balance refused), unbind only with nothing in flight, a deposit
 * paid from the wallet, bad amounts and card numbers answered in Chinese, and another user's records 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeWithdrawal } from '../../server/services/money/movements.ts';
import { checkLedger } from '../../server/services/money/reconcile.ts';
import { AMOUNT_MESSAGES, CARD_MESSAGES } from '#domain/rules/ledger';
import { createAccountsApp, FIXED_SMS, type AccountsTestApp } from './accounts-helpers.ts';
import { DIALECT, type Json } from './helpers.ts';

const P = {
  summary: '/api/dscq-user/wallet/summary',
  entries: '/api/dscq-user/wallet/entries',
  entry: '/api/dscq-user/wallet/entry',
  topUp: '/api/dscq-user/wallet/topup',
  topUpStatus: '/api/dscq-user/wallet/topup/status',
  withdrawSms: '/api/dscq-user/wallet/withdraw/sms',
  withdraw: '/api/dscq-user/wallet/withdraw',
  banks: '/api/dscq-user/fund/banks',
  account: '/api/dscq-user/fund/account',
  cardSms: '/api/dscq-user/fund/card/sms',
  bind: '/api/dscq-user/fund/card/bind',
  unbind: '/api/dscq-user/fund/card/unbind',
  sandboxPay: '/api/dscq-user/deposit/sandbox/pay',
};
const GOOD_CARD = '6222 0202 0011 2233 446';

let t: AccountsTestApp;
const tokens: Record<string, string> = {};

async function call(method: 'GET' | 'POST', url: string, user: string | null, params: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method,
    url,
    ...(method === 'GET' ? { query: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) } : { payload: params }),
    headers: user ? { authorization: `Bearer ${tokens[user]}` } : {},
  });
  return { status: res.statusCode, body: res.json() as Json };
}

/** Codes are fixed in tests; each send still respects the 60 s rule, so the clock moves on. */
async function sms(user: string, url: string, params: Record<string, unknown> = {}) {
  t.clock.now += 61_000;
  const r = await call('POST', url, user, params);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

async function topUp(user: string, amount: number) {
  const order = await call('POST', P.topUp, user, { amount });
  expect(order.status, JSON.stringify(order.body)).toBe(200);
  const orderNo = order.body.data.orderNo as string;
  expect((await call('POST', P.sandboxPay, user, { orderNo })).status).toBe(200);
  t.clock.now += 5000;
  await t.app.enrolment.runJobs();
  return orderNo;
}

beforeAll(async () => {
  t = await createAccountsApp();
  for (const user of ['demo_person', 'demo_org', 'demo_new', 'bidder02']) {
    const answer = await t.login(user);
    expect(answer.status, `${user} logs in`).toBe(200);
    tokens[user] = answer.body.access_token;
  }
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe(`fund account (${DIALECT})`, () => {
  it('binds a card: bank list, Luhn, the verified name, SMS-confirmed; one card at a time', async () => {
    expect((await call('GET', P.banks, 'demo_person')).body.data).toContainEqual({ code: 'ICBC', name: '中国工商银行' });
    const before = (await call('GET', P.account, 'demo_person')).body.data;
    expect(before).toMatchObject({ card: null, requiredName: '张建国', phone: '138****0001', unbindBlocked: '' });
    const base = { bankCode: 'ICBC', cardNo: GOOD_CARD, accountName: '张建国', smsCode: FIXED_SMS };
    const refused = async (params: Record<string, unknown>, status: number, msg: string) => {
      const r = await call('POST', P.bind, 'demo_person', params);
      expect(r.status, JSON.stringify(r.body)).toBe(status);
      expect(r.body.msg).toBe(msg);
    };
    await refused({ ...base, cardNo: '6222020200112233445' }, 400, CARD_MESSAGES.luhn);
    await refused({ ...base, cardNo: '62220202' }, 400, CARD_MESSAGES.format);
    await refused({ ...base, cardNo: '6222abcd00112233446' }, 400, CARD_MESSAGES.format);
    await refused({ ...base, bankCode: 'NOPE' }, 400, '请选择开户银行');
    await refused({ ...base, accountName: '李四' }, 400, '开户名须与实名认证的姓名一致');
    // No code sent yet: the code is refused.
    await refused(base, 400, '短信验证码错误或已失效');
    await sms('demo_person', P.cardSms, { purpose: 'bind' });
    const bound = await call('POST', P.bind, 'demo_person', base);
    expect(bound.status, JSON.stringify(bound.body)).toBe(200);
    expect(bound.body.data.card).toMatchObject({ bankCode: 'ICBC', bankName: '中国工商银行', cardNo: '622202*********3446', accountName: '张建国' });
    // The full number is never answered and is stored encrypted.
    expect(JSON.stringify(bound.body)).not.toContain('6222020200112233446');
    const row = await t.handle.db.selectFrom('bank_card').select('card_enc').where('card_masked', '=', '622202*********3446').executeTakeFirstOrThrow();
    expect(row.card_enc).not.toContain('6222020200112233446');
    await sms('demo_person', P.cardSms, { purpose: 'bind' });
    await refused(base, 409, '您已绑定银行卡，如需更换请先解绑');
  });

  it('an organisation binds with its organisation name; an unverified user cannot bind', async () => {
    await sms('demo_org', P.cardSms, { purpose: 'bind' });
    const wrong = await call('POST', P.bind, 'demo_org', { bankCode: 'HEBB', cardNo: '6217000000123456786', accountName: '张建国', smsCode: FIXED_SMS });
    expect(wrong.body.msg).toBe('开户名须与认证的机构名称一致');
    const right = await call('POST', P.bind, 'demo_org', { bankCode: 'HEBB', cardNo: '6217000000123456786', accountName: '河北冀通物流有限公司', smsCode: FIXED_SMS });
    expect(right.status, JSON.stringify(right.body)).toBe(200);
    expect(right.body.data.card.accountName).toBe('河北冀通物流有限公司');
    const unverified = await call('POST', P.bind, 'demo_new', { bankCode: 'ICBC', cardNo: GOOD_CARD, accountName: '某人', smsCode: FIXED_SMS });
    expect(unverified).toMatchObject({ status: 403, body: { msg: '请先完成实名认证，再绑定银行卡' } });
  });
});

describe(`wallet (${DIALECT})`, () => {
  it('tops up through the sandbox bank, lists the ledger with filters, withdraws with an SMS code, and the books check clean', async () => {
    expect((await call('GET', P.summary, 'demo_person')).body.data).toMatchObject({ available: 0, frozen: 0, withdrawing: 0 });
    const orderNo = await topUp('demo_person', 1000.5);
    expect((await call('GET', P.topUpStatus, 'demo_person', { orderNo })).body.data).toMatchObject({ orderNo, amount: 1000.5, status: 'paid' });
    expect((await call('GET', P.summary, 'demo_person')).body.data).toMatchObject({ available: 1000.5, frozen: 0 });

    // Withdrawals: the code is required and the balance is the limit.
    expect((await call('POST', P.withdraw, 'demo_person', { amount: 100, smsCode: '000000' })).body.msg).toBe('短信验证码错误或已失效');
    await sms('demo_person', P.withdrawSms);
    expect((await call('POST', P.withdraw, 'demo_person', { amount: 2000, smsCode: FIXED_SMS })).body.msg).toBe('可用余额不足');
    const w = await call('POST', P.withdraw, 'demo_person', { amount: 300.25, smsCode: FIXED_SMS });
    expect(w.status, JSON.stringify(w.body)).toBe(200);
    expect(w.body.data).toMatchObject({ amount: 300.25, status: 'requested', cardNo: '622202*********3446' });
    expect((await call('GET', P.summary, 'demo_person')).body.data).toMatchObject({ available: 700.25, withdrawing: 300.25 });
    // A code is single use.
    expect((await call('POST', P.withdraw, 'demo_person', { amount: 1, smsCode: FIXED_SMS })).body.msg).toBe('短信验证码错误或已失效');

    const all = (await call('GET', P.entries, 'demo_person', { current: 1, size: 10 })).body.data;
    expect(all.total).toBe(2);
    expect(all.records.map((e: Json) => [e.kindText, e.availableChange])).toEqual([
      ['提现', -300.25],
      ['充值', 1000.5],
    ]);
    const ins = (await call('GET', P.entries, 'demo_person', { current: 1, size: 10, direction: 'in' })).body.data;
    expect(ins.records.map((e: Json) => e.kind)).toEqual(['topUp']);
    const kind = (await call('GET', P.entries, 'demo_person', { current: 1, size: 10, kind: 'withdraw' })).body.data;
    expect(kind.records.map((e: Json) => e.kind)).toEqual(['withdraw']);
    const paged = (await call('GET', P.entries, 'demo_person', { current: 2, size: 1 })).body.data;
    expect(paged).toMatchObject({ total: 2, current: 2, pages: 2 });
    expect(paged.records.map((e: Json) => e.kind)).toEqual(['topUp']);
    expect((await call('GET', P.entry, 'demo_person', { id: all.records[0].id })).body.data).toMatchObject({ kind: 'withdraw', availableChange: -300.25 });

    // Unbinding waits for the withdrawal in flight.
    expect((await call('GET', P.account, 'demo_person')).body.data.unbindBlocked).toBe('您有提现正在处理中，处理完成后方可解绑');
    await sms('demo_person', P.cardSms, { purpose: 'unbind' });
    expect((await call('POST', P.unbind, 'demo_person', { smsCode: FIXED_SMS })).body.msg).toBe('您有提现正在处理中，处理完成后方可解绑');
    expect(await completeWithdrawal(t.handle.db, w.body.data.withdrawNo, { ok: true }, t.clock.now)).toBe(true);
    expect((await call('GET', P.summary, 'demo_person')).body.data).toMatchObject({ available: 700.25, withdrawing: 0 });
    const unbound = await call('POST', P.unbind, 'demo_person', { smsCode: FIXED_SMS });
    expect(unbound.status, JSON.stringify(unbound.body)).toBe(200);
    expect(unbound.body.data.card).toBeNull();
    await sms('demo_person', P.withdrawSms);
    expect((await call('POST', P.withdraw, 'demo_person', { amount: 1, smsCode: FIXED_SMS })).body.msg).toBe('请先在「资金账户」绑定银行卡');
    expect((await checkLedger(t.handle.db)).problems).toEqual([]);
  });

  it.each([
    ['0.001', AMOUNT_MESSAGES.subFen],
    ['-5', AMOUNT_MESSAGES.notPositive],
    ['0', AMOUNT_MESSAGES.notPositive],
    ['1e12', AMOUNT_MESSAGES.tooLarge],
    ['100000000.01', AMOUNT_MESSAGES.tooLarge],
    ['abc', AMOUNT_MESSAGES.format],
    ['', AMOUNT_MESSAGES.empty],
  ])('amount %j is refused with 「%s」 for top-ups and withdrawals, nothing written', async (amount, msg) => {
    const orders = await t.handle.db.selectFrom('payment_order').select('id').execute();
    for (const url of [P.topUp, P.withdraw]) {
      const r = await call('POST', url, 'demo_org', { amount, smsCode: FIXED_SMS });
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe(msg);
    }
    expect(await t.handle.db.selectFrom('payment_order').select('id').execute()).toHaveLength(orders.length);
  });

  it('another user gets 404 for my entries and orders, and sees none of them in lists', async () => {
    const mine = (await call('GET', P.entries, 'demo_person', { current: 1, size: 10 })).body.data.records[0];
    const order = await t.handle.db.selectFrom('payment_order').innerJoin('app_user', 'app_user.id', 'payment_order.user_id').select('order_no').where('app_user.login_name', '=', 'demo_person').where('purpose', '=', 'topUp').executeTakeFirstOrThrow();
    expect(await call('GET', P.entry, 'bidder02', { id: mine.id })).toMatchObject({ status: 404, body: { msg: '账务记录不存在' } });
    expect(await call('GET', P.topUpStatus, 'bidder02', { orderNo: order.order_no })).toMatchObject({ status: 404, body: { msg: '充值订单不存在' } });
    expect((await call('POST', P.sandboxPay, 'bidder02', { orderNo: order.order_no })).status).toBe(404);
    const theirs = (await call('GET', P.entries, 'bidder02', { current: 1, size: 50 })).body.data.records;
    expect(theirs.map((e: Json) => e.id)).not.toContain(mine.id);
    expect((await call('GET', P.summary, null)).status).toBe(401);
  });
});
