/**
 * Pino options for Fastify: secrets never reach the log. Credentials in headers are redacted by
 * path; secret query parameters are blanked in the logged URL (login and SSO calls carry them there).
 */
import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';

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
