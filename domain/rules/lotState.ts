/**
 * One lot state: what a lot reads as, everywhere — the hall, a project's page, the trading
 * centre's search, favourites, the home page, the bidding room and the watch board. It is derived here, in
 * one place, from two facts: the listing's own state text (the spec's words 预披露, 正在报名, 报名已截止,
 * 已结束, 已成交, set when the listing is published and by settlement) and its bidding activity.
 *
 * The rule, first match wins:
 * - the activity is live → 竞价中, with the current public price (none while sealed);
 * - it is suspended by the exchange (中止) → 已中止, with the price frozen as it was;
 * - it is scheduled → 正在报名 while the listing still takes enrolments, else 即将竞价;
 * - it has ended → 已成交 with the price (sold), 流拍 (failed), 已终结 (terminated by the exchange: no
 *   result), 已结束 (not settled yet);
 * - no activity → the listing's own word (spec section 4 "Listing status display").
 *
 * Which activity is "its" activity when a listing has had several: the live (or suspended) one, else the soonest
 * scheduled, else the latest ended (`currentActivity`). The server builds every answer that carries a
 * listing with these two functions (server/services/auctions/lot-states.ts), and its search filter by state follows
 * the same rule in SQL (checked against this file by tests/server/lot-state.test.ts).
 */
import { formatChinaTime } from './chinaTime';
import type { ActivityStatus } from '../contract/activity';
import { LISTING_STATUS_LABELS, listingPriceDisplay, listingStatusOf, type ListingPriceDisplay, type ListingPriceFields } from './listing';
import { type ListingStatus } from '../contract/listing';
import { isSealedLot } from './liveValues';
import { type LotActivity, type LotPriceLabel, type LotStatus } from '../contract/lotState';

const STATUS_RANK: Readonly<Record<ActivityStatus, number>> = { live: 0, suspended: 0, scheduled: 1, ended: 2 };

/**
 * The activity a listing's state follows: the live one, else the soonest scheduled, else the latest ended
 * (ties: the greater id). null when there is none.
 */
export function currentActivity<A extends Pick<LotActivity, 'activityId' | 'status' | 'startTime' | 'endTime'>>(activities: readonly A[]): A | null {
  let best: A | null = null;
  for (const a of activities) {
    if (best === null || before(a, best)) best = a;
  }
  return best;
}

function before(a: Pick<LotActivity, 'activityId' | 'status' | 'startTime' | 'endTime'>, b: typeof a): boolean {
  const rank = (STATUS_RANK[a.status] ?? 3) - (STATUS_RANK[b.status] ?? 3);
  if (rank !== 0) return rank < 0;
  // Scheduled: the soonest start first; live and ended: the latest end first.
  const key = (x: typeof a) => (x.status === 'scheduled' ? x.startTime : -x.endTime);
  if (key(a) !== key(b)) return key(a) < key(b);
  return a.activityId > b.activityId;
}

/** The stage a lot shows for its listing's state text and its current activity (see the file comment). */
export function lotStage(listingState: string | null | undefined, activity: Pick<LotActivity, 'status' | 'outcome'> | null): ListingStatus {
  const listing = listingStatusOf(listingState);
  if (activity === null) return listing;
  switch (activity.status) {
    case 'live':
      return 'bidding';
    case 'suspended':
      return 'suspended';
    case 'scheduled':
      return listing === 'enrolling' ? 'enrolling' : 'upcoming';
    case 'ended':
      switch (activity.outcome) {
        case 'sold':
          return 'dealDone';
        case 'failed':
          return 'failed';
        case 'terminated':
          return 'terminated';
        default:
          return 'ended';
      }
    default:
      return listing;
  }
}

/** The lot state of a listing with its current activity (null: none). */
export function lotStatus(listingState: string | null | undefined, activity: LotActivity | null): LotStatus {
  const status = lotStage(listingState, activity);
  const open = status === 'bidding' || status === 'suspended';
  const priced = activity !== null && (open ? !isSealedLot(activity) : status === 'dealDone');
  return {
    status,
    label: LISTING_STATUS_LABELS[status],
    activityId: activity?.activityId ?? null,
    activityStatus: activity?.status ?? null,
    mode: activity?.mode ?? null,
    biddingStartTime: activity ? formatChinaTime(activity.startTime) : null,
    biddingEndTime: activity ? formatChinaTime(activity.endTime) : null,
    price: priced ? activity.currentPrice : null,
    priceLabel: priced ? (open ? '当前价' : '成交价') : null,
    biddingCount: activity?.biddingCount ?? 0,
  };
}

/** What a state filter word is matched against, per stage: its label; 流拍 and 已终结 are also ended (已结束) auctions. */
const STAGE_SEARCH_TEXT: Readonly<Record<Exclude<ListingStatus, 'unknown'>, string>> = {
  dealDone: '已成交',
  terminated: '已终结 已结束',
  failed: '流拍 已结束',
  ended: '已结束',
  bidding: '竞价中',
  suspended: '已中止',
  upcoming: '即将竞价',
  enrolmentClosed: '报名已截止',
  enrolling: '正在报名',
  preDisclosure: '预披露',
};

/**
 * The stages a state filter word picks (the trading centre's `state`): those whose label contains the word
 * ('报名' picks 正在报名 and 报名已截止; 已结束 picks 流拍 too). Empty when the word names no stage.
 */
export function stagesMatching(word: string): ListingStatus[] {
  const w = word.trim();
  if (w === '') return [];
  return (Object.keys(STAGE_SEARCH_TEXT) as Array<keyof typeof STAGE_SEARCH_TEXT>).filter((s) => STAGE_SEARCH_TEXT[s].split(' ').some((text) => text.includes(w)));
}

/** The lot state of a listing without any activity (what a client shows for an answer that carries none). */
export function listingOnlyLot(listingState: string | null | undefined): LotStatus {
  return lotStatus(listingState, null);
}

/** A price cell of a lot: the lot's price (current while bidding, final once sold) with its label, else the listing's. */
export interface LotPriceDisplay extends ListingPriceDisplay {
  /** 当前价 / 成交价 when the cell shows the auction's price; null for the listing price. */
  label: LotPriceLabel | null;
}

/**
 * What a lot's price cell shows: while bidding, the current price (当前价), once sold the price (成交价), in
 * the listing's unit (priceType 2 keeps its unit); otherwise the listing price (listingPriceDisplay).
 */
export function lotPriceDisplay(asset: ListingPriceFields & { lot?: LotStatus | undefined }): LotPriceDisplay {
  const lot = asset.lot;
  if (lot && lot.price !== null && lot.priceLabel !== null) {
    const shown = listingPriceDisplay({ ...asset, state: '', startPrice: lot.price, theToneInterval: 1, theToneMax: null, priceType: asset.priceType === 2 ? 2 : 1 });
    return { ...shown, label: lot.priceLabel };
  }
  return { ...listingPriceDisplay(asset), label: null };
}
