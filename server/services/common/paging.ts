/** Offset paging shared by the list services: one count, one page of rows. */
import type { SelectQueryBuilder } from 'kysely';
import type { Page } from '#domain/contract/envelope';

export interface PageRequest {
  size: number;
  current: number;
}

/**
 * Runs `query` (filters applied, no order yet) as a count and as an ordered page.
 * `order` adds the ORDER BY (it must end on a unique column so pages never overlap).
 */
export async function fetchPage<DB, TB extends keyof DB, Row, Out>(
  query: SelectQueryBuilder<DB, TB, object>,
  request: PageRequest,
  select: (q: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, Row>,
  map: (row: Row) => Out,
): Promise<Page<Out>> {
  const counted = (await query
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow()) as { total: number | string };
  const count = Number(counted.total);
  const offset = (request.current - 1) * request.size;
  const rows =
    count > offset
      ? await select(query)
          .limit(request.size)
          .offset(offset)
          .execute()
      : [];
  return {
    records: (rows as Row[]).map(map),
    total: count,
    size: request.size,
    current: request.current,
    pages: Math.ceil(count / request.size),
  };
}
