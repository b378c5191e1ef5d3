/**
 * The watch board's worker stream on fake timers: one request for every watched lot, rows of
 * any status (a scheduled one counts down to its start), a 304 keeps the rows, a push event renders at once.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NEVER, Subject, filter } from 'rxjs';
import type { WatchEntry } from '#domain/contract/hall';
import type { LiveChangeEvent } from '#domain/contract/liveEvents';
import { resolveLiveConfig } from '../../workers/protocol/protocol';
import { createClock$ } from '../../workers/clock';
import type { ProducerContext } from '../../workers/context';
import type { LivePush } from '../../workers/context';
import { createWatch$, watchIds, WATCH_POLL_MS } from '../../workers/watch';
import { fakeFetch, json, testEnv, watch } from './helpers';
import { changeEvent, lot } from './liveServer';
import { BehaviorSubject } from 'rxjs';

const T0 = Date.UTC(2026, 0, 10, 2, 0, 0);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
});

function setup(entries: WatchEntry[]) {
  const state = { entries, version: 1 };
  const server = fakeFetch((url, init) => {
    if (url.pathname === '/api/dscq-sync/v1/server-time') return json({ code: 200, data: { now: Date.now() } });
    if (url.pathname !== '/api/dscq-sync/v1/bid-assets/watch') return json({ code: 404 }, 404);
    const tag = `W/"w${state.version}"`;
    if (new Headers(init?.headers).get('If-None-Match') === tag) return new Response(null, { status: 304 });
    const ids = (JSON.parse(String(init?.body)) as { activityIds: number[] }).activityIds;
    const records = ids.flatMap((id) => state.entries.filter((e) => e.activityId === id));
    return new Response(JSON.stringify({ code: 200, data: { records, total: records.length, size: records.length, current: 1, pages: 1, serverTime: Date.now() } }), {
      status: 200,
      headers: { ETag: tag },
    });
  });
  const events = new Subject<LiveChangeEvent>();
  const push: LivePush = {
    healthy$: new BehaviorSubject(false),
    changes: (f) => events.pipe(filter((e) => f === 'all' || f.includes(e.activityId))),
    resync$: NEVER,
    resync: () => {},
    inject: () => {},
    setAccessToken: () => {},
    close: () => {},
  };
  const base = { env: testEnv(server.fetch), config: () => resolveLiveConfig({ apiBase: '/api' }), visible$: new BehaviorSubject(true) };
  const ctx: ProducerContext = { ...base, clock$: createClock$(base), push };
  return { state, server, events, ctx, calls: () => server.calls.filter((c) => c.url.pathname.endsWith('/watch')) };
}

describe('watch stream', () => {
  it('asks for every watched lot in one request; scheduled rows count down to their start; a push event renders at once', async () => {
    const live: WatchEntry = { ...lot(0, T0), status: 'live', outcome: null };
    const scheduled: WatchEntry = { ...lot(1, T0, { startTime: T0 + 3_600_000 + 10_000, endTime: T0 + 7_200_000 }), status: 'scheduled', outcome: null };
    const s = setup([live, scheduled]);
    const board = watch(createWatch$({ activityIds: [101, 100, 100, -3] }, s.ctx));
    await vi.advanceTimersByTimeAsync(1_200);
    expect(JSON.parse(String(s.calls()[0]!.init?.body))).toEqual({ activityIds: [100, 101] });
    const frame = board.last();
    expect(frame.rows.map((r) => [r.activityId, r.status])).toEqual([
      [100, 'live'],
      [101, 'scheduled'],
    ]);
    // 1 h 10 s to the start, less the 5 s margin.
    expect(frame.remaining[1]).toMatch(/^01时00分0[45]秒$/);

    await vi.advanceTimersByTimeAsync(3 * WATCH_POLL_MS);
    expect(board.last().rows[0]).toBe(frame.rows[0]); // 304s: the same rows

    s.events.next(changeEvent(T0, { activityId: 100, lockVersion: 9, biddingPrice: 120_000, maxPrice: 120_000, biddingCount: 3, leaderBidCode: 'B1' }));
    await vi.advanceTimersByTimeAsync(1);
    expect(board.last().rows[0]).toMatchObject({ biddingPrice: 120_000, biddingCount: 3, leaderBidCode: 'B1', priceText: '12.00万元' });
    board.stop();
  });

  it('watchIds: whole, positive, unique, sorted', () => {
    expect(watchIds([3, 1, 2, 3, 0, -1, 1.5, '4' as unknown as number])).toEqual([1, 2, 3]);
    expect(watchIds(undefined)).toEqual([]);
  });
});
