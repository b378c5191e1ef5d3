/** /sfProject's URL state (its schema, validated by the route table) and its paging. */
import { z } from 'zod/mini';
import { JUDICIAL_PAGE_SIZE } from '#domain/contract/projects';
import { optionalId, searchText } from '@/lib/searchParams';

/**
 * Filters (name, city, court, state), page and the item opened in the drawer (pk) live in the URL. City codes are GB/T 2260 digits,
 * kept as a number so the URL stays plain (?cityCode=1301); the service's cityCode is their text.
 */
export const judicialSearch = z.object({
  name: searchText(50),
  cityCode: optionalId,
  courtId: optionalId,
  /** A state by the hall's name (JUDICIAL_STATE_OPTIONS). */
  state: searchText(10),
  current: optionalId,
  pk: searchText(64),
});
export type JudicialUrlSearch = z.infer<typeof judicialSearch>;

/** The offset of a 1-based page. */
export const offsetOf = (current: number) => (current - 1) * JUDICIAL_PAGE_SIZE;
