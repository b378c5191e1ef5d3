/**
 * The one HTTP client (spec section 7 and 8). Every call sends the Client-Id header and, when logged in,
 * a bearer token; GETs carry a random `n` against caches; the time-out is 15 s; the answer's effective
 * code (body code, else HTTP status) goes through the error catalogue table, which decides resolve or
 * reject and the visible effect. Features call `http.get/post` and receive `data`.
 */
import type { Envelope } from '#domain/contract/envelope';
import { API_BASE, CLIENT_ID, REQUEST_TIMEOUT_MS } from './config';
import { decide, type Effect } from './errorCatalogue';

export type Params = Record<string, string | number | boolean | null | undefined | Array<string | number>>;

export interface RequestOptions {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Service path, e.g. '/dscq-project/search/page'. */
  path: string;
  /** Query parameters (the real system sends most POST parameters this way too). */
  params?: Params;
  /** JSON body, or FormData for uploads. */
  body?: unknown;
  /** Base URL; defaults to the API base. The judicial service passes its own. */
  base?: string;
  /** Extra headers (e.g. Basic client authentication on the token call). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export type ApiErrorKind = 'network' | 'timeout' | 'http' | 'business';

/** Every rejection of the client. `body` is the server's answer when there was one. */
export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    readonly code: number | null,
    message: string,
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** What the client needs from the app: the token, the current page, and how to show effects. */
export interface HttpEnvironment {
  getAccessToken(): string | null;
  pageRequiresAuth(): boolean;
  runEffect(effect: Effect): void;
}

let environment: HttpEnvironment = {
  getAccessToken: () => null,
  pageRequiresAuth: () => false,
  runEffect: () => {},
};

export function configureHttp(env: HttpEnvironment): void {
  environment = env;
}

export function buildUrl(base: string, path: string, params: Params | undefined, cacheBust: boolean): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  if (cacheBust) search.set('n', Math.random().toString(36).slice(2));
  const query = search.toString();
  return `${base}${path}${query ? `?${query}` : ''}`;
}

function serverText(body: unknown): string | null {
  if (body && typeof body === 'object') {
    const { msg, error_description: description, message } = body as { msg?: unknown; error_description?: unknown; message?: unknown };
    if (typeof msg === 'string' && msg) return msg;
    if (typeof description === 'string' && description) return description;
    // The judicial service answers {status, message, content} instead of the envelope.
    if (typeof message === 'string' && message) return message;
  }
  return null;
}

/** Sends a request and returns the whole answer body once the catalogue resolves it. */
export async function send<T = unknown>(options: RequestOptions): Promise<T> {
  const { method, path, params, body, base = API_BASE, headers = {}, signal } = options;
  const url = buildUrl(base, path, params, method === 'GET');
  const token = environment.getAccessToken();
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);

  const settleWith = (code: number | null, answer: unknown, failure: ApiError): T => {
    const outcome = decide({
      path,
      params: { ...params },
      code,
      message: serverText(answer),
      pageRequiresAuth: environment.pageRequiresAuth(),
    });
    environment.runEffect(outcome.effect);
    if (outcome.settle === 'resolve') return answer as T;
    throw failure;
  };

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: {
        'Client-Id': CLIENT_ID,
        Accept: 'application/json',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined && !isForm ? { 'Content-Type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch {
    const timedOut = timeout.aborted;
    return settleWith(
      null,
      null,
      new ApiError(timedOut ? 'timeout' : 'network', null, timedOut ? '请求超时，请稍后重试' : '网络异常，请检查网络连接'),
    );
  }

  // Spec: statuses 200–500 are accepted and read; anything else is a transport failure.
  if (response.status < 200 || response.status > 500) {
    return settleWith(null, null, new ApiError('http', response.status, `服务暂不可用（${response.status}）`));
  }
  const text = await response.text();
  let answer: unknown = null;
  try {
    answer = text ? JSON.parse(text) : null;
  } catch {
    answer = null;
  }
  const bodyCode = answer && typeof answer === 'object' ? (answer as { code?: unknown }).code : undefined;
  const code = typeof bodyCode === 'number' ? bodyCode : response.status;
  return settleWith(code, answer, new ApiError('business', code, serverText(answer) ?? '请求失败', answer));
}

/** Envelope calls: resolve to `data`. */
async function sendForData<T>(options: RequestOptions): Promise<T> {
  const envelope = await send<Envelope<T>>(options);
  return envelope.data;
}

export const http = {
  send,
  get: <T>(path: string, params?: Params, extra?: Partial<RequestOptions>) =>
    sendForData<T>({ method: 'GET', path, params, ...extra }),
  post: <T>(path: string, params?: Params, body?: unknown, extra?: Partial<RequestOptions>) =>
    sendForData<T>({ method: 'POST', path, params, body, ...extra }),
};

/**
 * The bytes of an owner-only file (a GET with the bearer token, no envelope): previews build an object
 * URL from it. A refusal rejects with the server's message (404: 文件不存在).
 */
export async function getBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  const token = environment.getAccessToken();
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(buildUrl(API_BASE, path, undefined, false), {
      headers: { 'Client-Id': CLIENT_ID, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch {
    throw new ApiError(timeout.aborted ? 'timeout' : 'network', null, timeout.aborted ? '请求超时，请稍后重试' : '网络异常，请检查网络连接');
  }
  if (!response.ok) {
    const answer: unknown = await response.json().catch(() => null);
    throw new ApiError('business', response.status, serverText(answer) ?? '文件读取失败', answer);
  }
  return response.blob();
}
