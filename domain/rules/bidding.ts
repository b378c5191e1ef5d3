/**
 * Bidding row display rules (spec section 4 "Bidding row"): the row tone, the countdown (every countdown
 * of the portal goes through displayRemaining) and the premium rate. A live lot's values are read with
 * liveValues / liveCountdown (liveValues.ts), which apply these per bidding mode, on the server and in the
 * worker alike.
 */
import { toFenBigInt } from './money';

/** The displayed remaining time is reduced by this safety margin (spec). */
export const COUNTDOWN_MARGIN_SECONDS = 5;

/** The countdown ticks once a second (spec section 9). */
export const TICK_MS = 1000;

/** Shown instead of a countdown when nothing is left after the margin (spec). */
export const COUNTDOWN_OVER_TEXT = '请见标的详情';

/** Premium rate of a row without bids (spec). */
export const NO_PREMIUM_RATE_TEXT = '---';

export type RowTone = 'green' | 'red';

export interface BiddingRowPrices {
  startPrice: number;
  /** Current maximum price. */
  maxPrice: number;
  biddingCount: number;
}

/** Two prices in yuan are equal when they are the same amount of fen (no float comparison). */
function sameAmount(a: number, b: number): boolean {
  const fenA = toFenBigInt(a);
  const fenB = toFenBigInt(b);
  return fenA !== null && fenB !== null && fenA === fenB;
}

/** Green when the current max price equals the start price and there are no bids; red otherwise (spec). */
export function rowTone(entry: BiddingRowPrices): RowTone {
  return entry.biddingCount === 0 && sameAmount(entry.maxPrice, entry.startPrice) ? 'green' : 'red';
}

export interface RemainingDisplay {
  /** True when nothing is left after the margin: `text` is then 请见标的详情 and the parts are 0. */
  over: boolean;
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** '1天02时03分04秒'; days only when > 0; hours, minutes, seconds always, two digits each. */
  text: string;
}

const pad2 = (value: number): string => String(value).padStart(2, '0');

export interface CountdownOptions {
  /**
   * Seconds taken off before display: the spec's bid-row safety margin (COUNTDOWN_MARGIN_SECONDS, 5) by
   * default; 0 for a countdown that shows the plain time left (the enrolment deadline).
   */
  marginSeconds?: number;
}

/**
 * The one countdown formatter. Subtracts the margin (5 s by default, spec) from `leftSeconds` first
 * (fractions dropped after the subtraction), then splits into days, hours, minutes and seconds.
 * 6 → '00时00分01秒'; 5 (or less, or not a number) → 请见标的详情; 93789 → '1天02时03分04秒';
 * with { marginSeconds: 0 }: 1 → '00时00分01秒', 0 → over.
 */
export function displayRemaining(leftSeconds: number, { marginSeconds = COUNTDOWN_MARGIN_SECONDS }: CountdownOptions = {}): RemainingDisplay {
  const remaining = Number.isFinite(leftSeconds) ? Math.floor(leftSeconds - marginSeconds) : 0;
  if (remaining <= 0) {
    return { over: true, days: 0, hours: 0, minutes: 0, seconds: 0, text: COUNTDOWN_OVER_TEXT };
  }
  const days = Math.floor(remaining / 86_400);
  const hours = Math.floor((remaining % 86_400) / 3_600);
  const minutes = Math.floor((remaining % 3_600) / 60);
  const seconds = remaining % 60;
  const clock = `${pad2(hours)}时${pad2(minutes)}分${pad2(seconds)}秒`;
  return { over: false, days, hours, minutes, seconds, text: days > 0 ? `${days}天${clock}` : clock };
}

/**
 * Premium rate (spec): '---' with no bids; otherwise |current − start| / start in percent with exactly
 * 2 decimals and '%', rounded half up on the exact fen amounts (start 3, current 5 → '66.67%').
 * Decision: a start price of 0, a negative one or a price that is not a number also gives '---'.
 */
export function premiumRate(startPrice: number, currentPrice: number, biddingCount: number): string {
  if (!(biddingCount > 0)) return NO_PREMIUM_RATE_TEXT;
  const start = toFenBigInt(startPrice);
  const current = toFenBigInt(currentPrice);
  if (start === null || current === null || start <= 0n) return NO_PREMIUM_RATE_TEXT;
  const difference = current >= start ? current - start : start - current;
  // Hundredths of a percent, rounded half up: (diff × 10000 × 2 + start) / (2 × start).
  const hundredths = (difference * 20_000n + start) / (2n * start);
  const text = hundredths.toString().padStart(3, '0');
  return `${text.slice(0, -2)}.${text.slice(-2)}%`;
}
