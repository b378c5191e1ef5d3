/**
 * Money after the hammer (migration 0009): the double-entry ledger, bound bank cards and withdrawals.
 * Amounts in integer fen (a posting's is signed), times in epoch ms.
 */
import type { Generated } from 'kysely';

/** A ledger account: a user's available or frozen money, or one of the exchange's own accounts. */
export interface LedgerAccountTable {
  id: Generated<number>;
  /** 'U<userId>:available', 'U<userId>:frozen', 'EX:bank' … (ledger.ts). */
  code: string;
  user_id: number | null;
  /** LedgerAccountKind. */
  kind: string;
  created_at: number;
}

/** One balanced movement; postings hang off it. */
export interface LedgerEntryTable {
  id: Generated<number>;
  /** Unique: replaying the same movement posts nothing. */
  idem_key: string;
  /** LedgerEntryKind (domain/rules/ledger.ts). */
  kind: string;
  /** The user the movement belongs to (null for the exchange's own). */
  user_id: number | null;
  /** What caused it: 'deposit:12', 'payment_order:PO…', 'withdrawal:TX…'. */
  ref: string;
  /** Shown to the user (a forfeit's reason). */
  memo: string;
  created_at: number;
}

export interface LedgerPostingTable {
  id: Generated<number>;
  entry_id: number;
  account_id: number;
  /** Signed fen; the postings of an entry sum to zero. */
  amount_fen: number;
}

export interface BankCardTable {
  id: Generated<number>;
  user_id: number;
  bank_code: string;
  bank_name: string;
  /** AES-256-GCM (accounts field key). */
  card_enc: string;
  /** First 6 + last 4. */
  card_masked: string;
  account_name: string;
  /** bound | unbound. */
  status: string;
  bound_at: number;
  unbound_at: number | null;
}

export interface WithdrawalTable {
  id: Generated<number>;
  withdraw_no: string;
  user_id: number;
  card_id: number;
  amount_fen: number;
  /** requested | paid | failed. */
  status: string;
  fail_reason: string;
  created_at: number;
  done_at: number | null;
}

/** A winner's deal: DealStatus in domain/rules/settlement.ts. */
export interface DealTable {
  id: Generated<number>;
  deal_code: string;
  /** The auction settled (null for deals made otherwise, e.g. the demo's). */
  activity_id: number | null;
  project_id: number;
  user_id: number;
  deposit_id: number | null;
  bid_code: string;
  buyer_name: string;
  price_fen: number;
  fee_fen: number;
  deposit_fen: number;
  status: string;
  /** '' | online | wallet | transfer. */
  pay_method: string;
  forfeit_reason: string;
  deal_at: number;
  confirm_due_at: number;
  confirmed_at: number | null;
  pay_due_at: number | null;
  paid_at: number | null;
  handover_at: number | null;
  certificate_at: number | null;
  payout_at: number | null;
  forfeited_at: number | null;
  updated_at: number;
}

export interface InvoiceTable {
  id: Generated<number>;
  invoice_no: string;
  user_id: number;
  deal_id: number;
  /** InvoiceKind. */
  kind: string;
  title: string;
  taxpayer_no: string;
  address: string;
  phone: string;
  bank_name: string;
  bank_account: string;
  email: string;
  amount_fen: number;
  /** InvoiceStatus. */
  status: string;
  refuse_reason: string;
  created_at: number;
  reviewed_at: number | null;
}

/** A buyer's bank-transfer proof of a deal's amount due: status submitted | confirmed | rejected. */
export interface DealProofTable {
  id: Generated<number>;
  deal_id: number;
  user_id: number;
  /** The upload (uploaded_file.id) chosen from or put into his 我的文件. */
  file_id: string;
  file_name: string;
  note: string;
  status: string;
  reason: string;
  created_at: number;
  reviewed_at: number | null;
}

/** Where a user's released deposits go (DepositReleaseChoice); no row: the wallet. */
export interface MoneyPreferenceTable {
  user_id: number;
  deposit_release: string;
  updated_at: number;
}

export interface MoneyTables {
  invoice: InvoiceTable;
  money_preference: MoneyPreferenceTable;
  deal_proof: DealProofTable;
  deal: DealTable;
  ledger_account: LedgerAccountTable;
  ledger_entry: LedgerEntryTable;
  ledger_posting: LedgerPostingTable;
  bank_card: BankCardTable;
  withdrawal: WithdrawalTable;
}
