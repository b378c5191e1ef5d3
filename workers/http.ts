/**
 * The worker's GET helper: cache-busting `n`, `Client-Id`, the spec's 15 s time-out, the `{code,msg,data}`
 * envelope. (The worker cannot use `src/api`, which is main-thread code; this is the small subset the live
 * polls need, with the same rules.)
 */
import { REQUEST_TIMEOUT_MS } from '../src/domain/constants';
import type { LiveEnv } from './env';

export class HttpStatusError extends Error {
  constructor(
    readonly url: string,
    readonly status: number,
  ) {
    super(`GET ${url} → HTTP ${status}`);
    this.name = 'HttpStatusError';
  }
}

export class EnvelopeError extends Error {
  constructor(
    readonly code: unknown,
    msg: string,
  ) {
    super(`envelope code ${String(code)}: ${msg}`);
    this.name = 'EnvelopeError';
  }
}

/** Appends the random cache-busting parameter `n` (spec section 7: every GET carries one; same form as src/api). */
export function withCacheBust(url: string, n: string = Math.random().toString(36).slice(2)): string {
  return `${url}${url.includes('?') ? '&' : '?'}n=${encodeURIComponent(n)}`;
}

export interface GetOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** GET with `n`, `cache: 'no-store'`, a time-out and an outer abort signal; returns the parsed JSON body. */
export async function getJson(env: LiveEnv, url: string, options: GetOptions = {}): Promise<unknown> {
  const { headers, signal, timeoutMs = REQUEST_TIMEOUT_MS } = options;
  signal?.throwIfAborted();
  const controller = new AbortController();
  let timedOut = false;
  const onOuterAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', onOuterAbort, { once: true });
  const timer = env.setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  try {
    const response = await env.fetch(withCacheBust(url), {
      method: 'GET',
      headers,
      cache: 'no-store',
      signal: controller.signal,
    });
    if (!response.ok) throw new HttpStatusError(url, response.status);
    return (await response.json()) as unknown;
  } catch (error) {
    if (timedOut) throw new Error(`GET ${url} timed out after ${timeoutMs} ms`, { cause: error });
    throw error;
  } finally {
    env.clearTimeout(timer);
    signal?.removeEventListener('abort', onOuterAbort);
  }
}

/** Unwraps the `{code,msg,data}` envelope: `code` 200 is success, anything else throws `EnvelopeError`. */
export function unwrapEnvelope(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || !('code' in body)) {
    throw new EnvelopeError(undefined, 'not an envelope');
  }
  const { code, msg, data } = body as { code: unknown; msg?: unknown; data?: unknown };
  if (code !== 200) throw new EnvelopeError(code, typeof msg === 'string' ? msg : '');
  return data;
}

/** The API headers the worker sends: `Client-Id` when configured. */
export function apiHeaders(clientId: string): Record<string, string> {
  return clientId ? { 'Client-Id': clientId } : {};
}
