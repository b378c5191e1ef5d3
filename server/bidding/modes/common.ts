/** Pieces the modes share: the ascending rules with pre-emption, the plain view and the settlement. */
import { incrementAt, type ActivitySettings } from '../../../src/domain/bidModes.ts';
import { ascendingBidRejection, type AscendingBidState } from '../../../src/domain/bidRules.ts';
import { fenToYuan } from '../../../src/domain/money.ts';
import type { ActivityRow, BidContext, BidDecision, PublicView, Settlement, ViewRow } from './types.ts';

export function ascendingState(ctx: BidContext, leaderRank: number | null): AscendingBidState {
  const a = ctx.activity;
  return {
    startFen: a.start_price_fen,
    currentFen: a.current_price_fen,
    incrementFen: a.increment_fen,
    capFen: a.cap_fen,
    bidCount: a.bid_count,
    leaderUserId: a.leader_user_id,
    allowSelfOutbid: a.allow_self_outbid === 1,
    tiers: ctx.settings.tiers,
    bidderRank: ctx.bidderRank,
    leaderRank,
  };
}

/**
 * An ascending bid (ongoing, phased): the amount rules with tiers and pre-emption, then the end the mode
 * computes. Reaching the cap ends open bidding at once (the `final` mode will take over from there).
 */
export async function decideAscending(ctx: BidContext, endAfter: (endAt: number, at: number) => number): Promise<BidDecision> {
  const a = ctx.activity;
  // The leader's rank matters only for a holder's bid at the current price.
  const needsRank = ctx.bidderRank !== null && a.bid_count > 0 && ctx.amountFen === a.current_price_fen;
  const state = ascendingState(ctx, needsRank ? await ctx.leaderRank() : null);
  const rejection = ascendingBidRejection(state, ctx.userId, ctx.amountFen);
  if (rejection) return { rejection };
  const extendedTo = endAfter(a.end_at, ctx.at);
  const atCap = a.cap_fen !== null && ctx.amountFen >= a.cap_fen;
  return {
    rejection: null,
    recordedFen: ctx.amountFen,
    priceFen: ctx.amountFen,
    leaderUserId: ctx.userId,
    leaderBidCode: ctx.bidCode,
    endAt: atCap ? ctx.at : extendedTo,
    extended: extendedTo > a.end_at,
    outbidUserId: a.leader_user_id !== null && a.leader_user_id !== ctx.userId ? a.leader_user_id : null,
  };
}

export function plainView(row: ViewRow, settings: ActivitySettings, phase: PublicView['modeState']['phase']): PublicView {
  const priceForStep = row.bid_count === 0 ? row.start_price_fen : row.current_price_fen;
  return {
    priceFen: row.current_price_fen,
    maxFen: row.max_price_fen,
    leaderBidCode: row.leader_bid_code,
    showBids: true,
    modeState: {
      sealed: false,
      phase: row.status === 'ended' ? 'ended' : phase,
      nextDropAt: null,
      floorPrice: null,
      nextIncrement: fenToYuan(incrementAt(row.increment_fen, settings.tiers, priceForStep)),
    },
    tagPart: '',
  };
}

/** The leader wins at the current price when it reaches the reserve; no bid or below the reserve: 流拍. */
export function settleByLeader(a: ActivityRow): Settlement {
  if (a.bid_count === 0 || a.leader_user_id === null) return { outcome: 'failed', winnerUserId: null, priceFen: null };
  if (a.reserve_fen !== null && a.current_price_fen < a.reserve_fen) return { outcome: 'failed', winnerUserId: null, priceFen: null };
  return { outcome: 'sold', winnerUserId: a.leader_user_id, priceFen: a.current_price_fen };
}
