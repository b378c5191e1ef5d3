/**
 * The active bidder's desk (issue 13): the logged-in user's lots — the rooms he is qualified in, his
 * enrolments and his favourites — each with the one lot state (lotState.ts), his bid code there and his
 * standing (已报名 / 领先 / 出局 …). The hall marks its rows with it, a project's page shows the user's
 * enrolment and the way into the room, the payment result says when bidding opens, and the watch board
 * lists them. Pure: shared by the browser, the worker and the server.
 */
import type { ListedAsset } from './contracts';
import type { DepositStatus, EnrolmentStatus, MessageItem } from './enrolment';
import type { ActivityOutcome, ActivityStatus } from './hall';
import { isSealedLot } from './liveValues';

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
/** Qualified rooms whose auction ended longer ago than this leave the desk. */
export const DESK_ENDED_KEEP_MS = 3 * 24 * 3_600_000;

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

export type BidderStanding = 'enrolled' | 'leading' | 'outbid' | 'offered' | 'won' | 'lost';

export const STANDING_TEXT: Readonly<Record<BidderStanding, string>> = {
  enrolled: '已报名',
  leading: '领先',
  outbid: '出局',
  offered: '已报价',
  won: '竞得',
  lost: '未竞得',
};

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

/**
 * The user's standing in a lot: 领先 while his code leads (竞得 once sold to him), 出局 once he has bid and
 * someone else leads (未竞得 once sold to another), 已报价 for a sealed offer (nobody learns who leads),
 * 已报名 while enrolled or qualified without a bid; null when he has nothing to do with the lot.
 */
export function bidderStanding(s: StandingInput): BidderStanding | null {
  if (s.bidCode === null) return s.enrolled ? 'enrolled' : null;
  if (isSealedLot(s)) return s.myBidCount > 0 ? 'offered' : 'enrolled';
  const sold = s.status === 'ended' && s.outcome === 'sold';
  if (s.leaderBidCode !== null && s.leaderBidCode === s.bidCode) return sold ? 'won' : 'leading';
  if (s.myBidCount > 0) return sold ? 'lost' : 'outbid';
  return 'enrolled';
}

/** The longest lot name a message title carries (spec section 5: auction names truncate at 22). */
export const TITLE_NAME_MAX = 22;

/** A lot's name shortened for a title ('…' after TITLE_NAME_MAX characters). */
export function shortLotName(name: string): string {
  const chars = [...name.trim()];
  return chars.length > TITLE_NAME_MAX ? `${chars.slice(0, TITLE_NAME_MAX).join('')}…` : chars.join('');
}

/** A message title that names its lot: 「石家庄市某国有企业…」报名审核通过. */
export function lotTitle(base: string, assetsName: string | null | undefined): string {
  const name = assetsName ? shortLotName(assetsName) : '';
  return name ? `「${name}」${base}` : base;
}

/** The outbid message's title: 「石家庄市某国有企业…」出价已被超越. */
export function outbidTitle(assetsName: string | null | undefined): string {
  return lotTitle('出价已被超越', assetsName);
}

/** The user's steps in a lot as short labels: 已报名, 已交保证金 (or where the deposit is), 竞买号 ……. */
export function mySteps(mine: Pick<MyLot, 'enrolment' | 'bidCode'> | undefined): string[] {
  if (!mine || (mine.enrolment === null && mine.bidCode === null)) return [];
  const steps: string[] = [];
  const e = mine.enrolment;
  if (e?.status === 'rejected') return ['报名未通过'];
  steps.push('已报名');
  if (e && e.status !== 'qualified' && e.status !== 'depositConfirmed' && e.depositStatus === null) steps.push(e.statusText);
  const deposit = e?.depositStatus ?? null;
  if (mine.bidCode !== null || deposit === 'confirmed' || deposit === 'kept' || deposit === 'converted') steps.push('已交保证金');
  else if (deposit === 'pending') steps.push('待交保证金');
  else if (deposit === 'paying') steps.push('保证金支付处理中');
  else if (deposit === 'proofSubmitted') steps.push('付款凭证待确认');
  else if (deposit === 'released') steps.push('保证金已退还');
  if (mine.bidCode !== null) steps.push(`竞买号 ${mine.bidCode}`);
  return steps;
}
