/**
 * What the start step (./start.ts) asked the server for, handed to the app once: the lot's detail, so a
 * visitor's lot page is drawn from the answer already on its way instead of a skeleton and a second request
 * (the skeleton's short page had the footer in the first screen, and the detail's arrival pushed it out: a
 * layout shift of 0.35). The page's window is all the two scripts share.
 */
export interface FirstScreenHandoff {
  lotId: number;
  /** The detail's envelope data, or null when the answer was not a 200 (the app then asks itself). */
  detail: Promise<unknown>;
  /** The answer once it has come: the app's first render then draws the page from it, with no skeleton. */
  arrived?: { data: unknown };
}

declare global {
  interface Window {
    __portalFirstScreen?: FirstScreenHandoff;
  }
}

export function handOverLot(lotId: number, detail: Promise<unknown>): void {
  const handoff: FirstScreenHandoff = { lotId, detail };
  window.__portalFirstScreen = handoff;
  void detail.then((data) => {
    handoff.arrived = { data };
  });
}

/** The handoff for `lotId`, taken (once); null when the start step fetched another lot's or none. */
function take(lotId: number, when: (handed: FirstScreenHandoff) => boolean = () => true): FirstScreenHandoff | null {
  const handed = window.__portalFirstScreen;
  if (!handed || handed.lotId !== lotId || !when(handed)) return null;
  delete window.__portalFirstScreen;
  return handed;
}

/** The lot's detail the start step fetched, once, as a promise; null when it fetched another lot's or none. */
export function takeHandedLot(lotId: number): Promise<unknown> | null {
  return take(lotId)?.detail ?? null;
}

/** The lot's detail if it has already come (taken, once); undefined otherwise (still on its way, none, or null). */
export function arrivedHandedLot(lotId: number): unknown {
  return take(lotId, (handed) => handed.arrived !== undefined)?.arrived?.data ?? undefined;
}
