/**
 * Login (guide items 1–4, 15): argon2id storage, RSA-OAEP password transport, same answer for unknown
 * user and wrong password, 5-failure lockout for 30 minutes, per-IP throttling, the captcha rules, the
 * client check and the audit rows.
 */
import { AUTH_MESSAGES } from '#domain/rules/auth';
import { createAccounts } from '../../server/services/accounts/create.ts';
import { findUserByLoginName, passwordMatches } from '../../server/services/accounts/login.ts';
import { ARGON2_PARAMS, COMMON_PASSWORDS, passwordProblem } from '../../server/services/accounts/passwords.ts';
import { createAccountsApp, DEMO_PASSWORD, FIXED_CAPTCHA, type AccountsTestApp } from './accounts-helpers.ts';
import { createTestApp, NOW } from './helpers.ts';

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

const BAD = { error: 'invalid_grant', error_description: AUTH_MESSAGES.badCredentials };

describe('password storage and transport (item 1)', () => {
  it('stores argon2id with m=19456, t=2, p=1 — never the password', async () => {
    expect(ARGON2_PARAMS).toMatchObject({ algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 });
    const rows = await t.handle.db.selectFrom('app_user').select(['login_name', 'password_hash']).execute();
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const row of rows) {
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
      expect(row.password_hash).not.toContain(DEMO_PASSWORD);
    }
  });

  it('serves an RSA-OAEP-256 public key; a password encrypted with it logs in', async () => {
    const pk = await t.call('GET', '/api/blade-auth/oauth/public-key');
    expect(pk.body.data.algorithm).toBe('RSA-OAEP-256');
    expect(pk.body.publicKey).toBe(pk.body.data.publicKey);
    expect(t.publicKey.asymmetricKeyDetails?.modulusLength).toBeGreaterThanOrEqual(2048);
    const ok = await t.login('demo_person', DEMO_PASSWORD, '10.1.0.1');
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ token_type: 'bearer', expires_in: 3600, scope: 'all', account: 'demo_person', user_name: '张建国' });
  });

  it('a password sent in clear, or garbage ciphertext, answers exactly like a wrong password', async () => {
    const ip = '10.1.0.2';
    const wrong = await t.login('demo_org', 'Wrong@2026', ip);
    const clear = await t.token({ grant_type: 'password', username: 'demo_org', password: DEMO_PASSWORD, uuid: await t.captcha(), captcha: FIXED_CAPTCHA }, { ip });
    const garbage = await t.token(
      { grant_type: 'password', username: 'demo_org', password: Buffer.from('x'.repeat(256)).toString('base64'), uuid: await t.captcha(), captcha: FIXED_CAPTCHA },
      { ip },
    );
    for (const a of [wrong, clear, garbage]) {
      expect(a.status).toBe(400);
      expect(a.body).toEqual(BAD);
    }
    await t.handle.db.deleteFrom('login_lock').execute();
  });

  it('password rules: 8–64 characters, no common password, at least 2 classes', () => {
    expect(passwordProblem('Ab1!')).toBe('密码长度须为8-64位');
    expect(passwordProblem('A'.repeat(33) + 'b'.repeat(32))).toBe('密码长度须为8-64位');
    expect(passwordProblem('Aa1' + 'x'.repeat(61))).toBeNull();
    expect(COMMON_PASSWORDS.has('password1')).toBe(true);
    expect(passwordProblem('Password1')).toBe('密码过于常见，请更换一个更安全的密码');
    expect(passwordProblem('abcdefghij')).toBe('密码须包含数字、小写字母、大写字母、符号中的至少两类');
    expect(passwordProblem('abcdefgh12')).toBeNull();
  });
});

describe('same answer for unknown user and wrong password (item 3)', () => {
  it('same status and body, and about the same time (argon2 runs for unknown users too)', async () => {
    const ip = '10.2.0.1';
    for (let i = 0; i < 3; i += 1) {
      const u = await t.login(`nobody_${i}`, 'Wrong@2026x', ip);
      const w = await t.login('demo_new', 'Wrong@2026x', ip);
      expect(u.status).toBe(w.status);
      expect(u.body).toEqual(w.body);
      expect(u.body).toEqual(BAD);
      expect(Object.keys(u.res.headers).sort()).toEqual(Object.keys(w.res.headers).sort());
    }
    // The time: the password check costs one argon2 verification whether the user exists or not (the
    // HTTP round trip adds database noise of the same order, so the check itself is timed).
    const accounts = await createAccounts(
      { db: t.handle.db, now: () => NOW, dataDir: t.dataDir, nodeEnv: 'test', accounts: { fixedCaptcha: undefined, fixedSmsCode: undefined, secrets: {} } },
      { info: () => {}, warn: () => {}, error: () => {} } as never,
    );
    const user = await findUserByLoginName(accounts, 'demo_new');
    const encrypted = t.enc('Wrong@2026x');
    const timeOnce = async (u: typeof user) => {
      const started = performance.now();
      expect(await passwordMatches(accounts, u, encrypted)).toBe(false);
      return performance.now() - started;
    };
    // Interleaved, fastest of 7 each: both sides meet the same machine load (CI machines are shared).
    let known = Infinity;
    let unknown = Infinity;
    try {
      for (let i = 0; i < 7; i += 1) {
        known = Math.min(known, await timeOnce(user));
        unknown = Math.min(unknown, await timeOnce(undefined));
      }
      expect(known).toBeGreaterThan(3);
      expect(unknown).toBeGreaterThan(known * 0.5);
      expect(unknown).toBeLessThan(known * 2);
    } finally {
      await t.handle.db.deleteFrom('login_lock').execute();
    }
  });
});

describe('lockout (item 2)', () => {
  it('5 wrong passwords lock the account; the 6th attempt is refused even when right; after 30 minutes it works', async () => {
    const ip = '10.3.0.1';
    for (let i = 1; i <= 4; i += 1) {
      const a = await t.login('demo_new', `Wrong@${i}xyz`, ip);
      expect(a.body).toEqual(BAD);
    }
    const fifth = await t.login('demo_new', 'Wrong@5xyz', ip);
    expect(fifth.status).toBe(400);
    expect(fifth.body).toEqual({ error: 'invalid_grant', error_description: AUTH_MESSAGES.locked });

    const sixth = await t.login('demo_new', DEMO_PASSWORD, ip);
    expect(sixth.body).toEqual({ error: 'invalid_grant', error_description: AUTH_MESSAGES.locked });
    // From another IP too: the lock is on the account.
    expect((await t.login('demo_new', DEMO_PASSWORD, '10.3.0.2')).body.error_description).toBe(AUTH_MESSAGES.locked);

    t.clock.now = NOW + 29 * 60_000;
    expect((await t.login('demo_new', DEMO_PASSWORD, ip)).body.error_description).toBe(AUTH_MESSAGES.locked);
    t.clock.now = NOW + 30 * 60_000 + 1;
    const after = await t.login('demo_new', DEMO_PASSWORD, ip);
    expect(after.status).toBe(200);
    expect(after.body.account).toBe('demo_new');
    // A success clears the count: one more failure is not a lock.
    expect((await t.login('demo_new', 'Wrong@6xyz', ip)).body).toEqual(BAD);
    expect((await t.login('demo_new', DEMO_PASSWORD, ip)).status).toBe(200);
  });

  it('unknown names lock the same way (the answers never tell them apart)', async () => {
    const ip = '10.3.1.1';
    const answers = [];
    for (let i = 0; i < 6; i += 1) answers.push((await t.login('ghost_user', 'Wrong@1xyz', ip)).body.error_description);
    expect(answers).toEqual([...Array(4).fill(AUTH_MESSAGES.badCredentials), AUTH_MESSAGES.locked, AUTH_MESSAGES.locked]);
  });

  it('one IP failing on many accounts is throttled without locking those accounts', async () => {
    const ip = '10.3.2.1';
    for (let i = 0; i < 20; i += 1) {
      const name = ['demo_person', 'demo_org'][i % 2]!;
      expect((await t.login(i < 8 ? name : `spray_${i}`, `Spray@${i}xyz`, ip)).body).toEqual(BAD);
    }
    const throttled = await t.login('demo_person', DEMO_PASSWORD, ip);
    expect(throttled.body).toEqual({ error: 'invalid_grant', error_description: AUTH_MESSAGES.tooManyAttempts });
    // The owners, from their own addresses, are not locked out.
    expect((await t.login('demo_person', DEMO_PASSWORD, '10.3.2.2')).status).toBe(200);
    expect((await t.login('demo_org', DEMO_PASSWORD, '10.3.2.3')).status).toBe(200);
    // And the IP may try again after its window.
    t.clock.now = NOW + 15 * 60_000 + 1;
    expect((await t.login('demo_person', DEMO_PASSWORD, ip)).status).toBe(200);
  });
});

describe('captcha (item 4)', () => {
  it('is an SVG of paths only (no <text> giving the answer away), with noise', async () => {
    const a = await t.call('GET', '/api/dscq-system/validate-code/captcha');
    expect(a.body.code).toBe(200);
    expect(a.body.data.key).toBe(a.body.key);
    const svg = Buffer.from(a.body.data.image.replace('data:image/svg+xml;base64,', ''), 'base64').toString('utf8');
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).not.toMatch(/<text|<tspan|font/i);
    expect((svg.match(/<path/g) ?? []).length).toBeGreaterThanOrEqual(9);
    expect((svg.match(/<circle/g) ?? []).length).toBeGreaterThanOrEqual(20);
  });

  it('is case-insensitive', async () => {
    const a = await t.token({ grant_type: 'password', username: 'demo_person', password: t.enc(DEMO_PASSWORD), uuid: await t.captcha(), captcha: FIXED_CAPTCHA.toUpperCase() }, { ip: '10.4.0.1' });
    expect(a.status).toBe(200);
  });

  it('is single use, also when the answer was wrong', async () => {
    const ip = '10.4.0.2';
    const key = await t.captcha();
    const ok = await t.token({ grant_type: 'password', username: 'demo_person', password: t.enc(DEMO_PASSWORD), uuid: key, captcha: FIXED_CAPTCHA }, { ip });
    expect(ok.status).toBe(200);
    const again = await t.token({ grant_type: 'password', username: 'demo_person', password: t.enc(DEMO_PASSWORD), uuid: key, captcha: FIXED_CAPTCHA }, { ip });
    expect(again.body).toEqual({ error: 'invalid_grant', error_description: AUTH_MESSAGES.badCaptcha });

    const burnt = await t.captcha();
    const wrong = await t.token({ grant_type: 'password', username: 'demo_person', password: t.enc(DEMO_PASSWORD), uuid: burnt, captcha: 'zzzz' }, { ip });
    expect(wrong.body.error_description).toBe(AUTH_MESSAGES.badCaptcha);
    const right = await t.token({ grant_type: 'password', username: 'demo_person', password: t.enc(DEMO_PASSWORD), uuid: burnt, captcha: FIXED_CAPTCHA }, { ip });
    expect(right.body.error_description).toBe(AUTH_MESSAGES.badCaptcha);
  });

  it('expires after 5 minutes', async () => {
    const ip = '10.4.0.3';
    const fresh = await t.captcha();
    t.clock.now = NOW + 5 * 60_000 - 1;
    expect((await t.token({ grant_type: 'password', username: 'demo_person', password: t.enc(DEMO_PASSWORD), uuid: fresh, captcha: FIXED_CAPTCHA }, { ip })).status).toBe(200);
    t.clock.now = NOW;
    const old = await t.captcha();
    t.clock.now = NOW + 5 * 60_000;
    const late = await t.token({ grant_type: 'password', username: 'demo_person', password: t.enc(DEMO_PASSWORD), uuid: old, captcha: FIXED_CAPTCHA }, { ip });
    expect(late.body.error_description).toBe(AUTH_MESSAGES.badCaptcha);
  });

  it('without the test-only fixed answer, answers are random and only a hash is stored', async () => {
    const plain = await createTestApp({ seed: false });
    try {
      const images = new Set<string>();
      for (let i = 0; i < 3; i += 1) images.add((await plain.get('/api/blade-auth/oauth/captcha')).body.image);
      expect(images.size).toBe(3);
      const rows = await plain.handle.db.selectFrom('captcha').selectAll().execute();
      expect(rows).toHaveLength(3);
      for (const row of rows) expect(row.answer_hash).toMatch(/^[0-9a-f]{64}$/);
    } finally {
      await plain.close();
    }
  });
});

describe('the token call', () => {
  it('refuses a missing or wrong client with 401 invalid_client', async () => {
    const q = { grant_type: 'password', username: 'demo_person', password: t.enc(DEMO_PASSWORD), uuid: await t.captcha(), captcha: FIXED_CAPTCHA };
    const none = await t.token(q, { basic: null });
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ error: 'invalid_client', error_description: AUTH_MESSAGES.badClient });
    const wrong = await t.token(q, { basic: `Basic ${Buffer.from('hbcq:nope').toString('base64')}` });
    expect(wrong.status).toBe(401);
  });

  it('answers missing parameters and unknown grants with a Chinese description', async () => {
    const missing = await t.token({ grant_type: 'password', username: 'demo_person' });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ error: 'invalid_request', error_description: '密码不能为空' });
    const unknown = await t.token({ grant_type: 'client_credentials' });
    expect(unknown.body).toEqual({ error: 'unsupported_grant_type', error_description: '不支持的授权类型' });
  });

  it('a disabled account is refused with the disabled message, after the right password only', async () => {
    await t.handle.db.updateTable('app_user').set({ is_allowed: 0 }).where('login_name', '=', 'demo_org').execute();
    try {
      expect((await t.login('demo_org', 'Wrong@2026x', '10.5.0.1')).body).toEqual(BAD);
      expect((await t.login('demo_org', DEMO_PASSWORD, '10.5.0.1')).body).toEqual({ error: 'invalid_grant', error_description: AUTH_MESSAGES.disabled });
    } finally {
      await t.handle.db.updateTable('app_user').set({ is_allowed: 1 }).where('login_name', '=', 'demo_org').execute();
      await t.handle.db.deleteFrom('login_lock').execute();
    }
  });
});

describe('audit (item 15)', () => {
  it('writes a row for a login success and a failure, with UTC time, user, IP, result — and no secret', async () => {
    t.clock.now = NOW + 3 * 3600_000;
    const ok = await t.login('demo_person', DEMO_PASSWORD, '10.6.0.1');
    const bad = await t.login('demo_person', 'Wrong@2026x', '10.6.0.1');
    const rows = await t.handle.db.selectFrom('audit_log').selectAll().where('ip', '=', '10.6.0.1').orderBy('id').execute();
    expect(rows.map((r) => [r.action, r.object, r.result, r.detail, r.login_name, r.at])).toEqual([
      ['login', 'password', 'success', '', 'demo_person', NOW + 3 * 3600_000],
      ['login', 'password', 'failure', 'bad_credentials', 'demo_person', NOW + 3 * 3600_000],
    ]);
    expect(rows[0]!.user_id).toBe(Number(ok.body.user_id));
    expect(rows[1]!.user_id).toBe(Number(ok.body.user_id));
    expect(bad.status).toBe(400);
    const all = JSON.stringify(await t.handle.db.selectFrom('audit_log').selectAll().execute());
    for (const secret of [DEMO_PASSWORD, 'Wrong@2026x', ok.body.access_token, ok.body.refresh_token, FIXED_CAPTCHA]) {
      expect(all).not.toContain(secret);
    }
    await t.handle.db.deleteFrom('login_lock').execute();
  });

  it('is append-only: the database refuses update and delete', async () => {
    await expect(t.handle.db.updateTable('audit_log').set({ result: 'success' }).execute()).rejects.toThrow(/append-only/);
    await expect(t.handle.db.deleteFrom('audit_log').execute()).rejects.toThrow(/append-only/);
  });
});
