/**
 * The `{ code, success, msg, data }` envelope (contracts.ts `Envelope`, `Page`), built only here, and
 * BusinessError, the expected failure services throw. It is the result vocabulary of every layer
 * (services, the bidding engine, routes, the error handler), so it lives in lib/, below them all.
 */
import type { Envelope } from '#domain/contract/envelope';

export const OK_MSG = '操作成功';

export function ok<T>(data: T): Envelope<T> {
  return { code: 200, success: true, msg: OK_MSG, data };
}

/**
 * Blade answers these bare ({ key, image }); our client reads envelopes. Both shapes at once: the
 * envelope with `data`, and the same fields at the top level.
 */
export function bareAndEnveloped<T extends object>(data: T) {
  return { ...data, ...ok(data) };
}

export function fail(code: number, msg: string): Envelope<null> {
  return { code, success: false, msg, data: null };
}

/** An expected failure with a message for the user; the HTTP status equals `code`. */
export class BusinessError extends Error {
  readonly code: number;
  constructor(code: number, msg: string) {
    super(msg);
    this.name = 'BusinessError';
    this.code = code;
  }
}

/** 429: a request limit refused; the answer carries `Retry-After` (seconds until the window ends). */
export class TooManyRequestsError extends BusinessError {
  constructor(
    msg: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, msg);
    this.name = 'TooManyRequestsError';
  }
}

export const notFound = (msg: string) => new BusinessError(404, msg);
