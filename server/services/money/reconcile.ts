/**
 * `npm run ops -- ledger check`: the books against themselves and against the records that moved money.
 *   1. every entry balances and the whole book sums to zero;
 *   2. no user's available or frozen balance is below zero;
 *   3. every paid payment order has its money on the books (an entry referring to it that took exactly
 *      its amount from the bank), and no entry refers to an order that is not paid;
 *   4. each user's frozen balance equals their deposits that are frozen (confirmed or kept);
 *   5. the payout clearing account equals the withdrawals still waiting for the bank.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { EXCHANGE_ACCOUNTS, balanceOf } from './ledger.ts';

export interface LedgerCheck {
  ok: boolean;
  entries: number;
  postings: number;
  totalFen: number;
  problems: string[];
}

export async function checkLedger(db: Kysely<Database>): Promise<LedgerCheck> {
  const problems: string[] = [];
  const totals = await db
    .selectFrom('ledger_posting')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.coalesce(eb.fn.sum<number>('amount_fen'), eb.lit(0)).as('total')])
    .executeTakeFirstOrThrow();
  const { n: entries } = await db.selectFrom('ledger_entry').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const totalFen = Number(totals.total);
  if (totalFen !== 0) problems.push(`账本合计不为零：${totalFen} 分`);

  const unbalanced = await db
    .selectFrom('ledger_posting')
    .innerJoin('ledger_entry', 'ledger_entry.id', 'ledger_posting.entry_id')
    .select(['ledger_entry.idem_key', (eb) => eb.fn.sum<number>('ledger_posting.amount_fen').as('total')])
    .groupBy('ledger_entry.idem_key')
    .having((eb) => eb.fn.sum('ledger_posting.amount_fen'), '!=', 0)
    .execute();
  for (const u of unbalanced) problems.push(`分录不平衡：${u.idem_key}（${Number(u.total)} 分）`);

  const negative = await db
    .selectFrom('ledger_posting')
    .innerJoin('ledger_account', 'ledger_account.id', 'ledger_posting.account_id')
    .select(['ledger_account.code', (eb) => eb.fn.sum<number>('ledger_posting.amount_fen').as('total')])
    .where('ledger_account.user_id', 'is not', null)
    .groupBy('ledger_account.code')
    .having((eb) => eb.fn.sum('ledger_posting.amount_fen'), '<', 0)
    .execute();
  for (const a of negative) problems.push(`用户账户余额为负：${a.code}（${Number(a.total)} 分）`);

  // 3. Payment orders.
  const bankId = await db.selectFrom('ledger_account').select('id').where('code', '=', EXCHANGE_ACCOUNTS.bank).executeTakeFirst();
  const inflow = new Map<string, number>();
  if (bankId) {
    const rows = await db
      .selectFrom('ledger_posting')
      .innerJoin('ledger_entry', 'ledger_entry.id', 'ledger_posting.entry_id')
      .select(['ledger_entry.ref', (eb) => eb.fn.sum<number>('ledger_posting.amount_fen').as('total')])
      .where('ledger_posting.account_id', '=', bankId.id)
      .where('ledger_entry.ref', 'like', 'payment_order:%')
      .groupBy('ledger_entry.ref')
      .execute();
    for (const r of rows) inflow.set(r.ref.slice('payment_order:'.length), -Number(r.total));
  }
  const paid = await db.selectFrom('payment_order').select(['order_no', 'amount_fen']).where('status', '=', 'paid').execute();
  const paidNos = new Set<string>();
  for (const o of paid) {
    paidNos.add(o.order_no);
    const got = inflow.get(o.order_no);
    if (got === undefined) problems.push(`已支付订单未入账：${o.order_no}（${Number(o.amount_fen)} 分）`);
    else if (got !== Number(o.amount_fen)) problems.push(`订单入账金额不符：${o.order_no}（订单 ${Number(o.amount_fen)} 分，入账 ${got} 分）`);
  }
  for (const orderNo of inflow.keys()) if (!paidNos.has(orderNo)) problems.push(`入账的订单未支付：${orderNo}`);

  // 4. Frozen balances = frozen deposits.
  const frozenDeposits = await db
    .selectFrom('deposit')
    .select(['user_id', (eb) => eb.fn.sum<number>('amount_fen').as('total')])
    .where('status', 'in', ['confirmed', 'kept'])
    .groupBy('user_id')
    .execute();
  const frozenAccounts = await db
    .selectFrom('ledger_posting')
    .innerJoin('ledger_account', 'ledger_account.id', 'ledger_posting.account_id')
    .select(['ledger_account.user_id', (eb) => eb.fn.sum<number>('ledger_posting.amount_fen').as('total')])
    .where('ledger_account.kind', '=', 'frozen')
    .groupBy('ledger_account.user_id')
    .execute();
  const expected = new Map(frozenDeposits.map((d) => [Number(d.user_id), Number(d.total)]));
  const actual = new Map(frozenAccounts.map((a) => [Number(a.user_id), Number(a.total)]));
  for (const userId of new Set([...expected.keys(), ...actual.keys()])) {
    const e = expected.get(userId) ?? 0;
    const a = actual.get(userId) ?? 0;
    if (e !== a) problems.push(`用户 ${userId} 冻结金额与保证金不符：账本 ${a} 分，保证金 ${e} 分`);
  }

  // 5. Withdrawals in flight.
  const waiting = await db.selectFrom('withdrawal').select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_fen'), eb.lit(0)).as('total')).where('status', '=', 'requested').executeTakeFirstOrThrow();
  const clearing = await balanceOf(db, 'payoutClearing');
  if (clearing !== Number(waiting.total)) problems.push(`提现在途不符：账本 ${clearing} 分，待付提现 ${Number(waiting.total)} 分`);

  return { ok: problems.length === 0, entries: Number(entries), postings: Number(totals.n), totalFen, problems };
}
