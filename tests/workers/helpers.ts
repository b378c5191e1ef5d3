/**
 * Test doubles for the live worker: an env on vitest's fake timers with a fake `fetch`, and a fake server
 * that answers server-time and version requests after configurable network legs (in fake time).
 */
import type { Observable } from 'rxjs';
import { vi, type Mock } from 'vitest';
import { createRealEnv, type LiveEnv } from '../../workers/env';

export interface FetchCall {
  url: URL;
  init: RequestInit | undefined;
  at: number;
}

type Handler = (url: URL, init: RequestInit | undefined) => Promise<Response> | Response;

/** A `fetch` that records calls and delegates to `handler`; rejects with AbortError when aborted. */
export function fakeFetch(handler: Handler) {
  const calls: FetchCall[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://portal.test');
    calls.push({ url, init, at: Date.now() });
    const signal = init?.signal;
    signal?.throwIfAborted();
    return await new Promise<Response>((resolve, reject) => {
      signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')), { once: true });
      Promise.resolve()
        .then(() => handler(url, init))
        .then(resolve, reject);
    });
  });
  return { fetch: fn as unknown as typeof fetch, calls, mock: fn };
}

/** The real env (its timers are looked up at call time, so fake timers drive it) with a fake fetch. */
export function testEnv(fetchImpl: typeof fetch): LiveEnv & { log: Mock<LiveEnv['log']> } {
  return { ...createRealEnv(), fetch: fetchImpl, log: vi.fn<LiveEnv['log']>() };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export interface FakeServerOptions {
  /** server time − local time. */
  aheadMs: number;
  /** [request leg, response leg] per server-time call (cycled); default [50, 50]. */
  legs?: Array<[number, number]>;
  version?: string;
}

/**
 * A fake backend: `/api/dscq-sync/v1/server-time` stamps `now` when the request "arrives" (after the
 * request leg) and answers after the response leg; `/version.json` answers `{version}`.
 * Mutate `state` to change the server's behaviour mid-test.
 */
export function fakeServer(options: FakeServerOptions) {
  const state = {
    aheadMs: options.aheadMs,
    legs: options.legs ?? [[50, 50]],
    version: options.version ?? 'v1',
    failTime: false,
    failVersion: false,
    timeCalls: 0,
  };
  const { fetch, calls, mock } = fakeFetch(async (url) => {
    if (url.pathname === '/api/dscq-sync/v1/server-time') {
      const [up, down] = state.legs[state.timeCalls % state.legs.length] ?? [50, 50];
      state.timeCalls += 1;
      await sleep(up);
      if (state.failTime) throw new TypeError('Failed to fetch');
      const now = Date.now() + state.aheadMs;
      await sleep(down);
      return json({ code: 200, success: true, msg: '操作成功', data: { now } });
    }
    if (url.pathname === '/version.json') {
      if (state.failVersion) return json({ message: 'down' }, 503);
      return json({ version: state.version });
    }
    return json({ code: 404, msg: 'not found' }, 404);
  });
  const timeCalls = () => calls.filter((c) => c.url.pathname.endsWith('/server-time'));
  const versionCalls = () => calls.filter((c) => c.url.pathname === '/version.json');
  return { state, fetch, calls, mock, timeCalls, versionCalls, env: testEnv(fetch) };
}

/** Collects every frame a stream emits, until `stop()`. */
export function watch<F>(frames$: Observable<F>) {
  const frames: F[] = [];
  const subscription = frames$.subscribe((frame) => frames.push(frame));
  return { frames, stop: () => subscription.unsubscribe(), last: () => frames.at(-1)! };
}
