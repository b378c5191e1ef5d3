/** The one lot state as every answer carries it (derived by domain/rules/lotState.ts). */
import type { ActivityOutcome, ActivityStatus } from './activity';
import { type ListingStatus, type ListingStatusLabel } from './listing';

/** The facts of one bidding activity the lot state reads (amounts in yuan, times epoch ms of the server). */
export interface LotActivity {
  activityId: number;
  status: ActivityStatus;
  outcome: ActivityOutcome | null;
  /** The bidding mode's URL word (a sealed mode hides its price until the end). */
  mode: string;
  startTime: number;
  /** Current end (after extensions). */
  endTime: number;
  /** The current public price: the last accepted bid, the start price before one. */
  currentPrice: number;
  biddingCount: number;
}

/** What the price of a lot in `LotStatus.price` is. */
export type LotPriceLabel = '当前价' | '成交价';

/** The lot state as every answer carries it (`ListedAsset.lot`). */
export interface LotStatus {
  status: ListingStatus;
  /** What the lot reads as: 竞价中, 正在报名, 已成交 … ('--' when unknown). */
  label: ListingStatusLabel;
  /** The activity the state follows; null without one. */
  activityId: number | null;
  activityStatus: ActivityStatus | null;
  mode: string | null;
  /** 'YYYY-MM-DD HH:mm:ss' China time of the activity's start and (current) end; null without one. */
  biddingStartTime: string | null;
  biddingEndTime: string | null;
  /** Yuan: the current price while bidding (not while sealed), the price once sold; null otherwise. */
  price: number | null;
  priceLabel: LotPriceLabel | null;
  /** Accepted bids (offers, while sealed) of the activity; 0 without one. */
  biddingCount: number;
}
