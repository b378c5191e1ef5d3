/**
 * Row display values, computed once per answer in the worker with domain/ (never per tick, never on the
 * main thread), and the identity rule the delta encoding relies on: a row keeps its object until one of
 * its values changes. Status, tone and premium rate come from liveValues and countdowns from
 * liveCountdown (domain/rules/liveValues.ts): the rule the server's snapshot answers with too.
 *
 * A hall row has ONE source at a time: of the states its sources carry (the hall list, bidding-rate, push
 * events) the newest by `newerState` (lockVersion, then server time) is shown, whole.
 */
import { formatChinaTime } from '#domain/rules/chinaTime';
import type { BiddingEntry, RateEntry, UpcomingEntry } from '#domain/contract/hall';
import type { ActivityOutcome, ActivityStatus, FloorFields } from '#domain/contract/activity';
import type { LiveChangeEvent } from '#domain/contract/liveEvents';
import { listingPriceDisplay } from '#domain/rules/listing';
import { entryStatus, liveCountdown, liveValues, newestState, type LiveTimes, type LiveVersion } from '#domain/rules/liveValues';
import type { LiveBidRow, LiveKeyedRow, LiveListMeta, LiveUpcomingRow } from './protocol/frames';

/** Shallow equality of two flat row objects (same keys, same primitive values). */
export function sameRow<R extends object>(a: R, b: R): boolean {
  const keysA = Object.keys(a) as Array<keyof R>;
  if (keysA.length !== Object.keys(b).length) return false;
  for (const key of keysA) if (!Object.is(a[key], b[key])) return false;
  return true;
}

/** `next` rows, each replaced by the previous object of the same id when its values did not change. */
export function keepIdentity<R extends LiveKeyedRow>(previous: readonly R[], next: readonly R[]): readonly R[] {
  const before = new Map(previous.map((row) => [row.activityId, row]));
  let changed = previous.length !== next.length;
  const rows = next.map((row, index) => {
    const old = before.get(row.activityId);
    const kept = old && sameRow(old, row) ? old : row;
    if (kept !== previous[index]) changed = true;
    return kept;
  });
  return changed ? rows : previous;
}

/** The money display rule for a bidding price (priceType 2: amount and unit; else 万元 / 元 with tooltip). */
function priceDisplay(amount: number, priceType: number, unit: string): { text: string; tooltip: string | null } {
  return listingPriceDisplay({
    state: '',
    // A bidding price is always an amount: free-text prices (type 3) have no live bidding.
    priceType: priceType === 2 ? 2 : 1,
    startPrice: amount,
    theToneInterval: 1,
    theToneMax: null,
    priceUnit: unit,
    priceOther: '',
  });
}

/** What changes while a lot is live, as one source saw it at one version. */
export interface LotState extends LiveVersion {
  status: ActivityStatus;
  outcome: ActivityOutcome | null;
  /** While suspended: the reason and the frozen time left (FloorFields); null otherwise. */
  suspendReason: string | null;
  remainingMs: number | null;
  startPrice: number;
  biddingPrice: number;
  maxPrice: number;
  biddingCount: number;
  /** The public leader's code (null before a bid or while sealed). */
  leaderBidCode: string | null;
  endTime: number;
}

/** A source's floor fields as a row holds them (null when absent). */
function floorOf(source: FloorFields): Pick<LotState, 'suspendReason' | 'remainingMs'> {
  return { suspendReason: source.suspendReason ?? null, remainingMs: source.remainingMs ?? null };
}

/**
 * The state a hall (or 溢价领先) entry carries, read at `serverTime` (hall and 溢价领先 list live and
 * suspended lots, entryStatus; a watch board's entry says its status and outcome).
 */
export function entryState(entry: BiddingEntry & { status?: ActivityStatus; outcome?: ActivityOutcome | null }, serverTime: number): LotState {
  return {
    lockVersion: entry.lockVersion,
    serverTime,
    status: entryStatus(entry),
    outcome: entry.outcome ?? null,
    ...floorOf(entry),
    startPrice: entry.startPrice,
    biddingPrice: entry.biddingPrice,
    maxPrice: entry.maxPrice,
    biddingCount: entry.biddingCount,
    leaderBidCode: entry.leaderBidCode ?? null,
    endTime: entry.endTime,
  };
}

/** The state a bidding-rate entry carries, read at its answer's `serverTime`. */
export function rateState(rate: RateEntry, serverTime: number): LotState {
  return {
    lockVersion: rate.lockVersion,
    serverTime,
    status: rate.status,
    // A rate does not say the outcome: only open lots are asked for (an ended one is listed again).
    outcome: null,
    ...floorOf(rate),
    startPrice: rate.startPrice,
    biddingPrice: rate.biddingPrice,
    maxPrice: rate.maxPrice,
    biddingCount: rate.biddingCount,
    leaderBidCode: rate.leaderBidCode ?? null,
    endTime: rate.endTime,
  };
}

/**
 * The state an event carries. A sealed activity's events carry no prices: its public prices are the ones
 * the public view keeps while sealed (`base`'s: the start price).
 */
export function eventState(event: LiveChangeEvent, base: Pick<LotState, 'startPrice' | 'biddingPrice' | 'maxPrice' | 'leaderBidCode'>): LotState {
  return {
    lockVersion: event.lockVersion,
    serverTime: event.serverTime,
    status: event.status,
    outcome: event.outcome,
    ...floorOf(event),
    startPrice: base.startPrice,
    biddingPrice: event.biddingPrice ?? base.biddingPrice,
    maxPrice: event.maxPrice ?? base.maxPrice,
    biddingCount: event.biddingCount,
    leaderBidCode: event.leaderBidCode !== undefined ? event.leaderBidCode : base.leaderBidCode,
    endTime: event.endTime,
  };
}

/**
 * A live row from a hall (or 溢价领先) entry read at `serverTime`, shown with the newest of that state and
 * `others` (the latest rate, the latest push event of the activity).
 */
export function toBidRow(entry: BiddingEntry & { status?: ActivityStatus; outcome?: ActivityOutcome | null }, serverTime: number, ...others: Array<LotState | undefined>): LiveBidRow {
  const state = newestState([entryState(entry, serverTime), ...others])!;
  const price = priceDisplay(state.biddingPrice, entry.priceType, entry.priceUnitName ?? '');
  const values = liveValues({ mode: entry.mode, status: state.status, startPrice: state.startPrice, maxPrice: state.maxPrice, biddingCount: state.biddingCount });
  return {
    activityId: entry.activityId,
    assetsId: entry.assetsId,
    assetsName: entry.assetsName,
    projectType: entry.projectType,
    orgName: entry.orgName ?? '',
    status: values.status,
    startTime: entry.startTime,
    endTime: state.endTime,
    startPrice: state.startPrice,
    biddingPrice: state.biddingPrice,
    maxPrice: state.maxPrice,
    biddingCount: state.biddingCount,
    leaderBidCode: state.leaderBidCode,
    priceText: price.text,
    priceTooltip: price.tooltip,
    tone: values.tone,
    premiumRate: values.premiumRate,
    outcome: state.outcome,
    suspendReason: state.status === 'suspended' ? state.suspendReason : null,
    remainingMs: state.status === 'suspended' ? state.remainingMs : null,
  };
}

/** An upcoming row's start: 'MM-DD HH:mm' in China time; '--' when the time is missing. */
export function chinaMonthDayTime(epochMs: number): string {
  return Number.isFinite(epochMs) ? formatChinaTime(epochMs, 'MM-DD HH:mm') : '--';
}

export function toUpcomingRow(entry: UpcomingEntry): LiveUpcomingRow {
  const price = priceDisplay(entry.startPrice, entry.priceType, entry.priceUnitName ?? '');
  return {
    activityId: entry.activityId,
    assetsId: entry.assetsId,
    assetsName: entry.assetsName,
    projectType: entry.projectType,
    orgName: entry.orgName ?? '',
    startTime: entry.startTime,
    endTime: entry.endTime,
    startTimeText: chinaMonthDayTime(entry.startTime),
    startPriceText: price.text,
    startPriceTooltip: price.tooltip,
  };
}

/** Countdown texts of one tick: liveCountdown per row (5 s margin, 请见标的详情 when over or ended). */
export function countdownTexts<R>(rows: readonly R[], times: (row: R) => LiveTimes, serverNow: number): string[] {
  return rows.map((row) => liveCountdown(times(row), serverNow).text);
}

export const LOADING_META: LiveListMeta = { status: 'loading', error: null, total: 0, current: 1, size: 0, pages: 0 };

/** The meta after an answer; the previous object when nothing changed (so it is not re-sent). */
export function nextMeta(previous: LiveListMeta, next: LiveListMeta): LiveListMeta {
  return sameRow(previous, next) ? previous : next;
}
