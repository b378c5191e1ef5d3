import { useEffect } from 'react';
import { useLive } from '@/live';
import { session, useSession } from '@/lib/session';
import { refreshTokens } from '../tokenRefresh';

/**
 * Listens to the live worker's token-age check for the stored token and refreshes when it says due
 * (spec section 9). A new token (refresh, login in another tab) changes `storedAt`, which subscribes to
 * a fresh check; logging out ends the subscription.
 */
export function TokenRefresher() {
  const live = useLive();
  // Re-renders on every session change (this tab or another), so `storedAt` is current.
  useSession();
  const accessToken = session.accessToken();
  const storedAt = accessToken !== null ? session.tokenStoredAt() : null;

  // The worker's push connection sends the current token as its bearer (null: anonymous).
  useEffect(() => {
    live.setAccessToken(accessToken);
  }, [live, accessToken]);

  useEffect(() => {
    if (storedAt === null) return undefined;
    const subscription = live.stream('token', { storedAt }).subscribe({
      next: (check) => {
        if (check.due) void refreshTokens();
      },
      error: (error: unknown) => console.warn('[live] token check failed', error),
    });
    return () => subscription.unsubscribe();
  }, [live, storedAt]);

  return null;
}
