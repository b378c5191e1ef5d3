/**
 * SMS codes (guide item 5) and the calls that use them: registration (2001), forget-password (2002),
 * find-account and SMS login (1008). Bad input → 400 with a Chinese message, nothing written (item 10).
 */
import { AUTH_MESSAGES } from '#domain/rules/auth';
import type { SmsMessage } from '../../server/services/accounts/context.ts';
import { DEMO_ORG_CREDIT_CODE, DEMO_PERSON_ID } from '../../server/seed/accounts.ts';
import { createAccountsApp, FIXED_CAPTCHA, FIXED_SMS, type AccountsTestApp } from './accounts-helpers.ts';
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

const SMS_LOGIN = (phone: string, code: string) =>
  t.captcha().then((uuid) => t.token({ grant_type: 'verify_code', telPhone: phone, code, uuid, captcha: FIXED_CAPTCHA }));
const BAD_SMS = { error: 'invalid_grant', error_description: AUTH_MESSAGES.badSmsCode };

describe('sending', () => {
  it('writes a 6-digit code to the outbox (a JSON line) and the log; 60 s per phone', async () => {
    const sent = await t.sendSms('13800000001', 1008);
    expect(sent.body).toEqual({ code: 200, success: true, msg: '操作成功', data: { resendAfter: 60, expiresIn: 600 } });
    const line = t.outbox().at(-1);
    expect(line).toMatchObject({ phone: '13800000001', purpose: 1008, code: FIXED_SMS });
    expect(line.code).toMatch(/^\d{6}$/);
    expect(line.text).toContain(FIXED_SMS);

    t.clock.now = NOW + 59_999;
    const soon = await t.sendSms('13800000001', 2002);
    expect(soon.status).toBe(429);
    expect(soon.body).toMatchObject({ code: 429, msg: AUTH_MESSAGES.smsTooFrequent });
    t.clock.now = NOW + 60_000;
    expect((await t.sendSms('13800000001', 1008)).status).toBe(200);
  });

  it('random codes are 6 digits and only their hash is stored', async () => {
    const codes: string[] = [];
    const random = await createAccountsApp({ fixedCodes: false, seed: false });
    try {
      // Without fixed codes the captcha is random too, so the service is called directly.
      const { sendSmsCode } = await import('../../server/services/accounts/sms.ts');
      const accounts = await (await import('../../server/services/accounts/create.ts')).createAccounts(
        {
          db: random.handle.db,
          now: () => NOW,
          dataDir: random.dataDir,
          nodeEnv: 'test',
          accounts: { fixedCaptcha: undefined, fixedSmsCode: undefined, secrets: {} },
          smsSender: { send: async (m: SmsMessage) => void codes.push(m.code) },
        },
        { info: () => {}, warn: () => {}, error: () => {} } as never,
      );
      for (let i = 0; i < 5; i += 1) await sendSmsCode(accounts, random.app.rateLimits, { phone: `1390000010${i}`, purpose: 1008, ip: '127.0.0.1' });
      expect(codes).toHaveLength(5);
      for (const code of codes) expect(code).toMatch(/^\d{6}$/);
      expect(new Set(codes).size).toBeGreaterThan(1);
      const stored = JSON.stringify(await random.handle.db.selectFrom('sms_code').selectAll().execute());
      for (const code of codes) expect(stored).not.toContain(`"${code}"`);
    } finally {
      await random.close();
    }
  });

  it('is guarded by the captcha and checks the phone and message code', async () => {
    const before = await t.count('sms_code');
    const noCaptcha = await t.call('POST', '/api/dscq-user/sms/code', { query: { phone: '13900000001', messageCode: 1008, uuid: 'nope', captcha: 'e2e7' } });
    expect(noCaptcha.body).toMatchObject({ code: 400, msg: AUTH_MESSAGES.badCaptcha });
    const badPhone = await t.call('POST', '/api/dscq-user/sms/code', { query: { phone: '2390000000', messageCode: 1008, uuid: await t.captcha(), captcha: 'e2e7' } });
    expect(badPhone.body).toMatchObject({ code: 400, msg: '手机号码长度不为11位' });
    const badPurpose = await t.call('POST', '/api/dscq-user/sms/code', { query: { phone: '13900000001', messageCode: 3000, uuid: await t.captcha(), captcha: 'e2e7' } });
    expect(badPurpose.body).toMatchObject({ code: 400, msg: '短信类型 messageCode 须为 1008、2001 或 2002' });
    expect(await t.count('sms_code')).toBe(before);
  });
});

describe('checking', () => {
  it('a code is bound to its purpose: a register code does not log in', async () => {
    t.clock.now = NOW + 3_600_000;
    await t.sendSms('13800000002', 2002);
    expect((await SMS_LOGIN('13800000002', FIXED_SMS)).body).toEqual(BAD_SMS);
    t.clock.now += 61_000;
    await t.sendSms('13800000002', 1008);
    expect((await SMS_LOGIN('13800000002', FIXED_SMS)).status).toBe(200);
  });

  it('is single use', async () => {
    t.clock.now = NOW + 2 * 3_600_000;
    await t.sendSms('13800000001', 1008);
    expect((await SMS_LOGIN('13800000001', FIXED_SMS)).status).toBe(200);
    expect((await SMS_LOGIN('13800000001', FIXED_SMS)).body).toEqual(BAD_SMS);
  });

  it('5 wrong tries void it (the right code then fails too)', async () => {
    t.clock.now = NOW + 3 * 3_600_000;
    await t.sendSms('13800000001', 1008);
    for (let i = 0; i < 4; i += 1) expect((await SMS_LOGIN('13800000001', '000000')).body).toEqual(BAD_SMS);
    // 4 wrong: still usable.
    expect((await SMS_LOGIN('13800000001', FIXED_SMS)).status).toBe(200);
    t.clock.now += 61_000;
    await t.sendSms('13800000001', 1008);
    for (let i = 0; i < 5; i += 1) await SMS_LOGIN('13800000001', '111111');
    expect((await SMS_LOGIN('13800000001', FIXED_SMS)).body).toEqual(BAD_SMS);
  });

  it('lives 10 minutes', async () => {
    t.clock.now = NOW + 4 * 3_600_000;
    await t.sendSms('13800000001', 1008);
    t.clock.now += 600_000 - 1;
    expect((await SMS_LOGIN('13800000001', FIXED_SMS)).status).toBe(200);
    t.clock.now += 61_000;
    await t.sendSms('13800000001', 1008);
    t.clock.now += 600_000;
    expect((await SMS_LOGIN('13800000001', FIXED_SMS)).body).toEqual(BAD_SMS);
  });

  it('a newer code replaces the older one', async () => {
    t.clock.now = NOW + 5 * 3_600_000;
    await t.sendSms('13800000001', 1008);
    const first = await t.handle.db.selectFrom('sms_code').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    t.clock.now += 61_000;
    await t.sendSms('13800000001', 1008);
    const old = await t.handle.db.selectFrom('sms_code').select('used_at').where('id', '=', first.id).executeTakeFirstOrThrow();
    expect(old.used_at).not.toBeNull();
  });
});

describe('registration', () => {
  const base = { userType: 1, loginName: 'zhang_san1', phone: '13900000011', agreement: 1 };

  it('registers a person with an SMS code (2001) and answers a login code; the user can log in', async () => {
    t.clock.now = NOW + 6 * 3_600_000;
    await t.sendSms('13900000011', 2001);
    const reg = await t.call('POST', '/api/dscq-user/user/register', { query: { ...base, password: t.enc('Zhang@2026'), smsCode: FIXED_SMS } });
    expect(reg.status).toBe(200);
    expect(reg.body.data.loginCode).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const user = await t.handle.db.selectFrom('app_user').selectAll().where('login_name', '=', 'zhang_san1').executeTakeFirstOrThrow();
    expect(user).toMatchObject({ user_type: 1, auth_status: 3, phone: '13900000011', is_allowed: 1, name: '' });
    expect(user.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await t.login('zhang_san1', 'Zhang@2026', '10.8.0.1')).status).toBe(200);
    // Login names are unique regardless of case.
    await t.sendSms('13900000012', 2001);
    const dup = await t.call('POST', '/api/dscq-user/user/register', {
      query: { ...base, loginName: 'ZHANG_SAN1', phone: '13900000012', password: t.enc('Zhang@2026'), smsCode: FIXED_SMS },
    });
    expect(dup.body).toMatchObject({ code: 400, msg: '该登录名已被注册' });
  });

  it('takes JSON bodies as well as query parameters', async () => {
    t.clock.now = NOW + 6.5 * 3_600_000;
    const sms = await t.app.inject({
      method: 'POST',
      url: '/api/dscq-user/sms/code',
      payload: { phone: '13900000015', messageCode: 2001, uuid: await t.captcha(), captcha: FIXED_CAPTCHA },
    });
    expect(sms.json().code).toBe(200);
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/dscq-user/user/register',
      payload: { userType: 2, loginName: 'json_org1', password: t.enc('JsonOrg@2026'), phone: '13900000015', smsCode: FIXED_SMS, agreement: 1 },
    });
    expect(reg.json().data.loginCode).toBeTruthy();
  });

  it('a login code (1008) does not register', async () => {
    t.clock.now = NOW + 7 * 3_600_000;
    await t.sendSms('13900000013', 1008);
    const reg = await t.call('POST', '/api/dscq-user/user/register', {
      query: { ...base, loginName: 'li_si_01', phone: '13900000013', password: t.enc('LiSi@2026'), smsCode: FIXED_SMS },
    });
    expect(reg.body).toMatchObject({ code: 400, msg: AUTH_MESSAGES.badSmsCode });
  });

  it.each([
    [{ loginName: '' }, '登录名不能为空'],
    [{ loginName: '1abc' }, '登录名须为4-20位字母、数字或下划线，且以字母开头'],
    [{ loginName: 'abc' }, '登录名须为4-20位字母、数字或下划线，且以字母开头'],
    [{ loginName: 'a'.repeat(21) }, '登录名长度不能超过20个字符'],
    [{ loginName: 'ab-cd' }, '登录名须为4-20位字母、数字或下划线，且以字母开头'],
    [{ userType: 3 }, '用户类型须为 1（个人用户）或 2（机构用户）'],
    [{ phone: '1390000001' }, '手机号码长度不为11位'],
    [{ phone: '23900000011' }, '手机号码格式不正确'],
    [{ smsCode: '12345' }, '短信验证码须为6位数字'],
    [{ agreement: 0 }, '请阅读并同意用户注册协议及补充协议'],
    [{ password: 'plain-text' }, '密码解密失败，请刷新页面后重试'],
    [{ password: 'ENC:short1A' }, '密码长度须为8-64位'],
    [{ password: 'ENC:12345678' }, '密码过于常见，请更换一个更安全的密码'],
    [{ password: 'ENC:abcdefghij' }, '密码须包含数字、小写字母、大写字母、符号中的至少两类'],
  ])('bad input %j → 400 naming the field; nothing written', async (change, msg) => {
    t.clock.now = NOW + 8 * 3_600_000;
    const users = await t.count('app_user');
    const audit = await t.count('audit_log');
    const query: Record<string, string | number> = { ...base, loginName: 'wang_wu01', phone: '13900000021', password: t.enc('WangWu@2026'), smsCode: FIXED_SMS, ...change };
    if (typeof query.password === 'string' && query.password.startsWith('ENC:')) query.password = t.enc(query.password.slice(4));
    const a = await t.call('POST', '/api/dscq-user/user/register', { query });
    expect(a.status).toBe(400);
    expect(a.body).toEqual({ code: 400, success: false, msg, data: null });
    expect(await t.count('app_user')).toBe(users);
    expect(await t.count('audit_log')).toBe(audit);
  });
});

describe('account recovery', () => {
  it('finds a person by name + ID number and an organisation by credit code, with an SMS code to the bound phone', async () => {
    t.clock.now = NOW + 9 * 3_600_000;
    await t.sendSms('13800000001', 1008);
    const person = await t.call('POST', '/api/dscq-user/user/find-account', {
      query: { userType: 1, name: '张建国', idNumber: DEMO_PERSON_ID, phone: '13800000001', smsCode: FIXED_SMS },
    });
    expect(person.body.data).toEqual({ loginNames: ['de***on'] });
    await t.sendSms('13800000002', 1008);
    const org = await t.call('POST', '/api/dscq-user/user/find-account', {
      query: { userType: 2, creditCode: DEMO_ORG_CREDIT_CODE.toLowerCase(), phone: '13800000002', smsCode: FIXED_SMS },
    });
    expect(org.body.data).toEqual({ loginNames: ['de***rg'] });
  });

  it('refuses bad ID numbers and credit codes with the domain messages', async () => {
    const wrongCheck = DEMO_PERSON_ID.slice(0, 17) + (DEMO_PERSON_ID.endsWith('1') ? '2' : '1');
    const a = await t.call('POST', '/api/dscq-user/user/find-account', {
      query: { userType: 1, name: '张建国', idNumber: wrongCheck, phone: '13800000001', smsCode: FIXED_SMS },
    });
    expect(a.body).toMatchObject({ code: 400, msg: '证件号码校验位错误' });
    const b = await t.call('POST', '/api/dscq-user/user/find-account', {
      query: { userType: 2, creditCode: DEMO_ORG_CREDIT_CODE.slice(0, 17) + '0', phone: '13800000002', smsCode: FIXED_SMS },
    });
    expect(b.body.msg).toMatch(/统一社会信用代码/);
  });
});
