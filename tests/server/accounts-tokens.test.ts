/**
 * Tokens and sessions (guide item 6): 3600 s access tokens; refresh rotation with reuse detection;
 * access vs refresh told apart; algorithm allowlist, signature, exp/nbf; logout, password change and
 * password recovery end sessions; login codes, third-party tickets, user detail.
 */
import { SignJWT, UnsecuredJWT } from 'jose';
import { AUTH_MESSAGES } from '#domain/rules/auth';
import { ssoLink, ticketSignature } from '../../server/services/accounts/login.ts';
import { loadSecrets } from '../../server/services/accounts/secrets.ts';
import { createAccountsApp, decodeJwt, DEMO_PASSWORD, FIXED_SMS, type AccountsTestApp } from './accounts-helpers.ts';
import { NOW } from './helpers.ts';

let t: AccountsTestApp;
beforeAll(async () => {
  t = await createAccountsApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  t.clock.now = NOW;
});

const DETAIL = '/api/dscq-user/user/detail';
const UNAUTHORIZED = { code: 401, success: false, msg: '用户未登录', data: null };
const INVALID_REFRESH = { error: 'invalid_grant', error_description: AUTH_MESSAGES.invalidRefresh };

async function loginAs(name = 'demo_person') {
  const a = await t.login(name);
  expect(a.status).toBe(200);
  return a.body as { access_token: string; refresh_token: string; user_id: string };
}

const refresh = (refreshToken: string) => t.token({ grant_type: 'refresh_token', refresh_token: refreshToken });

describe('access tokens', () => {
  it('live 3600 s: accepted until exp, refused from then on', async () => {
    const { access_token } = await loginAs();
    const { header, payload } = decodeJwt(access_token);
    expect(header).toEqual({ alg: 'HS256', typ: 'at+jwt' });
    expect(payload.exp - payload.iat).toBe(3600);
    expect(payload.nbf).toBe(payload.iat);
    expect(payload.iat).toBe(Math.floor(NOW / 1000));
    t.clock.now = NOW + 3599_000;
    expect((await t.call('GET', DETAIL, { token: access_token })).body.data.loginName).toBe('demo_person');
    t.clock.now = NOW + 3600_000;
    const expired = await t.call('GET', DETAIL, { token: access_token });
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual(UNAUTHORIZED);
  });

  it('are refused before nbf (a clock going backwards does not make a future token valid)', async () => {
    t.clock.now = NOW + 60_000;
    const { access_token } = await loginAs();
    t.clock.now = NOW;
    expect((await t.call('GET', DETAIL, { token: access_token })).status).toBe(401);
  });

  it('alg none, another key, a tampered payload, another algorithm: all refused', async () => {
    const { access_token } = await loginAs();
    const { payload } = decodeJwt(access_token);
    const none = new UnsecuredJWT(payload).encode();
    const none2 = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url')}.${access_token.split('.')[1]}.`;
    const otherKey = await new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' }).sign(new TextEncoder().encode('x'.repeat(64)));
    const secrets = await loadSecrets(t.handle.db);
    const hs512 = await new SignJWT(payload).setProtectedHeader({ alg: 'HS512', typ: 'at+jwt' }).sign(secrets.jwtKey);
    const [h, , s] = access_token.split('.');
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...payload, sub: '2' })).toString('base64url')}.${s}`;
    // Sanity: the real key signs a token the server accepts.
    const resigned = await new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' }).sign(secrets.jwtKey);
    expect((await t.call('GET', DETAIL, { token: resigned })).status).toBe(200);
    for (const bad of [none, none2, otherKey, hs512, tampered, 'not-a-jwt']) {
      const a = await t.call('GET', DETAIL, { token: bad });
      expect(a.status).toBe(401);
      expect(a.body).toEqual(UNAUTHORIZED);
    }
  });

  it('a refresh token is refused as a bearer token, and an access token as a refresh token', async () => {
    const { access_token, refresh_token } = await loginAs();
    expect(decodeJwt(refresh_token).header.typ).toBe('rt+jwt');
    expect((await t.call('GET', DETAIL, { token: refresh_token })).body).toEqual(UNAUTHORIZED);
    expect((await refresh(access_token)).body).toEqual(INVALID_REFRESH);
  });

  it('protected calls without a token answer the 401 envelope', async () => {
    for (const [method, url] of [
      ['GET', DETAIL],
      ['GET', '/api/dscq-user/user/membership'],
      ['GET', '/api/dscq-user/user/is-need-read'],
      ['POST', '/api/dscq-user/real-name/person'],
      ['POST', '/api/dscq-user/user/update-password'],
      ['POST', '/api/dscq-resource/oss/upload'],
    ] as const) {
      const a = await t.call(method, url);
      expect(a.status).toBe(401);
      expect(a.body).toEqual(UNAUTHORIZED);
    }
  });
});

describe('refresh tokens', () => {
  it('rotate: each refresh answers a new pair; the old refresh token is then reuse and revokes the family', async () => {
    const first = await loginAs();
    t.clock.now = NOW + 3000_000;
    const second = await refresh(first.refresh_token);
    expect(second.status).toBe(200);
    expect(second.body.expires_in).toBe(3600);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    expect(decodeJwt(second.body.access_token).payload.sid).toBe(decodeJwt(first.access_token).payload.sid);
    const third = await refresh(second.body.refresh_token);
    expect(third.status).toBe(200);

    // Reuse of an old one (a thief replaying it): refused, and the whole family is revoked.
    expect((await refresh(first.refresh_token)).body).toEqual(INVALID_REFRESH);
    expect((await refresh(third.body.refresh_token)).body).toEqual(INVALID_REFRESH);
    expect((await t.call('GET', DETAIL, { token: third.body.access_token })).status).toBe(401);
    const session = await t.handle.db.selectFrom('auth_session').selectAll().where('id', '=', decodeJwt(first.access_token).payload.sid).executeTakeFirstOrThrow();
    expect(session.revoked_reason).toBe('refresh_reuse');
    const audit = await t.handle.db.selectFrom('audit_log').select(['action', 'detail']).where('action', '=', 'token.refresh').execute();
    expect(audit).toContainEqual({ action: 'token.refresh', detail: 'refresh_reuse' });
  });

  it('other sessions of the user survive a reuse in one family', async () => {
    const a = await loginAs('demo_org');
    const b = await loginAs('demo_org');
    await refresh(a.refresh_token);
    await refresh(a.refresh_token);
    expect((await t.call('GET', DETAIL, { token: b.access_token })).status).toBe(200);
  });

  it('an expired refresh token is refused', async () => {
    const { refresh_token } = await loginAs();
    t.clock.now = NOW + 7 * 86_400_000 + 1000;
    expect((await refresh(refresh_token)).body).toEqual(INVALID_REFRESH);
  });
});

describe('ending sessions', () => {
  it('logout revokes the session: its access and refresh tokens stop working; ok without a token too', async () => {
    expect((await t.call('GET', '/api/logout')).body).toEqual({ code: 200, success: true, msg: '操作成功', data: null });
    const s = await loginAs();
    const out = await t.call('GET', '/api/logout', { token: s.access_token });
    expect(out.body.code).toBe(200);
    expect((await t.call('GET', DETAIL, { token: s.access_token })).status).toBe(401);
    expect((await refresh(s.refresh_token)).body).toEqual(INVALID_REFRESH);
  });

  it('requests arriving together are each answered for their own session (the lookups share one query)', async () => {
    const live = [await loginAs(), await loginAs()];
    const ended = await loginAs();
    await t.call('GET', '/api/logout', { token: ended.access_token });
    // Same turn: one batch of session lookups (tokens.ts lookUpSession), the ended session among them, twice over.
    const tokens = [live[0]!, ended, live[1]!, live[0]!, ended].map((s) => s.access_token);
    const answers = await Promise.all(tokens.map((token) => t.call('GET', DETAIL, { token })));
    expect(answers.map((a) => a.status)).toEqual([200, 401, 200, 200, 401]);
  });

  it('a password change keeps the current session and ends every other one', async () => {
    const here = await loginAs('demo_new');
    const there = await loginAs('demo_new');
    const changed = await t.call('POST', '/api/dscq-user/user/update-password', {
      token: here.access_token,
      query: { oldPassword: t.enc(DEMO_PASSWORD), newPassword: t.enc('Changed@2026') },
    });
    expect(changed.body).toEqual({ code: 200, success: true, msg: '操作成功', data: null });
    expect((await t.call('GET', DETAIL, { token: here.access_token })).status).toBe(200);
    expect((await t.call('GET', DETAIL, { token: there.access_token })).status).toBe(401);
    expect((await refresh(there.refresh_token)).body).toEqual(INVALID_REFRESH);
    expect((await t.login('demo_new', DEMO_PASSWORD, '10.7.0.1')).body.error_description).toBe(AUTH_MESSAGES.badCredentials);
    expect((await t.login('demo_new', 'Changed@2026', '10.7.0.1')).status).toBe(200);

    const wrongOld = await t.call('POST', '/api/dscq-user/user/update-password', {
      token: here.access_token,
      query: { oldPassword: t.enc('Nope@2026x'), newPassword: t.enc('Another@2026') },
    });
    expect(wrongOld.body).toMatchObject({ code: 400, msg: '原密码错误' });
    const weak = await t.call('POST', '/api/dscq-user/user/update-password', {
      token: here.access_token,
      query: { oldPassword: t.enc('Changed@2026'), newPassword: t.enc('password') },
    });
    expect(weak.body).toMatchObject({ code: 400, msg: '新密码过于常见，请更换一个更安全的密码' });
    // Put the demo password back for the other tests.
    await t.call('POST', '/api/dscq-user/user/update-password', {
      token: here.access_token,
      query: { oldPassword: t.enc('Changed@2026'), newPassword: t.enc(DEMO_PASSWORD) },
    });
  });

  it('forget-password (SMS 2002) sets the new password and ends every session', async () => {
    const s1 = await loginAs('demo_org');
    expect((await t.sendSms('13800000002', 2002)).body.code).toBe(200);
    const reset = await t.call('POST', '/api/dscq-user/user/forget-password', {
      query: { phone: '13800000002', smsCode: FIXED_SMS, newPassword: t.enc('Reset@2026') },
    });
    expect(reset.body).toEqual({ code: 200, success: true, msg: '操作成功', data: null });
    expect((await t.call('GET', DETAIL, { token: s1.access_token })).status).toBe(401);
    expect((await refresh(s1.refresh_token)).body).toEqual(INVALID_REFRESH);
    expect((await t.login('demo_org', 'Reset@2026', '10.7.1.1')).status).toBe(200);
    // Back to the demo password.
    t.clock.now = NOW + 61_000;
    await t.sendSms('13800000002', 2002);
    await t.call('POST', '/api/dscq-user/user/forget-password', { query: { phone: '13800000002', smsCode: FIXED_SMS, newPassword: t.enc(DEMO_PASSWORD) } });
    const audit = await t.handle.db.selectFrom('audit_log').select('action').where('action', '=', 'password.reset').execute();
    expect(audit).toHaveLength(2);
  });

  it('disabling an account ends its sessions at once', async () => {
    const s = await loginAs('demo_person');
    await t.handle.db.updateTable('app_user').set({ is_allowed: 0 }).where('login_name', '=', 'demo_person').execute();
    try {
      expect((await t.call('GET', DETAIL, { token: s.access_token })).status).toBe(401);
      expect((await refresh(s.refresh_token)).body).toEqual({ error: 'invalid_grant', error_description: AUTH_MESSAGES.disabled });
    } finally {
      await t.handle.db.updateTable('app_user').set({ is_allowed: 1 }).where('login_name', '=', 'demo_person').execute();
    }
  });
});

describe('other grants and user detail', () => {
  it('third_ticket: a valid HMAC ticket logs in once; a bad signature or a reused ticket is refused', async () => {
    const secrets = await loadSecrets(t.handle.db);
    const link = ssoLink(secrets.ssoSecret, 'demo_org', 'http://localhost:8080');
    expect(link).toMatch(/^http:\/\/localhost:8080\/#\/hbtsSso\?userguid=/);
    const params = Object.fromEntries(new URLSearchParams(link.split('?')[1]));
    expect(params.token).toBe(ticketSignature(secrets.ssoSecret, params as never));
    const ok = await t.token({ grant_type: 'third_ticket', ...params });
    expect(ok.status).toBe(200);
    expect(ok.body.account).toBe('demo_org');
    const again = await t.token({ grant_type: 'third_ticket', ...params });
    expect(again.body).toEqual({ error: 'invalid_grant', error_description: AUTH_MESSAGES.badTicket });
    const forged = await t.token({ grant_type: 'third_ticket', ...params, dognum: 'OTHER', token: params.token! });
    expect(forged.body).toEqual({ error: 'invalid_grant', error_description: AUTH_MESSAGES.badTicket });
  });

  it('user detail by access_token parameter, and by a login code (not used up); login_code grant uses it once', async () => {
    const s = await loginAs();
    const byParam = await t.call('GET', DETAIL, { query: { access_token: s.access_token } });
    expect(byParam.body.data).toMatchObject({ loginName: 'demo_person', authStatus: 0, isAllowAccess: true, phone: '138****0001' });

    await t.sendSms('13900000077', 2001);
    const reg = await t.call('POST', '/api/dscq-user/user/register', {
      query: { userType: 1, loginName: 'codeUser1', password: t.enc('Code@2026x'), phone: '13900000077', smsCode: FIXED_SMS, agreement: 1 },
    });
    const code = reg.body.data.loginCode as string;
    expect((await t.call('GET', DETAIL, { query: { code } })).body.data).toMatchObject({ loginName: 'codeUser1', authStatus: 3, isAllowAccess: true });
    const byCode = await t.token({ grant_type: 'login_code', code });
    expect(byCode.status).toBe(200);
    expect(byCode.body.account).toBe('codeUser1');
    expect((await t.token({ grant_type: 'login_code', code })).body).toEqual({ error: 'invalid_grant', error_description: AUTH_MESSAGES.badLoginCode });
    expect((await t.call('GET', DETAIL, { query: { code } })).status).toBe(400);
  });

  it('SMS login (verify_code) with the login code of the bound phone', async () => {
    await t.sendSms('13800000001', 1008);
    const ok = await t.token({ grant_type: 'verify_code', telPhone: '13800000001', code: FIXED_SMS, uuid: await t.captcha(), captcha: 'E2E7' });
    expect(ok.status).toBe(200);
    expect(ok.body.account).toBe('demo_person');
  });
});
