/**
 * The worker's HTTP helpers: GET with cache-busting `n`, POST with a JSON body and `If-None-Match`
 * (304 = unchanged), `Client-Id`, the spec's 15 s time-out, the `{code,msg,data}` envelope. (The worker
 * cannot use `src/api`, which is main-thread code; this is the small subset the live polls need, with the
 * same rules and the same Chinese failure texts.)
 */
import { REQUEST_TIMEOUT_MS } from '#domain/rules/constants';
import type { LiveEnv } from './env';

export class HttpStatusError extends Error {
  constructor(
    readonly url: string,
    readonly status: number,
    readonly method: 'GET' | 'POST' = 'GET',
    /** The envelope's msg when the error answer carried one. */
    readonly serverMsg: string | null = null,
  ) {
    super(`${method} ${url} → HTTP ${status}${serverMsg ? `: ${serverMsg}` : ''}`);
    this.name = 'HttpStatusError';
  }
}

export class EnvelopeError extends Error {
  constructor(
    readonly code: unknown,
    readonly msg: string,
  ) {
    super(`envelope code ${String(code)}: ${msg}`);
    this.name = 'EnvelopeError';
  }
}

export class RequestTimeoutError extends Error {
  constructor(method: string, url: string, timeoutMs: number, cause: unknown) {
    super(`${method} ${url} timed out after ${timeoutMs} ms`, { cause });
    this.name = 'RequestTimeoutError';
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

/** One fetch under the time-out and the outer abort signal. */
async function fetchWithTimeout(
  env: LiveEnv,
  method: 'GET' | 'POST',
  url: string,
  init: RequestInit,
  options: GetOptions,
  read: (response: Response) => Promise<unknown>,
): Promise<unknown> {
  const { signal, timeoutMs = REQUEST_TIMEOUT_MS } = options;
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
    const response = await env.fetch(method === 'GET' ? withCacheBust(url) : url, {
      ...init,
      method,
      cache: 'no-store',
      signal: controller.signal,
    });
    return await read(response);
  } catch (error) {
    if (timedOut) throw new RequestTimeoutError(method, url, timeoutMs, error);
    throw error;
  } finally {
    env.clearTimeout(timer);
    signal?.removeEventListener('abort', onOuterAbort);
  }
}

/** The envelope msg of an error answer, if it has one (never throws). */
async function errorMsg(response: Response): Promise<string | null> {
  try {
    const body = (await response.json()) as { msg?: unknown } | null;
    return typeof body?.msg === 'string' && body.msg ? body.msg : null;
  } catch {
    return null;
  }
}

/** GET with `n`, `cache: 'no-store'`, a time-out and an outer abort signal; returns the parsed JSON body. */
export async function getJson(env: LiveEnv, url: string, options: GetOptions = {}): Promise<unknown> {
  return fetchWithTimeout(env, 'GET', url, { headers: options.headers }, options, async (response) => {
    if (!response.ok) throw new HttpStatusError(url, response.status, 'GET', await errorMsg(response));
    return (await response.json()) as unknown;
  });
}

export interface PostOptions extends GetOptions {
  /** The ETag of the answer we hold: sent as `If-None-Match`; a 304 then means "unchanged". */
  etag?: string | null;
}

/** A conditional answer: the body and its ETag, or "not modified" (keep what you have). */
export type ConditionalAnswer = { notModified: true } | { notModified: false; body: unknown; etag: string | null };

/**
 * POST a JSON body (no `n`: POSTs are never cached, and a stable URL keeps the ETag meaningful).
 * With `etag`, a 304 resolves `{ notModified: true }`.
 */
export async function postJson(env: LiveEnv, url: string, body: unknown, options: PostOptions = {}): Promise<ConditionalAnswer> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', ...options.headers };
  if (options.etag) headers['If-None-Match'] = options.etag;
  const answer = await fetchWithTimeout(env, 'POST', url, { headers, body: JSON.stringify(body) }, options, async (response) => {
    if (response.status === 304) return { notModified: true } satisfies ConditionalAnswer;
    if (!response.ok) throw new HttpStatusError(url, response.status, 'POST', await errorMsg(response));
    const parsed = (await response.json()) as unknown;
    return { notModified: false, body: parsed, etag: response.headers.get('ETag') } satisfies ConditionalAnswer;
  });
  return answer as ConditionalAnswer;
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

/** Network failure and time-out texts: the same as the main-thread client's (src/api/client.ts). */
export const NETWORK_FAILURE_TEXT = '网络异常，请检查网络连接';
export const TIMEOUT_FAILURE_TEXT = '请求超时，请稍后重试';
export const LOAD_FAILURE_TEXT = '加载失败，请稍后重试';

/** What a view shows for a failed poll: the server's msg when there is one. */
export function failureText(error: unknown): string {
  if (error instanceof EnvelopeError && error.msg && error.msg !== 'not an envelope') return error.msg;
  if (error instanceof HttpStatusError) return error.serverMsg ?? `${LOAD_FAILURE_TEXT}（${error.status}）`;
  if (error instanceof RequestTimeoutError) return TIMEOUT_FAILURE_TEXT;
  if (error instanceof TypeError) return NETWORK_FAILURE_TEXT;
  return LOAD_FAILURE_TEXT;
}
