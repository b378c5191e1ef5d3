/** Pieces the modes share: the ascending rules with pre-emption, the plain view and the settlement. */
import { compareSealed, dutchNextDropAt, dutchPriceAt, dutchStep, incrementAt } from '#domain/rules/bidModes';
import { type ActivitySettings } from '#domain/contract/bidModes';
import { ascendingBidRejection, sealedBidRejection, type AscendingBidState } from '#domain/rules/bidRules';
import { fenToYuan } from '#domain/rules/money';
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
 * An ascending bid (ongoing, phased, final's open bidding, two-stage's stage 2, v-shaped's ascent): the
 * amount rules with tiers and pre-emption, then the end the mode computes. Reaching the cap ends open
 * bidding at once, unless `atCap` says what happens then (final: the window for final offers).
 */
export async function decideAscending(
  ctx: BidContext,
  endAfter: (endAt: number, at: number) => number,
  atCapEnd: (at: number) => number = (at) => at,
): Promise<BidDecision> {
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
    endAt: atCap ? atCapEnd(ctx.at) : extendedTo,
    extended: extendedTo > a.end_at,
    outbidUserId: a.leader_user_id !== null && a.leader_user_id !== ctx.userId ? a.leader_user_id : null,
  };
}

/**
 * A sealed offer (onceOff, two-stage's stage 1): one per bidder; the row keeps the sealed leader (for the
 * settlement and the stage-2 opening price) while the public view hides it. Nobody is told he was outbid.
 */
export async function decideSealed(ctx: BidContext): Promise<BidDecision> {
  const a = ctx.activity;
  const rejection = sealedBidRejection({ startFen: a.start_price_fen, incrementFen: a.increment_fen, capFen: a.cap_fen }, await ctx.hasBid(), ctx.amountFen);
  if (rejection) return { rejection };
  const offer = { seq: a.bid_count + 1, userId: ctx.userId, amountFen: ctx.amountFen, preEmptiveRank: ctx.bidderRank };
  const leads =
    a.leader_user_id === null ||
    compareSealed(offer, { seq: 0, userId: a.leader_user_id, amountFen: a.current_price_fen, preEmptiveRank: await ctx.leaderRank() }) < 0;
  return {
    rejection: null,
    recordedFen: ctx.amountFen,
    priceFen: leads ? ctx.amountFen : a.current_price_fen,
    leaderUserId: leads ? ctx.userId : a.leader_user_id!,
    leaderBidCode: leads ? ctx.bidCode : a.leader_bid_code!,
    endAt: a.end_at,
    extended: false,
    outbidUserId: null,
  };
}

/**
 * The time a row's public view is computed at: now, or while the exchange has suspended the activity the
 * moment its clock stopped — a falling price, a phase, the next drop stand still until it resumes.
 */
export function viewTime(row: Pick<ViewRow, 'status' | 'suspended_at'>, now: number): number {
  return row.status === 'suspended' && typeof row.suspended_at === 'number' ? row.suspended_at : now;
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
      ...(row.cap_fen !== null && row.cap_fen !== undefined ? { capPrice: fenToYuan(row.cap_fen) } : {}),
    },
    tagPart: '',
  };
}

/** A sealed view: the start price, no leader, no history (the count of offers stays public). */
export function sealedView(row: ViewRow, settings: ActivitySettings, phase: PublicView['modeState']['phase']): PublicView {
  const view = plainView(row, settings, phase);
  return {
    ...view,
    priceFen: row.start_price_fen,
    maxFen: row.start_price_fen,
    leaderBidCode: null,
    showBids: false,
    modeState: { ...view.modeState, sealed: true, nextIncrement: fenToYuan(row.increment_fen) },
  };
}

/** The leader wins at the current price when it reaches the reserve; no bid or below the reserve: 流拍. */
export function settleByLeader(a: ActivityRow): Settlement {
  if (a.bid_count === 0 || a.leader_user_id === null) return { outcome: 'failed', winnerUserId: null, priceFen: null };
  if (a.reserve_fen !== null && a.current_price_fen < a.reserve_fen) return { outcome: 'failed', winnerUserId: null, priceFen: null };
  return { outcome: 'sold', winnerUserId: a.leader_user_id, priceFen: a.current_price_fen };
}

/**
 * A falling price before the first acceptance (dutch-auction, v-shaped's descent): the price at `now`, the
 * next drop and the floor; a new tag part at each drop (the snapshot re-presents the row with time).
 */
export function descendingView(row: ViewRow, settings: ActivitySettings, now: number): PublicView {
  const view = plainView(row, settings, 'descending');
  const s = settings.dutch;
  if (!s || row.bid_count > 0 || row.status === 'ended') return { ...view, modeState: { ...view.modeState, floorPrice: s ? fenToYuan(s.floorFen) : null } };
  const at = Math.min(Math.max(now, row.start_at), row.end_at);
  const price = dutchPriceAt(s, row.start_price_fen, row.start_at, at);
  return {
    ...view,
    priceFen: price,
    maxFen: price,
    modeState: {
      ...view.modeState,
      nextDropAt: row.status === 'live' ? dutchNextDropAt(s, row.start_price_fen, row.start_at, at) : null,
      floorPrice: fenToYuan(s.floorFen),
      nextIncrement: 0,
    },
    tagPart: `d${dutchStep(s, row.start_at, at)}`,
  };
}
