/**
 * LIKE patterns that match a keyword literally (%, _ and the escape character escaped), for every search
 * that takes words from a user or a staff member: the trading centre, the judicial catalogue, the staff
 * audit trail and user look-up.
 */
import { sql, type RawBuilder } from 'kysely';

export const LIKE_ESCAPE = '\\';

const escaped = (keyword: string) => keyword.replace(/[\\%_]/g, (c) => LIKE_ESCAPE + c);

/** `%keyword%`. */
export function containsPattern(keyword: string): string {
  return `%${escaped(keyword)}%`;
}

/** `keyword%`. */
export function startsWithPattern(keyword: string): string {
  return `${escaped(keyword)}%`;
}

/** `(a like p escape '\' or b like p escape '\' …)`: one of the columns holds the pattern. */
export function likeAnyOf(columns: readonly string[], pattern: string): RawBuilder<boolean> {
  return sql<boolean>`(${sql.join(
    columns.map((column) => sql`${sql.ref(column)} like ${pattern} escape ${LIKE_ESCAPE}`),
    sql` or `,
  )})`;
}
