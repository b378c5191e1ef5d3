/** /hall's URL state, validated by the route table. */
import { z } from 'zod/mini';
import { HALL_MAX_PAGE_SIZE } from '#domain/contract/hall';
import { lenient, optionalId, positiveInt } from '@/lib/searchParams';

/** The name searched and the page live in the URL; any size up to HALL_MAX_PAGE_SIZE (load tests). */
export const hallSearch = z.object({
  assetsName: lenient(z.string().check(z.trim(), z.minLength(1), z.maxLength(50))),
  current: optionalId,
  size: lenient(positiveInt.check(z.lte(HALL_MAX_PAGE_SIZE))),
});
export type HallSearch = z.infer<typeof hallSearch>;

/** The watch board's filters (/myWatch?filter=): by the lot's stage, the user's standing, or his favourites. */
export const WATCH_FILTERS = ['all', 'live', 'upcoming', 'leading', 'outbid', 'favourite', 'ended'] as const;
export type WatchFilter = (typeof WATCH_FILTERS)[number];

export const watchSearch = z.object({
  filter: lenient(z.enum(WATCH_FILTERS)),
  q: lenient(z.string().check(z.trim(), z.minLength(1), z.maxLength(50))),
});
