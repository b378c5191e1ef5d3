/** /hall's URL state, validated by the route table. */
import { z } from 'zod';
import { HALL_MAX_PAGE_SIZE } from '#domain/contract/hall';
import { optionalId, positiveInt } from '@/lib/searchParams';

/** The name searched and the page live in the URL; any size up to HALL_MAX_PAGE_SIZE (load tests). */
export const hallSearch = z.object({
  assetsName: z.string().trim().min(1).max(50).optional().catch(undefined),
  current: optionalId,
  size: positiveInt.max(HALL_MAX_PAGE_SIZE).optional().catch(undefined),
});
export type HallSearch = z.infer<typeof hallSearch>;

/** The watch board's filters (/myWatch?filter=): by the lot's stage, the user's standing, or his favourites. */
export const WATCH_FILTERS = ['all', 'live', 'upcoming', 'leading', 'outbid', 'favourite', 'ended'] as const;
export type WatchFilter = (typeof WATCH_FILTERS)[number];

export const watchSearch = z.object({
  filter: z.enum(WATCH_FILTERS).optional().catch(undefined),
  q: z.string().trim().min(1).max(50).optional().catch(undefined),
});
