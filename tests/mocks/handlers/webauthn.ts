/**
 * Security keys in memory (domain/contract/webauthn.ts): each user's keys and 大额出价需安全密钥确认, the
 * password again checked as the server does (decrypted with the auth mock's key), 401 when anonymous. The
 * authenticator's side is the test's (src/lib/securityKey.ts mocked): the verify calls take any response.
 * Tests steer it through `webauthnMock.state` and reset it with `webauthnMock.reset()`.
 */
import { http, HttpResponse } from 'msw';
import { WEBAUTHN_PATHS, type SecurityKey } from '#domain/contract/webauthn';
import { envelope } from '../fixtures';
import { authMock, decrypt } from './auth';

const api = (path: string) => `/api${path}`;
const fail = (msg: string, code = 400) => HttpResponse.json({ code, success: false, msg, data: null }, { status: code });

function freshState() {
  return {
    /** Login name → keys. */
    keys: new Map<string, SecurityKey[]>(),
    /** Login name → threshold in yuan (absent: 0, off). */
    thresholds: new Map<string, number>(),
    nextId: 1,
    /** What the verify calls received. */
    responses: [] as string[],
  };
}

export const webauthnMock = {
  state: freshState(),
  reset() {
    webauthnMock.state = freshState();
  },
};

function loginNameOf(request: Request): string | null {
  const header = request.headers.get('Authorization') ?? '';
  return authMock.state.accessTokens.get(header.replace(/^Bearer /, '')) ?? null;
}

async function body(request: Request): Promise<Record<string, unknown>> {
  return ((await request.json().catch(() => ({}))) ?? {}) as Record<string, unknown>;
}

async function passwordRight(loginName: string, cipher: unknown): Promise<boolean> {
  return (await decrypt(String(cipher ?? ''))) === authMock.user(loginName)?.password;
}

const OPTIONS = { challenge: 'Y2hhbGxlbmdl', rp: { id: 'localhost', name: '河北产权交易所' }, user: { id: 'dXNlcg', name: 'x', displayName: 'x' }, pubKeyCredParams: [{ type: 'public-key', alg: -7 }] };

export const webauthnHandlers = [
  http.get(api(WEBAUTHN_PATHS.credentials), ({ request }) => {
    const user = loginNameOf(request);
    return user ? HttpResponse.json(envelope(webauthnMock.state.keys.get(user) ?? [])) : fail('用户未登录', 401);
  }),
  http.get(api(WEBAUTHN_PATHS.settings), ({ request }) => {
    const user = loginNameOf(request);
    return user ? HttpResponse.json(envelope({ thresholdYuan: webauthnMock.state.thresholds.get(user) ?? 0 })) : fail('用户未登录', 401);
  }),
  http.post(api(WEBAUTHN_PATHS.registrationOptions), async ({ request }) => {
    const user = loginNameOf(request);
    if (!user) return fail('用户未登录', 401);
    if (!(await passwordRight(user, (await body(request)).password))) return fail('登录密码错误');
    return HttpResponse.json(envelope({ challengeId: 'reg-1', options: OPTIONS }));
  }),
  http.post(api(WEBAUTHN_PATHS.registrationVerify), async ({ request }) => {
    const user = loginNameOf(request);
    if (!user) return fail('用户未登录', 401);
    const p = await body(request);
    webauthnMock.state.responses.push(String(p.response));
    const key: SecurityKey = { id: webauthnMock.state.nextId++, name: String(p.name), createTime: '2026-11-21 12:00:00', lastUsedTime: null, synced: false };
    webauthnMock.state.keys.set(user, [...(webauthnMock.state.keys.get(user) ?? []), key]);
    return HttpResponse.json(envelope(key));
  }),
  http.post(api(WEBAUTHN_PATHS.removeCredential), async ({ request }) => {
    const user = loginNameOf(request);
    if (!user) return fail('用户未登录', 401);
    const p = await body(request);
    if (!(await passwordRight(user, p.password))) return fail('登录密码错误');
    webauthnMock.state.keys.set(user, (webauthnMock.state.keys.get(user) ?? []).filter((k) => k.id !== Number(p.id)));
    return HttpResponse.json(envelope(null));
  }),
  http.post(api(WEBAUTHN_PATHS.saveSettings), async ({ request }) => {
    const user = loginNameOf(request);
    if (!user) return fail('用户未登录', 401);
    const p = await body(request);
    if (!(await passwordRight(user, p.password))) return fail('登录密码错误');
    webauthnMock.state.thresholds.set(user, Number(p.thresholdYuan));
    return HttpResponse.json(envelope({ thresholdYuan: Number(p.thresholdYuan) }));
  }),
];
