/**
 * One rule for every live value: what a live lot shows — its status, tone, premium rate and
 * countdown — and which of two states of a lot is the newer one. The server's snapshot
 * (server/live/hallSnapshot.ts) answers its `premiumRate` and `leftTime` with these functions, and the
 * live worker (workers/rows.ts, hall.ts, liveList.ts, biddingData.ts, pushApply.ts) builds every row and
 * countdown with them, from the same public state: the same lot at the same lock version reads the same
 * on both sides.
 *
 * Two entry points, because the values change at two rates: `liveValues` depends only on the lot's
 * state (computed once per answer or push event), `liveCountdown` / `leftTime` only on the state's times
 * and the server clock (computed once per tick, or when an answer is serialised).
 *
 * Premium rate per mode (spec section 4 "Bidding row": '---' with no bids, else |max − start| / start
 * in percent with 2 decimals; bidding-rules.md "Premium rate"):
 * - ongoing, phased, final, first-come-first-served: the spec rule on the public max price and count;
 * - onceOff (sealed) and two-stage (stage 1 is sealed, and the stage is not on the hall's wire, so the
 *   whole activity): '---' until the lot has ended. The public view keeps the start price while sealed and
 *   tells the number of offers, so the plain rule would read a made-up '0.00%';
 * - dutch-auction and v-shaped (descending until the first acceptance): the spec rule too. A falling price
 *   with no buyer is not a bid, and |current − start| would show a discount as a premium ('20.00%' on a
 *   lot nobody has bought), while the price column already shows the drop: '---' until an acceptance, then
 *   the accepted price against the start price. A mode word we do not know gets the spec rule.
 * Tone: the spec rule on the public values in every mode (green while the max price is the start price
 * and nobody has bid; red otherwise): a sealed lot with offers is red (its count is public), a dutch lot
 * whose price has dropped is red.
 * Status: the server's (the authority); a lot is never ended by the client's clock — once the time is up
 * the countdown reads 请见标的详情 until the server says 'ended'. While the exchange has suspended a lot
 * (中止) its countdown stands still at the time that was left.
 */
import { NO_PREMIUM_RATE_TEXT, displayRemaining, premiumRate, rowTone, type RemainingDisplay, type RowTone } from './bidding';
import type { BiddingMode } from '../contract/hall';
import type { ActivityStatus } from '../contract/activity';

/** How a mode's premium rate reads: by the spec rule, or hidden ('---') until the end. */
export type PremiumRule = 'public' | 'sealedUntilEnd';

export const MODE_PREMIUM_RULE: Readonly<Record<BiddingMode, PremiumRule>> = {
  ongoing: 'public',
  phased: 'public',
  final: 'public',
  'first-come-first-served': 'public',
  onceOff: 'sealedUntilEnd',
  'two-stage': 'sealedUntilEnd',
  'dutch-auction': 'public',
  'v-shaped': 'public',
};

/** The public state of a lot, as every answer and push event carries it (amounts in yuan). */
export interface LiveLot {
  /** The bidding mode's URL word (hall.ts BIDDING_MODES); an unknown word gets the spec rule. */
  mode: string;
  status: ActivityStatus;
  startPrice: number;
  /** The highest accepted bid as the public may see it (the start price while sealed or before a bid). */
  maxPrice: number;
  biddingCount: number;
}

export interface LiveValues {
  status: ActivityStatus;
  /** Amounts are hidden (onceOff before its end). */
  sealed: boolean;
  tone: RowTone;
  /** '---' or 'x.xx%'. */
  premiumRate: string;
}

/** Are the lot's amounts hidden from the public now? */
export function isSealedLot(lot: Pick<LiveLot, 'mode' | 'status'>): boolean {
  return MODE_PREMIUM_RULE[lot.mode as BiddingMode] === 'sealedUntilEnd' && lot.status !== 'ended';
}

/** The state-derived values of a live lot (see the file comment for the rule of each mode). */
export function liveValues(lot: LiveLot): LiveValues {
  const sealed = isSealedLot(lot);
  return {
    status: lot.status,
    sealed,
    tone: rowTone(lot),
    premiumRate: sealed ? NO_PREMIUM_RATE_TEXT : premiumRate(lot.startPrice, lot.maxPrice, lot.biddingCount),
  };
}

/**
 * What a countdown needs: it counts to the start while scheduled, to the end while live, and stands still
 * while suspended (the clock stopped: the time that was left then, `remainingMs`).
 */
export interface LiveTimes {
  status: ActivityStatus;
  /** Needed while scheduled (server epoch ms). */
  startTime?: number | undefined;
  /** Current end after extensions (server epoch ms). */
  endTime: number;
  /** While suspended: the ms left when the clock stopped (FloorFields). */
  remainingMs?: number | null | undefined;
}

/** The instant the countdown counts to; null once the lot has ended, and while suspended (it stands still). */
export function countdownTarget(lot: LiveTimes): number | null {
  switch (lot.status) {
    case 'ended':
    case 'suspended':
      return null;
    case 'scheduled':
      return lot.startTime ?? Number.NaN;
    case 'live':
      return lot.endTime;
  }
}

/**
 * Whole seconds left until the countdown's target at `serverNow` (0 when passed, ended or unknown): the
 * spec's `leftTime` of a bidding entry, and the input of the displayed countdown. While suspended: the
 * seconds that were left when the clock stopped, whatever the time.
 */
export function leftTime(lot: LiveTimes, serverNow: number): number {
  if (lot.status === 'suspended') return typeof lot.remainingMs === 'number' && Number.isFinite(lot.remainingMs) ? Math.max(0, Math.floor(lot.remainingMs / 1000)) : 0;
  const target = countdownTarget(lot);
  if (target === null || !Number.isFinite(target) || !Number.isFinite(serverNow)) return 0;
  return Math.max(0, Math.floor((target - serverNow) / 1000));
}

/**
 * The status of a hall row: the hall lists live and suspended activities, and a hall entry says which by
 * its floor fields (a suspended row carries its `suspendReason`); an entry that says its status (the watch
 * board's) is read as it says.
 */
export function entryStatus(entry: { status?: ActivityStatus | undefined; suspendReason?: string | undefined }): ActivityStatus {
  return entry.status ?? (entry.suspendReason !== undefined ? 'suspended' : 'live');
}

/**
 * The displayed countdown at `serverNow` (the worker's server-aligned clock): `leftTime` less the spec's
 * 5 s margin, 请见标的详情 when nothing is left or the lot has ended.
 */
export function liveCountdown(lot: LiveTimes, serverNow: number): RemainingDisplay {
  return displayRemaining(leftTime(lot, serverNow));
}

/**
 * The order of an activity's states, used for every source (the hall list, bidding-rate, bidding-data, push
 * events): the greater `lockVersion` is newer (every committed change — a bid, the start, the end — bumps
 * it in the same transaction); at an equal version the later `serverTime` (a dutch price falls with time,
 * not with a version). A state without a lockVersion (an older server) ranks below every versioned one.
 */
export interface LiveVersion {
  lockVersion?: number | undefined;
  serverTime: number;
}

const versionOf = (state: LiveVersion): number => (typeof state.lockVersion === 'number' && Number.isFinite(state.lockVersion) ? state.lockVersion : -1);

/** Is `candidate` a newer state than `held` (none held: yes)? Equal versions at equal times: no. */
export function newerState(candidate: LiveVersion, held: LiveVersion | undefined): boolean {
  if (!held) return true;
  const a = versionOf(candidate);
  const b = versionOf(held);
  return a > b || (a === b && candidate.serverTime > held.serverTime);
}

/** The newest of some states (the first one on a tie); undefined when there is none. */
export function newestState<S extends LiveVersion>(states: ReadonlyArray<S | undefined>): S | undefined {
  let newest: S | undefined;
  for (const state of states) if (state && newerState(state, newest)) newest = state;
  return newest;
}
