/**
 * Offset paging shared by every list: which rows a page request covers, and the Page answer around them.
 * A list read from the database goes through `fetchPage` (one count, one page of rows); a list already in
 * memory through `slicePage`; a list that must count its own way (the trading centre's window count) still
 * takes its offset and its answer from here, so `pages` and the past-the-end page mean the same everywhere.
 */
import type { SelectQueryBuilder } from 'kysely';
import type { Page } from '#domain/contract/envelope';

export interface PageRequest {
  size: number;
  current: number;
}

/** How many rows come before the requested page. */
export const pageOffset = (request: PageRequest): number => (request.current - 1) * request.size;

/** The answer for one page of `records` out of `total`: MyBatis-Plus's page shape; `pages` is 0 when there is nothing. */
export function toPage<T>(request: PageRequest, total: number, records: T[]): Page<T> {
  return { records, total, size: request.size, current: request.current, pages: Math.ceil(total / request.size) };
}

/** One page of a list held in memory. */
export function slicePage<T>(all: readonly T[], request: PageRequest): Page<T> {
  const start = pageOffset(request);
  return toPage(request, all.length, all.slice(start, start + request.size));
}

/**
 * Runs `query` (filters applied, no selection or order yet) as a count and as an ordered page.
 * `select` picks the columns, may join what the rows show (the count stays on the filtered rows alone, so
 * joins must not multiply them) and adds the ORDER BY (it must end on a unique column so pages never overlap).
 */
export async function fetchPage<DB, TB extends keyof DB, Row, Out, RowDB, RowTB extends keyof RowDB>(
  query: SelectQueryBuilder<DB, TB, object>,
  request: PageRequest,
  select: (q: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<RowDB, RowTB, Row>,
  map: (row: Row) => Out,
): Promise<Page<Out>> {
  const counted = (await query
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow()) as { total: number | string };
  const count = Number(counted.total);
  const offset = pageOffset(request);
  const rows =
    count > offset
      ? await select(query)
          .limit(request.size)
          .offset(offset)
          .execute()
      : [];
  return toPage(request, count, (rows as Row[]).map(map));
}
