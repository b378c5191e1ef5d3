/**
 * Everything the live worker's logic takes from the outside world. Production passes `createRealEnv()`;
 * tests pass the same with a fake `fetch`, under vitest fake timers (the real env looks the timer
 * functions up on every call, so `vi.useFakeTimers()` drives it), or a fully hand-written env.
 *
 * The worker's logic never touches `setTimeout`, `Date.now` or `fetch` directly: only through this.
 * (RxJS schedulers are not used for time either: see `workers/timers.ts`.)
 */

/** Opaque timer handle (a number in browsers, an object in Node). */
export type TimerId = unknown;

export interface LiveEnv {
  /** Local wall clock, epoch ms. */
  now(): number;
  fetch: typeof fetch;
  setTimeout(handler: () => void, ms: number): TimerId;
  clearTimeout(id: TimerId): void;
  setInterval(handler: () => void, ms: number): TimerId;
  clearInterval(id: TimerId): void;
  /** Diagnostics (errors that are handled: failed polls, broken sinks). */
  log(message: string, detail?: unknown): void;
}

type Handle = ReturnType<typeof globalThis.setTimeout>;

/** The env of the real worker: global functions, looked up at call time, `fetch` called unbound-safe. */
export function createRealEnv(): LiveEnv {
  return {
    now: () => Date.now(),
    fetch: (input, init) => globalThis.fetch(input, init),
    setTimeout: (handler, ms) => globalThis.setTimeout(handler, ms),
    clearTimeout: (id) => globalThis.clearTimeout(id as Handle),
    setInterval: (handler, ms) => globalThis.setInterval(handler, ms),
    clearInterval: (id) => globalThis.clearInterval(id as Handle),
    log: (message, detail) => console.warn(`[live] ${message}`, detail ?? ''),
  };
}
