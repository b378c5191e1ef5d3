/**
 * Pino options for Fastify: secrets never reach the log. Credentials in headers are redacted by
 * path; secret query parameters are blanked in the logged URL (login and SSO calls carry them there).
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

export const SECRET_QUERY_PARAMS = [
  'password', 'refresh_token', 'code', 'captcha', 'token', 'ticket', 'access_token',
  // Account calls (lower case: the check ignores case).
  'newpassword', 'oldpassword', 'smscode', 'idnumber', 'legalidnumber', 'creditcode', 'dognum', 'userguid',
];
export const REDACTED = '[已隐藏]';

/** The URL with every secret query parameter's value replaced by '***'. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  let changed = false;
  for (const key of [...new Set(params.keys())]) {
    if (SECRET_QUERY_PARAMS.includes(key.toLowerCase())) {
      params.set(key, '***');
      changed = true;
    }
  }
  return changed ? `${url.slice(0, q)}?${params.toString()}` : url;
}

interface LoggedRequest {
  method: string;
  url: string;
  hostname?: string;
  ip?: string;
  headers: Record<string, string | string[] | undefined>;
}

/** Headers worth seeing when debugging; credentials are kept only to be redacted (shows they were sent). */
const LOGGED_HEADERS = ['user-agent', 'referer', 'client-id', 'x-forwarded-for', 'authorization', 'cookie'];

export interface LoggerSettings {
  level: string;
  /** Where lines go (tests capture them); stdout when absent. */
  stream?: DestinationStream;
}

export function loggerOptions(settings: LoggerSettings): NonNullable<FastifyServerOptions['logger']> {
  return {
    level: settings.level,
    ...(settings.stream ? { stream: settings.stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["set-cookie"]',
        'res.headers["set-cookie"]',
        'headers.authorization',
        'headers.cookie',
      ],
      censor: REDACTED,
    },
    serializers: {
      req(request: LoggedRequest & { raw?: unknown }) {
        const headers: Record<string, unknown> = {};
        for (const name of LOGGED_HEADERS) {
          if (request.headers[name] !== undefined) headers[name] = request.headers[name];
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
