/** Deals and settlement on the wire: fee schedule, deal states, paths and answers (the rules are domain/rules/settlement.ts). */

/** One band of the schedule: the part of the price up to `uptoFen` (null: no ceiling) pays `ratePermille` ‰. */
export interface FeeBand {
  uptoFen: number | null;
  ratePermille: number;
}

/** A progressive schedule (分档累进), as exchanges publish them; the fee never goes below `minFen`. */
export interface FeeSchedule {
  bands: readonly FeeBand[];
  minFen: number;
}

/** Periods of the installation (guide: settings, not constants). */
export interface SettlementSettings {
  confirmWorkingDays: number;
  payWorkingDays: number;
  feeSchedule: FeeSchedule;
}

export const DEAL_STATUSES = ['awaitingConfirmation', 'awaitingPayment', 'proofSubmitted', 'paid', 'handedOver', 'certified', 'paidOut', 'forfeited'] as const;

export type DealStatus = (typeof DEAL_STATUSES)[number];

export const SETTLEMENT_PATHS = {
  /** GET ?current&size → Page<DealSummary> (mine). */
  page: '/dscq-user/settle/page',
  /** GET ?id → DealDetail (mine; 404 otherwise). */
  detail: '/dscq-user/settle/detail',
  /** GET ?id → application/pdf: the 成交确认书 (mine; the 404 envelope otherwise). */
  letter: '/dscq-user/settle/letter',
  /** POST ?id → DealDetail: the winner confirms the deal. */
  confirm: '/dscq-user/settle/confirm',
  /** POST ?id → TopUpOrder-like order of the amount due (the sandbox cashier pays it). */
  payOrder: '/dscq-user/settle/pay-order',
  /** POST ?id → DealDetail: paid from the wallet's available balance. */
  payWallet: '/dscq-user/settle/pay-wallet',
  /** POST ?id&fileId[&note] → DealDetail: the buyer's bank-transfer proof, a file of his 我的文件. */
  proof: '/dscq-user/settle/proof',
} as const;

export interface DealSummary {
  id: number;
  dealCode: string;
  assetsId: number;
  assetsName: string;
  bidCode: string;
  price: number;
  fee: number;
  deposit: number;
  amountDue: number;
  status: DealStatus;
  statusText: string;
  confirmDue: string;
  payDue: string | null;
  createTime: string;
}

export interface DealDetail extends DealSummary {
  projectCode: string;
  buyerName: string;
  transferor: string;
  dealTime: string;
  confirmTime: string | null;
  paidTime: string | null;
  payMethod: '' | 'online' | 'wallet' | 'transfer';
  forfeitReason: string;
  handoverTime: string | null;
  certificateTime: string | null;
  payoutTime: string | null;
  /** The latest bank-transfer proof, if any. */
  proof: DealProof | null;
}

export type DealProofStatus = 'submitted' | 'confirmed' | 'rejected';

export interface DealProof {
  id: number;
  fileId: string;
  fileName: string;
  note: string;
  status: DealProofStatus;
  statusText: string;
  reason: string;
  submitTime: string;
}
