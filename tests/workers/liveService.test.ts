import { Observable, Subject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ListWire, LiveBidRow, LiveListMeta } from '../../workers/protocol/frames';
import { streamKey, type ClockValue, type HallFrame, type LiveEvent, type VersionValue } from '../../workers/protocol/protocol';
import type { Producers } from '../../workers/context';
import { createLiveService, producers } from '../../workers/liveService';
import { fakeServer } from './helpers';

const T0 = Date.UTC(2025, 5, 1, 2, 0, 0) + 400;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
});

const READY: LiveListMeta = { status: 'ready', error: null, total: 2, current: 1, size: 100, pages: 1 };
const hallRow = (activityId: number, biddingPrice: number): LiveBidRow => ({
  activityId,
  assetsId: activityId,
  assetsName: `标的${activityId}`,
  projectType: 3,
  orgName: '机构',
  leaderBidCode: null,
  startTime: 0,
  status: 'live',
  endTime: T0 + 3_600_000,
  startPrice: 100,
  biddingPrice,
  maxPrice: 0,
  biddingCount: 1,
  priceText: `${biddingPrice}元`,
  priceTooltip: null,
  tone: 'red',
  premiumRate: '---',
  outcome: null,
  suspendReason: null,
  remainingMs: null,
});

function collect<V>() {
  const events: Array<LiveEvent<V>> = [];
  const sink = vi.fn((e: LiveEvent<V>) => {
    events.push(e);
  });
  const values = () => events.flatMap((e) => (e.type === 'value' ? [e.value] : []));
  return { events, sink, values };
}

describe('createLiveService', () => {
  it('streams the clock to a sink and tears everything down on unsubscribe', async () => {
    const server = fakeServer({ aheadMs: 60_000, legs: [[30, 30]] });
    const service = createLiveService(server.env);
    service.configure({ apiBase: '/api', versionUrl: '/version.json', clientId: 'hbcq' });
    const c = collect<ClockValue>();
    const unsubscribe = service.subscribe('clock', {}, c.sink);
    expect(c.values()).toEqual([{ serverNow: T0 - 400, offsetMs: 0, rttMs: null, synced: false }]);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(c.values().at(-1)).toMatchObject({ synced: true, offsetMs: 60_000, rttMs: 60 });
    expect(new Headers(server.calls[0]?.init?.headers).get('Client-Id')).toBe('hbcq');

    unsubscribe();
    expect(vi.getTimerCount()).toBe(0);
    const count = c.events.length;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(c.events.length).toBe(count);
    expect(server.timeCalls()).toHaveLength(3);
    unsubscribe(); // idempotent
  });

  it('runs one producer for identical (name, params) and restarts it after the last unsubscribe', () => {
    const server = fakeServer({ aheadMs: 0 });
    const source = new Subject<VersionValue>();
    const produce = vi.fn(() => source.asObservable());
    const service = createLiveService(server.env, { producers: { version: produce } });
    const a = collect<VersionValue>();
    const b = collect<VersionValue>();
    const offA = service.subscribe('version', {}, a.sink);
    const offB = service.subscribe('version', {}, b.sink);
    source.next({ version: 'v1' });
    expect(produce).toHaveBeenCalledTimes(1);
    expect(a.values()).toEqual([{ version: 'v1' }]);
    expect(b.values()).toEqual([{ version: 'v1' }]);
    offA();
    expect(source.observed).toBe(true);
    offB();
    expect(source.observed).toBe(false);
    service.subscribe('version', {}, collect<VersionValue>().sink);
    expect(produce).toHaveBeenCalledTimes(2);
    service.dispose();
    expect(source.observed).toBe(false);
  });

  it('holds a between-ticks change of a row off focus until the next tick, and sends it at once when the focus changes', () => {
    const server = fakeServer({ aheadMs: 0 });
    const source = new Subject<HallFrame>();
    const service = createLiveService(server.env, { producers: { hall: () => source.asObservable() } });
    const params = { current: 1, size: 100 };
    const c = collect<ListWire<LiveBidRow>>();
    service.subscribe('hall', params, c.sink);
    const key = streamKey('hall', params);
    const a = hallRow(1, 100);
    const b = hallRow(2, 200);
    const frameAt = (serverNow: number, rows: LiveBidRow[]): HallFrame => ({ serverNow, synced: true, meta: READY, rows, remaining: rows.map(() => '1时') });
    source.next(frameAt(1000, [a, b]));
    service.focus(key, [1]); // row 1 on screen, row 2 not

    const b2 = hallRow(2, 210);
    source.next(frameAt(1000, [a, b2])); // a bid on the row off screen, between ticks
    expect(c.values()).toHaveLength(1);
    const a2 = hallRow(1, 110);
    source.next(frameAt(1000, [a2, b2])); // a bid on the row on screen: crosses at once, with b's
    expect(c.values().at(-1)).toEqual({ s: 1000, y: true, r: [a2, b2] });

    const b3 = hallRow(2, 220);
    source.next(frameAt(1000, [a2, b3]));
    expect(c.values()).toHaveLength(2);
    source.next(frameAt(2000, [a2, b3])); // the tick carries it
    expect(c.values().at(-1)).toMatchObject({ s: 2000, r: [b3] });

    const b4 = hallRow(2, 230);
    source.next(frameAt(2000, [a2, b4]));
    expect(c.values()).toHaveLength(3);
    service.focus(key, [1, 2]); // scrolled: row 2 comes on screen, its waiting change is sent now
    expect(c.values().at(-1)).toEqual({ s: 2000, y: true, r: [b4] });
    const b5 = hallRow(2, 240);
    source.next(frameAt(2000, [a2, b5]));
    expect(c.values().at(-1)).toEqual({ s: 2000, y: true, r: [b5] });

    service.focus(key, null); // no focus: every change crosses at once
    source.next(frameAt(2000, [hallRow(1, 120), b5]));
    expect(c.values()).toHaveLength(6);
    service.dispose();
  });

  it('reports an unknown stream or a failing producer to that sink only, and keeps serving others', () => {
    const server = fakeServer({ aheadMs: 0 });
    const clock = new Subject<ClockValue>();
    const service = createLiveService(server.env, {
      producers: {
        clock: () => clock,
        version: () => {
          throw new Error('producer bug');
        },
      },
    });
    const unknown = collect<ClockValue>();
    expect(() => service.subscribe('nope' as 'clock', {}, unknown.sink)).not.toThrow();
    expect(unknown.events).toEqual([{ type: 'error', message: "unknown live stream 'nope'" }]);

    const broken = collect<VersionValue>();
    service.subscribe('version', {}, broken.sink);
    expect(broken.events).toEqual([{ type: 'error', message: 'producer bug' }]);
    expect(server.env.log).toHaveBeenCalledWith('version: stream failed', expect.any(Error));

    const ok = collect<ClockValue>();
    service.subscribe('clock', {}, ok.sink);
    clock.next({ serverNow: 1_000, offsetMs: 0, rttMs: null, synced: false });
    expect(ok.values()).toHaveLength(1);
  });

  it('isolates a throwing or rejecting sink', async () => {
    const server = fakeServer({ aheadMs: 0 });
    const source = new Subject<VersionValue>();
    const service = createLiveService(server.env, { producers: { version: () => source } });
    service.subscribe('version', {}, () => {
      throw new Error('sink bug');
    });
    service.subscribe('version', {}, () => Promise.reject(new Error('port closed')));
    const ok = collect<VersionValue>();
    service.subscribe('version', {}, ok.sink);
    source.next({ version: 'v2' });
    await Promise.resolve();
    expect(ok.values()).toEqual([{ version: 'v2' }]);
    expect(server.env.log).toHaveBeenCalledWith('version: sink threw', expect.any(Error));
    expect(server.env.log).toHaveBeenCalledWith('version: sink rejected', expect.any(Error));
  });

  it('forwards completion', () => {
    const server = fakeServer({ aheadMs: 0 });
    const service = createLiveService(server.env, {
      producers: { version: () => new Observable<VersionValue>((s) => s.complete()) },
    });
    const c = collect<VersionValue>();
    service.subscribe('version', {}, c.sink);
    expect(c.events).toEqual([{ type: 'complete' }]);
  });

  it('uses the configured version URL and re-checks when setVisibility(true) follows a hidden period', async () => {
    const server = fakeServer({ aheadMs: 0, version: 'a' });
    const service = createLiveService(server.env);
    service.configure({ apiBase: '/api', versionUrl: '/version.json?app=portal', clientId: 'hbcq', versionPollMs: 30_000 });
    const c = collect<VersionValue>();
    service.subscribe('version', {}, c.sink);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(server.versionCalls().map((x) => x.url.searchParams.get('app'))).toEqual(['portal', 'portal']);
    service.setVisibility(false);
    await vi.advanceTimersByTimeAsync(300_000);
    expect(server.versionCalls()).toHaveLength(2);
    server.state.version = 'b';
    service.setVisibility(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(server.versionCalls()).toHaveLength(3);
    expect(c.values()).toEqual([{ version: 'a' }, { version: 'b' }]);
    service.dispose();
  });
});

describe('producers map', () => {
  it('has exactly one producer per declared stream (and the type demands it)', () => {
    // @ts-expect-error a producer map must cover every stream of LiveStreams
    const incomplete: Producers = { clock: producers.clock };
    expect(Object.keys(incomplete)).toEqual(['clock']);
    expect(Object.keys(producers).sort()).toEqual(['biddingData', 'clock', 'desk', 'hall', 'maxRate', 'mine', 'pushLink', 'token', 'upcoming', 'version', 'watch']);
  });
});
