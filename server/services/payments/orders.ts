/**
 * Online deposit payment: the merchant's side of the gateway flow. An order per cashier visit; the bank's
 * notification is logged once per (gateway, notify id) and applied with conditional updates (order created →
 * paid, deposit → confirmed), all in one transaction: a redelivered or concurrent notification changes nothing.
 */
import type { Kysely, Selectable } from 'kysely';
import { DEPOSIT_PAID_STATUSES } from '#domain/rules/enrolment';
import { type DepositStatus, type PaymentOrderAnswer, type PaymentPurpose } from '#domain/contract/enrolment';
import type { PaymentOrderTable } from '../../db/tables/enrolment.ts';
import type { TopUpOrder } from '#domain/contract/ledger';
import { fenToYuan } from '#domain/rules/money';
import { post } from '../money/ledger.ts';
import type { Database } from '../../db/schema.ts';
import { BusinessError, notFound } from '../../lib/envelope.ts';
import { appendAudit } from '../accounts/audit.ts';
import { confirmDeposit, ownDeposit, toOrderAnswer } from '../enrolment/deposits.ts';
import { newCode } from '../common/codes.ts';
import { registerOrder, type PaymentGateway } from './gateway.ts';

export const MSG_ORDER_NOT_FOUND = '支付订单不存在';
/** PORTAL_PAYMENT_GATEWAY=none. */
export const MSG_NO_ONLINE_PAYMENT = '本站暂未开通在线支付，请选择线下银行转账并上传付款凭证';

export async function createPayOrder(db: Kysely<Database>, gateway: PaymentGateway | null, userId: number, depositId: number, now: number, ip: string): Promise<PaymentOrderAnswer> {
  if (!gateway) throw new BusinessError(409, MSG_NO_ONLINE_PAYMENT);
  const deposit = await ownDeposit(db, userId, depositId);
  const status = deposit.status as DepositStatus;
  if (DEPOSIT_PAID_STATUSES.includes(status)) throw new BusinessError(409, '该保证金已缴纳，无需重复支付');
  if (status === 'proofSubmitted') throw new BusinessError(409, '您已提交线下转账凭证，请等待确认');
  const enrolment = await db.selectFrom('enrolment').select('status').where('id', '=', deposit.enrolment_id).executeTakeFirstOrThrow();
  if (enrolment.status !== 'depositPending') throw new BusinessError(409, '报名审核通过后方可缴纳保证金');
  const project = await db.selectFrom('project').select('assets_name').where('id', '=', deposit.project_id).executeTakeFirstOrThrow();
  const orderNo = newCode('PO', now);
  const created = await registerOrder(gateway, { orderNo, amountFen: deposit.amount_fen, subject: `交易保证金-${project.assets_name}`.slice(0, 60) });
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('payment_order')
      .values({ order_no: orderNo, deposit_id: deposit.id, user_id: userId, gateway: gateway.name, amount_fen: deposit.amount_fen, status: 'created', gateway_txn: null, created_at: now, paid_at: null })
      .execute();
    await trx
      .updateTable('deposit')
      .set({ status: 'paying' satisfies DepositStatus, method: 'online', updated_at: now })
      .where('id', '=', deposit.id)
      .where('status', 'in', ['pending', 'paying'] satisfies DepositStatus[])
      .execute();
    await appendAudit(trx, now, { userId, ip, action: 'deposit.order', object: `payment_order:${orderNo}`, result: 'success', detail: `deposit:${deposit.id}` });
  });
  const answer = await ownOrder(db, gateway, userId, orderNo);
  return created?.payUrl ? { ...answer, payUrl: created.payUrl } : answer;
}

/**
 * The money of a paid order reaches the books, in the notification's transaction: a deposit is confirmed
 * (bank → frozen); a top-up goes to the wallet (bank → available); a settlement payment settles its deal.
 * Money that arrives for something already paid (a deposit confirmed meanwhile by a transfer) is not lost:
 * it goes to the payer's wallet.
 */
async function applyPaidOrder(trx: Kysely<Database>, order: Selectable<PaymentOrderTable>, actor: string, now: number): Promise<void> {
  const purpose = order.purpose as PaymentPurpose;
  if (purpose === 'deposit' && order.deposit_id !== null) {
    if (await confirmDeposit(trx, order.deposit_id, { method: 'online', actor: { name: actor, ip: '' }, now, orderNo: order.order_no })) return;
  } else if (purpose === 'topUp') {
    await post(trx, {
      key: `payment_order:${order.order_no}`,
      kind: 'topUp',
      userId: order.user_id,
      ref: `payment_order:${order.order_no}`,
      at: now,
      lines: [
        ['bank', -order.amount_fen],
        [{ user: order.user_id, kind: 'available' }, order.amount_fen],
      ],
    });
    return;
  } else {
    const handler = paidOrderHandlers.get(purpose);
    if (handler && (await handler(trx, order, now))) return;
  }
  await post(trx, {
    key: `payment_order:${order.order_no}`,
    kind: 'overpayment',
    userId: order.user_id,
    ref: `payment_order:${order.order_no}`,
    memo: '该款项对应的业务已完成支付，款项已转入您的钱包',
    at: now,
    lines: [
      ['bank', -order.amount_fen],
      [{ user: order.user_id, kind: 'available' }, order.amount_fen],
    ],
  });
}

/** What other modules do with a paid order of their purpose (settlement.ts registers 'settlement'); true when applied. */
export const paidOrderHandlers = new Map<PaymentPurpose, (trx: Kysely<Database>, order: Selectable<PaymentOrderTable>, now: number) => Promise<boolean>>();

/** A wallet top-up through the gateway: the money reaches the wallet when the bank's notice arrives. */
export async function createTopUpOrder(
  db: Kysely<Database>,
  gateway: PaymentGateway | null,
  userId: number,
  amountFen: number,
  now: number,
  ip: string,
): Promise<TopUpOrder> {
  if (!gateway) throw new BusinessError(409, '本站暂未开通在线支付，暂不能充值');
  const orderNo = newCode('TU', now);
  const created = await registerOrder(gateway, { orderNo, amountFen, subject: '钱包充值' });
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('payment_order')
      .values({ order_no: orderNo, deposit_id: null, purpose: 'topUp' satisfies PaymentPurpose, ref_id: null, user_id: userId, gateway: gateway.name, amount_fen: amountFen, status: 'created', gateway_txn: null, created_at: now, paid_at: null })
      .execute();
    await appendAudit(trx, now, { userId, ip, action: 'wallet.topup.order', object: `payment_order:${orderNo}`, result: 'success', detail: String(amountFen) });
  });
  return { orderNo, amount: fenToYuan(amountFen), status: 'created', gatewayName: gateway.displayName, ...(created?.payUrl ? { payUrl: created.payUrl } : {}) };
}

export async function ownOrder(db: Kysely<Database>, gateway: Pick<PaymentGateway, 'name' | 'displayName'> | null, userId: number, orderNo: string): Promise<PaymentOrderAnswer> {
  const order = await db.selectFrom('payment_order').selectAll().where('order_no', '=', orderNo).where('user_id', '=', userId).executeTakeFirst();
  if (!order) throw notFound(MSG_ORDER_NOT_FOUND);
  return toOrderAnswer(order, gateway && order.gateway === gateway.name ? gateway.displayName : order.gateway);
}

export type NotifyOutcome = 'applied' | 'duplicate' | 'ignored';

/**
 * Applies a gateway notification. Throws 400 for a bad signature (nothing is logged or changed). 'duplicate'
 * when this notification (or another for the same order) was applied before; 'ignored' for a failed payment
 * or an amount that does not match the order (logged, the order stays open for the operator).
 */
export async function applyNotification(db: Kysely<Database>, gateway: PaymentGateway, body: unknown, now: number): Promise<NotifyOutcome> {
  const n = gateway.verify(body);
  if (!n) throw new BusinessError(400, '支付通知签名校验失败');
  return db.transaction().execute(async (trx) => {
    const logged = await trx
      .insertInto('payment_notification')
      .values({ gateway: gateway.name, notify_id: n.notifyId, order_no: n.orderNo, body: JSON.stringify(body), received_at: now })
      .onConflict((oc) => oc.columns(['gateway', 'notify_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!logged) return 'duplicate';
    const order = await trx.selectFrom('payment_order').selectAll().where('order_no', '=', n.orderNo).where('gateway', '=', gateway.name).executeTakeFirst();
    if (!order || n.status !== 'paid' || Number(order.amount_fen) !== n.amountFen) return 'ignored';
    const moved = await trx
      .updateTable('payment_order')
      .set({ status: 'paid', gateway_txn: n.txnId, paid_at: n.paidAt })
      .where('id', '=', order.id)
      .where('status', '=', 'created')
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return 'duplicate';
    await applyPaidOrder(trx, { ...order, gateway_txn: n.txnId }, `gateway:${gateway.name}`, now);
    return 'applied';
  });
}
