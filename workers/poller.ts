/**
 * The one poller every polling stream uses (version, clock sync; later hall, bidding data, rates, token).
 *
 * Rules:
 * - cold until subscribed; the first subscriber triggers an immediate fetch (refcount via `shareLatest`);
 * - after a success, the next fetch is `intervalMs` later (measured from the end of the fetch, so
 *   fetches never overlap);
 * - after k consecutive failures the next try is `min(maxMs, initialMs · 2^(k−1))` later; a success resets k;
 * - when the last subscriber leaves, the timer is cleared and an in-flight fetch aborted;
 * - hidden tab (`pauseWhenHidden`, default true): no new fetch is scheduled; on `visible` one fresh fetch
 *   runs at once (unless one is already in flight) and the cadence restarts from there; missed ticks are
 *   never replayed.
 */
import { Observable, distinctUntilChanged } from 'rxjs';
import type { LiveEnv, TimerId } from './env';
import { shareLatest } from './rx';

export interface BackoffOptions {
  /** Delay after the first failure. Default: `intervalMs`. */
  initialMs?: number;
  /** Cap. Default: `min(16 · intervalMs, 5 min)`, but never below `intervalMs`. */
  maxMs?: number;
}

export interface PollOptions<T> {
  env: Pick<LiveEnv, 'setTimeout' | 'clearTimeout' | 'log'>;
  /** One fetch. Must honour the signal (aborted on teardown). */
  load: (signal: AbortSignal) => Promise<T>;
  intervalMs: number;
  backoff?: BackoffOptions;
  /** Tab visibility; without it the poller behaves as always visible. */
  visible$?: Observable<boolean>;
  pauseWhenHidden?: boolean;
  /** For log lines. */
  name?: string;
  /**
   * The interval as it changes (push healthy: slower). Replaces `intervalMs` from its first value on; a
   * shorter interval takes effect at once (the pending wait is cut to it), a longer one from the next wait.
   * Backoff after failures stays based on `intervalMs`.
   */
  interval$?: Observable<number>;
  /** Each value asks for one fetch now (re-sync); one in flight is followed by one more at its end. */
  now$?: Observable<unknown>;
}

export const DEFAULT_BACKOFF_CAP_MS = 5 * 60_000;
export const DEFAULT_BACKOFF_CAP_FACTOR = 16;

/** Delay before the next try after `failures` (≥ 1) consecutive failures. */
export function backoffDelay(failures: number, intervalMs: number, backoff: BackoffOptions = {}): number {
  const initial = backoff.initialMs ?? intervalMs;
  const cap = backoff.maxMs ?? Math.max(intervalMs, Math.min(DEFAULT_BACKOFF_CAP_FACTOR * intervalMs, DEFAULT_BACKOFF_CAP_MS));
  return Math.min(cap, initial * 2 ** Math.max(0, failures - 1));
}

/** The unshared polling loop: every subscription runs its own loop. Prefer `createPoller`. */
export function poll<T>(options: PollOptions<T>): Observable<T> {
  const { env, load, intervalMs, backoff, visible$, interval$, now$, pauseWhenHidden = true, name = 'poll' } = options;
  return new Observable<T>((subscriber) => {
    let visible = true;
    let started = false;
    let failures = 0;
    let currentMs = intervalMs;
    /** A re-sync was asked while a fetch was in flight: fetch again when it ends. */
    let again = false;
    let timer: TimerId | undefined;
    let inFlight: AbortController | null = null;

    const clearTimer = () => {
      if (timer !== undefined) env.clearTimeout(timer);
      timer = undefined;
    };
    const schedule = (delay: number) => {
      clearTimer();
      if (pauseWhenHidden && !visible) return; // resumed by the next `visible`
      timer = env.setTimeout(run, delay);
    };
    const run = () => {
      timer = undefined;
      if (inFlight) return; // the running fetch is the fresh one
      const controller = new AbortController();
      inFlight = controller;
      let pending: Promise<T>;
      try {
        pending = load(controller.signal);
      } catch (error) {
        pending = Promise.reject(error);
      }
      pending.then(
        (value) => {
          if (controller.signal.aborted) return;
          inFlight = null;
          failures = 0;
          subscriber.next(value);
          schedule(again ? 0 : currentMs);
          again = false;
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          inFlight = null;
          again = false;
          failures += 1;
          const delay = backoffDelay(failures, intervalMs, backoff);
          env.log(`${name}: fetch failed (${failures} in a row), next try in ${delay} ms`, error);
          schedule(delay);
        },
      );
    };

    const visibility = visible$?.pipe(distinctUntilChanged()).subscribe((isVisible) => {
      const wasVisible = visible;
      visible = isVisible;
      if (!started) return;
      if (isVisible && !wasVisible) {
        clearTimer();
        run();
      } else if (!isVisible && pauseWhenHidden) {
        clearTimer();
      }
    });
    const pace = interval$?.pipe(distinctUntilChanged()).subscribe((ms) => {
      const shorter = ms < currentMs;
      currentMs = ms;
      // A waiting success cadence is cut to the new, shorter interval (failures keep their backoff).
      if (started && shorter && timer !== undefined && failures === 0) schedule(ms);
    });
    const resync = now$?.subscribe(() => {
      if (!started || (pauseWhenHidden && !visible)) return;
      if (inFlight) {
        again = true;
        return;
      }
      clearTimer();
      run();
    });
    started = true;
    if (visible || !pauseWhenHidden) run();

    return () => {
      clearTimer();
      inFlight?.abort();
      inFlight = null;
      visibility?.unsubscribe();
      pace?.unsubscribe();
      resync?.unsubscribe();
    };
  });
}

/** The shared, refcounted poller: one loop however many subscribers; the latest value replayed to late ones. */
export function createPoller<T>(options: PollOptions<T>): Observable<T> {
  return poll(options).pipe(shareLatest());
}
