/**
 * The hall stream in the worker, on fake timers: frames on whole seconds of server time, the 5 s margin,
 * ONE message per tick whatever the number of rows, the delta encoding (full first frame per sink, then
 * changes only; decoding gives back the full frames), ETag/304, back-off, visibility re-sync, teardown.
 */
import { tap, type Observable } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COUNTDOWN_OVER_TEXT } from '#domain/rules/bidding';
import type { ListWire, LiveBidRow } from '../../workers/protocol/frames';
import { createStreamDecoder, type HallFrame, type LiveEvent } from '../../workers/protocol/protocol';
import { createHall$, HALL_POLL_MS } from '../../workers/hall';
import { createLiveService } from '../../workers/liveService';
import { fakeLiveServer, lot } from './liveServer';

/** Local time at the start of each test: .300 into a second. */
const T0 = Date.UTC(2026, 0, 10, 2, 0, 0) + 300;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
});

type Stamped = HallFrame & { at: number };

function watch(frames$: Observable<HallFrame>) {
  const frames: Stamped[] = [];
  const subscription = frames$.subscribe((frame) => frames.push({ ...frame, at: Date.now() }));
  return { frames, stop: () => subscription.unsubscribe(), last: () => frames.at(-1)! };
}

describe('hall frames', () => {
  it('tick on whole seconds of server time (measured offset applied), countdown from server time', async () => {
    const ahead = 7_250;
    const serverStart = T0 + ahead;
    const s0 = Math.floor(serverStart / 1000) * 1000;
    const server = fakeLiveServer({ aheadMs: ahead, live: [lot(0, serverStart, { endTime: s0 + 66_000 })] });
    const hall = watch(createHall$({ current: 1, size: 30 }, server.ctx));
    await vi.advanceTimersByTimeAsync(5_000);

    const synced = hall.frames.filter((f) => f.synced);
    expect(synced.length).toBeGreaterThanOrEqual(4);
    for (const frame of synced) {
      expect(frame.serverNow % 1000).toBe(0);
      // fired on the server's second boundary, i.e. local time + offset = the whole second
      if (frame !== synced[0]) expect(frame.at + ahead).toBe(frame.serverNow);
    }
    // 66 s before the end at s0: at s0 + 1 s, 65 s are left, 60 s are shown (5 s margin).
    const oneSecondIn = synced.find((f) => f.serverNow === s0 + 1_000)!;
    expect(oneSecondIn.remaining).toEqual(['00时01分00秒']);
    const steps = synced.slice(1).map((f, i) => f.serverNow - synced[i]!.serverNow);
    expect(steps.every((step) => step === 1000)).toBe(true);
    hall.stop();
  });

  it('subtracts the 5 s margin and shows 请见标的详情 once nothing is left; rows carry tone, premium and price text', async () => {
    const s0 = Math.floor(T0 / 1000) * 1000;
    const server = fakeLiveServer({
      live: [
        lot(0, T0, { endTime: s0 + 8_000 }),
        lot(1, T0, { startPrice: 30_000, biddingPrice: 50_000, maxPrice: 50_000, biddingCount: 2 }),
        lot(2, T0, { endTime: s0 + 93_784_000 + 5_000 + 2_000 }),
      ],
    });
    const hall = watch(createHall$({ current: 1, size: 30 }, server.ctx));
    await vi.advanceTimersByTimeAsync(4_800);
    const at = (serverNow: number) => hall.frames.find((f) => f.serverNow === serverNow)!.remaining;
    expect(at(s0 + 1_000)[0]).toBe('00时00分02秒'); // 7 s left − 5
    expect(at(s0 + 2_000)[0]).toBe('00时00分01秒');
    expect(at(s0 + 3_000)[0]).toBe(COUNTDOWN_OVER_TEXT); // 5 s left − 5 = 0
    expect(at(s0 + 4_000)[0]).toBe(COUNTDOWN_OVER_TEXT);
    expect(at(s0 + 2_000)[2]).toBe('1天02时03分04秒'); // 93 791 s − 2 s − 5 s

    const [green, red] = hall.last().rows;
    expect(green).toMatchObject({ tone: 'green', premiumRate: '---', priceText: '10.00万元', priceTooltip: '100,000.00元' });
    expect(red).toMatchObject({ tone: 'red', premiumRate: '66.67%', priceText: '5.00万元' });
    hall.stop();
  });

  it('reads sealed and dutch lots by the rule the server answers with (liveValues), not by the plain count', async () => {
    const server = fakeLiveServer({
      live: [
        lot(0, T0, { mode: 'onceOff', biddingCount: 3 }), // three sealed offers: the public price stays the start price
        lot(1, T0, { mode: 'dutch-auction', biddingPrice: 80_000, maxPrice: 80_000 }), // dropped, nobody bought
        lot(2, T0, { mode: 'dutch-auction', biddingPrice: 97_000, maxPrice: 97_000, biddingCount: 1 }), // bought at 97,000
      ],
    });
    const hall = watch(createHall$({ current: 1, size: 30 }, server.ctx));
    await vi.advanceTimersByTimeAsync(1_500);
    const [sealed, dropped, bought] = hall.last().rows;
    expect(sealed).toMatchObject({ premiumRate: '---', tone: 'red', biddingCount: 3 });
    expect(dropped).toMatchObject({ premiumRate: '---', tone: 'red', priceText: '8.00万元' });
    expect(bought).toMatchObject({ premiumRate: '3.00%', tone: 'red' });
    hall.stop();
  });

  it('sends ONE message per tick per stream whatever the number of rows (1 or 2000)', async () => {
    const counts: number[] = [];
    for (const n of [1, 2000]) {
      vi.setSystemTime(T0);
      const server = fakeLiveServer({ live: Array.from({ length: n }, (_, i) => lot(i, T0)) });
      const service = createLiveService(server.env);
      service.configure({ apiBase: '/api', versionUrl: '/version.json', clientId: 'hbcq' });
      const events: Array<LiveEvent<ListWire<LiveBidRow>>> = [];
      service.subscribe('hall', { current: 1, size: 2000 }, (event) => {
        events.push(event);
      });
      await vi.advanceTimersByTimeAsync(500); // first answer, clock synced
      const before = events.length;
      await vi.advanceTimersByTimeAsync(10_000);
      const tickEvents = events.slice(before);
      counts.push(tickEvents.length);
      for (const event of tickEvents) {
        expect(event.type).toBe('value');
        if (event.type === 'value') expect(event.value.t).toHaveLength(n); // every countdown, one array
      }
      service.dispose();
    }
    expect(counts).toEqual([10, 10]);
  });
});

describe('hall delta encoding', () => {
  it('sends a full first frame to each sink, then only what changed; decoding gives back every full frame', async () => {
    const server = fakeLiveServer({ live: Array.from({ length: 50 }, (_, i) => lot(i, T0)) });
    const produced: HallFrame[] = [];
    const service = createLiveService(server.env, {
      producers: { hall: (params, ctx) => createHall$(params, ctx).pipe(tap((frame) => produced.push(frame))) },
    });
    service.configure({ apiBase: '/api', versionUrl: '/version.json', clientId: '' });

    const wiresA: Array<ListWire<LiveBidRow>> = [];
    service.subscribe('hall', { current: 1, size: 30 }, (e) => {
      if (e.type === 'value') wiresA.push(e.value);
    });
    await vi.advanceTimersByTimeAsync(3_000);

    const [full, ...deltas] = wiresA;
    expect(full).toMatchObject({ f: 1 });
    expect(full!.r).toHaveLength(30);
    expect(full!.i).toHaveLength(30);
    expect(full!.m).toMatchObject({ status: 'ready', total: 50, current: 1, size: 30, pages: 2 });
    expect(deltas.length).toBeGreaterThanOrEqual(2);
    let lastTick = full!.s;
    for (const delta of deltas) {
      expect(delta.f).toBeUndefined();
      expect(delta.r).toBeUndefined(); // nothing changed: no rows, no order, no meta
      expect(delta.i).toBeUndefined();
      expect(delta.m).toBeUndefined();
      // The countdowns on every tick; a frame between ticks (same texts) leaves them out.
      if (delta.s !== lastTick) expect(delta.t).toHaveLength(30);
      else expect(delta.t).toBeUndefined();
      lastTick = delta.s;
      expect(JSON.stringify(delta).length).toBeLessThan(JSON.stringify(full).length / 5);
    }
    expect(deltas.filter((delta) => delta.t).length).toBeGreaterThanOrEqual(2);

    server.bid(103, 120_000);
    await vi.advanceTimersByTimeAsync(2_000);
    const withRows = wiresA.filter((w) => !w.f && w.r);
    expect(withRows).toHaveLength(1);
    expect(withRows[0]!.r).toEqual([expect.objectContaining({ activityId: 103, biddingPrice: 120_000, tone: 'red', premiumRate: '20.00%' })]);

    // A late sink gets a full frame first, whatever the shared stream sent before.
    const wiresB: Array<ListWire<LiveBidRow>> = [];
    service.subscribe('hall', { current: 1, size: 30 }, (e) => {
      if (e.type === 'value') wiresB.push(e.value);
    });
    expect(wiresB).toHaveLength(1);
    expect(wiresB[0]).toMatchObject({ f: 1 });
    expect(wiresB[0]!.r).toHaveLength(30);
    await vi.advanceTimersByTimeAsync(2_000);

    // Round trip: worker encode → client decode = the full frames the producer made, in order.
    const decodeA = createStreamDecoder('hall');
    expect(wiresA.map(decodeA)).toEqual(produced);
    const decodeB = createStreamDecoder('hall');
    const decodedB = wiresB.map(decodeB);
    expect(decodedB).toEqual(produced.slice(produced.length - decodedB.length));
    expect(decodedB[0]!.rows.find((r) => r.activityId === 103)?.biddingPrice).toBe(120_000);
    service.dispose();
  });
});

describe('hall polling', () => {
  it('sends If-None-Match; a 304 keeps the previous rows (same objects); a change answers 200', async () => {
    const server = fakeLiveServer({ live: [lot(0, T0), lot(1, T0)] });
    const hall = watch(createHall$({ current: 1, size: 30 }, server.ctx));
    await vi.advanceTimersByTimeAsync(HALL_POLL_MS + 100);
    const hallCalls = server.callsTo('/hall/page');
    expect(hallCalls).toHaveLength(2);
    expect(new Headers(hallCalls[0]!.init?.headers).get('If-None-Match')).toBeNull();
    const sentTag = new Headers(hallCalls[1]!.init?.headers).get('If-None-Match');
    expect(sentTag).toMatch(/^W\/"1-/);
    expect(JSON.parse(String(hallCalls[0]!.init?.body))).toEqual({ current: 1, size: 30 });
    expect(hallCalls[0]!.url.searchParams.has('n')).toBe(false); // POSTs carry no cache-busting n

    const rowsBefore = hall.frames[1]!.rows;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(hall.last().rows).toBe(rowsBefore); // 304 (and unchanged rates): the very same rows
    expect(hall.last().rows.map((r) => r.assetsName)).toEqual(['拍品0', '拍品1']);

    server.state.live = [...server.state.live, lot(2, T0)];
    server.state.version += 1;
    await vi.advanceTimersByTimeAsync(HALL_POLL_MS);
    expect(hall.last().rows.map((r) => r.assetsName)).toEqual(['拍品0', '拍品1', '拍品2']);
    expect(hall.last().rows[0]).toBe(rowsBefore[0]); // unchanged rows keep their identity
    hall.stop();
  });

  it('polls bidding-rate every second for the ids on the page and never moves a price back on a stale answer', async () => {
    const server = fakeLiveServer({ live: [lot(0, T0, { biddingPrice: 130_000, maxPrice: 130_000, biddingCount: 3, lockVersion: 3 }), lot(1, T0)] });
    const hall = watch(createHall$({ current: 1, size: 30 }, server.ctx));
    await vi.advanceTimersByTimeAsync(3_050);
    const rateCalls = server.callsTo('/bidding-rate');
    expect(rateCalls.length).toBeGreaterThanOrEqual(3);
    expect(JSON.parse(String(rateCalls.at(-1)!.init?.body))).toEqual({ activityIds: [100, 101] });

    // An answer read before the hall's (an older lockVersion), arriving late: the hall's state stays.
    server.state.rateOverride = [
      { activityId: 100, lockVersion: 2, status: 'live', startPrice: 100_000, biddingPrice: 120_000, maxPrice: 120_000, biddingCount: 2, leaderBidCode: null, endTime: 0, premiumRate: '20.00%' },
    ];
    server.state.version += 1;
    await vi.advanceTimersByTimeAsync(2_000);
    expect(hall.last().rows[0]).toMatchObject({ biddingPrice: 130_000, biddingCount: 3, premiumRate: '30.00%' });
    hall.stop();
  });

  it('backs off on hall errors, shows the server msg, keeps the last rows, and recovers', async () => {
    const server = fakeLiveServer({ latencyMs: 0, live: [lot(0, T0)] });
    server.state.hallFailure = { status: 503, msg: '竞价服务繁忙，请稍后再试' };
    const hall = watch(createHall$({ current: 1, size: 30 }, server.ctx));
    await vi.advanceTimersByTimeAsync(0);
    expect(hall.last().meta).toMatchObject({ status: 'error', error: '竞价服务繁忙，请稍后再试' });
    expect(hall.last().rows).toEqual([]);
    await vi.advanceTimersByTimeAsync(20_000);
    const times = server.callsTo('/hall/page').map((c) => c.at - T0);
    // interval 2.5 s, then doubling: 2.5, 5, 10 s
    expect(times).toEqual([0, 2_500, 7_500, 17_500]);
    expect(server.callsTo('/bidding-rate')).toHaveLength(0); // no rows, no rate calls

    server.state.hallFailure = null;
    await vi.advanceTimersByTimeAsync(20_000);
    expect(hall.last().meta).toMatchObject({ status: 'ready', error: null, total: 1 });
    expect(hall.last().rows).toHaveLength(1);

    server.state.hallFailure = { status: 500, msg: '服务器异常' };
    server.state.version += 1;
    await vi.advanceTimersByTimeAsync(HALL_POLL_MS + 1_000); // the next poll fails; the next tick shows it
    expect(hall.last().meta).toMatchObject({ status: 'error', error: '服务器异常' });
    expect(hall.last().rows).toHaveLength(1); // the last good rows stay
    hall.stop();
  });

  it('while hidden sends no frame and polls nothing; on visible re-syncs at once (one frame, fresh polls, no replay)', async () => {
    const server = fakeLiveServer({ live: [lot(0, T0)] });
    const hall = watch(createHall$({ current: 1, size: 30 }, server.ctx));
    await vi.advanceTimersByTimeAsync(3_000);
    server.visible$.next(false);
    const frames = hall.frames.length;
    const calls = server.calls.length;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(hall.frames.length).toBe(frames);
    expect(server.calls.length).toBe(calls);

    server.bid(100, 150_000);
    server.visible$.next(true);
    expect(hall.frames.length).toBe(frames + 1); // one frame at once, the current second
    expect(hall.last().serverNow).toBe(Math.floor(Date.now() / 1000) * 1000);
    await vi.advanceTimersByTimeAsync(50);
    // fresh hall, rate and clock requests right away
    expect(server.callsTo('/hall/page').at(-1)!.at).toBe(T0 + 123_000);
    expect(server.callsTo('/bidding-rate').at(-1)!.at).toBe(T0 + 123_000);
    expect(server.callsTo('/server-time').at(-1)!.at).toBeGreaterThanOrEqual(T0 + 123_000);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(hall.last().rows[0]!.biddingPrice).toBe(150_000);
    expect(hall.frames.length).toBe(frames + 2); // then one per tick again
    hall.stop();
  });

  it('stops every timer and request when the last subscriber leaves', async () => {
    const server = fakeLiveServer({ live: [lot(0, T0)] });
    const hall = watch(createHall$({ current: 1, size: 30 }, server.ctx));
    await vi.advanceTimersByTimeAsync(5_000);
    hall.stop();
    expect(vi.getTimerCount()).toBe(0);
    const calls = server.calls.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.calls.length).toBe(calls);
  });

  it('caps the page size at HALL_MAX_PAGE_SIZE and trims the name', async () => {
    const server = fakeLiveServer({ live: [lot(0, T0)] });
    const hall = watch(createHall$({ current: 2, size: 10_000, assetsName: '  唐山 ' }, server.ctx));
    await vi.advanceTimersByTimeAsync(100);
    expect(JSON.parse(String(server.callsTo('/hall/page')[0]!.init?.body))).toEqual({ assetsName: '唐山', current: 2, size: 2000 });
    expect(new Headers(server.callsTo('/hall/page')[0]!.init?.headers).get('Client-Id')).toBe('hbcq');
    hall.stop();
  });
});
