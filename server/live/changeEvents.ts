/**
 * A push change event (domain/contract/liveEvents.ts) from a row the hall snapshot has just reloaded: the
 * same public view the polls answer (a sealed row shows no price or leader; a dutch row its price now).
 */
import type { BidRecord } from '#domain/contract/hall';
import type { LiveChangeEvent } from '#domain/contract/liveEvents';
import { at, type ActivityRow } from './hallSnapshot.ts';

export function changeEventOf(loaded: ActivityRow, serverTime: number, newestBid?: BidRecord): LiveChangeEvent {
  const row = at(loaded, serverTime);
  const common = {
    activityId: row.entry.activityId,
    lockVersion: row.lockVersion,
    status: row.status,
    outcome: row.outcome,
    biddingCount: row.entry.biddingCount,
    endTime: row.entry.endTime,
    extensionCount: row.extensionCount,
    serverTime,
    ...(row.modeState ? { modeState: row.modeState } : {}),
  };
  // final's window hides the offers (no history, no leader) but not its price, the frozen cap.
  if (!row.showBids) return row.modeState?.phase === 'final' ? { ...common, biddingPrice: row.entry.biddingPrice, maxPrice: row.entry.maxPrice } : common;
  const shown = { ...common, biddingPrice: row.entry.biddingPrice, maxPrice: row.entry.maxPrice, leaderBidCode: row.leaderBidCode };
  // Only the bid that made this version (its seq is the count): an older one would misstate the head.
  return newestBid && newestBid.seq === row.entry.biddingCount ? { ...shown, lastBid: newestBid } : shown;
}
