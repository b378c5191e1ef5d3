/**
 * The common bid rules of ascending modes (guide/bidding-rules.md), on integer fen. Pure: the server's
 * engine is the authority and runs these inside its transaction; the bidding room pre-checks with the
 * same functions so the user sees the same Chinese message before and after sending.
 */

export type BidRejection =
  | 'notStarted'
  | 'closed'
  | 'belowStart'
  | 'tooLow'
  | 'notMultiple'
  | 'aboveCap'
  | 'selfOutbid'
  | 'invalidAmount';

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
});

export interface AscendingBidState {
  startFen: number;
  currentFen: number;
  incrementFen: number;
  capFen: number | null;
  bidCount: number;
  leaderUserId: number | null;
  allowSelfOutbid: boolean;
}

/** The lowest valid next bid: the start price first, then current + one increment. */
export function nextValidBidFen(state: Pick<AscendingBidState, 'startFen' | 'currentFen' | 'incrementFen' | 'bidCount'>): number {
  return state.bidCount === 0 ? state.startFen : state.currentFen + state.incrementFen;
}

/**
 * Why `amountFen` by `userId` is not a valid bid now, or null when it is. Time is checked separately
 * (`bidWindowRejection`). After the first bid a bid must be current + k × increment, k ≥ 1; the first
 * valid bid may equal the start price (and then rises from it in whole increments).
 */
export function ascendingBidRejection(state: AscendingBidState, userId: number, amountFen: number): BidRejection | null {
  if (!Number.isSafeInteger(amountFen) || amountFen <= 0) return 'invalidAmount';
  if (state.capFen !== null && amountFen > state.capFen) return 'aboveCap';
  if (state.bidCount === 0) {
    if (amountFen < state.startFen) return 'belowStart';
    return state.incrementFen > 0 && (amountFen - state.startFen) % state.incrementFen !== 0 ? 'notMultiple' : null;
  }
  if (!state.allowSelfOutbid && state.leaderUserId === userId) return 'selfOutbid';
  if (amountFen < state.currentFen + state.incrementFen) return 'tooLow';
  if (state.incrementFen > 0 && (amountFen - state.currentFen) % state.incrementFen !== 0) return 'notMultiple';
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
