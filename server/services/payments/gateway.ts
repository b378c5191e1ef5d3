import { BusinessError } from '../../lib/envelope.ts';

/**
 * The payment-gateway interface of the online cashier (/cashierDesk). A real bank or aggregator plugs in
 * here (PORTAL_PAYMENT_GATEWAY names a module whose default export builds one: server/README.md
 * "Providers"); the development default is the sandbox bank (sandbox.ts), refused in production unless
 * PORTAL_DEMO=1. The flow is a bank's: the merchant creates an order, the payer pays on the bank's side
 * (the cashier sends them to `payUrl`), and the bank confirms ASYNCHRONOUSLY with a signed notification
 * to POST /api/dscq-pay/notify (ENROLMENT_PATHS.paymentNotify), redelivered until acknowledged — so
 * applying it must be idempotent (orders.ts).
 */

export interface GatewayOrder {
  orderNo: string;
  amountFen: number;
  /** What the payer sees on the bank's page. */
  subject: string;
}

export interface GatewayOrderCreated {
  /** Where the payer pays (the bank's page or a QR-code page), https. */
  payUrl: string;
}

/** A notification whose signature checked out. */
export interface VerifiedNotification {
  /** The bank's id of this notification (unique per gateway): a redelivery carries the same id. */
  notifyId: string;
  orderNo: string;
  /** The bank's transaction number. */
  txnId: string;
  amountFen: number;
  status: 'paid' | 'failed';
  paidAt: number;
}

export interface PaymentGateway {
  /** Stored with each order ('sandbox'). */
  readonly name: string;
  /** Shown on the cashier ('模拟网银（沙箱）'). */
  readonly displayName: string;
  /**
   * Registers the order with the bank. A real gateway answers the page the payer pays on (`payUrl`,
   * opened by the cashier); the sandbox bank answers nothing (its page is the cashier's own panel).
   * Rejects when the bank refuses the order or cannot be reached: callers go through `registerOrder`,
   * which stores nothing and tells the payer so in Chinese.
   */
  createOrder(order: GatewayOrder): Promise<GatewayOrderCreated | void>;
  /**
   * Checks the signature of a notification body (the parsed form or JSON fields POSTed to the notify
   * path); null when it is not authentic or malformed. Must not throw.
   */
  verify(body: unknown): VerifiedNotification | null;
  /** The acknowledgement the bank expects in the response body. */
  readonly ack: string;
}

export const MSG_GATEWAY_REFUSED = '支付网关暂时无法受理该订单，请稍后再试，或选择线下转账';

/**
 * Registers the order with the bank before anything is stored: a refusal or an unreachable bank is a 502
 * with a Chinese message (not a bare 500), and no order, state change or posting exists afterwards.
 */
export async function registerOrder(gateway: PaymentGateway, order: GatewayOrder): Promise<GatewayOrderCreated | void> {
  try {
    return await gateway.createOrder(order);
  } catch (error) {
    throw Object.assign(new BusinessError(502, MSG_GATEWAY_REFUSED), { cause: error });
  }
}
