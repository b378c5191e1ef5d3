import { BehaviorSubject, type Subscription } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ClockValue } from '../../workers/protocol/protocol';
import { resolveLiveConfig } from '../../workers/protocol/protocol';
import {
  computeSample,
  createClock$,
  type ClockContext,
  measureBurst,
  measureOnce,
  parseServerTime,
  reconcileOffset,
  UNSYNCED,
  type OffsetState,
} from '../../workers/clock';
import { fakeServer } from './helpers';

const T0 = Date.UTC(2025, 5, 1, 2, 0, 0) + 300; // local time at the start of each test: .300 into a second
const config = resolveLiveConfig({ apiBase: '/api', clientId: 'hbcq', clockResyncMs: 60_000 });

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('computeSample (Cristian)', () => {
  it('server 10 s ahead, 100 ms RTT, answer stamped mid-trip → offset exactly 10 000 ms', () => {
    // sent at local 1 000 000; the server stamps at local 1 000 050 (+10 s) = 1 010 050; received at 1 000 100.
    // offset = 1 010 050 + 100/2 − 1 000 100 = 10 000.
    expect(computeSample(1_000_000, 1_000_100, 1_010_050)).toEqual({ offsetMs: 10_000, rttMs: 100, receivedAt: 1_000_100 });
  });

  it('asymmetric legs err by at most rtt/2', () => {
    // stamped 90 ms after sending, answer arrives 10 ms later: offset = 1 010 090 + 50 − 1 000 100 = 10 040.
    const sample = computeSample(1_000_000, 1_000_100, 1_010_090);
    expect(sample.offsetMs).toBe(10_040);
    expect(Math.abs(sample.offsetMs - 10_000)).toBeLessThanOrEqual(sample.rttMs / 2);
  });

  it('rounds to whole milliseconds', () => {
    expect(computeSample(0, 101, 5_000).offsetMs).toBe(4_950); // 5000 + 50.5 − 101 = 4949.5 → 4950
  });
});

describe('parseServerTime', () => {
  it('reads data.now from a code-200 envelope', () => {
    expect(parseServerTime({ code: 200, msg: 'ok', data: { now: 123 } })).toBe(123);
  });
  it('rejects other codes and missing now', () => {
    expect(() => parseServerTime({ code: 500, msg: '服务器异常', data: null })).toThrow(/500/);
    expect(() => parseServerTime({ code: 200, msg: 'ok', data: {} })).toThrow(/now/);
    expect(() => parseServerTime('<html>')).toThrow();
  });
});

describe('measureOnce / measureBurst', () => {
  it('GETs {apiBase}/dscq-sync/v1/server-time?n=… with Client-Id and computes the offset', async () => {
    const server = fakeServer({ aheadMs: 10_000, legs: [[50, 50]] });
    const pending = measureOnce(server.env, config);
    await vi.advanceTimersByTimeAsync(100);
    await expect(pending).resolves.toEqual({ offsetMs: 10_000, rttMs: 100, receivedAt: T0 + 100 });
    const [call] = server.calls;
    expect(call?.url.pathname).toBe('/api/dscq-sync/v1/server-time');
    expect(call?.url.searchParams.get('n')).toMatch(/^[0-9a-z]+$/);
    expect(new Headers(call?.init?.headers).get('Client-Id')).toBe('hbcq');
    expect(call?.init?.cache).toBe('no-store');
  });

  it('keeps the sample with the smallest RTT of a burst of 3', async () => {
    // offsets: ahead + (up − down)/2 → +100 (rtt 300), +0 (rtt 80), −80 (rtt 200)
    const server = fakeServer({ aheadMs: 7_000, legs: [[250, 50], [40, 40], [20, 180]] });
    const pending = measureBurst(server.env, config);
    await vi.advanceTimersByTimeAsync(1_000);
    const best = await pending;
    expect(server.timeCalls()).toHaveLength(3);
    expect(best).toMatchObject({ offsetMs: 7_000, rttMs: 80 });
  });

  it('survives failed samples, and fails only when all fail', async () => {
    const server = fakeServer({ aheadMs: 1_000, legs: [[10, 10]] });
    server.state.failTime = true;
    const failing = measureBurst(server.env, config);
    failing.catch(() => {});
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(failing).rejects.toThrow(/Failed to fetch/);
    expect(server.timeCalls()).toHaveLength(3);

    server.state.failTime = false;
    server.state.legs = [[10, 10], [30, 30]]; // calls 1 and 3 answer (rtt 20 and 60); call 2 fails
    let n = 0;
    const base = server.mock.getMockImplementation()!;
    server.mock.mockImplementation(async (input, init) => {
      n += 1;
      if (n === 2) throw new TypeError('Failed to fetch');
      return base(input, init);
    });
    const partial = measureBurst(server.env, config);
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(partial).resolves.toMatchObject({ offsetMs: 1_000, rttMs: 20 });
  });
});

describe('reconcileOffset (re-sync rule)', () => {
  const synced: OffsetState = { offsetMs: 10_000, rttMs: 40, synced: true };
  const sample = (offsetMs: number, rttMs = 40) => ({ offsetMs, rttMs, receivedAt: 0 });

  it('applies the first sync whatever its direction', () => {
    expect(reconcileOffset(UNSYNCED, sample(-30_000))).toEqual({
      apply: true,
      state: { offsetMs: -30_000, rttMs: 40, synced: true },
      allowBackwards: true,
    });
  });
  it('ignores |Δ| ≤ 250 ms', () => {
    expect(reconcileOffset(synced, sample(10_250))).toEqual({ apply: false });
    expect(reconcileOffset(synced, sample(9_750))).toEqual({ apply: false });
  });
  it("ignores |Δ| within the new sample's own error bound (rtt/2)", () => {
    expect(reconcileOffset(synced, sample(10_400, 900))).toEqual({ apply: false });
    expect(reconcileOffset(synced, sample(10_400, 700))).toMatchObject({ apply: true });
  });
  it('applies forward corrections and small backward ones without jumping back', () => {
    expect(reconcileOffset(synced, sample(10_251))).toMatchObject({ apply: true, allowBackwards: false });
    expect(reconcileOffset(synced, sample(9_000))).toMatchObject({ apply: true, allowBackwards: false });
  });
  it('jumps back only for backward corrections over 1 s', () => {
    expect(reconcileOffset(synced, sample(8_999))).toMatchObject({
      apply: true,
      allowBackwards: true,
      state: { offsetMs: 8_999, synced: true },
    });
  });
});

describe('createClock$', () => {
  function setup(aheadMs: number, legs?: Array<[number, number]>) {
    const server = fakeServer({ aheadMs, legs });
    const visible$ = new BehaviorSubject(true);
    const ctx: ClockContext = { env: server.env, config: () => config, visible$ };
    const values: Array<ClockValue & { at: number }> = [];
    let subscription: Subscription | undefined;
    const start = () => {
      subscription = createClock$(ctx).subscribe((v) => values.push({ ...v, at: Date.now() }));
    };
    return { server, visible$, values, start, stop: () => subscription?.unsubscribe() };
  }

  it('emits the local second unsynced at once, then ticks on whole seconds of server time', async () => {
    const { values, start, stop } = setup(12_345);
    start();
    expect(values).toEqual([{ serverNow: T0 - 300, offsetMs: 0, rttMs: null, synced: false, at: T0 }]);

    await vi.advanceTimersByTimeAsync(300); // burst: 3 × 100 ms
    expect(values.at(-1)).toMatchObject({ synced: true, offsetMs: 12_345, rttMs: 100 });

    const before = values.length;
    await vi.advanceTimersByTimeAsync(5_000);
    const ticks = values.slice(before);
    expect(ticks).toHaveLength(5);
    for (const [i, tick] of ticks.entries()) {
      expect(tick.serverNow % 1000).toBe(0);
      expect(tick.at + 12_345).toBe(tick.serverNow); // fired exactly on the server's second boundary
      if (i > 0) expect(tick.serverNow - ticks[i - 1]!.serverNow).toBe(1000);
    }
    stop();
  });

  it('stops every timer and request when unsubscribed', async () => {
    const { server, start, stop, values } = setup(0);
    start();
    await vi.advanceTimersByTimeAsync(2_000);
    stop();
    expect(vi.getTimerCount()).toBe(0);
    const [emitted, fetched] = [values.length, server.calls.length];
    await vi.advanceTimersByTimeAsync(120_000);
    expect([values.length, server.calls.length]).toEqual([emitted, fetched]);
  });

  it('re-syncs every clockResyncMs and applies the rule: noise ignored, forward skip, hold, big jump back', async () => {
    const { server, values, start, stop } = setup(5_000, [[20, 20]]);
    start();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(values.at(-1)?.offsetMs).toBe(5_000);
    expect(server.timeCalls()).toHaveLength(3);

    const resync = async () => {
      const mark = values.length;
      await vi.advanceTimersByTimeAsync(62_000); // one burst (every 60 s after the previous one) + 2 s of ticks
      return values.slice(mark - 1);
    };

    server.state.aheadMs = 5_200; // Δ +200: noise
    let seen = await resync();
    expect(server.timeCalls()).toHaveLength(6);
    expect(values.at(-1)?.offsetMs).toBe(5_000);

    server.state.aheadMs = 7_000; // Δ +2000: skip forward
    seen = await resync();
    expect(values.at(-1)?.offsetMs).toBe(7_000);
    const steps = seen.slice(1).map((v, i) => v.serverNow - seen[i]!.serverNow);
    // applied at once, mid-second: the display moves from s to s + 2 s (skipping one label), then ticks on
    expect(steps.filter((s) => s !== 1000)).toEqual([2000]);

    server.state.aheadMs = 6_100; // Δ −900: hold, never count up
    seen = await resync();
    expect(values.at(-1)?.offsetMs).toBe(6_100);
    const holdSteps = seen.slice(1).map((v, i) => v.serverNow - seen[i]!.serverNow);
    expect(holdSteps.every((s) => s === 1000)).toBe(true);
    const gaps = seen.slice(1).map((v, i) => v.at - seen[i]!.at);
    expect(Math.max(...gaps)).toBe(1900); // the held second lasted 1.9 s

    server.state.aheadMs = 1_100; // Δ −5000: jump back
    seen = await resync();
    expect(values.at(-1)?.offsetMs).toBe(1_100);
    const backSteps = seen.slice(1).map((v, i) => v.serverNow - seen[i]!.serverNow);
    expect(backSteps.filter((s) => s !== 1000)).toEqual([-5000]); // at once, to the correct second;
    stop();
  });

  it('re-measures at once when the tab becomes visible, not while hidden', async () => {
    const { server, visible$, start, stop } = setup(0, [[10, 10]]);
    start();
    await vi.advanceTimersByTimeAsync(100);
    expect(server.timeCalls()).toHaveLength(3);
    visible$.next(false);
    await vi.advanceTimersByTimeAsync(180_000);
    expect(server.timeCalls()).toHaveLength(3);
    visible$.next(true);
    await vi.advanceTimersByTimeAsync(10);
    expect(server.timeCalls()).toHaveLength(4);
    stop();
  });

  it('keeps ticking unsynced while the server is unreachable and retries with backoff', async () => {
    const { server, values, start, stop } = setup(3_000, [[10, 10]]);
    server.state.failTime = true;
    start();
    await vi.advanceTimersByTimeAsync(60);
    expect(server.timeCalls()).toHaveLength(3); // one failed burst
    await vi.advanceTimersByTimeAsync(2_000);
    expect(server.timeCalls()).toHaveLength(6); // retried after 2 s
    await vi.advanceTimersByTimeAsync(3_900);
    expect(server.timeCalls()).toHaveLength(6); // next retry 4 s later
    await vi.advanceTimersByTimeAsync(200);
    expect(server.timeCalls()).toHaveLength(9);
    expect(values.every((v) => !v.synced && v.offsetMs === 0)).toBe(true);
    expect(values.length).toBeGreaterThanOrEqual(6);

    server.state.failTime = false;
    await vi.advanceTimersByTimeAsync(8_100);
    expect(values.at(-1)).toMatchObject({ synced: true, offsetMs: 3_000 });
    stop();
  });
});
