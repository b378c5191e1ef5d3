/**
 * The payment-gateway interface of the online cashier (/cashierDesk). A real bank or aggregator plugs in
 * here; the default is the sandbox bank (sandbox.ts). The flow is a bank's: the merchant creates an order,
 * the payer pays on the bank's side, and the bank confirms ASYNCHRONOUSLY with a signed notification to
 * POST /api/dscq-pay/notify (ENROLMENT_PATHS.paymentNotify), redelivered until acknowledged — so applying
 * it must be idempotent (payment-orders.ts).
 */

export interface GatewayOrder {
  orderNo: string;
  amountFen: number;
  /** What the payer sees on the bank's page. */
  subject: string;
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
  /** Registers the order with the bank. */
  createOrder(order: GatewayOrder): Promise<void>;
  /** Checks the signature of a notification body; null when it is not authentic or malformed. */
  verify(body: unknown): VerifiedNotification | null;
  /** The acknowledgement the bank expects in the response body. */
  readonly ack: string;
}
