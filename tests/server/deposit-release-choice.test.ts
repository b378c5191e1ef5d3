/**
 * A loser's released deposit goes where the user chose: into the wallet, or back to the bound
 * card as a payout in flight (payout clearing and a withdrawal row the bank pays or returns). Postings in the
 * release's transaction; the books check clean after each step (npm run ops -- ledger check). Both DBs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseDeposit } from '../../server/services/enrolment/deposits.ts';
import { balanceOf, userBalances } from '../../server/services/money/ledger.ts';
import { completeWithdrawal } from '../../server/services/money/movements.ts';
import { checkLedger } from '../../server/services/money/reconcile.ts';
import { MONEY_PATHS } from '#domain/contract/ledger';
import { createAccountsApp, type AccountsTestApp } from './accounts-helpers.ts';
import { DIALECT } from './helpers.ts';

let t: AccountsTestApp;
const tokens: Record<string, string> = {};
const pref = (user: string, method: 'GET' | 'POST', choice?: string) => t.call(method, `/api${MONEY_PATHS.releasePreference}`, { token: tokens[user], ...(choice === undefined ? {} : { query: { choice } }) });

/** A confirmed deposit of `login` paid from outside the wallet. */
async function confirmedDeposit(login: string) {
  return t.handle.db
    .selectFrom('deposit')
    .innerJoin('app_user', 'app_user.id', 'deposit.user_id')
    .select(['deposit.id', 'deposit.user_id', 'deposit.amount_fen'])
    .where('app_user.login_name', '=', login)
    .where('deposit.status', '=', 'confirmed')
    .where('deposit.method', '<>', 'wallet')
    .orderBy('deposit.id')
    .executeTakeFirstOrThrow();
}

beforeAll(async () => {
  t = await createAccountsApp();
  for (const user of ['bidder01', 'bidder02']) tokens[user] = (await t.login(user)).body.access_token;
}, 60_000);
afterAll(async () => t?.close());

describe(`deposit release: wallet or back to the card (${DIALECT})`, () => {
  it('the choice is the user’s: back the way it was paid (card) by default, as the commitment promises; the wallet when chosen; bad input in Chinese', async () => {
    expect((await pref('bidder01', 'GET')).body.data).toEqual({ choice: 'card' });
    const bad = await pref('bidder01', 'POST', 'cash');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('请选择保证金退还方式（wallet 或 card）');
    expect((await pref('bidder02', 'POST', 'wallet')).body.data).toEqual({ choice: 'wallet' });
    expect((await pref('bidder02', 'GET')).body.data).toEqual({ choice: 'wallet' });
    expect((await pref('bidder01', 'GET')).body.data).toEqual({ choice: 'card' });
  });

  it('card: frozen → payout clearing with a withdrawal to the card; paid by the bank; the books balance', async () => {
    const db = t.handle.db;
    const d = await confirmedDeposit('bidder01');
    const before = await userBalances(db, d.user_id);
    const clearingBefore = await balanceOf(db, 'payoutClearing');
    expect(await releaseDeposit(db, d.id, t.clock.now)).toBe(true);
    expect(await releaseDeposit(db, d.id, t.clock.now)).toBe(false);
    const after = await userBalances(db, d.user_id);
    expect(after.frozenFen).toBe(before.frozenFen - d.amount_fen);
    expect(after.availableFen).toBe(before.availableFen);
    expect(await balanceOf(db, 'payoutClearing')).toBe(clearingBefore + d.amount_fen);
    const w = await db.selectFrom('withdrawal').selectAll().where('user_id', '=', d.user_id).where('status', '=', 'requested').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(w.amount_fen).toBe(d.amount_fen);
    const message = await db.selectFrom('message').select(['title', 'content']).where('user_id', '=', d.user_id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(message.content).toContain('原路退回');
    const entry = await db.selectFrom('ledger_entry').select('kind').where('ref', '=', `withdrawal:${w.withdraw_no}`).executeTakeFirstOrThrow();
    expect(entry.kind).toBe('depositRefund');
    expect((await checkLedger(db)).problems).toEqual([]);

    expect(await completeWithdrawal(db, w.withdraw_no, { ok: true }, t.clock.now)).toBe(true);
    expect(await balanceOf(db, 'payoutClearing')).toBe(clearingBefore);
    expect((await checkLedger(db)).problems).toEqual([]);
  });

  it('card chosen but a returned payout lands in the wallet; no card bound: the wallet', async () => {
    const db = t.handle.db;
    // bidder01's next deposit goes to the card, the bank returns it: available grows.
    const d = await confirmedDeposit('bidder01');
    const before = await userBalances(db, d.user_id);
    expect(await releaseDeposit(db, d.id, t.clock.now)).toBe(true);
    const w = await db.selectFrom('withdrawal').select('withdraw_no').where('user_id', '=', d.user_id).where('status', '=', 'requested').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(await completeWithdrawal(db, w.withdraw_no, { ok: false, reason: '账户已销户' }, t.clock.now)).toBe(true);
    expect((await userBalances(db, d.user_id)).availableFen).toBe(before.availableFen + d.amount_fen);
    expect((await checkLedger(db)).problems).toEqual([]);

    // bidder02 chose the card but has none bound: the wallet.
    expect((await pref('bidder02', 'POST', 'card')).status).toBe(200);
    await db.updateTable('bank_card').set({ status: 'unbound' }).where('user_id', '=', (await confirmedDeposit('bidder02')).user_id).execute();
    const e = await confirmedDeposit('bidder02');
    const b2 = await userBalances(db, e.user_id);
    expect(await releaseDeposit(db, e.id, t.clock.now)).toBe(true);
    expect((await userBalances(db, e.user_id)).availableFen).toBe(b2.availableFen + e.amount_fen);
    const told = await db.selectFrom('message').select('content').where('user_id', '=', e.user_id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(told.content).toContain('尚未绑定银行卡，无法原路退回');
    expect((await checkLedger(db)).problems).toEqual([]);
  });
});
