import { BehaviorSubject, Subject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LiveEnv } from '../../workers/env';
import { createRealEnv } from '../../workers/env';
import { backoffDelay, createPoller, poll } from '../../workers/poller';

let env: LiveEnv;
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(0);
  env = { ...createRealEnv(), log: vi.fn() };
});
afterEach(() => {
  vi.useRealTimers();
});

/** A load whose answers the test scripts: `ok` values or `fail`; records call times and signals. */
function scriptedLoad(latencyMs = 0) {
  const calls: Array<{ at: number; signal: AbortSignal }> = [];
  let failing = false;
  let n = 0;
  const load = vi.fn(async (signal: AbortSignal) => {
    calls.push({ at: Date.now(), signal });
    n += 1;
    const id = n;
    if (latencyMs) await new Promise((r) => setTimeout(r, latencyMs));
    if (failing) throw new Error(`fail ${id}`);
    return id;
  });
  return {
    load,
    calls,
    times: () => calls.map((c) => c.at),
    setFailing: (f: boolean) => {
      failing = f;
    },
  };
}

describe('backoffDelay', () => {
  it('doubles from the initial delay up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6].map((k) => backoffDelay(k, 1_000, { initialMs: 1_000, maxMs: 10_000 }))).toEqual([
      1_000, 2_000, 4_000, 8_000, 10_000, 10_000,
    ]);
  });
  it('defaults: initial = interval, cap = min(16 × interval, 5 min) but ≥ interval', () => {
    expect(backoffDelay(1, 3_000)).toBe(3_000);
    expect(backoffDelay(10, 3_000)).toBe(48_000);
    expect(backoffDelay(10, 60_000)).toBe(300_000);
    expect(backoffDelay(10, 600_000)).toBe(600_000);
  });
});

describe('createPoller', () => {
  it('does not fetch before subscribe, then at once and every interval while subscribed', async () => {
    const s = scriptedLoad();
    const values: number[] = [];
    const poller$ = createPoller({ env, load: s.load, intervalMs: 1_000 });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(s.load).not.toHaveBeenCalled();

    const sub = poller$.subscribe((v) => values.push(v));
    await vi.advanceTimersByTimeAsync(3_500);
    expect(s.times()).toEqual([5_000, 6_000, 7_000, 8_000]);
    expect(values).toEqual([1, 2, 3, 4]);
    sub.unsubscribe();
  });

  it('shares one loop among subscribers (refcount) and replays the latest to late ones', async () => {
    const s = scriptedLoad();
    const poller$ = createPoller({ env, load: s.load, intervalMs: 1_000 });
    const a: number[] = [];
    const b: number[] = [];
    const subA = poller$.subscribe((v) => a.push(v));
    await vi.advanceTimersByTimeAsync(1_500);
    const subB = poller$.subscribe((v) => b.push(v));
    expect(b).toEqual([2]); // replayed at once
    await vi.advanceTimersByTimeAsync(1_000);
    expect(s.load).toHaveBeenCalledTimes(3);
    expect(a).toEqual([1, 2, 3]);
    expect(b).toEqual([2, 3]);
    subA.unsubscribe();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(s.load).toHaveBeenCalledTimes(4); // still polled for B
    subB.unsubscribe();
  });

  it('stops after the last unsubscribe and aborts the fetch in flight', async () => {
    const s = scriptedLoad(300);
    const poller$ = createPoller({ env, load: s.load, intervalMs: 1_000 });
    const sub1 = poller$.subscribe();
    const sub2 = poller$.subscribe();
    await vi.advanceTimersByTimeAsync(1_400); // second fetch in flight
    expect(s.load).toHaveBeenCalledTimes(2);
    sub1.unsubscribe();
    expect(s.calls[1]!.signal.aborted).toBe(false);
    sub2.unsubscribe();
    expect(s.calls[1]!.signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(s.load).toHaveBeenCalledTimes(2);

    const sub3 = poller$.subscribe();
    expect(s.load).toHaveBeenCalledTimes(3); // a new subscriber restarts it
    sub3.unsubscribe();
  });

  it('backs off by doubling on errors, capped, and resets on success', async () => {
    const s = scriptedLoad();
    const values: number[] = [];
    const sub = createPoller({
      env,
      load: s.load,
      intervalMs: 1_000,
      backoff: { initialMs: 1_000, maxMs: 5_000 },
    }).subscribe((v) => values.push(v));
    await vi.advanceTimersByTimeAsync(0);
    s.setFailing(true);
    await vi.advanceTimersByTimeAsync(1_000 + 1_000 + 2_000 + 4_000 + 5_000 + 5_000);
    // 0 ok; 1000 fail → +1000; 2000 fail → +2000; 4000 fail → +4000; 8000 fail → +5000 (cap); 13000 fail → +5000
    expect(s.times()).toEqual([0, 1_000, 2_000, 4_000, 8_000, 13_000, 18_000]);
    expect(env.log).toHaveBeenCalledTimes(6);
    s.setFailing(false);
    await vi.advanceTimersByTimeAsync(5_000 + 2_000);
    // 23000 ok → back to the 1 s cadence
    expect(s.times().slice(7)).toEqual([23_000, 24_000, 25_000]);
    expect(values).toEqual([1, 8, 9, 10]);
    // one more failure starts again at the initial delay
    s.setFailing(true);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(s.times().slice(10)).toEqual([26_000, 27_000]);
    sub.unsubscribe();
  });

  it('treats a load that throws synchronously as a failure', async () => {
    const load = vi.fn((): Promise<number> => {
      throw new Error('boom');
    });
    const errors: unknown[] = [];
    const sub = createPoller({ env, load, intervalMs: 1_000 }).subscribe({ error: (e) => errors.push(e) });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(load).toHaveBeenCalledTimes(2);
    expect(errors).toEqual([]);
    sub.unsubscribe();
  });

  it('pauses while hidden and fetches once, at once, on visible (no replay of missed ticks)', async () => {
    const s = scriptedLoad();
    const visible$ = new BehaviorSubject(true);
    const sub = createPoller({ env, load: s.load, intervalMs: 1_000, visible$ }).subscribe();
    await vi.advanceTimersByTimeAsync(1_500);
    expect(s.times()).toEqual([0, 1_000]);
    visible$.next(false);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(s.load).toHaveBeenCalledTimes(2);
    visible$.next(true);
    expect(s.times()).toEqual([0, 1_000, 31_500]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(s.times()).toEqual([0, 1_000, 31_500, 32_500]);
    sub.unsubscribe();
  });

  it('schedules nothing after a fetch that completes (or fails) while hidden', async () => {
    const s = scriptedLoad(200);
    const visible$ = new BehaviorSubject(true);
    const sub = createPoller({ env, load: s.load, intervalMs: 1_000, visible$ }).subscribe();
    visible$.next(false); // first fetch still in flight
    await vi.advanceTimersByTimeAsync(10_000);
    expect(s.load).toHaveBeenCalledTimes(1);
    visible$.next(true);
    s.setFailing(true);
    visible$.next(false); // second fetch in flight, will fail
    await vi.advanceTimersByTimeAsync(10_000);
    expect(s.load).toHaveBeenCalledTimes(2);
    sub.unsubscribe();
  });

  it('does not start a second fetch on visible when one is in flight', async () => {
    const s = scriptedLoad(500);
    const visible$ = new BehaviorSubject(true);
    const sub = createPoller({ env, load: s.load, intervalMs: 1_000, visible$, pauseWhenHidden: false }).subscribe();
    visible$.next(false);
    visible$.next(true); // first fetch still in flight
    expect(s.load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(s.times()).toEqual([0, 1_500]);
    sub.unsubscribe();
  });

  it('keeps polling while hidden when pauseWhenHidden is false, and still refreshes on visible', async () => {
    const s = scriptedLoad();
    const visible$ = new BehaviorSubject(false);
    const sub = poll({ env, load: s.load, intervalMs: 10_000, visible$, pauseWhenHidden: false }).subscribe();
    await vi.advanceTimersByTimeAsync(25_000);
    expect(s.times()).toEqual([0, 10_000, 20_000]);
    visible$.next(true);
    expect(s.times()).toEqual([0, 10_000, 20_000, 25_000]);
    sub.unsubscribe();
  });

  it('waits for visible when subscribed in a hidden tab', async () => {
    const s = scriptedLoad();
    const visible$ = new BehaviorSubject(false);
    const sub = poll({ env, load: s.load, intervalMs: 1_000, visible$ }).subscribe();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(s.load).not.toHaveBeenCalled();
    visible$.next(true);
    expect(s.times()).toEqual([5_000]);
    sub.unsubscribe();
  });
});

describe('interval$ and now$ (push: slower while healthy, re-sync on demand)', () => {
  it('a longer interval applies from the next wait, a shorter one cuts the pending wait at once', async () => {
    const s = scriptedLoad();
    const interval$ = new BehaviorSubject(1_000);
    const sub = poll({ env, load: s.load, intervalMs: 1_000, interval$ }).subscribe();
    await vi.advanceTimersByTimeAsync(0);
    interval$.next(10_000); // the wait already scheduled (1 s) stays
    await vi.advanceTimersByTimeAsync(25_000);
    expect(s.times()).toEqual([0, 1_000, 11_000, 21_000]);
    interval$.next(1_000); // back to normal: the next fetch 1 s from now, not at 31 s
    await vi.advanceTimersByTimeAsync(2_000);
    expect(s.times()).toEqual([0, 1_000, 11_000, 21_000, 26_000, 27_000]);
    sub.unsubscribe();
  });

  it('now$ fetches at once; during a fetch it asks for one more right after it', async () => {
    const s = scriptedLoad(100);
    const now$ = new Subject<void>();
    const sub = poll({ env, load: s.load, intervalMs: 10_000, now$ }).subscribe();
    await vi.advanceTimersByTimeAsync(3_000);
    now$.next();
    await vi.advanceTimersByTimeAsync(50);
    now$.next(); // in flight: one more when it ends, not two at once
    await vi.advanceTimersByTimeAsync(200);
    expect(s.times().slice(0, 2)).toEqual([0, 3_000]);
    expect(s.times()).toHaveLength(3);
    expect(s.times()[2]).toBeGreaterThanOrEqual(3_100); // right after the one in flight ended
    expect(s.times()[2]).toBeLessThan(3_110);
    sub.unsubscribe();
  });
});
