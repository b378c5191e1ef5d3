/**
 * The `redirect` search parameter of /login and /hbtsSso (spec section 2) is attacker-controllable:
 * only an internal path of this app is followed. Accepted: a string starting with a single '/', with no
 * backslash, no control or white-space characters, and no scheme; anything else (absolute URLs,
 * protocol-relative '//host', '/\host', 'javascript:…') falls back to /index. A redirect back to the
 * login pages themselves also falls back to /index.
 */
export const DEFAULT_AFTER_LOGIN = '/index';

const LOGIN_PATHS = ['/login', '/hbtsSso'];

export function safeRedirect(raw: unknown): string {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2000) return DEFAULT_AFTER_LOGIN;
  if (!raw.startsWith('/') || raw.startsWith('//')) return DEFAULT_AFTER_LOGIN;
  // Backslashes are read as slashes by browsers ('/\evil.com'); control characters and white space can
  // smuggle either past simple checks.
  if (/[\\\s\u0000-\u001f\u007f]/.test(raw)) return DEFAULT_AFTER_LOGIN;
  let parsed: URL;
  try {
    parsed = new URL(raw, 'http://portal.invalid');
  } catch {
    return DEFAULT_AFTER_LOGIN;
  }
  if (parsed.origin !== 'http://portal.invalid') return DEFAULT_AFTER_LOGIN;
  // Dot segments normalise to a protocol-relative path ('/.//evil.example' → '//evil.example').
  if (parsed.pathname.startsWith('//')) return DEFAULT_AFTER_LOGIN;
  if (LOGIN_PATHS.includes(parsed.pathname)) return DEFAULT_AFTER_LOGIN;
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}
