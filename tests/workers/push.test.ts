/**
 * The worker's push connection on fake timers: change events update the room and the hall at
 * once, older lockVersions are ignored, polling slows while push is healthy, takes over within 5 s when it
 * fails (error, HTTP error, heartbeat silence), and steps back with one re-sync when push returns.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LiveChangeEvent } from '#domain/contract/liveEvents';
import type { BiddingDataFrame } from '../../workers/protocol/frames';
import type { LiveEvent } from '../../workers/protocol/protocol';
import { BIDDING_DATA_POLL_MS, createBiddingData$ } from '../../workers/biddingData';
import type { ProducerContext } from '../../workers/context';
import { createHall$, HALL_POLL_MS } from '../../workers/hall';
import { createLiveService } from '../../workers/liveService';
import type { LivePush } from '../../workers/context';
import { createLivePush, HEARTBEAT_MARGIN_MS } from '../../workers/push';
import { PUSHED_POLL_MS } from '../../workers/pushApply';
import { json, watch } from './helpers';
import { changeEvent, fakeLiveServer, lot } from './liveServer';

const T0 = Date.UTC(2026, 0, 10, 2, 0, 0) + 300;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
});

interface PushConnection {
  url: URL;
  headers: Headers;
  write(text: string): void;
  end(): void;
  aborted: boolean;
}

/** A fake `/live/events` endpoint: each connection a controllable text/event-stream body. */
function fakePushEndpoint() {
  const state = { refuse: null as number | null };
  const connections: PushConnection[] = [];
  const encoder = new TextEncoder();
  const open = (url: URL, init: RequestInit | undefined): Promise<Response> => {
    if (state.refuse) return Promise.resolve(json({ code: state.refuse, msg: '实时推送连接过多' }, state.refuse));
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    const connection: PushConnection = {
      url,
      headers: new Headers(init?.headers),
      aborted: false,
      write: (text) => {
        if (!connection.aborted) controller.enqueue(encoder.encode(text));
      },
      end: () => controller.close(),
    };
    init?.signal?.addEventListener('abort', () => (connection.aborted = true), { once: true });
    connections.push(connection);
    return Promise.resolve(new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }));
  };
  const last = () => connections.at(-1)!;
  return {
    state,
    connections,
    open,
    last,
    ready: (heartbeatMs = 15_000) => last().write(`retry: 3000\n\nevent: ready\ndata: ${JSON.stringify({ serverTime: Date.now(), heartbeatMs })}\n\n`),
    change: (event: LiveChangeEvent) => last().write(`event: change\nid: ${event.lockVersion}\ndata: ${JSON.stringify(event)}\n\n`),
    heartbeat: () => last().write(': hb\n\n'),
  };
}

/** The fake live server plus a push endpoint, and a producer context with the push connection. */
function setup(live = [lot(0, T0)]) {
  const server = fakeLiveServer({ live });
  const endpoint = fakePushEndpoint();
  const fetchImpl: typeof fetch = (input, init) => {
    const url = new URL(String(input), 'http://portal.test');
    if (url.pathname.endsWith('/live/events')) return endpoint.open(url, init);
    return server.env.fetch(input, init);
  };
  const env = { ...server.env, fetch: fetchImpl };
  const base = { env, config: server.ctx.config, visible$: server.ctx.visible$ };
  const push: LivePush = createLivePush(base);
  const ctx: ProducerContext = { ...base, clock$: server.ctx.clock$, push };
  const healthy: boolean[] = [];
  push.healthy$.subscribe((h) => healthy.push(h));
  const roomCalls = () => server.callsTo('/bidding-data').length;
  return { server, endpoint, push, ctx, healthy, roomCalls };
}

const change = (over: Partial<LiveChangeEvent> = {}): LiveChangeEvent => changeEvent(T0, { serverTime: Date.now(), ...over });

describe('push: change events', () => {
  it('opens one stream for the watched activity and applies a newer change to the room at once', async () => {
    const { endpoint, ctx, server } = setup();
    server.state.latencyMs = 0;
    const room = watch(createBiddingData$({ activityId: 100 }, ctx));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(endpoint.connections).toHaveLength(1);
    expect(endpoint.last().url.pathname).toBe('/api/dscq-sync/v1/live/events');
    expect(endpoint.last().url.searchParams.get('activityIds')).toBe('100');
    expect(room.last().data).toMatchObject({ biddingPrice: 100_000, biddingCount: 0 });
    endpoint.ready();
    await vi.advanceTimersByTimeAsync(0);

    const before = room.frames.length;
    const tickAt = room.last().serverNow;
    endpoint.change(change({ lockVersion: 3, biddingPrice: 102_000, maxPrice: 102_000, biddingCount: 2 }));
    await vi.advanceTimersByTimeAsync(0);
    expect(room.frames.length).toBe(before + 1); // on arrival, not at the next tick
    expect(room.last().serverNow).toBe(tickAt);
    expect(room.last().data).toMatchObject({ biddingPrice: 102_000, biddingCount: 2, leaderBidCode: 'B007' });

    // An older lockVersion (another process, late) is ignored.
    endpoint.change(change({ lockVersion: 2, biddingPrice: 101_000, biddingCount: 1 }));
    await vi.advanceTimersByTimeAsync(0);
    expect(room.last().data).toMatchObject({ biddingPrice: 102_000, biddingCount: 2 });
    // Events of other activities do not reach this room.
    endpoint.change(change({ activityId: 101, lockVersion: 9, biddingPrice: 999_000, biddingCount: 5 }));
    await vi.advanceTimersByTimeAsync(0);
    expect(room.last().data).toMatchObject({ biddingPrice: 102_000 });

    room.stop();
    await vi.advanceTimersByTimeAsync(0);
    expect(endpoint.last().aborted).toBe(true); // closed when no stream watches
  });

  it('applies a change to the hall row at once and ignores an older lockVersion', async () => {
    const { endpoint, ctx } = setup([lot(0, T0), lot(1, T0)]);
    const hall = watch(createHall$({ current: 1, size: 10 }, ctx));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(endpoint.last().url.searchParams.has('activityIds')).toBe(false); // the hall follows every activity
    endpoint.ready();
    await vi.advanceTimersByTimeAsync(0);
    const before = hall.frames.length;
    endpoint.change(change({ activityId: 101, lockVersion: 5, biddingPrice: 130_000, maxPrice: 130_000, biddingCount: 3 }));
    await vi.advanceTimersByTimeAsync(0);
    expect(hall.frames.length).toBe(before + 1);
    expect(hall.last().rows[1]).toMatchObject({ activityId: 101, biddingPrice: 130_000, biddingCount: 3, premiumRate: '30.00%' });
    expect(hall.last().rows[0]).toMatchObject({ activityId: 100, biddingPrice: 100_000 });
    endpoint.change(change({ activityId: 101, lockVersion: 4, biddingPrice: 120_000, biddingCount: 2 }));
    await vi.advanceTimersByTimeAsync(0);
    expect(hall.last().rows[1]).toMatchObject({ biddingPrice: 130_000, biddingCount: 3 });
    hall.stop();
  });

  it('sends the bearer when a token is set, and reopens the stream when it changes', async () => {
    const { endpoint, ctx, push } = setup();
    push.setAccessToken('tok-1');
    const room = watch(createBiddingData$({ activityId: 100 }, ctx));
    await vi.advanceTimersByTimeAsync(100);
    expect(endpoint.last().headers.get('Authorization')).toBe('Bearer tok-1');
    expect(endpoint.last().headers.get('Client-Id')).toBe('hbcq');
    push.setAccessToken('tok-2');
    await vi.advanceTimersByTimeAsync(100);
    expect(endpoint.connections).toHaveLength(2);
    expect(endpoint.connections[0]!.aborted).toBe(true);
    expect(endpoint.last().headers.get('Authorization')).toBe('Bearer tok-2');
    room.stop();
  });
});

describe('push: resuming with Last-Event-ID', () => {
  it('a reconnect of the same stream sends the last id received; a stream with another filter starts fresh', async () => {
    const { endpoint, ctx } = setup([lot(0, T0), lot(1, T0)]);
    const room = watch(createBiddingData$({ activityId: 100 }, ctx));
    await vi.advanceTimersByTimeAsync(100);
    expect(endpoint.last().headers.get('Last-Event-ID')).toBeNull(); // the first connection
    endpoint.ready();
    endpoint.change(change({ lockVersion: 3, biddingCount: 2 })); // id: 3 (the fake's ids)
    endpoint.last().write(': hb\nid: 7\ndata:\n\n'); // a heartbeat carrying the server's position
    await vi.advanceTimersByTimeAsync(0);
    endpoint.last().end();
    await vi.advanceTimersByTimeAsync(3_100); // the retry hint
    expect(endpoint.connections).toHaveLength(2);
    expect(endpoint.last().headers.get('Last-Event-ID')).toBe('7');
    // Another filter (a second room): a fresh stream.
    const other = watch(createBiddingData$({ activityId: 101 }, ctx));
    await vi.advanceTimersByTimeAsync(100);
    expect(endpoint.connections).toHaveLength(3);
    expect(endpoint.last().headers.get('Last-Event-ID')).toBeNull();
    room.stop();
    other.stop();
  });
});

describe('push: polling as the fallback', () => {
  it('slows the polls while healthy, takes over within 5 s of a failure, and steps back with one re-sync', async () => {
    const { endpoint, ctx, healthy, roomCalls } = setup();
    const room = watch(createBiddingData$({ activityId: 100 }, ctx));
    await vi.advanceTimersByTimeAsync(3_000);
    expect(roomCalls()).toBeGreaterThanOrEqual(3); // 1 s before push is ready
    endpoint.ready();
    await vi.advanceTimersByTimeAsync(100);
    expect(healthy.at(-1)).toBe(true);

    // Healthy: (after the ready's one re-sync) about one poll per PUSHED_POLL_MS.
    let from = roomCalls();
    for (let t = 0; t < 20_000; t += 5_000) {
      endpoint.heartbeat();
      await vi.advanceTimersByTimeAsync(5_000);
    }
    expect(roomCalls() - from).toBeLessThanOrEqual(20_000 / PUSHED_POLL_MS + 1);

    // The stream breaks: polling back to 1 s at once.
    endpoint.last().end();
    await vi.advanceTimersByTimeAsync(0);
    expect(healthy.at(-1)).toBe(false);
    from = roomCalls();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(roomCalls() - from).toBeGreaterThanOrEqual(4);

    // Reconnected after the backoff (the server's retry: 3 s): ready → one re-sync now, then slow again.
    expect(endpoint.connections).toHaveLength(2);
    from = roomCalls();
    endpoint.ready();
    await vi.advanceTimersByTimeAsync(50);
    expect(healthy.at(-1)).toBe(true);
    expect(roomCalls() - from).toBe(1);
    from = roomCalls();
    for (let t = 0; t < 20_000; t += 5_000) {
      endpoint.heartbeat();
      await vi.advanceTimersByTimeAsync(5_000);
    }
    expect(roomCalls() - from).toBeLessThanOrEqual(20_000 / PUSHED_POLL_MS + 1);
    expect(room.last().meta.status).toBe('ready');
    room.stop();
  });

  it('treats heartbeat silence (2 × heartbeatMs + margin) as a failure', async () => {
    const { endpoint, ctx, healthy, roomCalls } = setup();
    const room = watch(createBiddingData$({ activityId: 100 }, ctx));
    await vi.advanceTimersByTimeAsync(1_000);
    endpoint.ready(1_000);
    await vi.advanceTimersByTimeAsync(1_500);
    endpoint.heartbeat();
    await vi.advanceTimersByTimeAsync(1_500);
    expect(healthy.at(-1)).toBe(true);
    // Silence from here: unhealthy once 2 × 1 s + margin pass without a byte.
    await vi.advanceTimersByTimeAsync(2 * 1_000 + HEARTBEAT_MARGIN_MS - 1_600);
    expect(healthy.at(-1)).toBe(true);
    await vi.advanceTimersByTimeAsync(200);
    expect(healthy.at(-1)).toBe(false);
    expect(endpoint.connections[0]!.aborted).toBe(true);
    const from = roomCalls();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(roomCalls() - from).toBeGreaterThanOrEqual(4); // polling at its normal rate again
    room.stop();
  });

  it('an HTTP refusal keeps polling at the normal rate and retries with backoff', async () => {
    const { endpoint, ctx, healthy, roomCalls, server } = setup();
    endpoint.state.refuse = 429;
    const room = watch(createBiddingData$({ activityId: 100 }, ctx));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(healthy.at(-1)).toBe(false);
    expect(roomCalls()).toBeGreaterThanOrEqual(9);
    const refusedTries = server.env.log.mock.calls.filter(([message]) => String(message).startsWith('push:')).length;
    expect(refusedTries).toBeGreaterThanOrEqual(2);
    expect(refusedTries).toBeLessThanOrEqual(4); // 1 s, 2 s, 4 s … not a retry storm
    endpoint.state.refuse = null;
    await vi.advanceTimersByTimeAsync(30_000);
    endpoint.ready();
    await vi.advanceTimersByTimeAsync(10);
    expect(healthy.at(-1)).toBe(true);
    room.stop();
  });
});

describe('resync (the bidder’s own accepted bid)', () => {
  it('polls the activity’s bidding data at once', async () => {
    const server = fakeLiveServer({ live: [lot(0, T0)] });
    const service = createLiveService(server.env);
    service.configure({ apiBase: '/api', versionUrl: '/version.json', clientId: 'hbcq' });
    const frames: BiddingDataFrame[] = [];
    const unsubscribe = service.subscribe('biddingData', { activityId: 100 }, (event: LiveEvent<unknown>) => {
      if (event.type === 'value') frames.push(event.value as BiddingDataFrame);
    });
    await vi.advanceTimersByTimeAsync(BIDDING_DATA_POLL_MS + 100);
    const before = server.callsTo('/bidding-data').length;
    server.bid(100, 120_000);
    service.resync(100);
    await vi.advanceTimersByTimeAsync(50);
    expect(server.callsTo('/bidding-data').length).toBe(before + 1);
    service.resync(999); // another activity: nothing for this room
    await vi.advanceTimersByTimeAsync(50);
    expect(server.callsTo('/bidding-data').length).toBe(before + 1);
    void unsubscribe();
    service.dispose();
  });
});

describe('pushLink (the room’s 实时推送 / 每秒刷新 badge)', () => {
  it('follows the push stream’s health: polling until ready, push while healthy, polling when it breaks', async () => {
    const { server, endpoint } = setup();
    const fetchImpl: typeof fetch = (input, init) => {
      const url = new URL(String(input), 'http://portal.test');
      return url.pathname.endsWith('/live/events') ? endpoint.open(url, init) : server.env.fetch(input, init);
    };
    const service = createLiveService({ ...server.env, fetch: fetchImpl });
    service.configure({ apiBase: '/api', versionUrl: '/version.json', clientId: 'hbcq' });
    const link: boolean[] = [];
    const unLink = service.subscribe('pushLink', {}, (event: LiveEvent<unknown>) => {
      if (event.type === 'value') link.push((event.value as { push: boolean }).push);
    });
    const unRoom = service.subscribe('biddingData', { activityId: 100 }, () => undefined);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(link).toEqual([false]);
    endpoint.ready();
    await vi.advanceTimersByTimeAsync(0);
    expect(link).toEqual([false, true]);
    endpoint.last().end();
    await vi.advanceTimersByTimeAsync(0);
    expect(link).toEqual([false, true, false]);
    void unRoom();
    void unLink();
    service.dispose();
  });
});

describe('push: the event carries the bid and the mode’s state', () => {
  it('shows who bid when from the event alone, and polls only when the history has a gap', async () => {
    const { endpoint, ctx, roomCalls } = setup();
    const room = watch(createBiddingData$({ activityId: 100 }, ctx));
    await vi.advanceTimersByTimeAsync(1_000);
    endpoint.ready();
    await vi.advanceTimersByTimeAsync(100); // the ready's one re-sync
    const modeState = { sealed: false, phase: 'free' as const, nextDropAt: null, floorPrice: null, nextIncrement: 2_000 };
    const first = { seq: 1, bidCode: 'B007', amount: 101_000, time: Date.now() };
    let calls = roomCalls();
    endpoint.change(change({ lockVersion: 2, biddingCount: 1, lastBid: first, modeState }));
    await vi.advanceTimersByTimeAsync(50);
    expect(room.last().data).toMatchObject({ biddingCount: 1, bids: [first], modeState: { nextIncrement: 2_000 } });
    expect(roomCalls()).toBe(calls); // nothing missing: no poll

    // Bid 2 never reached this room (a dropped stream, say): bid 3's event shows, and one poll fills the gap.
    const third = { seq: 3, bidCode: 'B009', amount: 103_000, time: Date.now() };
    calls = roomCalls();
    endpoint.change(change({ lockVersion: 4, biddingCount: 3, biddingPrice: 103_000, maxPrice: 103_000, leaderBidCode: 'B009', lastBid: third, modeState }));
    await vi.advanceTimersByTimeAsync(50);
    expect(room.last().data!.bids[0]).toEqual(third);
    expect(roomCalls()).toBe(calls + 1);
    room.stop();
  });
});

describe('push: the hall list poll', () => {
  it('slows to PUSHED_POLL_MS while healthy and polls soon (at most every HALL_POLL_MS) when an event may change the page', async () => {
    const { server, endpoint, ctx } = setup([lot(0, T0), lot(1, T0)]);
    const listCalls = () => server.callsTo('/hall/page').length;
    const hall = watch(createHall$({ current: 1, size: 10 }, ctx));
    await vi.advanceTimersByTimeAsync(1_000);
    endpoint.ready();
    await vi.advanceTimersByTimeAsync(100);
    let from = listCalls();
    for (let t = 0; t < 20_000; t += 5_000) {
      endpoint.heartbeat();
      await vi.advanceTimersByTimeAsync(5_000);
    }
    expect(listCalls() - from).toBeLessThanOrEqual(20_000 / PUSHED_POLL_MS + 1); // not every HALL_POLL_MS

    // A lot not on the page changed (it may have started or moved by its end time): the list, now.
    from = listCalls();
    endpoint.change(change({ activityId: 555, lockVersion: 3 }));
    await vi.advanceTimersByTimeAsync(50);
    expect(listCalls()).toBe(from + 1);
    // A burst of such events asks once per HALL_POLL_MS, not once per event.
    for (let i = 0; i < 10; i++) endpoint.change(change({ activityId: 556 + i, lockVersion: 3 }));
    await vi.advanceTimersByTimeAsync(50);
    expect(listCalls()).toBe(from + 1);
    // A row on the page ending: the list (soon, once the rate limit allows).
    await vi.advanceTimersByTimeAsync(HALL_POLL_MS);
    from = listCalls();
    endpoint.change(change({ activityId: 100, lockVersion: 9, status: 'ended', outcome: 'sold' }));
    await vi.advanceTimersByTimeAsync(50);
    expect(listCalls()).toBe(from + 1);
    hall.stop();
  });
});
