/**
 * Pino options for Fastify: what identifies or authenticates a person never reaches the log. One list of
 * parameter names (SENSITIVE_PARAMS, compared ignoring case) drives every redaction: the query string of
 * a logged URL (the request line, a Referer), the logged headers, whatever a log call is handed under
 * query, body, params or headers (at any depth), and an error's own fields (a database error's `detail`
 * quotes row values: those are masked too). Bodies themselves are never logged.
 *
 * One line per request, when it is answered (`installRequestLog`): method, URL, status and time. The
 * live pages' timed calls (the worker's polls, its clock and version checks, the push stream) are logged
 * at debug, so an idle hall tab does not fill the log at info. In development the lines are printed
 * readably (`prettyLogStream`); elsewhere they stay pino's JSON, one object a line.
 */
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import { HALL_PATHS } from '#domain/contract/hall';
import { LIVE_EVENTS_PATH } from '#domain/contract/liveEvents';

/**
 * Parameter and header names whose values are never logged, as the routes spell them (the check ignores
 * case, so cardno and CARDNO are the same name).
 */
export const SENSITIVE_PARAMS = [
  // Card and account numbers (card binding, the invoice request, the deposit proof).
  'cardNo', 'bankAccount', 'accountNo', 'payerAccount',
  // ID numbers of people and organisations (real-name verification, account recovery, invoices).
  'idNumber', 'legalIdNumber', 'idCard', 'idNo', 'certNo', 'creditCode', 'taxpayerNo',
  // Names of people (real-name verification, the card holder, the payer, the contact).
  'name', 'realName', 'accountName', 'legalPerson', 'payerName', 'contactName',
  // Phone numbers and e-mail addresses (the signatory look-up's keyword is a phone or a login name).
  'phone', 'telPhone', 'mobile', 'contactPhone', 'email', 'contactEmail', 'keyword',
  // Codes, passwords, tokens and tickets (login, SSO, SMS, the face check).
  'code', 'smsCode', 'captcha', 'password', 'newPassword', 'oldPassword', 'token', 'access_token', 'refresh_token', 'faceToken', 'ticket', 'dognum', 'userguid',
  // Credential headers.
  'authorization', 'cookie', 'set-cookie', 'x-access-token',
] as const;
export const REDACTED = '[已隐藏]';

const SENSITIVE = new Set<string>(SENSITIVE_PARAMS.map((name) => name.toLowerCase()));

/** Whether a parameter or header of this name is kept out of the log (case ignored). */
export function isSensitiveName(name: string): boolean {
  return SENSITIVE.has(name.toLowerCase());
}

/** The URL with every sensitive query parameter's value replaced by '***'. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  let changed = false;
  for (const key of [...new Set(params.keys())]) {
    if (isSensitiveName(key)) {
      params.set(key, '***');
      changed = true;
    }
  }
  return changed ? `${url.slice(0, q)}?${params.toString()}` : url;
}

/** Request data a log call may be handed: the sensitive names in it are blanked wherever they are. */
const REQUEST_DATA_KEYS = ['query', 'body', 'params', 'headers'];
const MAX_DEPTH = 8;

/** A copy of plain data (objects, arrays) with the value of every sensitive name replaced. */
export function redactData(value: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redactData(item, depth + 1));
  if (value instanceof Error) return redactError(value, depth + 1);
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = isSensitiveName(key) ? REDACTED : redactData(item, depth + 1);
  return out;
}

/**
 * A PostgreSQL error's `detail` quotes the values of the row or key it is about ("Key (phone)=(138…)
 * already exists.", "Failing row contains (…)"): the names stay, the values go.
 */
function redactDetail(detail: string): string {
  return detail.replace(/\)=\(.*?\)( already exists| is not present| conflicts|\.|$)/g, ')=(***)$1').replace(/Failing row contains \(.*\)/g, 'Failing row contains (***)');
}

/** A copy of the error (its type kept, for the serializer) with its own fields redacted, its cause too. */
function redactError(err: Error, depth = 0): Error {
  const copy = Object.create(Object.getPrototypeOf(err) as object) as Record<string, unknown>;
  for (const key of Object.getOwnPropertyNames(err)) {
    const value = (err as unknown as Record<string, unknown>)[key];
    if (isSensitiveName(key)) copy[key] = REDACTED;
    else if (key === 'detail' && typeof value === 'string') copy[key] = redactDetail(value);
    else if (key === 'cause' && value instanceof Error && depth < MAX_DEPTH) copy[key] = redactError(value, depth + 1);
    else copy[key] = key === 'message' || key === 'stack' ? value : redactData(value, depth + 1);
  }
  return copy as unknown as Error;
}

interface LoggedRequest {
  method: string;
  url: string;
  hostname?: string;
  ip?: string;
  headers: Record<string, string | string[] | undefined>;
}

/** Headers worth seeing when debugging; credentials are kept only to be redacted (shows they were sent). */
const LOGGED_HEADERS = ['user-agent', 'referer', 'client-id', 'x-forwarded-for', 'authorization', 'cookie', 'x-access-token'];

export interface LoggerSettings {
  level: string;
  /** Where lines go (tests capture them); stdout when absent. */
  stream?: DestinationStream;
}

/** Pino's redact paths for headers wherever a log object carries them (header names are lower case). */
const HEADER_PATHS = ['req.headers', 'res.headers', 'headers'].flatMap((at) =>
  SENSITIVE_PARAMS.filter((name) => name === name.toLowerCase()).map((name) => `${at}["${name}"]`),
);

export function loggerOptions(settings: LoggerSettings): NonNullable<FastifyServerOptions['logger']> {
  return {
    level: settings.level,
    ...(settings.stream ? { stream: settings.stream } : {}),
    redact: { paths: HEADER_PATHS, censor: REDACTED },
    formatters: {
      // Before the serializers: request data handed to a log call, and errors (their fields, their cause).
      log(object: Record<string, unknown>) {
        let out = object;
        for (const key of [...REQUEST_DATA_KEYS, 'err']) {
          if (object[key] === undefined || object[key] === null || typeof object[key] !== 'object') continue;
          if (out === object) out = { ...object };
          out[key] = redactData(object[key]);
        }
        return out;
      },
    },
    serializers: {
      req(request: LoggedRequest & { raw?: unknown }) {
        const headers: Record<string, unknown> = {};
        for (const name of LOGGED_HEADERS) {
          const value = request.headers[name];
          if (value === undefined) continue;
          headers[name] = isSensitiveName(name) ? REDACTED : name === 'referer' && typeof value === 'string' ? redactUrl(value) : value;
        }
        return {
          method: request.method,
          url: redactUrl(request.url),
          hostname: request.hostname,
          remoteAddress: request.ip,
          headers,
        };
      },
    },
  };
}

/** Paths the live pages call on a timer, answered many times a minute per open tab. */
export const POLLED_PATHS: ReadonlySet<string> = new Set([
  ...[HALL_PATHS.hallPage, HALL_PATHS.upcoming, HALL_PATHS.biddingData, HALL_PATHS.biddingRate, HALL_PATHS.assetsMaxRate, HALL_PATHS.serverTime, LIVE_EVENTS_PATH].map(
    (path) => `/api${path}`,
  ),
  // The static file the worker polls to notice a new deployment.
  '/version.json',
  // Probes and scrapes (plugins/health.ts, plugins/metrics.ts): every few seconds from balancers and Prometheus.
  '/healthz',
  '/readyz',
  '/metrics',
]);

export type RequestLogLevel = 'debug' | 'info' | 'warn';

/** The built app's hashed files (some eighty on a first visit) and the icon: served, not worth a line each. */
function isStaticFile(path: string): boolean {
  return path.startsWith('/assets/') || path === '/favicon.svg';
}

/**
 * The level of a request's line: a poll or a static file answered normally (2xx, 304) at debug; a server
 * failure at warn (its error is logged on its own, at error); everything else (API calls, page loads,
 * refusals) at info.
 */
export function requestLogLevel(url: string, statusCode: number): RequestLogLevel {
  if (statusCode >= 500) return 'warn';
  const q = url.indexOf('?');
  const raw = q < 0 ? url : url.slice(0, q);
  const path = raw.length > 1 ? raw.replace(/\/+$/, '') : raw;
  if (statusCode < 400 && (POLLED_PATHS.has(path) || isStaticFile(path))) return 'debug';
  return 'info';
}

/** Logs every answered request once (Fastify's own two lines per request are turned off in app.ts). */
export function installRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const level = requestLogLevel(request.url, reply.statusCode);
    request.log[level]({ req: request, res: reply, responseTime: Math.round(reply.elapsedTime * 10) / 10 }, 'request completed');
  });
}

const LEVEL_NAMES: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const LEVEL_COLOURS: Record<number, string> = { 10: '90', 20: '90', 30: '32', 40: '33', 50: '31', 60: '35' };
/** Fields every line has, or that the formatter shows in its own way. */
const SHOWN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'req', 'res', 'responseTime', 'err']);

function clockTime(epochMs: number): string {
  const d = new Date(epochMs);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}.${String(d.getMilliseconds()).padStart(3, '0')}`;
}

/**
 * One readable line from one pino JSON line: `12:03:04.567 INFO  POST /api/x 200 3.1 ms` for a request,
 * `12:03:04.567 WARN  message key=value …` otherwise (an error at level error or above has its stack on
 * the following lines, indented; below that its type and message end the line). A line that is not JSON
 * is passed through.
 */
export function formatLogLine(line: string, options: { colour?: boolean } = {}): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  const level = typeof entry.level === 'number' ? entry.level : 30;
  const name = (LEVEL_NAMES[level] ?? String(level)).padEnd(5);
  const paint = (code: string, text: string) => (options.colour ? `\u001b[${code}m${text}\u001b[39m` : text);
  const parts = [paint('90', clockTime(typeof entry.time === 'number' ? entry.time : Date.now())), paint(LEVEL_COLOURS[level] ?? '39', name)];
  const req = entry.req as { method?: string; url?: string } | undefined;
  const res = entry.res as { statusCode?: number } | undefined;
  if (req && res && entry.msg === 'request completed') {
    parts.push(`${req.method ?? ''} ${req.url ?? ''} ${res.statusCode ?? ''}`, `${String(entry.responseTime ?? '?')} ms`);
  } else {
    parts.push(String(entry.msg ?? ''));
    if (req) parts.push(`${req.method ?? ''} ${req.url ?? ''}`);
  }
  for (const [key, value] of Object.entries(entry)) {
    if (SHOWN.has(key) || value === undefined) continue;
    parts.push(`${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  }
  let text = parts.join(' ');
  // An error's stack when it is one of ours (level error and above); a client's mistake in one line.
  const err = entry.err as { type?: string; message?: string; stack?: string } | undefined;
  if (err && level >= 50 && err.stack) text += `\n${err.stack.replace(/^/gm, '    ')}`;
  else if (err) text += ` ${err.type ?? 'Error'}: ${err.message ?? ''}`;
  return text;
}

/** A pino destination that writes `formatLogLine` lines to `out` (stdout by default). */
export function prettyLogStream(out: NodeJS.WritableStream & { isTTY?: boolean } = process.stdout): DestinationStream {
  const colour = out.isTTY === true && !process.env.NO_COLOR;
  let pending = '';
  return {
    write(chunk: string) {
      pending += chunk;
      let newline = pending.indexOf('\n');
      while (newline >= 0) {
        const line = pending.slice(0, newline);
        pending = pending.slice(newline + 1);
        if (line) out.write(`${formatLogLine(line, { colour })}\n`);
        newline = pending.indexOf('\n');
      }
    },
  };
}
