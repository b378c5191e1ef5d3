/**
 * One bidding mode's rules as the engine and the snapshot use them. A mode decides a bid inside the
 * engine's locked transaction (the engine does the common part: lock, idempotency, qualification,
 * window, the insert, the update, messages), says what the public may see, and settles at the end.
 * The activity row's end_at is always the mode's current end: the sweep ends the activity when it passes.
 */
import type { Selectable } from 'kysely';
import type { ActivitySettings, ModeState } from '#domain/contract/bidModes';
import type { BidRejection } from '#domain/rules/bidRules';
import type { BiddingMode } from '#domain/contract/hall';
import type { ActivityOutcome } from '#domain/contract/activity';
import type { BidActivityTable } from '../db/tables/bidding.ts';

export type ActivityRow = Selectable<BidActivityTable>;

export interface BidContext {
  activity: ActivityRow;
  settings: ActivitySettings;
  userId: number;
  bidCode: string;
  /** The bidder's pre-emptive rank (smaller = better), null for none. */
  bidderRank: number | null;
  amountFen: number;
  /** Server receipt time. */
  at: number;
  /** Lookups inside the locked transaction. */
  leaderRank(): Promise<number | null>;
  hasBid(): Promise<boolean>;
  /** The activity's bid log in seq order, with the bidders' pre-emptive ranks (final's cap phase). */
  bidLog(): Promise<LoggedBid[]>;
  /** two-stage: the bidder has confirmed joining stage 2. */
  joined(): Promise<boolean>;
}

/** One logged (accepted) bid with its bidder's pre-emptive rank. */
export interface LoggedBid {
  seq: number;
  userId: number;
  bidCode: string;
  amountFen: number;
  placedAt: number;
  preEmptiveRank: number | null;
}

export type BidDecision =
  | { rejection: BidRejection }
  | {
      rejection: null;
      /** The amount logged (dutch: the server's price at receipt). */
      recordedFen: number;
      /** The activity's current price and leader after the bid. */
      priceFen: number;
      leaderUserId: number;
      leaderBidCode: string;
      endAt: number;
      extended: boolean;
      /** The leader this bid displaced (gets an 'outbid' message); null when none or sealed. */
      outbidUserId: number | null;
    };

/** The activity fields the public view needs (the snapshot's row or the table's). */
export interface ViewRow {
  mode: string;
  status: string;
  start_at: number;
  end_at: number;
  start_price_fen: number;
  increment_fen: number;
  current_price_fen: number;
  max_price_fen: number;
  bid_count: number;
  leader_bid_code: string | null;
  /** 封顶价 (final freezes the price there; the room pre-checks against it). */
  cap_fen: number | null;
  /** The floor: when the current suspension began (a suspended activity is shown as it stood then: viewTime). */
  suspended_at?: number | null | undefined;
}

export interface PublicView {
  priceFen: number;
  maxFen: number;
  leaderBidCode: string | null;
  /** false: the bid history (amounts) must not be shown. */
  showBids: boolean;
  modeState: ModeState;
  /** Part of the ETag: changes when the displayed price changes without a bid (dutch). */
  tagPart: string;
}

export interface Settlement {
  outcome: ActivityOutcome;
  winnerUserId: number | null;
  priceFen: number | null;
}

export interface ModeRules {
  mode: BiddingMode;
  /**
   * A refusal that comes before the window check (first-come-first-served: once taken, every later
   * acceptance hears 已被他人应价, not 竞价已结束). Null: go on.
   */
  refuseFirst?(activity: ActivityRow, settings: ActivitySettings, userId: number, at: number): BidRejection | null;
  decide(ctx: BidContext): Promise<BidDecision>;
  /**
   * 代理出价: whether an ascending bid is open at `at`, so ceilings may be set and bid (docs/bidding.md
   * "Proxy bidding"). Absent: never (sealed offers, one acceptance decides, final's cap phase).
   */
  acceptsProxy?(activity: Pick<ActivityRow, 'bid_count'>, settings: ActivitySettings, at: number): boolean;
  view(row: ViewRow, settings: ActivitySettings, now: number): PublicView;
  /**
   * The sweep found end_at passed: a later end when the activity goes on into another phase (two-stage:
   * stage 1 → the confirmation window), or null to settle now.
   */
  continueAt?(activity: ActivityRow, settings: ActivitySettings): number | null;
  settle(activity: ActivityRow): Settlement;
}
