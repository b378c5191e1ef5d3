/**
 * Applying push change events (src/domain/liveEvents.ts) to what the streams hold. Order: an event is
 * applied only when its lockVersion is above the last one applied for its activity (`newerEvent`); against
 * a poll's answer (which carries no lockVersion) the fresher wins by the rule the polls already use: bids
 * only add up and a status only moves forward, so an event with fewer bids or an earlier status than
 * the answer is older than it.
 */
import type { ActivityStatus, BiddingData, RateEntry } from '../src/domain/hall';
import type { LiveChangeEvent } from '../src/domain/liveEvents';
import { map, type Observable } from 'rxjs';
import type { ProducerContext } from './context';

/** The polls' interval while push is healthy (re-sync and safety net only). */
export const PUSHED_POLL_MS = 10_000;

const STATUS_RANK: Record<ActivityStatus, number> = { scheduled: 0, live: 1, ended: 2 };

/** Is `event` newer than the last event applied for its activity (`held`)? */
export function newerEvent(held: LiveChangeEvent | undefined, event: LiveChangeEvent): boolean {
  return !held || event.lockVersion > held.lockVersion;
}

/** Is the event behind a polled state of `biddingCount` bids in `status`? */
function behind(event: LiveChangeEvent, biddingCount: number, status: ActivityStatus): boolean {
  return event.biddingCount < biddingCount || (STATUS_RANK[event.status] ?? 0) < (STATUS_RANK[status] ?? 0);
}

/** The room's data with the event on top (the same object when the event adds nothing newer). */
export function applyToBiddingData(data: BiddingData, event: LiveChangeEvent | undefined): BiddingData {
  if (!event || event.activityId !== data.activityId || behind(event, data.biddingCount, data.status)) return data;
  const next: BiddingData = {
    ...data,
    status: event.status,
    outcome: event.outcome,
    biddingPrice: event.biddingPrice ?? data.biddingPrice,
    maxPrice: event.maxPrice ?? data.maxPrice,
    biddingCount: event.biddingCount,
    leaderBidCode: event.leaderBidCode === undefined ? data.leaderBidCode : event.leaderBidCode,
    endTime: Math.max(data.endTime, event.endTime),
    extensionCount: Math.max(data.extensionCount, event.extensionCount),
  };
  const same = (Object.keys(next) as Array<keyof BiddingData>).every((key) => Object.is(next[key], data[key]));
  return same ? data : next;
}

/** The fresher of the latest rate answer and the latest event for a hall row (as a rate for `toBidRow`). */
export function freshestRate(
  rate: RateEntry | undefined,
  event: LiveChangeEvent | undefined,
  base: Pick<RateEntry, 'startPrice' | 'biddingPrice' | 'maxPrice'>,
): RateEntry | undefined {
  if (!event || (rate && behind(event, rate.biddingCount, rate.status))) return rate;
  return {
    activityId: event.activityId,
    status: event.status,
    startPrice: rate?.startPrice ?? base.startPrice,
    biddingPrice: event.biddingPrice ?? rate?.biddingPrice ?? base.biddingPrice,
    maxPrice: event.maxPrice ?? rate?.maxPrice ?? base.maxPrice,
    biddingCount: event.biddingCount,
    endTime: Math.max(event.endTime, rate?.endTime ?? 0),
    premiumRate: '',
  };
}

/** A poll's interval: `normalMs`, or PUSHED_POLL_MS while push is healthy (undefined without push). */
export function pushPaced(ctx: ProducerContext, normalMs: number): Observable<number> | undefined {
  return ctx.push?.healthy$.pipe(map((healthy) => (healthy ? Math.max(normalMs, PUSHED_POLL_MS) : normalMs)));
}
