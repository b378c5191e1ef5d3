/**
 * Registration and password recovery must not tell whether a login name or a phone
 * has an account before the SMS code is right (registration with a wrong code answered 该登录名已被注册 /
 * 该手机号已被注册, so names and phones could be listed). And the code rules around it: a wrong code is
 * one attempt, a right code answered "name taken" is not used up, a right code makes one user only.
 */
import { AUTH_MESSAGES } from '#domain/rules/auth';
import { MSG_LOGIN_NAME_TAKEN, MSG_PHONE_TAKEN } from '../../server/services/accounts/users.ts';
import { createAccountsApp, FIXED_SMS, type AccountsTestApp } from './accounts-helpers.ts';
import { NOW } from './helpers.ts';

let t: AccountsTestApp;
beforeEach(async () => {
  t = await createAccountsApp();
});
afterEach(async () => {
  await t.close();
});

const BAD_CODE = { code: 400, success: false, msg: AUTH_MESSAGES.badSmsCode, data: null };
const register = (q: { loginName: string; phone: string; smsCode: string }) =>
  t.call('POST', '/api/dscq-user/user/register', { query: { userType: 1, password: t.enc('Probe@2026'), agreement: 1, ...q } });
const forget = (phone: string, smsCode: string) =>
  t.call('POST', '/api/dscq-user/user/forget-password', { query: { phone, smsCode, newPassword: t.enc('Reset@2026x') } });
const attempts = async (phone: string) =>
  (await t.handle.db.selectFrom('sms_code').select(['attempts', 'used_at']).where('phone', '=', phone).orderBy('id', 'desc').executeTakeFirstOrThrow());

describe('registration before the SMS code is right', () => {
  it('a taken login name, a taken phone and free ones get the same answer with no code sent', async () => {
    const answers = [
      await register({ loginName: 'demo_person', phone: '13900008001', smsCode: '123456' }),
      await register({ loginName: 'free_name1', phone: '13800000001', smsCode: '123456' }),
      await register({ loginName: 'demo_person', phone: '13800000001', smsCode: '123456' }),
      await register({ loginName: 'free_name1', phone: '13900008001', smsCode: '123456' }),
    ];
    for (const a of answers) expect({ status: a.status, body: a.body }).toEqual({ status: 400, body: BAD_CODE });
  });

  it('and with a code sent but a wrong one typed', async () => {
    await t.sendSms('13900008002', 2001);
    const taken = await register({ loginName: 'demo_org', phone: '13900008002', smsCode: '000000' });
    t.clock.now += 1;
    const free = await register({ loginName: 'free_name2', phone: '13900008002', smsCode: '000000' });
    expect(taken.body).toEqual(BAD_CODE);
    expect(free.body).toEqual(BAD_CODE);
    // A registered phone asking for a register code gets the same answer as a new one (and a code).
    const registered = await t.sendSms('13800000003', 2001);
    const fresh = await t.sendSms('13900008003', 2001);
    expect(registered.body).toEqual(fresh.body);
    expect(registered.body).toMatchObject({ code: 200 });
    expect((await register({ loginName: 'free_name3', phone: '13800000003', smsCode: '000000' })).body).toEqual(BAD_CODE);
  });
});

describe('registration once the SMS code is right', () => {
  it('says the name or phone is taken, without using up the code: the same code then registers a free name', async () => {
    await t.sendSms('13900008010', 2001);
    expect((await register({ loginName: 'demo_person', phone: '13900008010', smsCode: FIXED_SMS })).body).toMatchObject({ code: 400, msg: MSG_LOGIN_NAME_TAKEN });
    expect(await attempts('13900008010')).toEqual({ attempts: 0, used_at: null });
    const ok = await register({ loginName: 'new_name10', phone: '13900008010', smsCode: FIXED_SMS });
    expect(ok.status).toBe(200);
    expect((await attempts('13900008010')).used_at).toBe(t.clock.now);
    // Used once: the same code registers nothing more.
    expect((await register({ loginName: 'new_name11', phone: '13900008010', smsCode: FIXED_SMS })).body).toEqual(BAD_CODE);

    await t.sendSms('13800000003', 2001);
    expect((await register({ loginName: 'new_name12', phone: '13800000003', smsCode: FIXED_SMS })).body).toMatchObject({ code: 400, msg: MSG_PHONE_TAKEN });
  });

  it('a wrong code is one attempt (4 wrong, then the right one still works); the 5th wrong voids it', async () => {
    await t.sendSms('13900008020', 2001);
    for (let i = 1; i <= 4; i += 1) {
      expect((await register({ loginName: 'demo_person', phone: '13900008020', smsCode: '000000' })).body).toEqual(BAD_CODE);
      expect((await attempts('13900008020')).attempts).toBe(i);
    }
    expect((await register({ loginName: 'new_name20', phone: '13900008020', smsCode: FIXED_SMS })).status).toBe(200);

    t.clock.now = NOW + 61_000;
    await t.sendSms('13900008021', 2001);
    for (let i = 0; i < 5; i += 1) await register({ loginName: 'new_name21', phone: '13900008021', smsCode: '000000' });
    expect((await register({ loginName: 'new_name21', phone: '13900008021', smsCode: FIXED_SMS })).body).toEqual(BAD_CODE);
  });

  it('two registrations racing with one right code make one user', async () => {
    await t.sendSms('13900008030', 2001);
    const users = await t.count('app_user');
    const answers = await Promise.all(
      ['race_a1', 'race_b1', 'race_c1', 'race_d1'].map((loginName) => register({ loginName, phone: '13900008030', smsCode: FIXED_SMS })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) expect([AUTH_MESSAGES.badSmsCode, MSG_PHONE_TAKEN]).toContain(a.body.msg);
    expect(await t.count('app_user')).toBe(users + 1);
  });
});

describe('changing the phone (logged in)', () => {
  it('a phone bound to another account answers like a free one until its code is right', async () => {
    const login = await t.login('demo_new');
    const token = login.body.access_token as string;
    const change = (phone: string, smsCode: string) =>
      t.call('POST', '/api/dscq-user/user/change-phone', { token, query: { phone, smsCode, password: t.enc('Demo@2026') } });
    expect((await change('13800000001', '123456')).body).toEqual(BAD_CODE);
    expect((await change('13900008050', '123456')).body).toEqual(BAD_CODE);
    await t.sendSms('13800000001', 1008);
    expect((await change('13800000001', FIXED_SMS)).body).toMatchObject({ code: 400, msg: '该手机号已被其他账号绑定' });
  });
});

describe('password recovery', () => {
  it('answers the same for a phone with and without an account until the code is right', async () => {
    const none = await forget('13900008040', '123456');
    const known = await forget('13800000001', '123456');
    expect(none.body).toEqual(BAD_CODE);
    expect(known.body).toEqual(BAD_CODE);
    await t.sendSms('13900008040', 2002);
    await t.sendSms('13800000001', 2002);
    expect((await forget('13900008040', '000000')).body).toEqual(BAD_CODE);
    expect((await forget('13800000001', '000000')).body).toEqual(BAD_CODE);
    // With the right code (the phone's holder), the truth.
    expect((await forget('13900008040', FIXED_SMS)).body).toMatchObject({ code: 400, msg: '该手机号未绑定任何账号' });
    expect((await forget('13800000001', FIXED_SMS)).status).toBe(200);
  });
});
