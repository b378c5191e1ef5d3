/**
 * The one judicial catalogue (/sfProject, issue 26): every court lot — the judicial service's items and the
 * portal's own 司法拍卖 listings that are bid in the hall — in one state vocabulary (the hall's: the lot
 * stages of domain/rules/lotState.ts, named by LISTING_STATUS_LABELS) and one order:
 *
 *   1. live: 竞价中 / 已中止 — soonest end first (the hall's order);
 *   2. upcoming: 即将竞价 and 报名已截止 (waiting for the auction) — soonest start first;
 *   3. enrolling: 正在报名 — soonest auction first;
 *   4. 预披露 — soonest auction first;
 *   5. ended: 已成交, 流拍, 已终结, 已结束 — latest auction first;
 *   6. anything else ('--').
 * Items without a time come last in their group; the item key breaks ties, so pages never overlap.
 *
 * A court item has no activity here: its stage comes from the service's own word (COURT_STATE_STAGES); a
 * portal listing's stage is its lot state (lotStatus of its listing text and its current activity).
 */
import type { ListingStatus } from '../contract/listing';
import type { LotStatus } from '../contract/lotState';
import { LISTING_STATUS_LABELS, listingStatusOf } from './listing';

/**
 * The judicial service's state words (spec section 3 "Judicial item": 正在报名, 已结束, and the service's
 * 即将开始, 进行中, 已成交, 已流拍 …) as lot stages, first match wins (the text may carry more).
 */
const COURT_STATE_STAGES: ReadonlyArray<readonly [string, ListingStatus]> = [
  ['已成交', 'dealDone'],
  ['流拍', 'failed'],
  ['中止', 'suspended'],
  ['暂缓', 'suspended'],
  ['撤回', 'terminated'],
  ['终止', 'terminated'],
  ['已结束', 'ended'],
  ['进行中', 'bidding'],
  ['竞价中', 'bidding'],
  ['即将开始', 'upcoming'],
  ['即将竞价', 'upcoming'],
];

/** The stage of a court item from the service's state word; a listing word (正在报名, 预披露 …) reads as for a listing. */
export function courtItemStage(state: string | null | undefined): ListingStatus {
  const text = state?.trim() ?? '';
  if (text === '') return 'unknown';
  return COURT_STATE_STAGES.find(([word]) => text.includes(word))?.[1] ?? listingStatusOf(text);
}

/** The lot state of a court item (no bidding activity on the portal: no activity, no price). */
export function courtItemLot(state: string | null | undefined): LotStatus {
  const status = courtItemStage(state);
  return {
    status,
    label: LISTING_STATUS_LABELS[status],
    activityId: null,
    activityStatus: null,
    mode: null,
    biddingStartTime: null,
    biddingEndTime: null,
    price: null,
    priceLabel: null,
    biddingCount: 0,
  };
}

/** The catalogue's groups, in order (see the file comment). */
export const CATALOGUE_GROUP: Readonly<Record<ListingStatus, number>> = {
  bidding: 0,
  suspended: 0,
  upcoming: 1,
  enrolmentClosed: 1,
  enrolling: 2,
  preDisclosure: 3,
  dealDone: 4,
  failed: 4,
  terminated: 4,
  ended: 4,
  unknown: 5,
};

/** What the catalogue orders an item by. Times are epoch ms; null when the item has none. */
export interface CatalogueKey {
  status: ListingStatus;
  /** The auction's start. */
  startTime: number | null;
  /** The auction's (current) end: orders the live group. */
  endTime: number | null;
  /** A unique key of the item (ties). */
  key: string;
}

/** The catalogue's order (see the file comment), for Array.prototype.sort. */
export function compareCatalogue(a: CatalogueKey, b: CatalogueKey): number {
  const group = CATALOGUE_GROUP[a.status] - CATALOGUE_GROUP[b.status];
  if (group !== 0) return group;
  const g = CATALOGUE_GROUP[a.status];
  const time = (x: CatalogueKey) => (g === 0 ? (x.endTime ?? x.startTime) : x.startTime);
  const ta = time(a);
  const tb = time(b);
  if (ta !== tb) {
    if (ta === null) return 1;
    if (tb === null) return -1;
    // Ended: the latest first; every other group: the soonest first.
    return g === 4 ? tb - ta : ta - tb;
  }
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}
