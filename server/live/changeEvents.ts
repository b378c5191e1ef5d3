/**
 * A push change event (domain/contract/liveEvents.ts) from a live row: the same public view the polls
 * answer (a sealed row shows no price or leader; a dutch row its price now).
 */
import type { BidRecord } from '#domain/contract/activity';
import type { LiveChangeEvent } from '#domain/contract/liveEvents';
import { at, toLiveRow, type LiveActivityColumns, type LiveProjectColumns, type LiveRow } from './liveRow.ts';

export function changeEventOf(loaded: LiveRow, serverTime: number, newestBid?: BidRecord): LiveChangeEvent {
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
    ...row.floor,
  };
  // final's window hides the offers (no history, no leader) but not its price, the frozen cap.
  if (!row.showBids) return row.modeState?.phase === 'final' ? { ...common, biddingPrice: row.entry.biddingPrice, maxPrice: row.entry.maxPrice } : common;
  const shown = { ...common, biddingPrice: row.entry.biddingPrice, maxPrice: row.entry.maxPrice, leaderBidCode: row.leaderBidCode };
  // Only the bid that made this version (its seq is the count): an older one would misstate the head.
  return newestBid && newestBid.seq === row.entry.biddingCount ? { ...shown, lastBid: newestBid } : shown;
}

/** An event reads no project field: these stand in when only the activity's columns are at hand. */
const NO_PROJECT: LiveProjectColumns = { assets_name: '', project_type: 0, price_type: 0, price_unit: '' };

/**
 * The event of an activity's committed columns (the bid's answer carries it: the bidder's room applies
 * the state it made without asking for it), the same as its watchers are pushed.
 */
export function changeEventOfActivity(activity: LiveActivityColumns, serverTime: number, newestBid?: BidRecord): LiveChangeEvent {
  return changeEventOf(toLiveRow({ ...activity, ...NO_PROJECT }, serverTime), serverTime, newestBid);
}
