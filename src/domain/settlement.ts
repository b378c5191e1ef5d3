/**
 * Deal confirmation and settlement rules (guide after-the-hammer.md, issue 16 step 3): the buyer's service
 * fee from a fee schedule by price band (rules as data; an installation passes its own), the amount due,
 * working-day periods, and the deal's states.
 */
import { CHINA_UTC_OFFSET_MS } from './chinaTime';

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

/** Default buyer's fee schedule (ours, of the usual shape): 1.5 % to 100 万, 1 % to 500 万, 0.5 % to 1000 万, 0.2 % above; at least 1,000 元. */
export const DEFAULT_FEE_SCHEDULE: FeeSchedule = {
  bands: [
    { uptoFen: 100_000_000, ratePermille: 15 },
    { uptoFen: 500_000_000, ratePermille: 10 },
    { uptoFen: 1_000_000_000, ratePermille: 5 },
    { uptoFen: null, ratePermille: 2 },
  ],
  minFen: 100_000,
};

/** The buyer's service fee in fen for a deal price in fen (each band's part × its rate, rounded half up to the fen). */
export function buyerFeeFen(priceFen: number, schedule: FeeSchedule = DEFAULT_FEE_SCHEDULE): number {
  if (!Number.isSafeInteger(priceFen) || priceFen < 0) throw new RangeError(`成交价须为非负整数分: ${priceFen}`);
  let fee = 0n;
  let floor = 0;
  for (const band of schedule.bands) {
    const top = band.uptoFen === null ? priceFen : Math.min(priceFen, band.uptoFen);
    if (top > floor) fee += BigInt(top - floor) * BigInt(band.ratePermille);
    floor = Math.max(floor, band.uptoFen ?? priceFen);
    if (floor >= priceFen) break;
  }
  const rounded = Number((fee + 500n) / 1000n);
  return priceFen === 0 ? 0 : Math.max(schedule.minFen, rounded);
}

/** Amount due at settlement: price + fee − deposit converted to price, never below zero. */
export function amountDueFen(priceFen: number, feeFen: number, depositFen: number): number {
  return Math.max(0, priceFen + feeFen - depositFen);
}

/** `days` working days (Monday–Friday, China time) after `from`, at the same time of day. No holiday calendar. */
export function addWorkingDays(from: number, days: number): number {
  let t = from;
  let left = days;
  while (left > 0) {
    t += 86_400_000;
    const weekday = new Date(t + CHINA_UTC_OFFSET_MS).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return t;
}

/** Periods of the installation (guide: settings, not constants). */
export interface SettlementSettings {
  confirmWorkingDays: number;
  payWorkingDays: number;
  feeSchedule: FeeSchedule;
}
export const DEFAULT_SETTLEMENT_SETTINGS: SettlementSettings = { confirmWorkingDays: 3, payWorkingDays: 3, feeSchedule: DEFAULT_FEE_SCHEDULE };

export const DEAL_STATUSES = ['awaitingConfirmation', 'awaitingPayment', 'proofSubmitted', 'paid', 'handedOver', 'certified', 'paidOut', 'forfeited'] as const;
export type DealStatus = (typeof DEAL_STATUSES)[number];
export const DEAL_STATUS_TEXT: Record<DealStatus, string> = {
  awaitingConfirmation: '待确认成交',
  awaitingPayment: '待支付价款',
  proofSubmitted: '转账凭证待确认',
  paid: '已支付',
  handedOver: '已交割',
  certified: '已出具交易凭证',
  paidOut: '价款已划转',
  forfeited: '已违约（保证金没收）',
};

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
export const DEAL_PROOF_STATUS_TEXT: Record<DealProofStatus, string> = { submitted: '待确认', confirmed: '已确认', rejected: '已驳回' };
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
/** The proof note's longest length. */
export const DEAL_PROOF_NOTE_MAX = 200;
