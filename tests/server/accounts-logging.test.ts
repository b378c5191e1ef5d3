/**
 * No password, token, code or ID number in the request log (guide item 15), and the security headers
 * on the account answers (item 13).
 */
import { DEMO_PERSON_ID } from '../../server/seed/accounts.ts';
import { createAccountsApp, FIXED_SMS, type AccountsTestApp } from './accounts-helpers.ts';
import { captureLogs } from './helpers.ts';

let t: AccountsTestApp;
const logs = captureLogs();
beforeAll(async () => {
  t = await createAccountsApp({ logStream: logs.stream });
});
afterAll(async () => {
  await t.close();
});

it('logs account calls without their secrets', async () => {
  const encrypted = t.enc('Demo@2026');
  const key = await t.captcha();
  const login = await t.token({ grant_type: 'password', username: 'demo_person', password: encrypted, uuid: key, captcha: 'e2e7' });
  expect(login.status).toBe(200);
  const refreshed = await t.token({ grant_type: 'refresh_token', refresh_token: login.body.refresh_token });
  await t.call('GET', '/api/dscq-user/user/detail', { query: { access_token: refreshed.body.access_token } });
  await t.call('POST', '/api/dscq-user/user/find-account', { query: { userType: 1, name: '张建国', idNumber: DEMO_PERSON_ID, phone: '13800000001', smsCode: '135790' } });
  await t.call('POST', '/api/dscq-user/user/update-password', {
    token: refreshed.body.access_token,
    query: { oldPassword: encrypted, newPassword: t.enc('Other@2026x') },
  });
  const text = logs.text();
  expect(text).toContain('/api/oauth/token');
  for (const secret of [encrypted, login.body.access_token, login.body.refresh_token, refreshed.body.access_token, DEMO_PERSON_ID, '135790', 'Demo@2026']) {
    expect(text).not.toContain(secret);
  }
});

it('the development SMS sender logs the code it "sends" (that is its purpose) — its purpose', async () => {
  await t.sendSms('13800000003', 1008);
  const line = logs.lines().find((l) => l.msg === 'SMS outbox (development sender)') as { sms: { code: string } } | undefined;
  expect(line?.sms.code).toBe(FIXED_SMS);
});

it('account answers carry the security headers and are never cached', async () => {
  const login = await t.login('demo_org');
  for (const res of [login.res, (await t.call('GET', '/api/dscq-user/user/membership', { token: login.body.access_token })).res]) {
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['cache-control']).toBe('no-store');
  }
  expect(login.res.headers.pragma).toBe('no-cache');
});
