/**
 * Applying push change events (domain/contract/liveEvents.ts) to what the streams hold, by the one order of an
 * activity's states (domain/rules/liveValues.ts `newerState`, as everywhere else): an event replaces what is
 * held — an earlier event or a poll's answer — only when it is newer (the greater lockVersion; at an equal
 * version the later server time), and then whole: its status, prices, count and end (a dutch acceptance
 * moves the end earlier, so no field is merged by "the larger wins").
 */
import { BIDDING_DATA_RECENT_BIDS, type BiddingData } from '#domain/contract/hall';
import { type BidRecord, type FloorFields } from '#domain/contract/activity';
import type { LiveChangeEvent } from '#domain/contract/liveEvents';
import { newerState } from '#domain/rules/liveValues';
import { map, type Observable } from 'rxjs';
import type { ProducerContext } from './context';

/** The polls' interval while push is healthy (re-sync and safety net only). */
export const PUSHED_POLL_MS = 10_000;

/** Is `event` newer than the last event applied for its activity (`held`)? */
export function newerEvent(held: LiveChangeEvent | undefined, event: LiveChangeEvent): boolean {
  return newerState(event, held);
}

/** Newest-first bid lists merged (by seq, no duplicates), at most BIDDING_DATA_RECENT_BIDS. */
export function mergeBids(a: readonly BidRecord[], b: readonly BidRecord[]): BidRecord[] {
  if (b.length === 0) return a as BidRecord[];
  const bySeq = new Map<number, BidRecord>();
  for (const bid of [...a, ...b]) if (!bySeq.has(bid.seq)) bySeq.set(bid.seq, bid);
  return [...bySeq.values()].sort((x, y) => y.seq - x.seq).slice(0, BIDDING_DATA_RECENT_BIDS);
}

/** Does the newest-first list hold every one of the latest bids (no gap from `count` down)? */
export function bidsComplete(bids: readonly BidRecord[], count: number): boolean {
  return bids.length === Math.min(count, BIDDING_DATA_RECENT_BIDS) && bids.every((bid, i) => bid.seq === count - i);
}

/**
 * The room's data with the event on top when the event is newer (else the same object). `pushedBids`:
 * the bids events brought since the poll (`lastBid`), merged into its history.
 */
export function applyToBiddingData(data: BiddingData, event: LiveChangeEvent | undefined, pushedBids: readonly BidRecord[] = []): BiddingData {
  if (!event || event.activityId !== data.activityId || !newerState(event, data)) return data;
  const { suspendReason: _s, remainingMs: _r, terminateReason: _t, ...rest } = data;
  const next: BiddingData = {
    // The floor's fields come whole from the event too: absent there, absent here (a resumption clears them).
    ...rest,
    ...floorFieldsOf(event),
    lockVersion: event.lockVersion,
    status: event.status,
    outcome: event.outcome,
    biddingPrice: event.biddingPrice ?? data.biddingPrice,
    maxPrice: event.maxPrice ?? data.maxPrice,
    biddingCount: event.biddingCount,
    leaderBidCode: event.leaderBidCode === undefined ? data.leaderBidCode : event.leaderBidCode,
    endTime: event.endTime,
    extensionCount: event.extensionCount,
    modeState: event.modeState ?? data.modeState,
    // Sealed events carry no amounts: the history stays as polled.
    bids: event.biddingPrice === undefined ? data.bids : mergeBids(data.bids, pushedBids.filter((bid) => bid.seq <= event.biddingCount)),
  };
  const keys = new Set([...Object.keys(next), ...Object.keys(data)]) as Set<keyof BiddingData>;
  const same = [...keys].every((key) => Object.is(next[key], data[key]));
  return same ? data : next;
}

/** The floor's fields an event carries (only those present). */
function floorFieldsOf(event: LiveChangeEvent): FloorFields {
  return {
    ...(event.suspendReason !== undefined ? { suspendReason: event.suspendReason } : {}),
    ...(event.remainingMs !== undefined ? { remainingMs: event.remainingMs } : {}),
    ...(event.terminateReason !== undefined ? { terminateReason: event.terminateReason } : {}),
  };
}

/** A poll's interval: `normalMs`, or PUSHED_POLL_MS while push is healthy (undefined without push). */
export function pushPaced(ctx: ProducerContext, normalMs: number): Observable<number> | undefined {
  return ctx.push?.healthy$.pipe(map((healthy) => (healthy ? Math.max(normalMs, PUSHED_POLL_MS) : normalMs)));
}
