/**
 * Wallet movements on the ledger: withdrawals to the bound card and a deal's settlement payment.
 * Each writes its state change and its entry in one transaction; a repeated call posts nothing twice.
 */
import type { Kysely } from 'kysely';
import { maskCardNumber } from '#domain/rules/ledger';
import type { Database } from '../../db/schema.ts';
import { BusinessError } from '../../lib/envelope.ts';
import { appendAudit } from '../accounts/audit.ts';
import { encryptField } from '../accounts/crypto.ts';
import { newCode } from '../common/codes.ts';
import { inTransaction } from '../common/transactions.ts';
import { lockAccount, post, type AccountRef } from './ledger.ts';

export const MSG_NO_CARD = '请先在「资金账户」绑定银行卡';

/** Stores a bound card (the checks — bank list, Luhn, name, SMS — are the caller's: cards.ts). One bound card per user. */
export async function storeCard(
  db: Kysely<Database>,
  fieldKey: Buffer,
  c: { userId: number; bankCode: string; bankName: string; cardNo: string; accountName: string; at: number },
): Promise<number> {
  return inTransaction(db, async (trx) => {
    const bound = await trx.selectFrom('bank_card').select('id').where('user_id', '=', c.userId).where('status', '=', 'bound').executeTakeFirst();
    if (bound) throw new BusinessError(409, '您已绑定银行卡，如需更换请先解绑');
    const row = await trx
      .insertInto('bank_card')
      .values({
        user_id: c.userId,
        bank_code: c.bankCode,
        bank_name: c.bankName,
        card_enc: encryptField(fieldKey, c.cardNo),
        card_masked: maskCardNumber(c.cardNo),
        account_name: c.accountName,
        status: 'bound',
        bound_at: c.at,
        unbound_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  });
}

/**
 * A withdrawal request: the amount leaves the available balance at once (under the account's lock, so two
 * requests racing for one balance cannot both pass) and waits in the exchange's payout clearing account
 * until the bank pays it out (completeWithdrawal).
 */
export async function requestWithdrawal(db: Kysely<Database>, userId: number, amountFen: number, now: number, ip: string): Promise<{ withdrawNo: string }> {
  if (!Number.isSafeInteger(amountFen) || amountFen <= 0) throw new BusinessError(400, '提现金额须大于 0');
  return inTransaction(db, async (trx) => {
    await lockAccount(trx, { user: userId, kind: 'available' }, now);
    const card = await trx.selectFrom('bank_card').select('id').where('user_id', '=', userId).where('status', '=', 'bound').executeTakeFirst();
    if (!card) throw new BusinessError(409, MSG_NO_CARD);
    const withdrawNo = newCode('TX', now);
    await post(trx, {
      key: `withdrawal:${withdrawNo}`,
      kind: 'withdraw',
      userId,
      ref: `withdrawal:${withdrawNo}`,
      at: now,
      lines: [
        [{ user: userId, kind: 'available' }, -amountFen],
        ['payoutClearing', amountFen],
      ],
    });
    await trx.insertInto('withdrawal').values({ withdraw_no: withdrawNo, user_id: userId, card_id: card.id, amount_fen: amountFen, status: 'requested', fail_reason: '', created_at: now, done_at: null }).execute();
    await appendAudit(trx, now, { userId, ip, action: 'wallet.withdraw', object: `withdrawal:${withdrawNo}`, result: 'success', detail: String(amountFen) });
    return { withdrawNo };
  });
}

/** The bank paid the withdrawal out (ok) or returned it (the money goes back to the available balance). False when already done. */
export async function completeWithdrawal(db: Kysely<Database>, withdrawNo: string, outcome: { ok: true } | { ok: false; reason: string }, now: number): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const moved = await trx
      .updateTable('withdrawal')
      .set({ status: outcome.ok ? 'paid' : 'failed', fail_reason: outcome.ok ? '' : outcome.reason.slice(0, 200), done_at: now })
      .where('withdraw_no', '=', withdrawNo)
      .where('status', '=', 'requested')
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return false;
    const w = await trx.selectFrom('withdrawal').select(['user_id', 'amount_fen']).where('withdraw_no', '=', withdrawNo).executeTakeFirstOrThrow();
    await post(trx, {
      key: `withdrawal:${withdrawNo}:${outcome.ok ? 'paid' : 'failed'}`,
      kind: outcome.ok ? 'withdrawPaid' : 'withdrawFailed',
      userId: w.user_id,
      ref: `withdrawal:${withdrawNo}`,
      memo: outcome.ok ? '' : outcome.reason,
      at: now,
      lines: [
        ['payoutClearing', -w.amount_fen],
        [outcome.ok ? 'bank' : { user: w.user_id, kind: 'available' }, w.amount_fen],
      ],
    });
    return true;
  });
}

/** Money of a settlement payment: where the balance due came from. */
export type SettlementSource = { kind: 'bank'; orderNo?: string } | { kind: 'wallet' };

/**
 * A deal's settlement (资金结算) on the books, one entry: the balance due comes in (bank or wallet), the
 * winner's frozen deposit is converted, the price becomes owed to the transferor and the buyer's fee is
 * earned. due = price + fee − deposit (never below zero; a deposit above price + fee returns the surplus to
 * the wallet).
 */
export async function postSettlement(
  db: Kysely<Database>,
  s: { dealId: number; userId: number; priceFen: number; feeFen: number; depositFen: number; source: SettlementSource; at: number; memo: string },
): Promise<boolean> {
  const gross = s.priceFen + s.feeFen;
  const due = Math.max(0, gross - s.depositFen);
  const surplus = Math.max(0, s.depositFen - gross);
  const from: AccountRef = s.source.kind === 'wallet' ? { user: s.userId, kind: 'available' } : 'bank';
  return post(db, {
    key: `deal:${s.dealId}:settlement`,
    kind: 'settlementPaid',
    userId: s.userId,
    ref: s.source.kind === 'bank' && s.source.orderNo ? `payment_order:${s.source.orderNo}` : `deal:${s.dealId}`,
    memo: s.memo,
    at: s.at,
    lines: [
      [from, -due],
      [{ user: s.userId, kind: 'frozen' }, -s.depositFen],
      ['transferorPayable', s.priceFen],
      ['feeIncome', s.feeFen],
      [{ user: s.userId, kind: 'available' }, surplus],
    ],
  });
}

/**
 * The winner's kept deposit is converted to price as the settlement is paid: deposit kept → converted and
 * the settlement entry, in one transaction. False when already settled (nothing posted).
 */
export async function settleWithDeposit(
  db: Kysely<Database>,
  s: { dealId: number; depositId: number | null; userId: number; priceFen: number; feeFen: number; source: SettlementSource; at: number; memo: string },
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    let depositFen = 0;
    if (s.depositId !== null) {
      const moved = await trx.updateTable('deposit').set({ status: 'converted', settled_at: s.at, updated_at: s.at }).where('id', '=', s.depositId).where('status', '=', 'kept').executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 1) depositFen = Number((await trx.selectFrom('deposit').select('amount_fen').where('id', '=', s.depositId).executeTakeFirstOrThrow()).amount_fen);
    }
    const done = await postSettlement(trx, { ...s, depositFen });
    if (!done && depositFen > 0) throw new BusinessError(409, '该成交已结算');
    return done;
  });
}
