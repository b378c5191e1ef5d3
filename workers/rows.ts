/**
 * Row display values, computed once per answer in the worker with src/domain (never per tick, never on the
 * main thread), and the identity rule the delta encoding relies on: a row keeps its object until one of
 * its values changes.
 */
import { displayRemaining, premiumRate, rowTone } from '../src/domain/bidding';
import { formatChinaTime } from '../src/domain/chinaTime';
import type { ActivityStatus, BiddingEntry, RateEntry, UpcomingEntry } from '../src/domain/hall';
import { listingPriceDisplay } from '../src/domain/listing';
import type { LiveBidRow, LiveKeyedRow, LiveListMeta, LiveUpcomingRow } from '../src/live/frames';

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

type PriceFields = Pick<RateEntry, 'startPrice' | 'biddingPrice' | 'maxPrice' | 'biddingCount' | 'endTime'> & {
  status: ActivityStatus;
};

/**
 * The fresher of a hall entry and the latest bidding-rate answer for it. Bids only add up, so the answer
 * with more bids is the newer one (an older answer arriving late must not move a price back); ends only
 * move later (extensions).
 */
export function mergeRate(base: PriceFields, rate: RateEntry | undefined): PriceFields {
  if (!rate || rate.biddingCount < base.biddingCount) return base;
  return {
    startPrice: rate.startPrice,
    biddingPrice: rate.biddingPrice,
    maxPrice: rate.maxPrice,
    biddingCount: rate.biddingCount,
    endTime: Math.max(base.endTime, rate.endTime),
    status: rate.status,
  };
}

/** A live row from a hall (or 溢价领先) entry and its latest rate. */
export function toBidRow(entry: BiddingEntry, rate?: RateEntry): LiveBidRow {
  const prices = mergeRate({ ...pickPrices(entry), status: 'live' }, rate);
  const price = priceDisplay(prices.biddingPrice, entry.priceType, entry.priceUnitName ?? '');
  return {
    activityId: entry.activityId,
    assetsId: entry.assetsId,
    assetsName: entry.assetsName,
    projectType: entry.projectType,
    orgName: entry.orgName ?? '',
    status: prices.status,
    endTime: prices.endTime,
    startPrice: prices.startPrice,
    biddingPrice: prices.biddingPrice,
    maxPrice: prices.maxPrice,
    biddingCount: prices.biddingCount,
    priceText: price.text,
    priceTooltip: price.tooltip,
    tone: rowTone(prices),
    premiumRate: premiumRate(prices.startPrice, prices.biddingPrice, prices.biddingCount),
  };
}

function pickPrices(entry: BiddingEntry) {
  return {
    startPrice: entry.startPrice,
    biddingPrice: entry.biddingPrice,
    maxPrice: entry.maxPrice,
    biddingCount: entry.biddingCount,
    endTime: entry.endTime,
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

/** Countdown texts of one tick: displayRemaining(target − serverNow) per row (5 s margin, 请见标的详情). */
export function countdownTexts<R>(rows: readonly R[], target: (row: R) => number, serverNow: number): string[] {
  return rows.map((row) => displayRemaining((target(row) - serverNow) / 1000).text);
}

export const LOADING_META: LiveListMeta = { status: 'loading', error: null, total: 0, current: 1, size: 0, pages: 0 };

/** The meta after an answer; the previous object when nothing changed (so it is not re-sent). */
export function nextMeta(previous: LiveListMeta, next: LiveListMeta): LiveListMeta {
  return sameRow(previous, next) ? previous : next;
}
