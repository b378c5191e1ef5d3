/**
 * Building blocks of the route search schemas. Each feature defines the schemas of its pages' search
 * (`features/<feature>/search.ts`) and takes its types from them (`z.infer`); the route table
 * (src/routes/tree.tsx) validates with them. A malformed value is dropped (`lenient`), never an
 * error page: the page then shows its own "missing parameter" state.
 */
import { z } from 'zod/mini';

/** Absent or malformed → undefined (the value is dropped, the rest of the search kept). */
export const lenient = <T extends z.ZodMiniType>(schema: T) => z.catch(z.optional(schema), undefined);

export const positiveInt = z.coerce.number().check(z.int(), z.positive());

/** A positive integer parameter (`?id=12`), undefined when absent or malformed. */
export const optionalId = lenient(positiveInt);

/** Text from the URL; the router reads '2026' as a number, so digits are taken back as text. */
export const searchText = (max: number) =>
  lenient(z.pipe(z.union([z.string(), z.pipe(z.number(), z.transform(String))]), z.string().check(z.trim(), z.minLength(1), z.maxLength(max))));

/** A page number (`?current=2`). */
export const pageSearch = z.object({ current: optionalId });
export type PageSearch = z.infer<typeof pageSearch>;
