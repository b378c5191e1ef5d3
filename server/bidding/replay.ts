/**
 * An activity's state recomputed from its bid log alone: what the engine's incremental updates must
 * equal (the crash loop and the property tests compare them). The engine logs only valid bids, so
 * validity is not re-checked here. two-stage also reads its log of confirmations (bid_stage_join), and
 * its one time-driven step — the sweep moving the end from stage 1 to the confirmation window when there
 * were quotes — is replayed as of a time (`asOf`: by default the row's last change). The floor's steps
 * (bid_activity_floor: a resumption's new end, a termination) set the end where they happened.
 */
import type { Kysely } from 'kysely';
import { compareSealed, finalPhaseReached, phasedEndAfterBid, twoStageJoinEnd, type SealedOffer } from '#domain/rules/bidModes';
import { type ActivitySettings } from '#domain/contract/bidModes';
import { extendedEnd } from '#domain/rules/bidRules';
import type { Database } from '../db/schema.ts';
import { settingsOrEmpty } from '../bidding-modes/settings.ts';

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

/** A step of the floor that set the end (a resumption's new end, a termination's moment): bid_activity_floor. */
export interface ReplayFloorStep {
  at: number;
  endAt: number;
  /** A termination: the end for good (nothing the mode would do later moves it). */
  terminal?: boolean;
}

/** two-stage's confirmations, the floor's steps and the time the replay stands at (see the file comment). */
export interface ReplayExtras {
  joinTimes?: readonly number[];
  asOf?: number;
  /** Resumptions and terminations in time order: each sets the end (bids after one follow from it). */
  floor?: readonly ReplayFloorStep[];
}

/**
 * The activity's state recomputed from its bid log alone (accepted bids in seq order): what the engine's
 * incremental updates must equal. The engine only logs valid bids, so validity is not re-checked here.
 */
export function replayBidLog(a: ReplayActivity, bids: readonly ReplayBid[], extras: ReplayExtras = {}): ReplayedState {
  const state: ReplayedState = { priceFen: a.startFen, maxFen: a.startFen, leaderUserId: null, leaderBidCode: null, count: 0, endAt: a.originalEndAt, extensions: 0 };
  let leader: ReplayBid | null = null;
  /** final: the best final offer once the cap is reached. */
  let bestOffer: ReplayBid | null = null;
  const softClose = (end: number, at: number) => extendedEnd(end, at, a.extensionWindowMs, a.extensionMs);
  const capped = (bid: ReplayBid) => a.capFen !== null && bid.amountFen >= a.capFen;
  // The floor's steps, applied before the first bid received after them (no bid is taken while suspended).
  const floor = [...(extras.floor ?? [])].sort((x, y) => x.at - y.at);
  let nextStep = 0;
  const applyFloorUntil = (at: number) => {
    for (; nextStep < floor.length && floor[nextStep]!.at <= at; nextStep++) state.endAt = floor[nextStep]!.endAt;
  };
  for (const bid of bids) {
    applyFloorUntil(bid.placedAt);
    const first = state.count === 0;
    const frozen = a.mode === 'final' && finalPhaseReached(a.capFen, state.maxFen, state.count);
    state.count += 1;
    state.maxFen = first ? bid.amountFen : Math.max(state.maxFen, bid.amountFen);
    /** An ascending bid: it leads; the mode's end rule (extensions counted), then the cap. */
    const ascend = (endAfter: (end: number, at: number) => number, capEnd = bid.placedAt) => {
      leader = bid;
      const end = endAfter(state.endAt, bid.placedAt);
      if (end > state.endAt) state.extensions += 1;
      state.endAt = capped(bid) ? capEnd : end;
    };
    switch (a.mode) {
      case 'onceOff':
        if (!leader || compareSealed(bid, leader) < 0) leader = bid;
        break;
      case 'ongoing':
        ascend(softClose);
        break;
      case 'phased':
        ascend((end, at) => (a.settings.phased ? phasedEndAfterBid(a.settings.phased, end, at) : end));
        break;
      case 'final':
        if (!frozen) {
          ascend((end, at) => (a.settings.phased ? phasedEndAfterBid(a.settings.phased, end, at) : softClose(end, at)), bid.placedAt + (a.settings.final?.windowMs ?? 0));
        } else if (bid.amountFen > a.capFen!) {
          // A final offer: the best one leads.
          if (!bestOffer || compareSealed(bid, bestOffer) < 0) bestOffer = bid;
          leader = bestOffer;
        } else if (!bestOffer) {
          // A holder's match at the cap leads while no final offer is in.
          leader = bid;
        }
        break;
      case 'dutch-auction':
      case 'first-come-first-served':
        leader = bid;
        state.endAt = bid.placedAt;
        break;
      case 'v-shaped':
        if (first) {
          leader = bid;
          state.endAt = bid.placedAt + (a.settings.vShaped?.ascendingMs ?? 0);
        } else {
          ascend(softClose);
        }
        break;
      case 'two-stage': {
        const s = a.settings.twoStage;
        if (!s || bid.placedAt < s.stage1EndAt) {
          if (!leader || compareSealed(bid, leader) < 0) leader = bid;
        } else {
          // Stage 2 follows a confirmation, which moved the end to one cycle after the window.
          state.endAt = Math.max(state.endAt, twoStageJoinEnd(s) + s.cycleMs);
          ascend((end, at) => Math.max(end, at + s.cycleMs));
        }
        break;
      }
      default:
        leader = bid;
    }
    state.priceFen = leader!.amountFen;
  }
  applyFloorUntil(Infinity);
  const s = a.settings.twoStage;
  if (a.mode === 'two-stage' && s && !bids.some((b) => b.placedAt >= s.stage1EndAt)) {
    // No stage-2 bid: the sweep's step to the window (after quotes), a cycle after it with confirmations.
    if (bids.length > 0 && (extras.asOf ?? -Infinity) >= s.stage1EndAt) state.endAt = Math.max(state.endAt, twoStageJoinEnd(s));
    if ((extras.joinTimes?.length ?? 0) > 0) state.endAt = Math.max(state.endAt, twoStageJoinEnd(s) + s.cycleMs);
  }
  const terminated = floor.find((step) => step.terminal);
  if (terminated) state.endAt = terminated.endAt;
  state.leaderUserId = leader?.userId ?? null;
  state.leaderBidCode = leader?.bidCode ?? null;
  return state;
}

/** Replays one stored activity from its bid rows (and confirmations), as of `asOf` (default: its last change). */
export async function replayActivity(db: Kysely<Database>, activityId: number, asOf?: number): Promise<ReplayedState> {
  const a = await db.selectFrom('bid_activity').selectAll().where('id', '=', activityId).executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('bid as b')
    .leftJoin('bid_qualification as q', (j) => j.onRef('q.activity_id', '=', 'b.activity_id').onRef('q.user_id', '=', 'b.user_id'))
    .select(['b.seq', 'b.user_id', 'b.amount_fen', 'b.placed_at', 'b.bid_code', 'q.pre_emptive_rank'])
    .where('b.activity_id', '=', activityId)
    .orderBy('b.seq')
    .execute();
  const joins = a.mode === 'two-stage' ? await db.selectFrom('bid_stage_join').select('joined_at').where('activity_id', '=', activityId).execute() : [];
  const floor = await db.selectFrom('bid_activity_floor').select(['action', 'at', 'end_after']).where('activity_id', '=', activityId).where('action', 'in', ['resume', 'terminate']).orderBy('at').orderBy('id').execute();
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
    { joinTimes: joins.map((j) => j.joined_at), asOf: asOf ?? a.updated_at, floor: floor.map((f) => ({ at: f.at, endAt: f.end_after, terminal: f.action === 'terminate' })) },
  );
}
