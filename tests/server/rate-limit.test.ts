/**
 * Request limits that hold across server processes, at the REAL defaults
 * (DEFAULT_RATE_LIMITS): captcha creation per address (the captcha flood), SMS per address and per
 * phone (the SMS cost), registration and recovery attempts per address; 429 in the envelope with a
 * Chinese message and Retry-After; captcha rows bounded; two processes on one database share the counts.
 */
import type { FastifyInstance } from 'fastify';
import { DEFAULT_RATE_LIMITS, loadConfig } from '../../server/config.ts';
import { addressKey, RATE_LIMIT_MESSAGES } from '../../server/services/common/rate-limit.ts';
import { createAccountsApp, FIXED_CAPTCHA, FIXED_SMS, type AccountsTestApp } from './accounts-helpers.ts';
import { buildSecondProcess, ENVELOPE_KEYS, NOW } from './helpers.ts';

const CAPTCHA_PATHS = ['/api/blade-auth/oauth/captcha', '/api/dscq-system/validate-code/captcha'];
const L = DEFAULT_RATE_LIMITS;

let t: AccountsTestApp;
beforeEach(async () => {
  // No demo data: the limits count requests, not accounts (and 15 seeds would cost half a minute).
  t = await createAccountsApp({ rateLimits: DEFAULT_RATE_LIMITS, seed: false });
});
afterEach(async () => {
  await t.close();
});

const captchaFrom = (app: FastifyInstance, ip: string, url = CAPTCHA_PATHS[0]!) => app.inject({ method: 'GET', url, remoteAddress: ip });

function expect429(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }, msg: string) {
  expect(res.statusCode).toBe(429);
  const body = res.json() as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(ENVELOPE_KEYS);
  expect(body).toEqual({ code: 429, success: false, msg, data: null });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

it('the defaults are the documented ones, and PORTAL_RATE_LIMITS overrides them by name (bad items named)', () => {
  expect(L).toEqual({
    'captcha-ip': { limit: 30, windowMs: 60_000 },
    'sms-ip': { limit: 20, windowMs: 3_600_000 },
    'sms-phone': { limit: 10, windowMs: 86_400_000 },
    'register-ip': { limit: 20, windowMs: 3_600_000 },
    'recover-ip': { limit: 20, windowMs: 3_600_000 },
    'lookup-user': { limit: 20, windowMs: 3_600_000 },
    'lookup-ip': { limit: 60, windowMs: 3_600_000 },
    'esign-verify-ip': { limit: 20, windowMs: 600_000 },
  });
  const dataDir = t.dataDir;
  expect(loadConfig({ PORTAL_DATA_DIR: dataDir }).rateLimits).toEqual(L);
  expect(loadConfig({ PORTAL_DATA_DIR: dataDir, PORTAL_RATE_LIMITS: 'captcha-ip=5/10, sms-phone=3/3600' }).rateLimits).toEqual({
    ...L,
    'captcha-ip': { limit: 5, windowMs: 10_000 },
    'sms-phone': { limit: 3, windowMs: 3_600_000 },
  });
  expect(() => loadConfig({ PORTAL_DATA_DIR: dataDir, PORTAL_RATE_LIMITS: 'captcha=5/10' })).toThrow(/PORTAL_RATE_LIMITS: “captcha=5\/10” 须为 名称=次数\/秒数/);
  expect(() => loadConfig({ PORTAL_DATA_DIR: dataDir, PORTAL_RATE_LIMITS: 'sms-ip=0/10' })).toThrow(/PORTAL_RATE_LIMITS/);
});

it('addresses: IPv4 as is (also IPv4-mapped), IPv6 per /64', () => {
  expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
  expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  expect(addressKey('2001:db8:0:1:aaaa::1')).toBe('2001:db8:0:1::/64');
  expect(addressKey('2001:0db8:0000:0001:bbbb:cccc:dddd:eeee')).toBe('2001:db8:0:1::/64');
  expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
  expect(addressKey('::1')).toBe('0:0:0:0::/64');
});

describe('captcha creation per address (finding 2: 400 captchas in 0.9 s were all answered and stored)', () => {
  it('30 a minute from one address (both captcha paths count), then 429 with Retry-After; other addresses unaffected; the next window is open', async () => {
    const answers = [];
    for (let i = 0; i < 40; i += 1) answers.push(await captchaFrom(t.app, '198.51.100.1', CAPTCHA_PATHS[i % 2]));
    expect(answers.slice(0, 30).every((r) => r.statusCode === 200)).toBe(true);
    for (const r of answers.slice(30)) expect429(r, RATE_LIMIT_MESSAGES['captcha-ip']);
    expect(Number(answers[39]!.headers['retry-after'])).toBe(60);
    expect(await t.count('captcha')).toBe(30);
    // Past the first refusal the process refuses from memory: a flood costs no database write per request.
    const row = await t.handle.db.selectFrom('rate_limit').select('hits').where('rule', '=', 'captcha-ip').where('key', '=', '198.51.100.1').executeTakeFirstOrThrow();
    expect(Number(row.hits)).toBe(31);
    // Same /64, another IPv6 address: the same client.
    for (let i = 0; i < 30; i += 1) expect((await captchaFrom(t.app, `2001:db8:0:7::${i + 1}`)).statusCode).toBe(200);
    expect429(await captchaFrom(t.app, '2001:db8:0:7:ffff::1'), RATE_LIMIT_MESSAGES['captcha-ip']);
    expect((await captchaFrom(t.app, '2001:db8:0:8::1')).statusCode).toBe(200);
    expect((await captchaFrom(t.app, '198.51.100.2')).statusCode).toBe(200);
    t.clock.now += 30_000;
    expect429(await captchaFrom(t.app, '198.51.100.1'), RATE_LIMIT_MESSAGES['captcha-ip']);
    t.clock.now += 30_000;
    expect((await captchaFrom(t.app, '198.51.100.1')).statusCode).toBe(200);
  });

  it('captcha rows are bounded: expired ones are purged as new ones are made (not a day later)', async () => {
    for (let i = 0; i < 30; i += 1) await captchaFrom(t.app, '198.51.100.3');
    expect(await t.count('captcha')).toBe(30);
    t.clock.now += 5 * 60_000;
    await captchaFrom(t.app, '198.51.100.4');
    expect(await t.count('captcha')).toBe(1);
    // A client at the limit for a long time holds at most limit × (5 min ÷ window) live captchas.
    for (let minute = 0; minute < 8; minute += 1) {
      for (let i = 0; i < 40; i += 1) await captchaFrom(t.app, '198.51.100.5');
      t.clock.now += 60_000;
    }
    expect(await t.count('captcha')).toBeLessThanOrEqual(L['captcha-ip'].limit * 5 + 1);
  });
});

describe('SMS (finding 3: 30 codes to 30 phones from one address in 1 s were all sent)', () => {
  const ask = async (phone: string, ip: string) => {
    const uuid = (await captchaFrom(t.app, ip)).json().key as string;
    return t.app.inject({ method: 'POST', url: '/api/dscq-user/sms/code', query: { phone, messageCode: '1008', uuid, captcha: FIXED_CAPTCHA }, remoteAddress: ip });
  };

  it('20 an hour per address: 30 phones from one address send 20', async () => {
    const answers = [];
    for (let i = 0; i < 30; i += 1) answers.push(await ask(`1390000${String(2000 + i)}`, '198.51.100.9'));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(20);
    for (const r of answers.slice(20)) expect429(r, RATE_LIMIT_MESSAGES['sms-ip']);
    expect(t.outbox()).toHaveLength(20);
    expect((await ask('13900003000', '198.51.100.10')).statusCode).toBe(200);
    t.clock.now += 3_600_000;
    expect((await ask('13900003001', '198.51.100.9')).statusCode).toBe(200);
  });

  it('10 a day per phone (real sends only: the 60 s refusals do not count), from any address', async () => {
    const phone = '13900004000';
    for (let i = 0; i < 10; i += 1) {
      expect((await ask(phone, `198.51.101.${i}`)).statusCode).toBe(200);
      // Refused by the 60 s rule: not a send.
      expect((await ask(phone, `198.51.102.${i}`)).statusCode).toBe(429);
      t.clock.now += 61_000;
    }
    expect429(await ask(phone, '198.51.103.1'), RATE_LIMIT_MESSAGES['sms-phone']);
    expect(t.outbox().filter((m: { phone: string }) => m.phone === phone)).toHaveLength(10);
    expect((await ask('13900004001', '198.51.103.1')).statusCode).toBe(200);
    t.clock.now = NOW + 86_400_000;
    expect((await ask(phone, '198.51.103.2')).statusCode).toBe(200);
  });
});

describe('registration and recovery attempts per address (finding 4 without a captcha: the throttle)', () => {
  it('20 registrations an hour per address, whatever their outcome', async () => {
    const register = (i: number, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/dscq-user/user/register',
        query: { userType: '1', loginName: `probe_${i}`, password: t.enc('Probe@2026'), phone: `1390000${5000 + i}`, smsCode: '000000', agreement: '1' },
        remoteAddress: ip,
      });
    for (let i = 0; i < 20; i += 1) expect((await register(i, '198.51.100.20')).statusCode).toBe(400);
    expect429(await register(20, '198.51.100.20'), RATE_LIMIT_MESSAGES['register-ip']);
    expect((await register(21, '198.51.100.21')).statusCode).toBe(400);
  });

  it('20 recovery attempts an hour per address, forget-password and find-account together', async () => {
    const forget = (ip: string) =>
      t.app.inject({ method: 'POST', url: '/api/dscq-user/user/forget-password', query: { phone: '13800000001', smsCode: '000000', newPassword: t.enc('Reset@2026x') }, remoteAddress: ip });
    const find = (ip: string) =>
      t.app.inject({ method: 'POST', url: '/api/dscq-user/user/find-account', query: { userType: '2', creditCode: '91130100MA0CXXXX0X', phone: '13800000002', smsCode: '000000' }, remoteAddress: ip });
    for (let i = 0; i < 10; i += 1) {
      expect((await forget('198.51.100.30')).statusCode).toBe(400);
      expect((await find('198.51.100.30')).statusCode).toBe(400);
    }
    expect429(await forget('198.51.100.30'), RATE_LIMIT_MESSAGES['recover-ip']);
    expect429(await find('198.51.100.30'), RATE_LIMIT_MESSAGES['recover-ip']);
    expect((await forget('198.51.100.31')).statusCode).toBe(400);
  });

  it('the limits leave normal use alone: a registration with its SMS and captchas goes through', async () => {
    await t.sendSms('13900006000', 2001, '198.51.100.40');
    const reg = await t.call('POST', '/api/dscq-user/user/register', {
      ip: '198.51.100.40',
      query: { userType: 1, loginName: 'normal_user', password: t.enc('Normal@2026'), phone: '13900006000', smsCode: FIXED_SMS, agreement: 1 },
    });
    expect(reg.status).toBe(200);
  });
});

describe('behind a reverse proxy (PORTAL_TRUST_PROXY)', () => {
  it('parses a hop count or proxy addresses; bad values are named', () => {
    expect(loadConfig({ PORTAL_DATA_DIR: t.dataDir }).trustProxy).toBeUndefined();
    expect(loadConfig({ PORTAL_DATA_DIR: t.dataDir, PORTAL_TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ PORTAL_DATA_DIR: t.dataDir, PORTAL_TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8']);
    expect(() => loadConfig({ PORTAL_DATA_DIR: t.dataDir, PORTAL_TRUST_PROXY: 'true' })).toThrow(/PORTAL_TRUST_PROXY/);
  });

  it.each([[['127.0.0.1']], [1]])('trusting the proxy (%j), the limits count the forwarded client addresses', async (trustProxy) => {
    const behind = await createAccountsApp({ rateLimits: DEFAULT_RATE_LIMITS, seed: false, trustProxy });
    try {
      const via = (client: string) => behind.app.inject({ method: 'GET', url: CAPTCHA_PATHS[0]!, remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': client } });
      for (let i = 0; i < 30; i += 1) expect((await via('203.0.113.1')).statusCode).toBe(200);
      expect((await via('203.0.113.1')).statusCode).toBe(429);
      expect((await via('203.0.113.2')).statusCode).toBe(200);
    } finally {
      await behind.close();
    }
  });

  it('not trusting it (the default), a forged X-Forwarded-For changes nothing', async () => {
    for (let i = 0; i < 30; i += 1) {
      const res = await t.app.inject({ method: 'GET', url: CAPTCHA_PATHS[0]!, remoteAddress: '198.51.100.60', headers: { 'x-forwarded-for': `203.0.113.${i}` } });
      expect(res.statusCode).toBe(200);
    }
    expect((await t.app.inject({ method: 'GET', url: CAPTCHA_PATHS[0]!, remoteAddress: '198.51.100.60', headers: { 'x-forwarded-for': '203.0.113.99' } })).statusCode).toBe(429);
  });
});

describe('across processes (every process on the database shares the counts)', () => {
  it('two app instances on one database: 30 captchas a minute from one address in all, also when asked at once', async () => {
    const other = await buildSecondProcess(t, () => t.clock.now, { timers: false }, { rateLimits: DEFAULT_RATE_LIMITS });
    try {
      await other.ready();
      const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => captchaFrom(i % 2 ? other : t.app, '198.51.100.50', CAPTCHA_PATHS[i % 2])));
      expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(30);
      expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(30);
      // Sequentially, alternating: the second process sees the first one's count.
      const fresh = '198.51.100.51';
      for (let i = 0; i < 30; i += 1) expect((await captchaFrom(i % 2 ? other : t.app, fresh)).statusCode).toBe(200);
      expect((await captchaFrom(other, fresh)).statusCode).toBe(429);
      expect((await captchaFrom(t.app, fresh)).statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });

  it('two app instances: the per-phone SMS limit is one count', async () => {
    const other = await buildSecondProcess(t, () => t.clock.now, { timers: false }, { rateLimits: DEFAULT_RATE_LIMITS, accounts: { fixedCaptcha: FIXED_CAPTCHA, fixedSmsCode: FIXED_SMS } });
    try {
      await other.ready();
      const phone = '13900007000';
      for (let i = 0; i < 11; i += 1) {
        const app = i % 2 ? other : t.app;
        const uuid = (await app.inject({ method: 'GET', url: CAPTCHA_PATHS[0]!, remoteAddress: `198.51.104.${i}` })).json().key as string;
        const res = await app.inject({ method: 'POST', url: '/api/dscq-user/sms/code', query: { phone, messageCode: '1008', uuid, captcha: FIXED_CAPTCHA }, remoteAddress: `198.51.104.${i}` });
        if (i < 10) expect(res.statusCode).toBe(200);
        else expect429(res, RATE_LIMIT_MESSAGES['sms-phone']);
        t.clock.now += 61_000;
      }
    } finally {
      await other.close();
    }
  });
});
