/**
 * Upcoming activities (upcoming-bid): polled every UPCOMING_POLL_MS (conditional), each row with a
 * countdown to its start, one frame per tick.
 */
import type { Observable } from 'rxjs';
import { HALL_UPCOMING_SIZE } from '#domain/rules/constants';
import { HALL_PATHS, type UpcomingEntry } from '#domain/contract/hall';
import type { LiveUpcomingRow } from './protocol/frames';
import type { UpcomingFrame, UpcomingParams } from './protocol/protocol';
import type { ProducerContext } from './context';
import { hallQuery } from './hall';
import { apiHeaders } from './http';
import { createPolledList$, loadPage, parsePage } from './liveList';
import { toUpcomingRow } from './rows';

/** The schedule changes rarely; lots that start move to the hall. */
export const UPCOMING_POLL_MS = 5_000;

export function createUpcoming$(params: UpcomingParams, ctx: ProducerContext): Observable<UpcomingFrame> {
  const query = hallQuery({ ...params, size: params.size ?? HALL_UPCOMING_SIZE });
  return createPolledList$<UpcomingEntry, LiveUpcomingRow>(ctx, () => ({
    name: 'upcoming',
    intervalMs: UPCOMING_POLL_MS,
    load: (signal, etag) =>
      loadPage(ctx, HALL_PATHS.upcoming, query, (data) => parsePage<UpcomingEntry>(data, 'upcoming-bid'), {
        headers: apiHeaders(ctx.config().clientId),
        etag,
        signal,
      }),
    toRow: toUpcomingRow,
    times: (row) => ({ status: 'scheduled', startTime: row.startTime, endTime: row.endTime }),
  }));
}
