/**
 * Every route that sends an SMS counts against the same limits, at the real defaults: per address
 * (`sms-ip`) and per phone (`sms-phone`, 10 a day). The money routes (withdrawal, binding and unbinding a
 * card) text the account's own phone; a stolen session must not be able to text the owner once a minute
 * around the clock, and their sends count together with /dscq-user/sms/code's. SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../server/config.ts';
import { RATE_LIMIT_MESSAGES } from '../../server/services/common/rate-limit.ts';
import { createAccountsApp, type AccountsTestApp } from './accounts-helpers.ts';
import { DIALECT, type Json } from './helpers.ts';

const WITHDRAW_SMS = '/api/dscq-user/wallet/withdraw/sms';
const CARD_SMS = '/api/dscq-user/fund/card/sms';

let t: AccountsTestApp;
const tokens: Record<string, string> = {};

async function post(url: string, user: string, query: Record<string, string> = {}, ip = '127.0.0.1') {
  const res = await t.app.inject({ method: 'POST', url, query, headers: { authorization: `Bearer ${tokens[user]}` }, remoteAddress: ip });
  return { status: res.statusCode, body: res.json() as Json };
}

/** The money routes in turn: withdrawal, binding, unbinding. */
const moneySend = (user: string, i: number, ip?: string) =>
  i % 3 === 0 ? post(WITHDRAW_SMS, user, {}, ip) : post(CARD_SMS, user, { purpose: i % 3 === 1 ? 'bind' : 'unbind' }, ip);

const sentTo = (phone: string) => t.outbox().filter((m) => m.phone === phone).length;

beforeAll(async () => {
  t = await createAccountsApp({ rateLimits: DEFAULT_RATE_LIMITS });
  for (const user of ['demo_person', 'demo_org', 'bidder01']) {
    const answer = await t.login(user);
    expect(answer.status, `${user} logs in`).toBe(200);
    tokens[user] = answer.body.access_token;
  }
}, 120_000);
afterAll(async () => t?.close());

describe(`SMS limits on every sending route (${DIALECT})`, () => {
  it('the money routes: the 11th send to the same phone in a day is refused with the sms-phone message', async () => {
    const phone = '13800000001';
    for (let i = 0; i < 10; i += 1) {
      t.clock.now += 61_000;
      // Each from another address: the per-phone limit holds whatever the address.
      const answer = await moneySend('demo_person', i, `198.51.110.${i}`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
    for (let i = 0; i < 3; i += 1) {
      t.clock.now += 61_000;
      expect(await moneySend('demo_person', i, '198.51.110.99')).toMatchObject({ status: 429, body: { msg: RATE_LIMIT_MESSAGES['sms-phone'] } });
    }
    expect(sentTo(phone)).toBe(10);
  });

  it('sends through /dscq-user/sms/code and through the money routes count together', async () => {
    const phone = '13800000002';
    for (let i = 0; i < 5; i += 1) {
      t.clock.now += 61_000;
      expect((await t.sendSms(phone, 1008, `198.51.111.${i}`)).status).toBe(200);
      t.clock.now += 61_000;
      expect((await moneySend('demo_org', i, `198.51.112.${i}`)).status).toBe(200);
    }
    t.clock.now += 61_000;
    expect(await moneySend('demo_org', 0, '198.51.113.1')).toMatchObject({ status: 429, body: { msg: RATE_LIMIT_MESSAGES['sms-phone'] } });
    t.clock.now += 61_000;
    const viaCode = await t.sendSms(phone, 1008, '198.51.113.2');
    expect(viaCode).toMatchObject({ status: 429, body: { msg: RATE_LIMIT_MESSAGES['sms-phone'] } });
    expect(sentTo(phone)).toBe(10);
  });

  it('the money routes count against the address too: 20 an hour from one address, /sms/code included', async () => {
    const ip = '198.51.114.1';
    const limit = DEFAULT_RATE_LIMITS['sms-ip'].limit;
    // 19 asks through /sms/code from the address, to different phones...
    for (let i = 0; i < limit - 1; i += 1) expect((await t.sendSms(`1390000${6000 + i}`, 1008, ip)).status).toBe(200);
    // ...the money route's send is the 20th, and the next of either kind is refused.
    t.clock.now += 61_000;
    expect((await moneySend('bidder01', 0, ip)).status).toBe(200);
    t.clock.now += 61_000;
    expect(await moneySend('bidder01', 1, ip)).toMatchObject({ status: 429, body: { msg: RATE_LIMIT_MESSAGES['sms-ip'] } });
    expect(await t.sendSms('13900007000', 1008, ip)).toMatchObject({ status: 429, body: { msg: RATE_LIMIT_MESSAGES['sms-ip'] } });
  });
});
