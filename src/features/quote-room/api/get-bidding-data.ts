import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import { HALL_PATHS, type BiddingData } from '#domain/contract/hall';
import { useSession } from '@/lib/session';

/**
 * POST bidding-data once, from the main thread with the user's token: the live worker polls the same
 * call anonymously every second (the shared, cacheable answer), so the bidder's own bid code
 * (`myBidCode`: null = not qualified) and "does the activity exist" (404) come from here.
 */
export const getBiddingData = (activityId: number) => http.post<BiddingData>(HALL_PATHS.biddingData, undefined, { activityId });

/** `myBidCode` depends on who asks: the user is part of the key. */
export const biddingDataQueryOptions = (activityId: number, userId: string | null) =>
  queryOptions({
    queryKey: ['quote-room', 'bidding-data', activityId, userId],
    queryFn: () => getBiddingData(activityId),
    // The bid code does not change during a visit; the live numbers come from the worker.
    staleTime: Infinity,
    retry: false,
    enabled: Number.isSafeInteger(activityId) && activityId > 0,
  });

export function useMyBiddingData(activityId: number) {
  const { user } = useSession();
  return useQuery(biddingDataQueryOptions(activityId, user?.baseUserId ?? null));
}
