/**
 * Demo money: bidder01 has won deals in each state (awaiting confirmation, awaiting payment, paid (two, so a
 * contract still waits for his signature after one is signed), handed over), a bound card, wallet movements
 * (a top-up through the bank, a withdrawal paid out) and an issued invoice, so every money page of the demo
 * has content. Everything goes through the ledger like real movements, so `npm run ops -- ledger check`
 * stays clean. Idempotent: skipped once bidder01 has a demo deal.
 */
import type { Kysely } from 'kysely';
import { addWorkingDays, buyerFeeFen } from '#domain/rules/settlement';
import { type DealStatus } from '#domain/contract/settlement';
import type { SecretOverrides } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { loadSecrets } from '../services/accounts/secrets.ts';
import { post } from '../services/money/ledger.ts';
import { completeWithdrawal, requestWithdrawal, settleWithDeposit, storeCard } from '../services/money/movements.ts';

const HOUR = 3_600_000;
const DEMO_CARD = '6222020200112233446';
// Two paid deals: each gets a contract waiting for bidder01's signature (seed/contracts.ts), so signing one
// (the contracts journey) leaves the other for a reader trying the pad (the phone journey).
const STATES: DealStatus[] = ['awaitingConfirmation', 'awaitingPayment', 'paid', 'handedOver', 'paid'];
/** The deal with the demo's issued invoice. */
const FIRST_PAID = STATES.indexOf('paid');

export async function ensureDemoMoney(db: Kysely<Database>, now: number, secrets?: SecretOverrides): Promise<boolean> {
  const user = await db.selectFrom('app_user').select(['id', 'name']).where('login_name', '=', 'bidder01').executeTakeFirst();
  if (!user) return false;
  const done = await db.selectFrom('deal').select('id').where('deal_code', 'like', 'CJDEMO%').where('user_id', '=', user.id).executeTakeFirst();
  if (done) return false;
  // Lots without an auction of their own in the demo (the deals stand for auctions held earlier), concluded
  // ones (已成交): a lot with a deal never reads 正在报名 (one lot, one story).
  const activities = (
    await db
      .selectFrom('project')
      .select(['project.id as project_id', 'project.start_price_fen', 'project.assets_name'])
      .where('project.parent_id', 'is', null)
      .where('project.state', 'like', '%已成交%')
      .where('project.start_price_fen', '>', 0)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('bid_activity').select('bid_activity.id').whereRef('bid_activity.project_id', '=', 'project.id'))))
      .where((eb) => eb.not(eb.exists(eb.selectFrom('enrolment').select('enrolment.id').whereRef('enrolment.project_id', '=', 'project.id'))))
      .orderBy('project.id')
      .limit(STATES.length)
      .execute()
  ).map((p, i) => ({ id: p.project_id, project_id: p.project_id, assets_name: p.assets_name, start_price_fen: p.start_price_fen, current_price_fen: Math.round((p.start_price_fen * (110 + 7 * i)) / 10_000) * 100, end_at: now - (i + 2) * 24 * HOUR }));
  if (activities.length < STATES.length) return false;
  const fieldKey = (await loadSecrets(db, secrets ?? {})).fieldKey;
  await db.transaction().execute(async (trx) => {
    // Wallet: a card, a top-up through the bank, a withdrawal paid out to the card.
    if (!(await trx.selectFrom('bank_card').select('id').where('user_id', '=', user.id).where('status', '=', 'bound').executeTakeFirst())) {
      await storeCard(trx, fieldKey, { userId: user.id, bankCode: 'ICBC', bankName: '中国工商银行', cardNo: DEMO_CARD, accountName: user.name, at: now - 30 * 24 * HOUR });
    }
    const topUpAt = now - 20 * 24 * HOUR;
    const orderNo = `TUDEMO${user.id}`;
    await trx
      .insertInto('payment_order')
      .values({ order_no: orderNo, deposit_id: null, purpose: 'topUp', ref_id: null, user_id: user.id, gateway: 'sandbox', amount_fen: 5_000_000, status: 'paid', gateway_txn: `SBXDEMO${user.id}`, created_at: topUpAt, paid_at: topUpAt })
      .execute();
    await post(trx, { key: `payment_order:${orderNo}`, kind: 'topUp', userId: user.id, ref: `payment_order:${orderNo}`, at: topUpAt, lines: [['bank', -5_000_000], [{ user: user.id, kind: 'available' }, 5_000_000]] });
    const { withdrawNo } = await requestWithdrawal(trx, user.id, 500_000, topUpAt + 24 * HOUR, '');
    await completeWithdrawal(trx, withdrawNo, { ok: true }, topUpAt + 26 * HOUR);

    for (const [i, status] of STATES.entries()) {
      const a = activities[i]!;
      const priceFen = Math.max(a.current_price_fen, a.start_price_fen);
      const feeFen = buyerFeeFen(priceFen);
      const dealAt = Math.min(a.end_at, now - (i + 1) * 24 * HOUR);
      const paid = status === 'paid' || status === 'handedOver';
      const inserted = await trx
        .insertInto('deal')
        .values({
          deal_code: `CJDEMO${a.project_id}`,
          activity_id: null,
          project_id: a.project_id,
          user_id: user.id,
          deposit_id: null,
          bid_code: String(1201 + i),
          buyer_name: user.name,
          price_fen: priceFen,
          fee_fen: feeFen,
          deposit_fen: 0,
          status,
          pay_method: paid ? 'online' : '',
          forfeit_reason: '',
          deal_at: dealAt,
          // The demo's deadlines run from now, so the job does not forfeit them at once.
          confirm_due_at: addWorkingDays(status === 'awaitingConfirmation' ? now : dealAt, 3),
          confirmed_at: status === 'awaitingConfirmation' ? null : dealAt + HOUR,
          pay_due_at: status === 'awaitingConfirmation' ? null : addWorkingDays(status === 'awaitingPayment' ? now : dealAt + HOUR, 3),
          paid_at: paid ? dealAt + 2 * HOUR : null,
          handover_at: status === 'handedOver' ? dealAt + 4 * HOUR : null,
          certificate_at: null,
          payout_at: null,
          forfeited_at: null,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (paid) await settleWithDeposit(trx, { dealId: inserted.id, depositId: null, userId: user.id, priceFen, feeFen, source: { kind: 'bank' }, at: dealAt + 2 * HOUR, memo: a.assets_name });
      if (i === FIRST_PAID) {
        await trx
          .insertInto('invoice')
          .values({
            invoice_no: `FPDEMO${inserted.id}`,
            user_id: user.id,
            deal_id: inserted.id,
            kind: 'normal',
            title: user.name,
            taxpayer_no: '',
            address: '',
            phone: '',
            bank_name: '',
            bank_account: '',
            email: 'bidder01@example.com',
            amount_fen: feeFen,
            status: 'issued',
            refuse_reason: '',
            created_at: dealAt + 3 * HOUR,
            reviewed_at: dealAt + 5 * HOUR,
          })
          .execute();
      }
    }
  });
  return true;
}
