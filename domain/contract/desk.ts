/** The bidder's desk on the wire: its paths, the user's lots, enrolments and standings (the rules are domain/rules/desk.ts). */
import type { ListedAsset } from './portal';
import type { DepositStatus, EnrolmentStatus, MessageItem } from './enrolment';
import type { ActivityOutcome, ActivityStatus } from './activity';

export const DESK_PATHS = {
  /** GET → MyLot[] (bearer): the user's lots, those bidding or about to first. */
  lots: '/dscq-user/desk/lots',
  /**
   * POST → DeskSignal (bearer, ETag: If-None-Match → 304): what the live worker polls for the user — the
   * unread count, the newest messages, his open rooms with their leaders, and a key that changes with any
   * of his enrolments or deposits.
   */
  signal: '/dscq-user/desk/signal',
} as const;

/** How many of the newest messages a signal carries. */
export const DESK_SIGNAL_MESSAGES = 10;

/** A room the user is qualified in whose auction is open or about to be (the worker watches its leader). */
export interface DeskRoom {
  activityId: number;
  assetsName: string;
  bidCode: string;
  /** The public leader now (null before a bid and while sealed). */
  leaderBidCode: string | null;
}

export interface DeskSignal {
  unread: number;
  /** The newest messages, newest first (at most DESK_SIGNAL_MESSAGES). */
  latest: MessageItem[];
  rooms: DeskRoom[];
  /** Changes whenever one of the user's enrolments or deposits changes (the live pages refetch on it). */
  stateKey: string;
}

/** How many lots one answer carries at most (the watch board is usable at 100). */
export const DESK_MAX_LOTS = 500;

/** The user's enrolment in a lot, as the desk shows it. */
export interface MyEnrolment {
  id: number;
  status: EnrolmentStatus;
  statusText: string;
  depositId: number | null;
  depositStatus: DepositStatus | null;
}

/** One lot on the user's desk. */
export interface MyLot {
  /** The listing with its lot state (`lot`: stage, activity, times, price). */
  listing: ListedAsset;
  /** The user's bid code in the lot's current activity; null when not qualified there. */
  bidCode: string | null;
  /** The user's accepted bids (offers) in that activity. */
  myBidCount: number;
  /** The public leader's code in that activity (null before a bid and while sealed). */
  leaderBidCode: string | null;
  enrolment: MyEnrolment | null;
  favourite: boolean;
}

export type BidderStanding = 'enrolled' | 'noBid' | 'leading' | 'outbid' | 'offered' | 'shortlisted' | 'won' | 'lost';

export interface StandingInput {
  /** Enrolled in the lot (whatever the step), or qualified. */
  enrolled: boolean;
  /** The user's code in the activity; null when not qualified. */
  bidCode: string | null;
  myBidCount: number;
  mode: string;
  status: ActivityStatus;
  outcome: ActivityOutcome | null;
  /** The public leader's code (null before a bid and while sealed). */
  leaderBidCode: string | null;
}
