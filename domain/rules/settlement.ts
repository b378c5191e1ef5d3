/**
 * Deal confirmation and settlement rules (guide after-the-hammer.md): the buyer's service
 * fee from a fee schedule by price band (rules as data; an installation passes its own), the amount due,
 * working-day periods, and the deal's states.
 */
import { CHINA_UTC_OFFSET_MS } from './chinaTime';
import { type FeeSchedule, type SettlementSettings, type DealStatus, type DealProofStatus } from '../contract/settlement';

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

/** What a lot will cost a bidder who wins it at `priceFen` (the detail and enrolment pages' 费用测算). */
export interface CostIfWon {
  feeFen: number;
  /** Price + fee: what winning at this price costs in all. */
  totalFen: number;
  /** What is still to pay after the deposit is converted to price. */
  dueAfterDepositFen: number;
}

export function costIfWon(priceFen: number, depositFen: number, schedule: FeeSchedule = DEFAULT_FEE_SCHEDULE): CostIfWon {
  const feeFen = buyerFeeFen(priceFen, schedule);
  return { feeFen, totalFen: priceFen + feeFen, dueAfterDepositFen: amountDueFen(priceFen, feeFen, depositFen) };
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

export const DEFAULT_SETTLEMENT_SETTINGS: SettlementSettings = { confirmWorkingDays: 3, payWorkingDays: 3, feeSchedule: DEFAULT_FEE_SCHEDULE };

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

export const DEAL_PROOF_STATUS_TEXT: Record<DealProofStatus, string> = { submitted: '待确认', confirmed: '已确认', rejected: '已驳回' };

/** The proof note's longest length. */
export const DEAL_PROOF_NOTE_MAX = 200;
