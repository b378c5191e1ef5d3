/**
 * What the start step (./start.ts) asked the server for, handed to the app once, so a first screen's page is
 * drawn from the answer already on its way instead of a skeleton and a second request: a lot's detail (the
 * skeleton's short page had the footer in the first screen, and the detail's arrival pushed it out: a layout
 * shift of 0.35), the home page's picture news. The page's window is all the two scripts share.
 */
export interface FirstScreenHandoff {
  /** Which answer: `handoffKeys`' keys. */
  key: string;
  /** The answer's envelope data, or null when it was not a 200 (the app then asks itself). */
  answer: Promise<unknown>;
  /** The answer once it has come: the app's first render then draws the page from it, with no skeleton. */
  arrived?: { data: unknown };
}

declare global {
  interface Window {
    __portalFirstScreen?: FirstScreenHandoff;
  }
}

/** The answers a start step hands over. */
export const handoffKeys = {
  lot: (lotId: number) => `lot:${lotId}`,
  homeNews: 'home:front-page-news',
} as const;

export function handOver(key: string, answer: Promise<unknown>): void {
  const handoff: FirstScreenHandoff = { key, answer };
  window.__portalFirstScreen = handoff;
  void answer.then((data) => {
    handoff.arrived = { data };
  });
}

/** The handoff of `key`, taken (once); null when the start step fetched something else or nothing. */
function take(key: string, when: (handed: FirstScreenHandoff) => boolean = () => true): FirstScreenHandoff | null {
  const handed = window.__portalFirstScreen;
  if (!handed || handed.key !== key || !when(handed)) return null;
  delete window.__portalFirstScreen;
  return handed;
}

/** The answer the start step fetched, once, as a promise; null when it fetched something else or nothing. */
export function takeHanded(key: string): Promise<unknown> | null {
  return take(key)?.answer ?? null;
}

/** The answer if it has already come (taken, once); undefined otherwise (still on its way, none, or null). */
export function arrivedHanded(key: string): unknown {
  return take(key, (handed) => handed.arrived !== undefined)?.arrived?.data ?? undefined;
}
