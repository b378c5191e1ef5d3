/**
 * The live-bidding wire contract (spec sections 3 "Bidding entry", 7 "Projects and bidding", 9): the
 * bidding hall, the upcoming list, bidding data of one activity, the premium rates, and placing a bid.
 * Amounts are yuan on the wire (fen in the database); `*At` / `endTime` / `serverTime` are epoch ms of the
 * SERVER clock, so a client computes remaining time as `endTime − (local now + measured offset)`.
 */
import type { ActivityOutcome, ActivityStatus, BidRecord, FloorFields } from './activity';
import type { LiveChangeEvent } from './liveEvents';
import type { ModeState } from './bidModes';
import type { Page } from './envelope';
import type { BidReceipt } from './bidReceipt';

export const HALL_PATHS = {
  /** POST {assetsName?, current, size (30)} → HallPage. */
  hallPage: '/dscq-sync/v1/bid-assets/hall/page',
  /** POST {assetsName?, current, size (8)} → Page<UpcomingEntry>. */
  upcoming: '/dscq-project/activity/upcoming-bid',
  /** POST {activityId} → BiddingData. (The room's poll.) */
  biddingData: '/dscq-sync/v1/bid-assets/bidding-data',
  /** POST {activityIds: number[]} → RateAnswer: the light per-second price update of the rows on screen. */
  biddingRate: '/dscq-sync/v1/bid-assets/bidding-rate',
  /** POST {size (8)} → MaxRateEntry[]: live lots with the highest premium rate. */
  assetsMaxRate: '/dscq-sync/v1/bid-assets/assets-max-rate',
  /** GET → {now}: the server clock (see ServerTime in contracts.ts). */
  serverTime: '/dscq-sync/v1/server-time',
  /**
   * POST {activityIds: number[]} → WatchPage (ours, the watch board): those activities — live,
   * scheduled or ended within the last minutes — in the order asked, each with its status; ETag.
   */
  watch: '/dscq-sync/v1/bid-assets/watch',
} as const;

/** POST body of a bid; the path names the mode: `/dscq-sync/v1/bidding/{mode}/bid`. */
export const bidPath = (mode: BiddingMode): string => `/dscq-sync/v1/bidding/${mode}/bid`;

/** (ours) POST {activityId} → JoinStageAnswer: a two-stage bidder with a stage-1 quote joins stage 2. */
export const JOIN_STAGE_PATH = '/dscq-sync/v1/bidding/two-stage/join';

/** The eight bidding modes by their URL word (the spec's list; README "Live bidding hall" › Modes). */
export const BIDDING_MODES = [
  'ongoing',
  'phased',
  'final',
  'onceOff',
  'first-come-first-served',
  'two-stage',
  'v-shaped',
  'dutch-auction',
] as const;

export type BiddingMode = (typeof BIDDING_MODES)[number];

/** Hall page size (spec) and the most rows one answer may carry (load testers watch hundreds). */
export const HALL_MAX_PAGE_SIZE = 2000;

/** The most activities one bidding-rate call may ask for. */
export const RATE_MAX_IDS = 2000;

/**
 * A row of the bidding hall (spec section 3 "Bidding entry"; `endTime`, `startTime`, `mode`, `lockVersion`
 * are ours). Premium rate, tone and countdown of a row: liveValues.ts, on the server and in the worker.
 * The hall lists live and suspended activities: a suspended row carries `suspendReason` and the frozen
 * `remainingMs` (FloorFields; `entryStatus` in domain/rules/liveValues.ts reads its status from them).
 */
export interface BiddingEntry extends FloorFields {
  activityId: number;
  /**
   * The activity's version (bumped by every committed change). Of two states of an activity from any
   * sources (hall, bidding-rate, bidding-data, push events) the newer lockVersion wins (newerState).
   */
  lockVersion: number;
  assetsId: number;
  assetsName: string;
  projectType: number;
  /** The organiser (the exchange department or agency running the auction). */
  orgName: string;
  /**
   * Whole seconds from the answer's `serverTime` to `endTime` (spec field): liveValues.ts `leftTime`, the
   * input of the displayed countdown. Clients count down from `endTime` and their server clock.
   */
  leftTime: number;
  startTime: number;
  /** Current end (after extensions), server epoch ms. */
  endTime: number;
  startPrice: number;
  /** The current price: the last accepted bid, or the start price before any bid. */
  biddingPrice: number;
  /** The highest accepted bid, or the start price before any bid. */
  maxPrice: number;
  biddingCount: number;
  /**
   * The leader's bid code as the public sees it (null before any bid and while sealed): a logged-in
   * bidder's standing (领先 / 出局, domain/rules/desk.ts) compares it with his own code.
   */
  leaderBidCode: string | null;
  priceType: number;
  /** Unit shown after prices of priceType 2 (元/平方米/年 …); '' otherwise. */
  priceUnitName: string;
  mode: BiddingMode;
}

/** hall/page answers a page plus the server time the `leftTime`s were computed at (and the states read). */
export interface HallPage extends Page<BiddingEntry> {
  serverTime: number;
}

/** A watched activity (the watch board): a hall entry of any status (leftTime counts to the start while scheduled). */
export interface WatchEntry extends BiddingEntry {
  status: ActivityStatus;
  outcome: ActivityOutcome | null;
}

export interface WatchPage extends Page<WatchEntry> {
  serverTime: number;
}

/** A scheduled activity (upcoming-bid). */
export interface UpcomingEntry {
  activityId: number;
  assetsId: number;
  assetsName: string;
  projectType: number;
  orgName: string;
  startTime: number;
  endTime: number;
  startPrice: number;
  priceType: number;
  priceUnitName: string;
  mode: BiddingMode;
}

/** One row of bidding-rate: what changes while a lot is live (and the floor's marks: FloorFields). */
export interface RateEntry extends FloorFields {
  activityId: number;
  /** As in BiddingEntry: the newer lockVersion wins. */
  lockVersion: number;
  status: ActivityStatus;
  startPrice: number;
  biddingPrice: number;
  maxPrice: number;
  biddingCount: number;
  /** As in BiddingEntry: null before any bid and while sealed. */
  leaderBidCode: string | null;
  endTime: number;
  /** liveValues() of domain/rules/liveValues.ts: '---' without bids or while sealed, else 'x.xx%'. */
  premiumRate: string;
}

export interface RateAnswer {
  /** When the rates were read (at an equal lockVersion the later answer is the newer one). */
  serverTime: number;
  /** In the order asked; activities that do not exist are left out. */
  rates: RateEntry[];
}

export interface MaxRateEntry extends BiddingEntry {
  premiumRate: string;
}

/** bidding-data of one activity. `my*` only for a logged-in bidder of the activity. FloorFields: suspended / terminated. */
export interface BiddingData extends FloorFields {
  activityId: number;
  /** As in BiddingEntry: a push event applies over this answer only when newer (newerState). */
  lockVersion: number;
  assetsId: number;
  assetsName: string;
  /** 0/3 single asset, 1/2 package (which project page the room links to). */
  projectType: number;
  mode: BiddingMode;
  status: ActivityStatus;
  outcome: ActivityOutcome | null;
  serverTime: number;
  startTime: number;
  endTime: number;
  /** End before any extension. */
  originalEndTime: number;
  extensionCount: number;
  startPrice: number;
  /** Bid step; the next valid price is biddingPrice + k × increment (start price for the first bid). */
  increment: number;
  biddingPrice: number;
  maxPrice: number;
  biddingCount: number;
  /** Bid code of the leader, null before any bid. */
  leaderBidCode: string | null;
  /** Latest accepted bids, newest first (at most BIDDING_DATA_RECENT_BIDS). */
  bids: BidRecord[];
  myBidCode: string | null;
  /** The mode's phase, sealed flag, dutch next drop and floor, the increment of the next bid (domain/rules/bidModes.ts). */
  modeState?: ModeState;
  /**
   * The asker's own sealed offer in yuan, null when he has made none; absent otherwise. onceOff before its
   * end; two-stage: his stage-1 quote; final once the cap is reached: his final offer.
   */
  myOffer?: number | null;
  /** two-stage: the asker has confirmed joining stage 2. */
  myJoined?: boolean;
  /** final once the cap is reached: the asker bid the cap (he may make one final offer). */
  myAtCap?: boolean;
  /** final once the cap is reached: the asker may match the cap with his pre-emptive right. */
  myCanMatch?: boolean;
}

/** The answer of JOIN_STAGE_PATH. */
export interface JoinStageAnswer {
  activityId: number;
  joined: true;
  /** When stage 2 opens (the end of the confirmation window), server epoch ms. */
  stage2StartTime: number;
  /** The activity's end after the confirmation. */
  endTime: number;
}

export const BIDDING_DATA_RECENT_BIDS = 20;

/** POST body of a bid (`bidPath(mode)`). */
export interface PlaceBidRequest {
  activityId: number;
  /** Yuan; must be an exact number of fen. */
  amount: number;
  /** Client-chosen, 8–64 characters; a replay answers the first answer. */
  idempotencyKey: string;
}

export interface PlaceBidAnswer {
  activityId: number;
  seq: number;
  bidCode: string;
  amount: number;
  time: number;
  /** End after this bid (extended when it came inside the extension window). */
  endTime: number;
  extended: boolean;
  /** The activity's lock version this bid made (absent from answers stored before it was carried). */
  lockVersion?: number;
  /**
   * The activity's public state this bid made, exactly the push event its watchers get: the bidder's room
   * applies it at once instead of asking again (a replayed answer carries the state of its time, older
   * than what the room holds, and is then ignored by the lock-version order).
   */
  state?: LiveChangeEvent;
  /** The exchange's signed receipt of this bid (docs/bidding.md "The bid record"); absent from older answers. */
  receipt?: BidReceipt;
}
