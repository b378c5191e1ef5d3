/**
 * The token-age check (spec sections 4 and 9, architecture: "the 10 s token-age check").
 *
 * The worker cannot read the session (localStorage is main-thread only), so the main thread subscribes
 * with `{ storedAt }`, the local epoch ms at which its access token was stored. This stream then:
 * - checks at once on subscription, then every TOKEN_CHECK_INTERVAL_MS (10 s) of the local clock
 *   (one self-rescheduling timeout, through the injected env);
 * - emits `{ ageSeconds, due, checkedAt }` on every check; `due` once the age reaches
 *   TOKEN_REFRESH_AGE_SECONDS (3000 s), a stored time in the future counting as age 0;
 * - pauses while the tab is hidden and checks at once when it becomes visible again (spec: "also
 *   refreshed when the tab becomes visible"), restarting the 10 s cadence from there. Several tabs share
 *   one login; only tabs someone is looking at refresh, and the main thread serialises refreshes across
 *   tabs, so rotating refresh tokens are not spent twice.
 *
 * The refresh itself (the HTTP call and storing the new pair) is the main thread's: it owns the session
 * and the error catalogue. A new token means new params, hence a new stream whose age starts at 0.
 */
import { Observable } from 'rxjs';
import { TOKEN_CHECK_INTERVAL_MS, TOKEN_REFRESH_AGE_SECONDS } from '#domain/rules/constants';
import type { TokenCheckParams, TokenCheckValue } from './protocol/protocol';
import type { BaseContext } from './context';
import type { TimerId } from './env';
import { shareLatest } from './rx';

export interface TokenCheckOptions {
  intervalMs?: number;
  refreshAgeSeconds?: number;
}

/** Whole seconds since `storedAt`; 0 when `storedAt` lies in the future. */
export function tokenAgeSeconds(storedAt: number, now: number): number {
  // A missing or corrupt time (NaN, negative) reads as "very old": refreshing early is harmless,
  // never refreshing is not.
  if (!Number.isFinite(storedAt) || storedAt < 0) return Number.MAX_SAFE_INTEGER;
  return Math.max(0, Math.floor((now - storedAt) / 1000));
}

/** One check at local time `now`. */
export function checkToken(
  storedAt: number,
  now: number,
  refreshAgeSeconds: number = TOKEN_REFRESH_AGE_SECONDS,
): TokenCheckValue {
  const ageSeconds = tokenAgeSeconds(storedAt, now);
  return { ageSeconds, due: ageSeconds >= refreshAgeSeconds, checkedAt: now };
}

export function createTokenCheck$(
  params: TokenCheckParams,
  ctx: BaseContext,
  options: TokenCheckOptions = {},
): Observable<TokenCheckValue> {
  const { env } = ctx;
  const intervalMs = options.intervalMs ?? TOKEN_CHECK_INTERVAL_MS;
  const refreshAgeSeconds = options.refreshAgeSeconds ?? TOKEN_REFRESH_AGE_SECONDS;
  const storedAt = Number(params?.storedAt);

  return new Observable<TokenCheckValue>((subscriber) => {
    let timer: TimerId | undefined;
    let visible = true;
    let started = false;

    const clearTimer = () => {
      if (timer !== undefined) env.clearTimeout(timer);
      timer = undefined;
    };
    const check = () => {
      timer = undefined;
      subscriber.next(checkToken(storedAt, env.now(), refreshAgeSeconds));
      if (visible && !subscriber.closed) timer = env.setTimeout(check, intervalMs);
    };

    const visibility = ctx.visible$.subscribe((isVisible) => {
      const wasVisible = visible;
      visible = isVisible;
      if (!started) return;
      if (isVisible && !wasVisible) {
        clearTimer();
        check();
      } else if (!isVisible) {
        clearTimer();
      }
    });
    started = true;
    if (visible) check();

    return () => {
      clearTimer();
      visibility.unsubscribe();
    };
  }).pipe(shareLatest());
}
