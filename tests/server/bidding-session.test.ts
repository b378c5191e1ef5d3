/**
 * The bid route checks only the bearer token itself (app.requireBearer); the engine checks the token's
 * session inside the bid's transaction. So a bid after logout, with a revoked or expired session or from
 * a disabled account is a 401 exactly as requireUser answers it — before a replay, an unknown activity
 * or any rule — audited, and nothing is written for it. SQLite; PostgreSQL when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsApp, type AccountsTestApp } from './accounts-helpers.ts';
import { createActivity, freshKey } from './bidding-fixtures.ts';
import { DIALECT, NOW } from './helpers.ts';

let t: AccountsTestApp;
let userId: number;
let activityId: number;

beforeAll(async () => {
  t = await createAccountsApp();
  userId = (await t.handle.db.selectFrom('app_user').select('id').where('login_name', '=', 'bidder01').executeTakeFirstOrThrow()).id;
  const others = await t.handle.db.selectFrom('app_user').select('id').where('login_name', 'in', ['bidder02', 'bidder03']).execute();
  activityId = await createActivity(t.handle.db, {
    mode: 'ongoing',
    startAt: NOW - 60_000,
    endAt: NOW + 3_600_000,
    startFen: 1_000_000,
    incrementFen: 10_000,
    allowSelfOutbid: true,
    bidders: [{ userId, rank: null }, ...others.map((o) => ({ userId: o.id, rank: null }))],
  });
}, 60_000);

afterAll(async () => t?.close());

let amountYuan = 10_000;
const bid = (token: string, key = freshKey(), id = activityId) =>
  t.call('POST', '/api/dscq-sync/v1/bidding/ongoing/bid', { token, query: { activityId: id, amount: amountYuan, idempotencyKey: key } });

async function loginToken(name = 'bidder01'): Promise<string> {
  const answer = await t.login(name);
  expect(answer.status).toBe(200);
  return answer.body.access_token as string;
}

const sessionOf = async (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string;
const bidCount = async () => (await t.handle.db.selectFrom('bid').select('id').where('activity_id', '=', activityId).execute()).length;
const deniedAudits = async () =>
  (await t.handle.db.selectFrom('audit_log').select('id').where('action', '=', 'auth.bearer').where('result', '=', 'denied').execute()).length;

describe(`the bearer's session, checked in the bid's transaction, on ${DIALECT}`, () => {
  it('an open session bids; after logout the same token is a 401, audited, with nothing written', async () => {
    const token = await loginToken();
    expect((await bid(token)).status).toBe(200);
    amountYuan += 100;
    expect((await t.call('GET', '/api/logout', { token })).status).toBe(200);
    const before = { bids: await bidCount(), audits: await deniedAudits() };
    const refused = await bid(token);
    expect(refused).toMatchObject({ status: 401, body: { code: 401, success: false, msg: '用户未登录', data: null } });
    expect(await bidCount()).toBe(before.bids);
    expect(await deniedAudits()).toBe(before.audits + 1);
  });

  it('a revoked session is refused before a replay of its key and before an unknown activity', async () => {
    const token = await loginToken();
    const key = freshKey();
    expect((await bid(token, key)).status).toBe(200);
    amountYuan += 100;
    await t.handle.db.updateTable('auth_session').set({ revoked_at: NOW, revoked_reason: 'test' }).where('id', '=', await sessionOf(token)).execute();
    expect((await bid(token, key)).status).toBe(401);
    expect((await bid(token, freshKey(), 999_999_999)).status).toBe(401);
    // With an open session the same calls are a replay and a 404.
    const fresh = await loginToken();
    expect((await bid(fresh, freshKey(), 999_999_999)).status).toBe(404);
  });

  it('an expired session and a disabled account are refused', async () => {
    const token = await loginToken();
    await t.handle.db.updateTable('auth_session').set({ expires_at: NOW - 1 }).where('id', '=', await sessionOf(token)).execute();
    expect((await bid(token)).status).toBe(401);

    const other = await loginToken();
    await t.handle.db.updateTable('app_user').set({ is_allowed: 0 }).where('id', '=', userId).execute();
    try {
      expect((await bid(other)).status).toBe(401);
      expect((await bid(other, freshKey(), 999_999_999)).status).toBe(401);
    } finally {
      await t.handle.db.updateTable('app_user').set({ is_allowed: 1 }).where('id', '=', userId).execute();
    }
    expect((await bid(other)).status).toBe(200);
    amountYuan += 100;
  });

  it('a closed session and an open one in the same group: only the open one bids', async () => {
    const [open, closed] = [await loginToken('bidder03'), await loginToken()];
    await t.handle.db.updateTable('auth_session').set({ revoked_at: NOW, revoked_reason: 'test' }).where('id', '=', await sessionOf(closed)).execute();
    const before = await bidCount();
    const answers = await Promise.all([bid(closed), bid(open)]);
    expect(answers.map((a) => a.status)).toEqual([401, 200]);
    expect(await bidCount()).toBe(before + 1);
  });
});
