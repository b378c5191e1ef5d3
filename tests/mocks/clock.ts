/**
 * The wall clock of route tests. Every countdown of the app runs on the live worker's clock, and the
 * worker (in process, `createRealEnv()`) reads `Date.now` at call time, so vitest's fake `Date` drives it.
 *
 * `frozenClock()` fakes only `Date`, frozen on a whole second: the timers stay real, so msw, React, antd
 * and the worker's tick go on as usual, but every tick reads the same instant, the server's time answers
 * (msw, `Date.now()`) agree with it to the millisecond, and every countdown the page shows is exact, however
 * slow the machine. `stepClock(ms)` moves it; the worker's next tick (within a second) shows the new time.
 * Undone when the test finishes.
 *
 * What arrives by a poll is asked for at once instead of waited for: `liveService.resync(activityId)` (the
 * room's own call after a bid) polls that activity's price now. The poll cadences themselves are the
 * worker's, tested on fake timers in tests/workers.
 */
import { onTestFinished, vi } from 'vitest';

/** The next whole second of the real clock. */
export function nextWholeSecond(): number {
  return Math.ceil(Date.now() / 1000) * 1000;
}

/** Freezes `Date` at `at` (the next whole second by default) for this test; returns it. Timers stay real. */
export function frozenClock(at: number = nextWholeSecond()): number {
  vi.useFakeTimers({ toFake: ['Date'], now: at });
  onTestFinished(() => {
    vi.useRealTimers();
  });
  return at;
}

/** Moves the frozen clock by `ms`; returns the new time. */
export function stepClock(ms: number): number {
  const next = Date.now() + ms;
  vi.setSystemTime(next);
  return next;
}
