/**
 * Applying push change events (src/domain/liveEvents.ts) to what the streams hold, by the one order of an
 * activity's states (src/domain/liveValues.ts `newerState`, as everywhere else): an event replaces what is
 * held — an earlier event or a poll's answer — only when it is newer (the greater lockVersion; at an equal
 * version the later server time), and then whole: its status, prices, count and end (a dutch acceptance
 * moves the end earlier, so no field is merged by "the larger wins").
 */
import type { BiddingData } from '../src/domain/hall';
import type { LiveChangeEvent } from '../src/domain/liveEvents';
import { newerState } from '../src/domain/liveValues';
import { map, type Observable } from 'rxjs';
import type { ProducerContext } from './context';

/** The polls' interval while push is healthy (re-sync and safety net only). */
export const PUSHED_POLL_MS = 10_000;

/** Is `event` newer than the last event applied for its activity (`held`)? */
export function newerEvent(held: LiveChangeEvent | undefined, event: LiveChangeEvent): boolean {
  return newerState(event, held);
}

/** The room's data with the event on top when the event is newer (else the same object). */
export function applyToBiddingData(data: BiddingData, event: LiveChangeEvent | undefined): BiddingData {
  if (!event || event.activityId !== data.activityId || !newerState(event, data)) return data;
  const next: BiddingData = {
    ...data,
    lockVersion: event.lockVersion,
    status: event.status,
    outcome: event.outcome,
    biddingPrice: event.biddingPrice ?? data.biddingPrice,
    maxPrice: event.maxPrice ?? data.maxPrice,
    biddingCount: event.biddingCount,
    leaderBidCode: event.leaderBidCode === undefined ? data.leaderBidCode : event.leaderBidCode,
    endTime: event.endTime,
    extensionCount: event.extensionCount,
  };
  const same = (Object.keys(next) as Array<keyof BiddingData>).every((key) => Object.is(next[key], data[key]));
  return same ? data : next;
}

/** A poll's interval: `normalMs`, or PUSHED_POLL_MS while push is healthy (undefined without push). */
export function pushPaced(ctx: ProducerContext, normalMs: number): Observable<number> | undefined {
  return ctx.push?.healthy$.pipe(map((healthy) => (healthy ? Math.max(normalMs, PUSHED_POLL_MS) : normalMs)));
}
