/**
 * The console's session in this browser: the staff token and when the server last heard from us. Kept in
 * local storage (src/lib/storage.ts, key prefix hbcq-) so a second console tab shares it; a staff token is
 * never a bidder's token, so it lives under its own keys. The server ends the session after
 * STAFF_IDLE_MINUTES without a request: the console never polls, so "the last request" is the member's
 * last action, and the idle warning counts from it (session/idle.ts).
 */
import { getStore, removeStore, setStore } from '@/lib/storage';

const TOKEN_KEY = 'ops-token';
const ACTIVE_KEY = 'ops-lastActive';

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

if (typeof window !== 'undefined') {
  // Another console tab logged in, out, or made a request.
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key.endsWith(TOKEN_KEY) || event.key.endsWith(ACTIVE_KEY)) notify();
  });
}

export const staffSession = {
  token: (): string | null => getStore<string>(TOKEN_KEY),
  /** Epoch ms of the last answer the server gave this session (0 when none). */
  lastActive: (): number => getStore<number>(ACTIVE_KEY) ?? 0,
  save(token: string, now = Date.now()): void {
    setStore(TOKEN_KEY, token, 'local', now);
    setStore(ACTIVE_KEY, now, 'local', now);
    notify();
  },
  /** The server answered a call of this session: its idle clock starts again. */
  touch(now = Date.now()): void {
    if (!staffSession.token()) return;
    setStore(ACTIVE_KEY, now, 'local', now);
    notify();
  },
  clear(): void {
    removeStore(TOKEN_KEY);
    removeStore(ACTIVE_KEY);
    notify();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
