/**
 * Security keys and passkeys (docs/accounts.md "Security keys"), on SQLite and PostgreSQL, with a software
 * authenticator (webauthn-authenticator.ts): registration after the password again, challenges single use,
 * bound to their session and expiring, the signature counter, login issuing a session as a password login
 * does, and 大额出价需安全密钥确认 — a bid above the threshold refused without a confirmation, accepted with
 * one, which is single use and bound to its activity and amount.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BID_KEY_REQUIRED_CODE, WEBAUTHN_CHALLENGE_SECONDS, WEBAUTHN_MESSAGES, WEBAUTHN_PATHS } from '#domain/contract/webauthn';
import { BidThresholds } from '../../server/services/webauthn/bid-guard.ts';
import { createAccountsApp, type AccountsTestApp } from './accounts-helpers.ts';
import { createActivity, liveSpec } from './bidding-fixtures.ts';
import { DIALECT, type Json } from './helpers.ts';
import { SoftAuthenticator } from './webauthn-authenticator.ts';

const API = (path: string) => `/api${path}`;
/** light-my-request's Host is localhost:80: the relying party the server derives from it. */
const ORIGIN = 'http://localhost';
const BID = '/api/dscq-sync/v1/bidding/ongoing/bid';

let t: AccountsTestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
let keySeq = 0;
const key = () => `wa-${process.pid}-${++keySeq}`;

async function call(path: string, token: string | undefined, query: Record<string, string | number> = {}, method: 'GET' | 'POST' = 'POST') {
  return t.call(method, API(path), { ...(token ? { token } : {}), query });
}

/** Registers a software key for `user` (password, options, attestation); returns the key. */
async function register(user: string, name = '我的密钥') {
  const device = new SoftAuthenticator(ORIGIN);
  const options = await call(WEBAUTHN_PATHS.registrationOptions, tokens[user], { password: t.enc('Demo@2026') });
  expect(options.status, JSON.stringify(options.body)).toBe(200);
  const verified = await call(WEBAUTHN_PATHS.registrationVerify, tokens[user], { challengeId: options.body.data.challengeId, name, response: device.register(options.body.data.options) });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  return device;
}

async function loginWith(device: SoftAuthenticator, username?: string, over: { counter?: number; origin?: string } = {}) {
  const options = await call(WEBAUTHN_PATHS.loginOptions, undefined, username ? { username } : {});
  expect(options.status).toBe(200);
  return call(WEBAUTHN_PATHS.loginVerify, undefined, { challengeId: options.body.data.challengeId, response: device.assert(options.body.data.options, over) });
}

async function bid(user: string, activityId: number, amount: number, extra: Record<string, string> = {}, idempotencyKey = key()) {
  const res = await t.app.inject({
    method: 'POST',
    url: BID,
    query: { activityId: String(activityId), amount: String(amount), idempotencyKey, ...extra },
    headers: { authorization: `Bearer ${tokens[user]}` },
  });
  return { status: res.statusCode, body: res.json() as Json };
}

async function confirmBid(user: string, device: SoftAuthenticator, activityId: number, amount: number): Promise<string> {
  const options = await call(WEBAUTHN_PATHS.bidConfirmationOptions, tokens[user], { activityId, amount });
  expect(options.status, JSON.stringify(options.body)).toBe(200);
  const verified = await call(WEBAUTHN_PATHS.bidConfirmationVerify, tokens[user], { challengeId: options.body.data.challengeId, response: device.assert(options.body.data.options) });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  return verified.body.data.confirmationId as string;
}

beforeAll(async () => {
  t = await createAccountsApp();
  for (const user of ['bidder01', 'bidder02', 'bidder03', 'bidder04']) {
    const answer = await t.login(user);
    expect(answer.status).toBe(200);
    tokens[user] = answer.body.access_token;
    ids[user] = Number(answer.body.user_id);
  }
}, 60_000);

afterAll(async () => t?.close());

describe(`security keys on ${DIALECT}`, () => {
  it('registers a key after the password again; lists it with its name; a second registration of it is refused', async () => {
    expect((await call(WEBAUTHN_PATHS.registrationOptions, undefined, { password: t.enc('Demo@2026') })).status).toBe(401);
    const wrong = await call(WEBAUTHN_PATHS.registrationOptions, tokens.bidder01, { password: t.enc('Wrong@2026') });
    expect(wrong.body).toMatchObject({ code: 400, msg: '登录密码错误' });

    const options = await call(WEBAUTHN_PATHS.registrationOptions, tokens.bidder01, { password: t.enc('Demo@2026') });
    expect(options.body.data.options).toMatchObject({ rp: { id: 'localhost', name: '河北产权交易所' }, user: { name: 'bidder01' }, attestation: 'none' });
    // The user handle is opaque: not the login name or the id.
    expect(options.body.data.options.user.id).not.toContain('bidder01');
    const device = new SoftAuthenticator(ORIGIN);
    const verified = await call(WEBAUTHN_PATHS.registrationVerify, tokens.bidder01, { challengeId: options.body.data.challengeId, name: 'U盾 一号', response: device.register(options.body.data.options) });
    expect(verified.body).toMatchObject({ code: 200, data: { name: 'U盾 一号', lastUsedTime: null, synced: false } });

    const list = await call(WEBAUTHN_PATHS.credentials, tokens.bidder01, {}, 'GET');
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({ name: 'U盾 一号', lastUsedTime: null });

    // The same key again: excluded by the options, refused by the server if it comes anyway.
    const again = await call(WEBAUTHN_PATHS.registrationOptions, tokens.bidder01, { password: t.enc('Demo@2026') });
    expect(again.body.data.options.excludeCredentials.map((c: Json) => c.id)).toEqual([device.id]);
    const dup = await call(WEBAUTHN_PATHS.registrationVerify, tokens.bidder01, { challengeId: again.body.data.challengeId, name: '重复', response: device.register(again.body.data.options) });
    expect(dup.body).toMatchObject({ code: 400, msg: WEBAUTHN_MESSAGES.duplicateKey });
    const audit = await t.handle.db.selectFrom('audit_log').select(['action', 'result']).where('user_id', '=', ids.bidder01!).where('action', '=', 'webauthn.register').execute();
    expect(audit.map((a) => a.result).sort()).toEqual(['failure', 'success']);
  });

  it('a challenge is used once, expires, belongs to the session that asked, and checks the origin', async () => {
    const device = new SoftAuthenticator(ORIGIN);
    const ask = () => call(WEBAUTHN_PATHS.registrationOptions, tokens.bidder02, { password: t.enc('Demo@2026') });
    // Another origin (a phishing page relaying the challenge): refused, and the challenge is used up.
    const phished = await ask();
    const evil = await call(WEBAUTHN_PATHS.registrationVerify, tokens.bidder02, { challengeId: phished.body.data.challengeId, name: 'x', response: device.register(phished.body.data.options, { origin: 'http://evil.example' }) });
    expect(evil.body).toMatchObject({ code: 400, msg: WEBAUTHN_MESSAGES.verifyFailed });
    const reuse = await call(WEBAUTHN_PATHS.registrationVerify, tokens.bidder02, { challengeId: phished.body.data.challengeId, name: 'x', response: device.register(phished.body.data.options) });
    expect(reuse.body).toMatchObject({ code: 400, msg: WEBAUTHN_MESSAGES.challengeInvalid });

    // Another session of the same user cannot finish it.
    const other = (await t.login('bidder02')).body.access_token as string;
    const mine = await ask();
    const stolen = await call(WEBAUTHN_PATHS.registrationVerify, other, { challengeId: mine.body.data.challengeId, name: 'x', response: device.register(mine.body.data.options) });
    expect(stolen.body).toMatchObject({ code: 400, msg: WEBAUTHN_MESSAGES.challengeInvalid });

    // Expired: the clock moves past its life.
    const late = await ask();
    t.clock.now += WEBAUTHN_CHALLENGE_SECONDS * 1000 + 1;
    try {
      const expired = await call(WEBAUTHN_PATHS.registrationVerify, tokens.bidder02, { challengeId: late.body.data.challengeId, name: 'x', response: device.register(late.body.data.options) });
      expect(expired.body).toMatchObject({ code: 400, msg: WEBAUTHN_MESSAGES.challengeInvalid });
    } finally {
      t.clock.now -= WEBAUTHN_CHALLENGE_SECONDS * 1000 + 1;
    }
    expect((await call(WEBAUTHN_PATHS.credentials, tokens.bidder02, {}, 'GET')).body.data).toEqual([]);
  });

  it('logs in with a passkey (no name) or username-first, as a password login does: a session, the grant recorded, an audit line', async () => {
    const device = await register('bidder03', '手机通行密钥');
    const passkey = await loginWith(device);
    expect(passkey.status, JSON.stringify(passkey.body)).toBe(200);
    const pair = passkey.body.data;
    expect(pair).toMatchObject({ token_type: 'bearer', account: 'bidder03', user_id: String(ids.bidder03) });
    const detail = await t.call('GET', '/api/dscq-user/user/detail', { token: pair.access_token });
    expect(detail.body.data.loginName).toBe('bidder03');
    const sessions = await t.handle.db.selectFrom('auth_session').select('grant_type').where('user_id', '=', ids.bidder03!).execute();
    expect(sessions.map((s) => s.grant_type)).toContain('webauthn');
    const audit = await t.handle.db.selectFrom('audit_log').select(['object', 'result']).where('user_id', '=', ids.bidder03!).where('action', '=', 'login').where('object', '=', 'webauthn').execute();
    expect(audit).toEqual([{ object: 'webauthn', result: 'success' }]);

    // Username-first: the options name the user's keys; an unknown name gets a made-up id, the same each time.
    const named = await call(WEBAUTHN_PATHS.loginOptions, undefined, { username: 'bidder03' });
    expect(named.body.data.options.allowCredentials.map((c: Json) => c.id)).toEqual([device.id]);
    const unknown1 = await call(WEBAUTHN_PATHS.loginOptions, undefined, { username: 'nobody_here' });
    const unknown2 = await call(WEBAUTHN_PATHS.loginOptions, undefined, { username: 'nobody_here' });
    expect(unknown1.body.data.options.allowCredentials).toHaveLength(1);
    expect(unknown1.body.data.options.allowCredentials[0].id).toBe(unknown2.body.data.options.allowCredentials[0].id);
    expect((await loginWith(device, 'bidder03')).status).toBe(200);
    // A key answering a challenge made for another user's name is refused.
    expect((await loginWith(device, 'bidder01')).body).toMatchObject({ code: 400, msg: WEBAUTHN_MESSAGES.unknownKey });

    // The key's last use is shown.
    const list = await call(WEBAUTHN_PATHS.credentials, tokens.bidder03, {}, 'GET');
    expect(list.body.data[0].lastUsedTime).not.toBeNull();
  });

  it('the counter must grow (a cloned key is refused); a login needs user verification; an unknown key is refused', async () => {
    const device = await register('bidder04');
    expect((await loginWith(device)).status).toBe(200);
    const stored = await t.handle.db.selectFrom('webauthn_credential').select('counter').where('credential_id', '=', device.id).executeTakeFirstOrThrow();
    expect(stored.counter).toBe(device.counter);
    const cloned = await loginWith(device, undefined, { counter: device.counter });
    expect(cloned.body).toMatchObject({ code: 400, msg: WEBAUTHN_MESSAGES.verifyFailed });
    expect((await loginWith(device)).status).toBe(200);

    device.userVerified = false;
    expect((await loginWith(device)).body).toMatchObject({ code: 400, msg: WEBAUTHN_MESSAGES.verifyFailed });
    device.userVerified = true;

    const stranger = new SoftAuthenticator(ORIGIN);
    expect((await loginWith(stranger)).body).toMatchObject({ code: 400, msg: WEBAUTHN_MESSAGES.unknownKey });
    // A login challenge is single use too.
    const options = await call(WEBAUTHN_PATHS.loginOptions, undefined, {});
    const response = device.assert(options.body.data.options);
    expect((await call(WEBAUTHN_PATHS.loginVerify, undefined, { challengeId: options.body.data.challengeId, response })).status).toBe(200);
    expect((await call(WEBAUTHN_PATHS.loginVerify, undefined, { challengeId: options.body.data.challengeId, response })).body).toMatchObject({ code: 400, msg: WEBAUTHN_MESSAGES.challengeInvalid });
  });
});

describe(`大额出价需安全密钥确认 on ${DIALECT}`, () => {
  it('needs a key to be turned on; bids above the threshold need a confirmation bound to activity and amount, used once', async () => {
    // bidder02 has no key: the setting cannot be turned on.
    const noKey = await call(WEBAUTHN_PATHS.saveSettings, tokens.bidder02, { thresholdYuan: 10_300, password: t.enc('Demo@2026') });
    expect(noKey.body).toMatchObject({ code: 400, msg: WEBAUTHN_MESSAGES.noKeyForThreshold });

    const device = await register('bidder04', '大额确认');
    expect((await call(WEBAUTHN_PATHS.settings, tokens.bidder04, {}, 'GET')).body.data).toEqual({ thresholdYuan: 0 });
    const saved = await call(WEBAUTHN_PATHS.saveSettings, tokens.bidder04, { thresholdYuan: 10_300, password: t.enc('Demo@2026') });
    expect(saved.body).toMatchObject({ code: 200, data: { thresholdYuan: 10_300 } });
    expect((await call(WEBAUTHN_PATHS.settings, tokens.bidder04, {}, 'GET')).body.data).toEqual({ thresholdYuan: 10_300 });

    // 10,000 yuan start, 100 yuan steps; bidder04 and bidder02 take turns.
    const activityId = await createActivity(t.handle.db, liveSpec('ongoing', t.clock.now, [ids.bidder04!, ids.bidder02!]));
    expect((await bid('bidder04', activityId, 10_100)).status).toBe(200);
    expect((await bid('bidder02', activityId, 10_200)).status).toBe(200);
    // At the threshold: no key needed.
    expect((await bid('bidder04', activityId, 10_300)).status).toBe(200);
    expect((await bid('bidder02', activityId, 10_400)).status).toBe(200);
    // Above it: refused without a confirmation.
    const refused = await bid('bidder04', activityId, 10_500);
    expect(refused).toMatchObject({ status: BID_KEY_REQUIRED_CODE, body: { code: BID_KEY_REQUIRED_CODE, msg: WEBAUTHN_MESSAGES.keyRequired } });

    const confirmationId = await confirmBid('bidder04', device, activityId, 10_500);
    // Bound to the amount.
    expect((await bid('bidder04', activityId, 10_600, { confirmationId })).body).toMatchObject({ code: BID_KEY_REQUIRED_CODE, msg: WEBAUTHN_MESSAGES.confirmationInvalid });
    const accepted = await bid('bidder04', activityId, 10_500, { confirmationId }, 'wa-accepted-bid-1');
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    // A network retry of that same bid (same idempotency key) is answered as the first time.
    const retry = await bid('bidder04', activityId, 10_500, { confirmationId }, 'wa-accepted-bid-1');
    expect(retry).toEqual(accepted);
    // Used: not for another bid.
    expect((await bid('bidder02', activityId, 10_600)).status).toBe(200);
    expect((await bid('bidder04', activityId, 10_700, { confirmationId })).body).toMatchObject({ code: BID_KEY_REQUIRED_CODE, msg: WEBAUTHN_MESSAGES.confirmationInvalid });
    // Bound to its activity too.
    const elsewhere = await createActivity(t.handle.db, liveSpec('ongoing', t.clock.now, [ids.bidder04!, ids.bidder02!]));
    const forOther = await confirmBid('bidder04', device, elsewhere, 10_700);
    expect((await bid('bidder04', activityId, 10_700, { confirmationId: forOther })).body.code).toBe(BID_KEY_REQUIRED_CODE);

    // Expired after a minute.
    const stale = await confirmBid('bidder04', device, activityId, 10_700);
    t.clock.now += 61_000;
    try {
      expect((await bid('bidder04', activityId, 10_700, { confirmationId: stale })).body).toMatchObject({ code: BID_KEY_REQUIRED_CODE, msg: WEBAUTHN_MESSAGES.confirmationInvalid });
    } finally {
      t.clock.now -= 61_000;
    }
    const fresh = await confirmBid('bidder04', device, activityId, 10_700);
    expect((await bid('bidder04', activityId, 10_700, { confirmationId: fresh })).status).toBe(200);
    // Each accepted bid above the threshold used one confirmation (bidder02, without a threshold, bid as before).
    const mine = await t.handle.db.selectFrom('webauthn_bid_confirmation').select(['used_key']).where('user_id', '=', ids.bidder04!).execute();
    expect(mine.filter((c) => c.used_key !== null)).toHaveLength(2);
  });

  it('another process learns a saved threshold on its next refresh; the last key stays while the setting is on', async () => {
    const other = new BidThresholds(t.database.openAnother().db, () => t.clock.now);
    await other.refresh();
    expect(other.thresholdOf(ids.bidder04!)).toBe(1_030_000);
    expect(other.needsKey(ids.bidder02!, 100_000_000)).toBe(false);

    const keys = (await call(WEBAUTHN_PATHS.credentials, tokens.bidder04, {}, 'GET')).body.data as Json[];
    // bidder04 has two keys (one from the counter test): the first goes, the last stays while the setting is on.
    expect((await call(WEBAUTHN_PATHS.removeCredential, tokens.bidder04, { id: keys[0].id, password: t.enc('Demo@2026') })).status).toBe(200);
    const last = await call(WEBAUTHN_PATHS.removeCredential, tokens.bidder04, { id: keys[1].id, password: t.enc('Demo@2026') });
    expect(last.body).toMatchObject({ code: 400, msg: WEBAUTHN_MESSAGES.lastKeyWithThreshold });
    // Another user's key: not found.
    expect((await call(WEBAUTHN_PATHS.removeCredential, tokens.bidder01, { id: keys[1].id, password: t.enc('Demo@2026') })).status).toBe(404);

    t.clock.now += 1000;
    try {
      expect((await call(WEBAUTHN_PATHS.saveSettings, tokens.bidder04, { thresholdYuan: 0, password: t.enc('Demo@2026') })).body.data).toEqual({ thresholdYuan: 0 });
      await other.refresh();
      expect(other.thresholdOf(ids.bidder04!)).toBeUndefined();
    } finally {
      t.clock.now -= 1000;
    }
    expect((await call(WEBAUTHN_PATHS.removeCredential, tokens.bidder04, { id: keys[1].id, password: t.enc('Demo@2026') })).status).toBe(200);
  });
});
