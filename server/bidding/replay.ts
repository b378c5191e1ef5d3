/**
 * An activity's state recomputed from its bid log alone: what the engine's incremental updates must
 * equal (the crash loop and the property tests compare them). The engine logs only valid bids, so
 * validity is not re-checked here.
 */
import type { Kysely } from 'kysely';
import { compareSealed, phasedEndAfterBid, type ActivitySettings, type SealedOffer } from '../../src/domain/bidModes.ts';
import { extendedEnd } from '../../src/domain/bidRules.ts';
import type { Database } from '../db/schema.ts';
import { settingsOrEmpty } from './settings.ts';

/** A logged bid as the replay needs it (bid rows plus the bidder's pre-emptive rank). */
export interface ReplayBid extends SealedOffer {
  placedAt: number;
  bidCode: string;
}

export interface ReplayActivity {
  mode: string;
  startAt: number;
  originalEndAt: number;
  startFen: number;
  capFen: number | null;
  extensionWindowMs: number;
  extensionMs: number;
  settings: ActivitySettings;
}

export interface ReplayedState {
  priceFen: number;
  maxFen: number;
  leaderUserId: number | null;
  leaderBidCode: string | null;
  count: number;
  endAt: number;
  extensions: number;
}

/**
 * The activity's state recomputed from its bid log alone (accepted bids in seq order): what the engine's
 * incremental updates must equal. The engine only logs valid bids, so validity is not re-checked here.
 */
export function replayBidLog(a: ReplayActivity, bids: readonly ReplayBid[]): ReplayedState {
  const state: ReplayedState = { priceFen: a.startFen, maxFen: a.startFen, leaderUserId: null, leaderBidCode: null, count: 0, endAt: a.originalEndAt, extensions: 0 };
  let leader: ReplayBid | null = null;
  for (const bid of bids) {
    state.count += 1;
    state.maxFen = state.count === 1 ? bid.amountFen : Math.max(state.maxFen, bid.amountFen);
    if (a.mode === 'onceOff') {
      if (!leader || compareSealed(bid, leader) < 0) leader = bid;
    } else {
      leader = bid;
    }
    state.priceFen = leader!.amountFen;
    let end = state.endAt;
    if (a.mode === 'ongoing') end = extendedEnd(end, bid.placedAt, a.extensionWindowMs, a.extensionMs);
    else if (a.mode === 'phased' && a.settings.phased) end = phasedEndAfterBid(a.settings.phased, end, bid.placedAt);
    else if (a.mode === 'dutch-auction') end = bid.placedAt;
    if (end > state.endAt) state.extensions += 1;
    if (a.mode !== 'onceOff' && a.mode !== 'dutch-auction' && a.capFen !== null && bid.amountFen >= a.capFen) end = bid.placedAt;
    state.endAt = end;
  }
  state.leaderUserId = leader?.userId ?? null;
  state.leaderBidCode = leader?.bidCode ?? null;
  return state;
}

/** Replays one stored activity from its bid rows. */
export async function replayActivity(db: Kysely<Database>, activityId: number): Promise<ReplayedState> {
  const a = await db.selectFrom('bid_activity').selectAll().where('id', '=', activityId).executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('bid as b')
    .leftJoin('bid_qualification as q', (j) => j.onRef('q.activity_id', '=', 'b.activity_id').onRef('q.user_id', '=', 'b.user_id'))
    .select(['b.seq', 'b.user_id', 'b.amount_fen', 'b.placed_at', 'b.bid_code', 'q.pre_emptive_rank'])
    .where('b.activity_id', '=', activityId)
    .orderBy('b.seq')
    .execute();
  return replayBidLog(
    {
      mode: a.mode,
      startAt: a.start_at,
      originalEndAt: a.original_end_at,
      startFen: a.start_price_fen,
      capFen: a.cap_fen,
      extensionWindowMs: a.extension_window_ms,
      extensionMs: a.extension_ms,
      settings: settingsOrEmpty(a.mode, a.settings),
    },
    rows.map((r) => ({ seq: r.seq, userId: r.user_id, amountFen: r.amount_fen, placedAt: r.placed_at, bidCode: r.bid_code, preEmptiveRank: r.pre_emptive_rank ?? null })),
  );
}
