/**
 * Appeals against a deposit forfeit and against a settlement (switched on): the user's own
 * forfeited deposits and deals are the subjects, another user's are not (404 at submission), and the appeal
 * goes through the same states with messages. SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forfeitDeposit } from '../../server/services/enrolment/deposits.ts';
import { APPEAL_OPS_PATHS, APPEAL_PATHS } from '#domain/contract/userFiles';
import { createAccountsApp, type AccountsTestApp } from './accounts-helpers.ts';
import { DIALECT } from './helpers.ts';

let t: AccountsTestApp;
const tokens: Record<string, string> = {};
const api = (method: 'GET' | 'POST', path: string, user: string, query: Record<string, string | number> = {}) => t.call(method, `/api${path}`, { token: tokens[user], query });
const REASON = '我方已按期履约，扣除依据不成立，请复核。';

beforeAll(async () => {
  t = await createAccountsApp({ enrolment: { operators: ['demo_org'] } });
  for (const user of ['bidder01', 'bidder02', 'demo_org']) tokens[user] = (await t.login(user)).body.access_token;
}, 60_000);
afterAll(async () => t?.close());

describe(`appeals against a deposit forfeit and a settlement (${DIALECT})`, () => {
  it('both kinds are open', async () => {
    const kinds = (await api('GET', APPEAL_PATHS.kinds, 'bidder01')).body.data as Array<{ kind: string; open: boolean }>;
    expect(kinds.filter((k) => k.kind === 'depositForfeit' || k.kind === 'settlement').map((k) => k.open)).toEqual([true, true]);
  });

  it('a forfeited deposit of his own: listed, appealed, accepted and answered; another user’s is refused', async () => {
    const db = t.handle.db;
    const deposit = await db.selectFrom('deposit').innerJoin('app_user', 'app_user.id', 'deposit.user_id').select(['deposit.id', 'deposit.deposit_code']).where('app_user.login_name', '=', 'bidder02').where('deposit.status', '=', 'confirmed').orderBy('deposit.id').executeTakeFirstOrThrow();
    expect(await forfeitDeposit(db, deposit.id, '取得资格后撤回报名', { name: 'ops:test', ip: '' }, t.clock.now)).toBe(true);
    const subjects = (await api('GET', APPEAL_PATHS.subjects, 'bidder02', { kind: 'depositForfeit' })).body.data as Array<{ id: number; title: string }>;
    expect(subjects.find((s) => s.id === deposit.id)?.title).toContain(`保证金 ${deposit.deposit_code}`);
    expect(((await api('GET', APPEAL_PATHS.subjects, 'bidder01', { kind: 'depositForfeit' })).body.data as Array<{ id: number }>).map((s) => s.id)).not.toContain(deposit.id);
    const foreign = await api('POST', APPEAL_PATHS.submit, 'bidder01', { kind: 'depositForfeit', subjectId: deposit.id, reason: REASON });
    expect(foreign.status).toBe(404);
    expect(foreign.body.msg).toBe('申诉对象不存在或不属于您');
    const done = await api('POST', APPEAL_PATHS.submit, 'bidder02', { kind: 'depositForfeit', subjectId: deposit.id, reason: REASON });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ status: 'submitted', kindText: '保证金扣除' });
    const id = done.body.data.id as number;
    expect((await api('POST', APPEAL_OPS_PATHS.accept, 'demo_org', { id })).status).toBe(200);
    expect((await api('POST', APPEAL_OPS_PATHS.answer, 'demo_org', { id, answer: '经复核，维持没收决定。' })).status).toBe(200);
    expect((await api('GET', APPEAL_PATHS.detail, 'bidder02', { id })).body.data).toMatchObject({ status: 'answered', answer: '经复核，维持没收决定。' });
    expect((await api('GET', APPEAL_PATHS.detail, 'bidder01', { id })).status).toBe(404);
  });

  it('a settlement of his own (not one awaiting confirmation): appealed; another user’s is refused', async () => {
    const db = t.handle.db;
    const deal = await db.selectFrom('deal').innerJoin('app_user', 'app_user.id', 'deal.user_id').select(['deal.id', 'deal.deal_code']).where('app_user.login_name', '=', 'bidder01').where('deal.status', '=', 'paid').executeTakeFirstOrThrow();
    const pending = await db.selectFrom('deal').innerJoin('app_user', 'app_user.id', 'deal.user_id').select(['deal.id']).where('app_user.login_name', '=', 'bidder01').where('deal.status', '=', 'awaitingConfirmation').executeTakeFirstOrThrow();
    const subjects = ((await api('GET', APPEAL_PATHS.subjects, 'bidder01', { kind: 'settlement' })).body.data as Array<{ id: number; title: string }>);
    expect(subjects.find((s) => s.id === deal.id)?.title).toContain(`成交 ${deal.deal_code}`);
    expect(subjects.map((s) => s.id)).not.toContain(pending.id);
    expect((await api('POST', APPEAL_PATHS.submit, 'bidder02', { kind: 'settlement', subjectId: deal.id, reason: REASON })).status).toBe(404);
    const done = await api('POST', APPEAL_PATHS.submit, 'bidder01', { kind: 'settlement', subjectId: deal.id, reason: REASON });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ status: 'submitted', kindText: '资金结算' });
    expect((await api('POST', APPEAL_PATHS.submit, 'bidder01', { kind: 'settlement', subjectId: deal.id, reason: REASON })).body.msg).toBe('该记录已有处理中的申诉，请等待处理结果');
  });
});
