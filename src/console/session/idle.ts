/**
 * The idle clock of the staff session, seen from the browser. The server ends a session STAFF_IDLE_MINUTES
 * after its last request (server/services/staff/sessions.ts); the console sends none on its own (it never
 * polls), so that is the member's last action. A minute before, the layout warns with a countdown; at the
 * end it asks the server (GET me), and the server's 401 sends the browser to the login page, so the
 * browser never guesses the session's end on its own.
 *
 * The one timer of the console's main thread (eslint.config.js lets this file alone have it): the portal's
 * timers belong to its live worker, which the console does not load for a one-second countdown.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { staffSession } from './staffSession';

/** The warning shows this long before the session ends. */
export const IDLE_WARNING_MS = 60_000;

/** Milliseconds until the server ends this session for idleness (negative once past; Infinity without a session). */
export function useIdleRemaining(idleMinutes: number): number {
  const lastActive = useSyncExternalStore(staffSession.subscribe, staffSession.lastActive);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, []);
  // No session (just logged out, or another tab did): nothing to count down.
  if (lastActive === 0) return Infinity;
  return lastActive + idleMinutes * 60_000 - Math.max(now, lastActive);
}
