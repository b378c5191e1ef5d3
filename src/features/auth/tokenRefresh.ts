/**
 * The main-thread half of the token refresh (spec sections 4 and 9): the live worker says "due"
 * (age ≥ 3000 s, checked every 10 s and when the tab becomes visible); this spends the refresh token.
 *
 * - Single flight in the tab: concurrent calls share one request.
 * - Across tabs (they share one login in localStorage): the refresh runs under a Web Lock when the
 *   browser has them, and re-reads the token age inside it, so a tab that waited behind another one's
 *   refresh sees the fresh token and does nothing: a rotated refresh token is never spent twice (reuse
 *   would revoke the whole family on the server).
 * - A refresh failing with a non-network error is the catalogue's row "token refresh fails": clear
 *   everything and go to /login. A network failure leaves the session alone; the next check retries.
 */
import { TOKEN_REFRESH_AGE_SECONDS } from '#domain/rules/constants';
import { session } from '@/lib/session';
import { requestToken } from './api/post-token';

export const TOKEN_REFRESH_LOCK = 'hbcq-token-refresh';

export type RefreshOutcome = 'refreshed' | 'skipped' | 'failed';

let inFlight: Promise<RefreshOutcome> | null = null;

function isStillDue(now: number): boolean {
  const storedAt = session.tokenStoredAt();
  if (storedAt === null) return false;
  return now - storedAt >= TOKEN_REFRESH_AGE_SECONDS * 1000;
}

async function refreshNow(): Promise<RefreshOutcome> {
  const refreshToken = session.refreshToken();
  if (!refreshToken || !session.accessToken() || !isStillDue(Date.now())) return 'skipped';
  try {
    const pair = await requestToken({ grant_type: 'refresh_token', scope: 'all', refresh_token: refreshToken });
    // A logout (or another login) while the request was out wins over its answer.
    if (session.refreshToken() !== refreshToken) return 'skipped';
    session.replaceTokens(pair);
    return 'refreshed';
  } catch {
    return 'failed';
  }
}

type LockManagerLike = { request<T>(name: string, callback: () => Promise<T>): Promise<T> };

function locks(): LockManagerLike | null {
  const candidate = (globalThis.navigator as (Navigator & { locks?: LockManagerLike }) | undefined)?.locks;
  return candidate && typeof candidate.request === 'function' ? candidate : null;
}

/** Refreshes the token pair if it is (still) due. Safe to call as often as the worker says so. */
export function refreshTokens(): Promise<RefreshOutcome> {
  if (!inFlight) {
    const lockManager = locks();
    const run = lockManager ? lockManager.request(TOKEN_REFRESH_LOCK, refreshNow) : refreshNow();
    inFlight = run.finally(() => {
      inFlight = null;
    });
  }
  return inFlight;
}
