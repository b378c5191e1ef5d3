/**
 * 溢价领先 (assets-max-rate): the live lots with the highest premium rate, polled every MAX_RATE_POLL_MS,
 * rows as the hall's, one frame per tick.
 */
import type { Observable } from 'rxjs';
import { HOME_LATEST_BIDDING_SIZE } from '#domain/rules/constants';
import { HALL_PATHS, type MaxRateEntry } from '#domain/contract/hall';
import type { LiveBidRow } from './protocol/frames';
import type { HallFrame, MaxRateParams } from './protocol/protocol';
import type { ProducerContext } from './context';
import { apiHeaders } from './http';
import { createPolledList$, loadPage, parsePage, type ListPage } from './liveList';
import { toBidRow } from './rows';

export const MAX_RATE_POLL_MS = 2_000;
/** The most rows one 溢价领先 stream asks for. */
export const MAX_RATE_MAX_SIZE = 50;

/** The answer is a bare list: a one-page page of it. */
export function parseMaxRate(data: unknown): ListPage<MaxRateEntry> {
  if (!Array.isArray(data)) throw new Error('assets-max-rate: data is not a list');
  const page = parsePage<MaxRateEntry>({ records: data }, 'assets-max-rate');
  return { ...page, total: page.records.length, size: page.records.length, current: 1, pages: 1 };
}

export function createMaxRate$(params: MaxRateParams, ctx: ProducerContext): Observable<HallFrame> {
  const size =
    typeof params.size === 'number' && Number.isInteger(params.size) && params.size > 0
      ? Math.min(params.size, MAX_RATE_MAX_SIZE)
      : HOME_LATEST_BIDDING_SIZE;
  return createPolledList$<MaxRateEntry, LiveBidRow>(ctx, () => ({
    name: 'assets-max-rate',
    intervalMs: MAX_RATE_POLL_MS,
    load: (signal, etag) =>
      loadPage(ctx, HALL_PATHS.assetsMaxRate, { size }, parseMaxRate, {
        headers: apiHeaders(ctx.config().clientId),
        etag,
        signal,
      }),
    // One source: the answer (a bare list, without a server time).
    toRow: (entry) => toBidRow(entry, 0),
    times: (row) => row,
  }));
}
