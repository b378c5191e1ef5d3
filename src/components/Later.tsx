import { useDeferredValue, type ReactNode } from 'react';

/**
 * Draws its children in a render and commit of their own, right after the page's (`useDeferredValue` with a
 * first value: React renders them next, as a transition it slices into short tasks). For what lies under a
 * phone's first screen: committed with the rest, a lot's disclosure tabs (which measure themselves, forcing a
 * layout of the whole new page) made the page's commit one long task (bench:mobile's blocking time).
 * Nothing above moves when they come, and the first screen does not wait for them.
 */
export function Later({ children }: { children: ReactNode }) {
  const now = useDeferredValue(true, false);
  return now ? children : null;
}
