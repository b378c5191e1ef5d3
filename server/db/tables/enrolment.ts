/**
 * Enrolment (migration 0006): enrolments, deposits, transfer proofs, online payment orders, the gateway's
 * notifications and user messages. Amounts in fen, times in epoch ms. Status values are the types in
 * domain/rules/enrolment.ts.
 */
import type { Generated } from 'kysely';

export interface EnrolmentTable {
  id: Generated<number>;
  /** Stable enrolment number shown to the user (BM…). */
  enrol_code: string;
  user_id: number;
  /** The asset (or package) enrolled in; unique per user. */
  project_id: number;
  /** EnrolmentKind: normal (one asset) or package. */
  kind: string;
  /** EnrolmentStatus. */
  status: string;
  /** user_type of the bidder (1 person, 2 organisation). */
  bidder_type: number;
  /** From the approved real-name record at submission time. */
  bidder_name: string;
  id_masked: string;
  contact_name: string;
  contact_phone: string;
  contact_email: string;
  address: string;
  /** JSON array of { fileId, name } (owner-only uploads). */
  attachments: string;
  /** JSON array of accepted commitment keys. */
  commitments: string;
  deposit_fen: number;
  reject_reason: string;
  reviewer: string;
  /** The bidding activity qualified in and its bid code, once qualified. */
  activity_id: number | null;
  bid_code: string | null;
  submitted_at: number;
  reviewed_at: number | null;
  qualified_at: number | null;
  updated_at: number;
  /** (migration 0018) The 竞买须知 accepted: terms_document.version, its sha256 and when; null before 0018 and for the demo's. */
  terms_version: string | null;
  terms_sha256: string | null;
  terms_accepted_at: number | null;
}

/** (migration 0018) Every version of the terms a bidder accepts, never changed once effective. */
export interface TermsDocumentTable {
  id: Generated<number>;
  /** 'bidding': the 竞买须知 of the enrolment form. */
  doc_key: string;
  version: string;
  title: string;
  effective_at: number;
  /** The exact text served and hashed. */
  content: string;
  /** Hex SHA-256 of content's UTF-8 bytes. */
  sha256: string;
  created_at: number;
}

export interface DepositTable {
  id: Generated<number>;
  deposit_code: string;
  enrolment_id: number;
  user_id: number;
  project_id: number;
  amount_fen: number;
  /** DepositStatus. */
  status: string;
  /** DepositMethod once chosen: online or transfer; '' before. */
  method: string;
  confirmed_at: number | null;
  /** When released or kept toward the price. */
  settled_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface DepositProofTable {
  id: Generated<number>;
  deposit_id: number;
  user_id: number;
  file_id: string;
  payer_name: string;
  /** AES-256-GCM (accounts field key). */
  payer_account_enc: string;
  /** First 6 + last 4. */
  payer_account_masked: string;
  bank_name: string;
  amount_fen: number;
  paid_at: number;
  note: string;
  /** submitted | confirmed | rejected. */
  status: string;
  reject_reason: string;
  created_at: number;
  reviewed_at: number | null;
}

export interface PaymentOrderTable {
  id: Generated<number>;
  order_no: string;
  /** The deposit paid (purpose 'deposit'); null for other purposes (migration 0009). */
  deposit_id: number | null;
  user_id: number;
  gateway: string;
  amount_fen: number;
  /** created | paid | failed. */
  status: string;
  gateway_txn: string | null;
  created_at: number;
  paid_at: number | null;
  /** PaymentPurpose: deposit | topUp | settlement (migration 0009; existing rows are deposits). */
  purpose: Generated<string>;
  /** The record paid for other purposes (the deal of a settlement payment). */
  ref_id: number | null;
}

/** Every notification the gateway delivered, once per (gateway, notify_id): a redelivery is a no-op. */
export interface PaymentNotificationTable {
  id: Generated<number>;
  gateway: string;
  notify_id: string;
  order_no: string;
  body: string;
  received_at: number;
}

/** The sandbox bank's ledger: a payment it took and when it last notified the merchant. */
export interface SandboxBankPaymentTable {
  id: Generated<number>;
  order_no: string;
  txn_id: string;
  amount_fen: number;
  paid_at: number;
  /** Set once the merchant acknowledged a notification; until then the bank redelivers. */
  notified_at: number | null;
  attempts: number;
}

export interface MessageTable {
  id: Generated<number>;
  user_id: number;
  /** MessageKind. */
  kind: string;
  title: string;
  content: string;
  /** An in-app hash route ('/quoteHall?activityId=…') or ''. */
  link: string;
  created_at: number;
  read_at: number | null;
}

export interface EnrolmentTables {
  enrolment: EnrolmentTable;
  terms_document: TermsDocumentTable;
  deposit: DepositTable;
  deposit_proof: DepositProofTable;
  payment_order: PaymentOrderTable;
  payment_notification: PaymentNotificationTable;
  sandbox_bank_payment: SandboxBankPaymentTable;
  message: MessageTable;
}
