/**
 * Building blocks of the route search schemas. Each feature defines the schemas of its pages' search
 * (`features/<feature>/search.ts`) and takes its types from them (`z.infer`); the route table
 * (src/routes/tree.tsx) validates with them. A malformed value is dropped (`.catch(undefined)`), never an
 * error page: the page then shows its own "missing parameter" state.
 */
import { z } from 'zod';

export const positiveInt = z.coerce.number().int().positive();

/** A positive integer parameter (`?id=12`), undefined when absent or malformed. */
export const optionalId = positiveInt.optional().catch(undefined);

/** Text from the URL; the router reads '2026' as a number, so digits are taken back as text. */
export const searchText = (max: number) =>
  z.union([z.string(), z.number().transform(String)]).pipe(z.string().trim().min(1).max(max)).optional().catch(undefined);

/** A page number (`?current=2`). */
export const pageSearch = z.object({ current: optionalId });
export type PageSearch = z.infer<typeof pageSearch>;
