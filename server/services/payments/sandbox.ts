/**
 * The sandbox bank: a PaymentGateway that behaves like a bank without one. Pressing "pay" on its page records
 * the payment in the bank's own ledger (sandbox_bank_payment); a moment later (notifyDelayMs) the bank
 * notifies the merchant with an HMAC-SHA256-signed body, and keeps redelivering (each attempt is the same
 * notification) until the merchant answers its ack. Safe with several processes: claiming a delivery is a
 * conditional update, and the merchant's side is idempotent anyway.
 */
import { createHmac, hkdfSync, randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import type { GatewayOrder, PaymentGateway, VerifiedNotification } from './gateway.ts';

export const SANDBOX_GATEWAY = 'sandbox';
const FIELDS = ['notifyId', 'orderNo', 'txnId', 'amountFen', 'status', 'paidAt'] as const;

const bodySchema = z.object({
  gateway: z.literal(SANDBOX_GATEWAY),
  notifyId: z.string().min(1).max(64),
  orderNo: z.string().min(1).max(64),
  txnId: z.string().min(1).max(64),
  amountFen: z.coerce.number().int().min(0),
  status: z.enum(['paid', 'failed']),
  paidAt: z.coerce.number().int().min(0),
  sign: z.string().regex(/^[0-9a-f]{64}$/),
});

export type SandboxNotification = z.infer<typeof bodySchema>;

/** The canonical string the bank signs: fields in a fixed order, key=value joined with '&'. */
function canonical(n: Omit<SandboxNotification, 'sign' | 'gateway'>): string {
  return FIELDS.map((f) => `${f}=${n[f]}`).join('&');
}

/** The merchant key shared with the sandbox bank, derived from the install's field key (every process agrees). */
export function sandboxKey(fieldKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', fieldKey, Buffer.alloc(0), 'hbcq-portal sandbox bank v1', 32));
}

export class SandboxBank implements PaymentGateway {
  readonly name = SANDBOX_GATEWAY;
  readonly displayName = '模拟网银（沙箱）';
  readonly ack = 'success';

  constructor(private readonly key: Buffer) {}

  sign(n: Omit<SandboxNotification, 'sign' | 'gateway'>): string {
    return createHmac('sha256', this.key).update(canonical(n)).digest('hex');
  }

  async createOrder(_order: GatewayOrder): Promise<void> {
    // The sandbox needs nothing up front; a real bank returns a pay URL or QR code here.
  }

  verify(body: unknown): VerifiedNotification | null {
    const parsed = bodySchema.safeParse(body);
    if (!parsed.success) return null;
    const n = parsed.data;
    const expected = Buffer.from(this.sign(n), 'hex');
    const given = Buffer.from(n.sign, 'hex');
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    return { notifyId: n.notifyId, orderNo: n.orderNo, txnId: n.txnId, amountFen: n.amountFen, status: n.status, paidAt: n.paidAt };
  }

  /** The payer pressed "pay" on the bank's page: the bank takes the money (once per order). */
  async pay(db: Kysely<Database>, order: { orderNo: string; amountFen: number }, now: number): Promise<void> {
    await db
      .insertInto('sandbox_bank_payment')
      .values({ order_no: order.orderNo, txn_id: `SBX${now}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`, amount_fen: order.amountFen, paid_at: now, notified_at: null, attempts: 0 })
      .onConflict((oc) => oc.column('order_no').doNothing())
      .execute();
  }

  /** The signed notification of a ledger entry (the same body on every attempt). */
  notificationOf(p: { order_no: string; txn_id: string; amount_fen: number; paid_at: number }): SandboxNotification {
    const n = { notifyId: `N${p.txn_id}`, orderNo: p.order_no, txnId: p.txn_id, amountFen: Number(p.amount_fen), status: 'paid' as const, paidAt: Number(p.paid_at) };
    return { gateway: SANDBOX_GATEWAY, ...n, sign: this.sign(n) };
  }

  /**
   * Delivers every notification due (paid at least `delayMs` ago, not yet acknowledged) through `deliver`
   * (an HTTP POST to the notify endpoint); an acknowledged one is marked so no process sends it again.
   * Returns the number acknowledged.
   */
  async deliverDue(db: Kysely<Database>, now: number, delayMs: number, deliver: (body: SandboxNotification) => Promise<string>): Promise<number> {
    const due = await db
      .selectFrom('sandbox_bank_payment')
      .selectAll()
      .where('notified_at', 'is', null)
      .where('paid_at', '<=', now - delayMs)
      .orderBy('paid_at')
      .limit(50)
      .execute();
    let acknowledged = 0;
    for (const p of due) {
      await db.updateTable('sandbox_bank_payment').set((eb) => ({ attempts: eb('attempts', '+', 1) })).where('id', '=', p.id).execute();
      const answer = await deliver(this.notificationOf(p)).catch(() => '');
      if (answer.trim() !== this.ack) continue;
      const marked = await db.updateTable('sandbox_bank_payment').set({ notified_at: now }).where('id', '=', p.id).where('notified_at', 'is', null).executeTakeFirst();
      if (Number(marked.numUpdatedRows) === 1) acknowledged += 1;
    }
    return acknowledged;
  }
}
