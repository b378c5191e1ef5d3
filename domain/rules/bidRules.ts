/**
 * The common bid rules of ascending modes (start price, k × increment, cap, no self-outbid), on integer
 * fen. Pure: the server's engine is the authority and runs these inside its transaction; the bidding room
 * pre-checks with the same functions so the user sees the same Chinese message before and after sending.
 */
import { incrementAt, preEmptiveBeats } from './bidModes';
import { type IncrementTier } from '../contract/bidModes';

export type BidRejection =
  | 'notStarted'
  | 'closed'
  | 'belowStart'
  | 'tooLow'
  | 'notMultiple'
  | 'aboveCap'
  | 'selfOutbid'
  | 'invalidAmount'
  | 'alreadyBid'
  | 'belowDutchPrice'
  | 'sold'
  | 'taken'
  | 'alreadyWon'
  | 'notFixedPrice'
  | 'capReached'
  | 'notAtCap'
  | 'alreadyAtCap'
  | 'finalAlreadyOffered'
  | 'stage1Closed'
  | 'notJoined'
  | 'suspended'
  | 'terminated';

/** What the user reads for each rejection (the server sends it as `msg`). */
export const BID_REJECTION_MESSAGES: Readonly<Record<BidRejection, string>> = Object.freeze({
  notStarted: '竞价尚未开始',
  closed: '竞价已结束，出价无效',
  belowStart: '出价不得低于起始价',
  tooLow: '出价须至少高于当前价一个加价幅度',
  notMultiple: '出价须为当前价加整数倍的加价幅度',
  aboveCap: '出价超过封顶价',
  selfOutbid: '您当前已是最高出价人，无需再次出价',
  invalidAmount: '出价金额不正确',
  alreadyBid: '一次报价只能提交一次，您已提交过报价',
  belowDutchPrice: '应价低于当前降价价格，请按当前价格应价',
  sold: '已有竞买人应价成交，竞价已结束',
  taken: '已被他人应价',
  alreadyWon: '您已应价成交，无需重复应价',
  notFixedPrice: '应价金额须等于挂牌价格',
  capReached: '价格已达封顶价，仅以封顶价出价的竞买人可提交最终报价',
  notAtCap: '您未以封顶价出价，不能提交最终报价',
  alreadyAtCap: '您已以封顶价出价，请在最终报价期内提交一次最终报价',
  finalAlreadyOffered: '最终报价只能提交一次，您已提交过最终报价',
  stage1Closed: '第一阶段报价已截止，请在确认期内确认参加第二阶段',
  notJoined: '您未确认参加第二阶段，不能在第二阶段出价',
  suspended: '竞价已中止，恢复前不接受出价',
  terminated: '竞价已终结，出价无效',
});

/** The refusal of a bid while the exchange has suspended the activity, with the reason it gave (竞价已中止：…). */
export function suspendedBidMessage(reason: string | null | undefined): string {
  const why = reason?.trim();
  return why ? `竞价已中止：${why}` : BID_REJECTION_MESSAGES.suspended;
}

/** Why a two-stage bidder cannot join stage 2 (the join call's refusals). */
export type JoinRejection = 'joinNotOpen' | 'joinClosed' | 'noQuote' | 'notTwoStage' | 'suspended';

export const JOIN_REJECTION_MESSAGES: Readonly<Record<JoinRejection, string>> = Object.freeze({
  joinNotOpen: '第二阶段确认期尚未开始',
  joinClosed: '第二阶段确认期已结束',
  noQuote: '您在第一阶段未提交有效报价，不能参加第二阶段',
  notTwoStage: '该竞价活动不是先一次报价后多次报价方式',
  suspended: '竞价已中止，恢复前不能确认参加第二阶段',
});

export interface AscendingBidState {
  startFen: number;
  currentFen: number;
  incrementFen: number;
  capFen: number | null;
  bidCount: number;
  leaderUserId: number | null;
  allowSelfOutbid: boolean;
  /** theToneInterval 2: the increment above the current price comes from its band. */
  tiers?: readonly IncrementTier[] | undefined;
  /** Pre-emptive ranks (优先购买权, smaller = better) of the bidder and of the leader; null: none. */
  bidderRank?: number | null | undefined;
  leaderRank?: number | null | undefined;
}

/** The increment that applies above the current price (tiered or flat). */
export function currentIncrementFen(state: Pick<AscendingBidState, 'currentFen' | 'incrementFen' | 'tiers'>): number {
  return incrementAt(state.incrementFen, state.tiers, state.currentFen);
}

/** True when this is a pre-emptive holder's bid at the current price that takes the lead (no increment). */
export function isPreEmptiveMatch(state: AscendingBidState, userId: number, amountFen: number): boolean {
  return (
    state.bidCount > 0 &&
    amountFen === state.currentFen &&
    state.leaderUserId !== userId &&
    preEmptiveBeats(state.bidderRank ?? null, state.leaderRank ?? null)
  );
}

/** The lowest valid next bid: the start price first, then current + one increment. */
export function nextValidBidFen(state: Pick<AscendingBidState, 'startFen' | 'currentFen' | 'incrementFen' | 'bidCount' | 'tiers'>): number {
  return state.bidCount === 0 ? state.startFen : state.currentFen + currentIncrementFen(state);
}

/** A quick bid (快捷加价): `steps` increments counted from the next valid bid (1 = that bid itself). */
export interface QuickBid {
  steps: number;
  amountFen: number;
  /** The amount is the cap itself: a valid bid that reaches it ends open bidding. */
  atCap: boolean;
}

/**
 * The quick bids of an amount form: for each k of `steps`, the next valid bid + (k − 1) increments — never
 * above the cap (`ascendingBidRejection` and `sealedBidRejection` refuse those as aboveCap). A k that would
 * go above it offers instead the highest valid bid not above the cap (the cap itself when it lies on the
 * increments' grid), once: with start 82, increment 1,000 and cap 1,082 the buttons are 82 and 1,082 (at
 * the cap), not 4,082. Amounts are distinct and ascending; none when even the next bid is above the cap.
 * `capFen` null: no cap (or none that bounds these amounts: final's offers lie above it by design).
 */
export function quickBids(state: { nextFen: number; incrementFen: number; capFen: number | null }, steps: readonly number[]): QuickBid[] {
  const { nextFen, incrementFen, capFen } = state;
  if (capFen !== null && nextFen > capFen) return [];
  const step = Math.max(incrementFen, 0);
  // The most whole increments above the next bid that stay within the cap.
  const most = capFen === null ? Infinity : step === 0 ? 0 : Math.floor((capFen - nextFen) / step);
  const bids: QuickBid[] = [];
  for (const k of steps) {
    const above = Math.min(Math.max(k - 1, 0), most);
    const amountFen = nextFen + above * step;
    if (bids.some((b) => b.amountFen === amountFen)) continue;
    bids.push({ steps: above + 1, amountFen, atCap: amountFen === capFen });
  }
  return bids.sort((a, b) => a.amountFen - b.amountFen);
}

/**
 * Why `amountFen` by `userId` is not a valid bid now, or null when it is. Time is checked separately
 * (`bidWindowRejection`). After the first bid a bid must be current + k × increment, k ≥ 1; the first
 * valid bid may equal the start price (and then rises from it in whole increments). The increment is the
 * one of the current price's band (tiers). A pre-emptive holder may bid the current price itself when
 * his right beats the leader's (isPreEmptiveMatch).
 */
export function ascendingBidRejection(state: AscendingBidState, userId: number, amountFen: number): BidRejection | null {
  if (!Number.isSafeInteger(amountFen) || amountFen <= 0) return 'invalidAmount';
  if (state.capFen !== null && amountFen > state.capFen) return 'aboveCap';
  if (state.bidCount === 0) {
    if (amountFen < state.startFen) return 'belowStart';
    const first = incrementAt(state.incrementFen, state.tiers, state.startFen);
    return first > 0 && (amountFen - state.startFen) % first !== 0 ? 'notMultiple' : null;
  }
  if (!state.allowSelfOutbid && state.leaderUserId === userId) return 'selfOutbid';
  if (isPreEmptiveMatch(state, userId, amountFen)) return null;
  const step = currentIncrementFen(state);
  if (amountFen < state.currentFen + step) return 'tooLow';
  if (step > 0 && (amountFen - state.currentFen) % step !== 0) return 'notMultiple';
  return null;
}

/**
 * onceOff (sealed): one offer per bidder, at least the start price, in whole increments above it,
 * not above the cap.
 */
export function sealedBidRejection(
  state: Pick<AscendingBidState, 'startFen' | 'incrementFen' | 'capFen'>,
  alreadyBid: boolean,
  amountFen: number,
): BidRejection | null {
  if (!Number.isSafeInteger(amountFen) || amountFen <= 0) return 'invalidAmount';
  if (alreadyBid) return 'alreadyBid';
  if (state.capFen !== null && amountFen > state.capFen) return 'aboveCap';
  if (amountFen < state.startFen) return 'belowStart';
  if (state.incrementFen > 0 && (amountFen - state.startFen) % state.incrementFen !== 0) return 'notMultiple';
  return null;
}

/** dutch-auction: the first acceptance wins; an offer must reach the price at receipt. */
export function dutchBidRejection(bidCount: number, priceNowFen: number, amountFen: number): BidRejection | null {
  if (!Number.isSafeInteger(amountFen) || amountFen <= 0) return 'invalidAmount';
  if (bidCount > 0) return 'sold';
  if (amountFen < priceNowFen) return 'belowDutchPrice';
  return null;
}

/** first-come-first-served: the first acceptance at the fixed price wins; every later one is too late. */
export function fixedPriceRejection(bidCount: number, priceFen: number, amountFen: number): BidRejection | null {
  if (!Number.isSafeInteger(amountFen) || amountFen <= 0) return 'invalidAmount';
  if (bidCount > 0) return 'taken';
  if (amountFen !== priceFen) return 'notFixedPrice';
  return null;
}

/**
 * final, once the cap is reached: what a bid means and whether it is valid. `amount = cap` is a
 * pre-emptive holder's match (he joins the bidders at the cap when his right beats the last one at the cap);
 * `amount > cap` is a bidder's one sealed final offer, in whole increments above the cap, open to the
 * bidders at the cap; anything lower is refused.
 */
export function finalPhaseRejection(
  s: {
    capFen: number;
    /** The increment above the cap (tiered: the cap's band). */
    incrementFen: number;
    /** The bidder has a bid at the cap; he has made his final offer. */
    atCap: boolean;
    offered: boolean;
    bidderRank: number | null;
    /** The pre-emptive rank of the last bidder at the cap. */
    lastAtCapRank: number | null;
  },
  amountFen: number,
): BidRejection | null {
  if (!Number.isSafeInteger(amountFen) || amountFen <= 0) return 'invalidAmount';
  if (amountFen === s.capFen) {
    if (s.atCap) return 'alreadyAtCap';
    return preEmptiveBeats(s.bidderRank, s.lastAtCapRank) ? null : 'capReached';
  }
  if (amountFen < s.capFen) return 'capReached';
  if (!s.atCap) return 'notAtCap';
  if (s.offered) return 'finalAlreadyOffered';
  if (s.incrementFen > 0 && (amountFen - s.capFen) % s.incrementFen !== 0) return 'notMultiple';
  return null;
}

/** A bid received at server time `at` against the window [startAt, endAt]: the end itself is already closed. */
export function bidWindowRejection(startAt: number, endAt: number, at: number): BidRejection | null {
  if (at < startAt) return 'notStarted';
  if (at >= endAt) return 'closed';
  return null;
}

/**
 * Soft close (ongoing): a valid bid at `at` ≥ end − window sets end = max(end, at + extension).
 * Returns the new end (the same end when not extended).
 */
export function extendedEnd(endAt: number, at: number, windowMs: number, extensionMs: number): number {
  return at >= endAt - windowMs ? Math.max(endAt, at + extensionMs) : endAt;
}
