/**
 * The watch board's stream: ONE stream for all of a bidder's watched lots — live, about to
 * start or just ended — whatever their number (usable at 100 and more). It polls the snapshot's watch
 * answer for those activities (conditional: an unchanged board is a 304) every WATCH_POLL_MS, every
 * PUSHED_POLL_MS while push is healthy; push events of those activities render on arrival; one frame per
 * tick of the server clock with every countdown (to the start while scheduled, to the end while live).
 * Rows are the hall's rows (rows.ts toBidRow: price text, tone, premium, leader), so a lot reads the same
 * on the board as in the hall.
 */
import { filter, merge, Subject, Subscription, type Observable } from 'rxjs';
import { HALL_PATHS, RATE_MAX_IDS, type WatchEntry, type WatchPage } from '#domain/contract/hall';
import type { LiveChangeEvent } from '#domain/contract/liveEvents';
import type { LiveBidRow } from './protocol/frames';
import type { HallFrame, WatchParams } from './protocol/protocol';
import type { ProducerContext } from './context';
import { apiHeaders } from './http';
import { createPolledList$, loadPage, parsePage, type ListPage } from './liveList';
import { newerEvent, pushPaced } from './pushApply';
import { eventState, toBidRow } from './rows';

/** The board's lots change with every bid: their prices every second (every 10 s while push carries them). */
export const WATCH_POLL_MS = 1_000;

export type WatchRecord = WatchEntry & { serverTime: number };

/** The activity ids of a board: whole, positive, unique, sorted (equal sets are one stream), at most RATE_MAX_IDS. */
export function watchIds(ids: readonly unknown[] | undefined): number[] {
  const whole = (ids ?? []).filter((id): id is number => typeof id === 'number' && Number.isInteger(id) && id > 0);
  return [...new Set(whole)].sort((a, b) => a - b).slice(0, RATE_MAX_IDS);
}

export function parseWatchPage(data: unknown): ListPage<WatchRecord> {
  const page = parsePage<WatchEntry>(data, 'watch');
  const time = (data as Partial<WatchPage> | null)?.serverTime;
  const serverTime = typeof time === 'number' && Number.isFinite(time) ? time : 0;
  return { ...page, records: page.records.map((entry) => ({ ...entry, serverTime })) };
}

export function createWatch$(params: WatchParams, ctx: ProducerContext): Observable<HallFrame> {
  const activityIds = watchIds(params?.activityIds);
  return createPolledList$<WatchRecord, LiveBidRow>(ctx, () => {
    const pushed = new Map<number, LiveChangeEvent>();
    const listNow = new Subject<void>();
    return {
      name: 'watch',
      intervalMs: WATCH_POLL_MS,
      interval$: pushPaced(ctx, WATCH_POLL_MS),
      now$: ctx.push && merge(listNow, ctx.push.resync$.pipe(filter((id) => id === null || activityIds.includes(id)))),
      load: (signal, etag) =>
        activityIds.length === 0
          ? Promise.resolve({ notModified: false as const, page: { records: [], total: 0, current: 1, size: 0, pages: 0 }, etag: null })
          : loadPage(ctx, HALL_PATHS.watch, { activityIds }, parseWatchPage, { headers: apiHeaders(ctx.config().clientId), etag, signal }),
      toRow: (record) => {
        const event = pushed.get(record.activityId);
        return toBidRow(record, record.serverTime, event && eventState(event, record));
      },
      times: (row) => ({ status: row.status, startTime: row.startTime, endTime: row.endTime, remainingMs: row.remainingMs }),
      refine: ({ refresh, emitNow }) => {
        const subscriptions = new Subscription();
        const changes = activityIds.length
          ? ctx.push?.changes(activityIds).subscribe((event) => {
              const before = pushed.get(event.activityId);
              if (!newerEvent(before, event)) return;
              pushed.set(event.activityId, event);
              // A lot starting or ending changes more than the event tells (its result, its order): poll now.
              if (before ? before.status !== event.status : event.status !== 'live') listNow.next();
              refresh();
              emitNow();
            })
          : undefined;
        if (changes) subscriptions.add(changes);
        return subscriptions;
      },
    };
  });
}
