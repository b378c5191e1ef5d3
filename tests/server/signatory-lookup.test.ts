/**
 * The contract's signatory look-up tells whether a phone or login name belongs to a verified user (his id
 * and masked name): 60 look-ups of 138000010NN in a row used to be answered, listing users. Look-ups (and
 * adding a signatory by user id, which reveals the same) are limited per user (`lookup-user`) and per
 * address (`lookup-ip`), refused past the limit with 429 and a Chinese message, and each answered look-up
 * is in the audit log (the keyword masked). SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS, loadConfig } from '../../server/config.ts';
import { RATE_LIMIT_MESSAGES } from '../../server/services/common/rate-limit.ts';
import { CONTRACT_PATHS } from '#domain/contract/tradeContract';
import { createAccountsApp, type AccountsTestApp } from './accounts-helpers.ts';
import { DIALECT, GENEROUS_RATE_LIMITS, type Json } from './helpers.ts';

const HOUR = 3_600_000;
const LIMITS = { ...GENEROUS_RATE_LIMITS, 'lookup-user': { limit: 5, windowMs: HOUR }, 'lookup-ip': { limit: 8, windowMs: HOUR } };

let t: AccountsTestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
let contractId = 0;

async function lookup(user: string, keyword: string, ip = '198.51.120.1') {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api${CONTRACT_PATHS.findSignatory}`,
    query: { id: String(contractId), keyword },
    headers: { authorization: `Bearer ${tokens[user]}` },
    remoteAddress: ip,
  });
  return { status: res.statusCode, body: res.json() as Json, retryAfter: res.headers['retry-after'] };
}

/** Moves the clock on (past the access tokens' life too: both log in again). */
async function later(ms: number) {
  t.clock.now += ms;
  for (const user of ['bidder01', 'demo_org']) tokens[user] = (await t.login(user)).body.access_token as string;
}

const audits = (userId: number) =>
  t.handle.db.selectFrom('audit_log').selectAll().where('action', '=', 'contract.signatory.find').where('user_id', '=', userId).orderBy('id').execute();

beforeAll(async () => {
  t = await createAccountsApp({ rateLimits: LIMITS });
  await later(0);
  for (const user of ['bidder01', 'demo_org']) {
    ids[user] = (await t.handle.db.selectFrom('app_user').select('id').where('login_name', '=', user).executeTakeFirstOrThrow()).id;
  }
  // The demo contract both are parties of (demo_org transfers, bidder01 buys).
  const row = await t.handle.db
    .selectFrom('contract_party as a')
    .innerJoin('contract_party as b', 'b.contract_id', 'a.contract_id')
    .select('a.contract_id')
    .where('a.user_id', '=', ids.bidder01!)
    .where('b.user_id', '=', ids.demo_org!)
    .orderBy('a.contract_id')
    .executeTakeFirstOrThrow();
  contractId = row.contract_id;
}, 120_000);
afterAll(async () => t?.close());

describe(`signatory look-ups (${DIALECT})`, () => {
  it('the defaults are named limits, overridable with PORTAL_RATE_LIMITS', () => {
    expect(DEFAULT_RATE_LIMITS['lookup-user']).toEqual({ limit: 20, windowMs: HOUR });
    expect(DEFAULT_RATE_LIMITS['lookup-ip']).toEqual({ limit: 60, windowMs: HOUR });
    expect(loadConfig({ PORTAL_DATA_DIR: t.dataDir, PORTAL_RATE_LIMITS: 'lookup-user=3/60' }).rateLimits['lookup-user']).toEqual({ limit: 3, windowMs: 60_000 });
  });

  it('per user: the 6th look-up in the window is refused in Chinese; each answered one is audited, the keyword masked', async () => {
    // The probe's keywords: 138000010NN, some of them the demo bidders' phones.
    const keywords = ['13800001008', '13800001009', '13800001010', '13800001011', '13800001012'];
    const answers = [];
    for (const [i, keyword] of keywords.entries()) answers.push(await lookup('bidder01', keyword, `198.51.121.${i}`));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const refused = await lookup('bidder01', '13800001013', '198.51.121.9');
    expect(refused).toMatchObject({ status: 429, body: { code: 429, success: false, msg: RATE_LIMIT_MESSAGES['lookup-user'], data: null } });
    expect(refused.body.msg).toMatch(/[\u4e00-\u9fff]/);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    // Adding a signatory by user id reveals the same: it counts too.
    const add = await t.app.inject({
      method: 'POST',
      url: `/api${CONTRACT_PATHS.addSignatory}`,
      query: { id: String(contractId), userId: String(ids.demo_org!) },
      headers: { authorization: `Bearer ${tokens.bidder01}` },
      remoteAddress: '198.51.121.9',
    });
    expect(add.statusCode).toBe(429);

    const rows = await audits(ids.bidder01!);
    expect(rows).toHaveLength(5);
    for (const [i, row] of rows.entries()) {
      expect(row).toMatchObject({ ip: `198.51.121.${i}`, object: `contract:${contractId}`, result: 'success' });
      expect(row.detail).toContain('keyword:138****');
      expect(JSON.stringify(row)).not.toContain(keywords[i]);
    }
    // A found user is named by id in the audit row.
    const found = answers.filter((a) => a.body.data !== null);
    expect(found.length).toBe(3);
    for (const a of found) expect(rows.some((r) => r.detail.includes(`user:${a.body.data.userId}`))).toBe(true);

    // The next window is open again.
    await later(HOUR);
    expect((await lookup('bidder01', 'demo_org', '198.51.121.10')).status).toBe(200);
  });

  it('per address: users behind one address share its limit; another address is not affected', async () => {
    const ip = '198.51.122.1';
    await later(HOUR);
    for (let i = 0; i < 4; i += 1) expect((await lookup('bidder01', `1380001020${i}`, ip)).status).toBe(200);
    for (let i = 0; i < 4; i += 1) expect((await lookup('demo_org', `1380001021${i}`, ip)).status).toBe(200);
    expect(await lookup('demo_org', '13800010220', ip)).toMatchObject({ status: 429, body: { msg: RATE_LIMIT_MESSAGES['lookup-ip'] } });
    expect((await lookup('demo_org', '13800010221', '198.51.122.2')).status).toBe(200);
  });
});
