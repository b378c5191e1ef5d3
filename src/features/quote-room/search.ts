/** /quoteHall's URL state, validated by the route table. */
import { z } from 'zod/mini';
import { optionalId } from '@/lib/searchParams';

/** The bidding room of one activity (?activityId=). */
export const quoteHallSearch = z.object({ activityId: optionalId });
export type QuoteHallSearch = z.infer<typeof quoteHallSearch>;
