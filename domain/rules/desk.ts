/**
 * The active bidder's desk: the logged-in user's lots — the rooms he is qualified in, his
 * enrolments and his favourites — each with the one lot state (lotState.ts), his bid code there and his
 * standing (已报名 / 领先 / 出局 …). The hall marks its rows with it, a project's page shows the user's
 * enrolment and the way into the room, the payment result says when bidding opens, and the watch board
 * lists them. Pure: shared by the browser, the worker and the server.
 */
import { isSealedLot } from './liveValues';
import { type MyLot, type BidderStanding, type StandingInput } from '../contract/desk';

/** Qualified rooms whose auction ended longer ago than this leave the desk. */
export const DESK_ENDED_KEEP_MS = 3 * 24 * 3_600_000;

/**
 * The one name of each standing, on every page (the room, the hall, the watch board, 我的项目, a lot's
 * page): 已报名 before a bid code, 未出价 with one but no bid yet, 已入围 at final's cap.
 */
export const STANDING_TEXT = {
  enrolled: '已报名',
  noBid: '未出价',
  leading: '领先',
  outbid: '出局',
  offered: '已报价',
  shortlisted: '已入围',
  won: '竞得',
  lost: '未竞得',
} as const satisfies Record<BidderStanding, string>;

export type StandingText = (typeof STANDING_TEXT)[BidderStanding];

/**
 * The user's standing in a lot: 领先 while his code leads (竞得 once sold to him), 出局 once he has bid and
 * someone else leads (未竞得 once sold to another), 已报价 for a sealed offer (nobody learns who leads),
 * 已报名 while enrolled without a bid code, 未出价 with one but no bid (no offer, while sealed); null when he
 * has nothing to do with the lot.
 */
export function bidderStanding(s: StandingInput): BidderStanding | null {
  if (s.bidCode === null) return s.enrolled ? 'enrolled' : null;
  if (isSealedLot(s)) return s.myBidCount > 0 ? 'offered' : 'noBid';
  const sold = s.status === 'ended' && s.outcome === 'sold';
  if (s.leaderBidCode !== null && s.leaderBidCode === s.bidCode) return sold ? 'won' : 'leading';
  if (s.myBidCount > 0) return sold ? 'lost' : 'outbid';
  return 'noBid';
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
