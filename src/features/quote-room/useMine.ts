import { useMemo, useRef } from 'react';
import { of } from 'rxjs';
import { session, useSession } from '@/lib/session';
import { useLive, useObservable, type MineFrame } from '@/live';

/** Before the first answer (and for a visitor without a token: nothing to ask). */
const NONE = of<MineFrame | null>(null);

/**
 * What the bidder alone knows of the activity (his bid code; his offer, joined, at the cap, may match),
 * from the worker's `mine` stream: asked with his token when the room opens and again only when his own
 * fields can have changed (workers/mine.ts), not on every bid. null until the first answer.
 */
export function useMine(activityId: number): MineFrame | null {
  const live = useLive();
  const { isLoggedIn } = useSession();
  const token = isLoggedIn ? session.accessToken() : null;
  const mine$ = useMemo(() => (token ? live.stream('mine', { activityId, token }) : NONE), [live, activityId, token]);
  const frame = useObservable(mine$, null);
  // A new token (a refresh) is a new stream: its first answer replaces the last one, not a blank.
  const last = useRef<{ activityId: number; frame: MineFrame } | null>(null);
  if (frame) last.current = { activityId, frame };
  else if (!token) last.current = null;
  return frame ?? (last.current?.activityId === activityId ? last.current.frame : null);
}
