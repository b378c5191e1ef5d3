import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import { BID_RECEIPTS_PATH, type BidReceiptsAnswer } from '#domain/contract/bidReceipt';

/** GET /dscq-sync/v1/bidding/receipts: the bidder's own signed receipts in an activity (docs/bidding.md "The bid record"). */
export const getBidReceipts = (activityId: number) => http.get<BidReceiptsAnswer>(BID_RECEIPTS_PATH, { activityId });

/** Keyed by a bid count too: the room asks again when the bidder may have a new receipt (MyBidReceipts). */
export const bidReceiptsQueryOptions = (activityId: number, bidCount: number) =>
  queryOptions({ queryKey: ['quote-room', 'receipts', activityId, bidCount], queryFn: () => getBidReceipts(activityId), staleTime: 60_000 });

export const useBidReceipts = (activityId: number, bidCount: number) => useQuery(bidReceiptsQueryOptions(activityId, bidCount));
