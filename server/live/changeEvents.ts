/**
 * A push change event (src/domain/liveEvents.ts) from a row the hall snapshot has just reloaded: the
 * same public view the polls answer (a sealed row shows no price or leader; a dutch row its price now).
 */
import type { LiveChangeEvent } from '../../src/domain/liveEvents.ts';
import { at, type ActivityRow } from './hallSnapshot.ts';

export function changeEventOf(loaded: ActivityRow, serverTime: number): LiveChangeEvent {
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
  };
  if (!row.showBids) return common;
  return { ...common, biddingPrice: row.entry.biddingPrice, maxPrice: row.entry.maxPrice, leaderBidCode: row.leaderBidCode };
}
