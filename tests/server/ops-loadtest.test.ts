/**
 * The operator API's load-test accounts (POST /api/dscq-ops/loadtest/accounts, server/routes/ops-loadtest.ts):
 * absent unless the installation allows them (PORTAL_LOADTEST_ACCOUNTS); operators only; the accounts are
 * verified, qualified with distinct bid codes, sign in by their one-time login code and can bid; one audit
 * line per call; a name taken is a 409.
 */
import path from 'node:path';
import { tmpdir } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { BASIC, createAccountsApp, type AccountsTestApp } from './accounts-helpers.ts';
import { freshKey } from './bidding-fixtures.ts';
import { GENEROUS_RATE_LIMITS, type Json } from './helpers.ts';

let t: AccountsTestApp;
let app: FastifyInstance;
const tokens = new Map<string, string>();
let activityId: number;

beforeAll(async () => {
  t = await createAccountsApp({ enrolment: { operators: ['demo_org'], timers: false } });
  for (const name of ['demo_org', 'demo_person']) tokens.set(name, (await t.login(name)).body.access_token);
  // The same installation with load-test accounts allowed (another process on its database).
  app = await buildApp({
    db: t.handle.db,
    config: {
      staticDir: path.join(tmpdir(), 'portal-no-such-dist'),
      logLevel: 'warn',
      dataDir: t.dataDir,
      nodeEnv: 'test',
      rateLimits: GENEROUS_RATE_LIMITS,
      accounts: { fixedCaptcha: undefined, fixedSmsCode: undefined, secrets: {} },
      loadTestAccounts: true,
    },
    logger: false,
    now: () => t.clock.now,
    live: { timers: false, schema: t.handle.schema },
    enrolment: { operators: ['demo_org'], timers: false },
  });
  await app.ready();
  const live = await t.handle.db.selectFrom('bid_activity').select('id').where('status', '=', 'live').where('mode', '=', 'ongoing').where('cap_fen', 'is', null).orderBy('id').executeTakeFirstOrThrow();
  activityId = live.id;
}, 120_000);

afterAll(async () => {
  await app?.close();
  await t?.close();
});

const provision = async (target: FastifyInstance, as: string | null, query: Record<string, string>) => {
  const res = await target.inject({ method: 'POST', url: '/api/dscq-ops/loadtest/accounts', query, headers: as ? { authorization: `Bearer ${tokens.get(as)}` } : {} });
  return { status: res.statusCode, body: res.json() as Json };
};

describe('POST /api/dscq-ops/loadtest/accounts', () => {
  it('does not exist where the installation has not allowed it', async () => {
    expect((await provision(t.app, 'demo_org', { tag: 'off', count: '1' })).status).toBe(404);
  });

  it('is for operators only, and checks its parameters', async () => {
    expect((await provision(app, null, { tag: 'x', count: '1' })).status).toBe(401);
    expect((await provision(app, 'demo_person', { tag: 'x', count: '1' })).status).toBe(403);
    expect((await provision(app, 'demo_org', { tag: 'Bad-Tag', count: '1' })).body.msg).toContain('tag');
    expect((await provision(app, 'demo_org', { tag: 'x', count: '201' })).status).toBe(400);
    expect((await provision(app, 'demo_org', { tag: 'x', count: '1', activityIds: '99999999' })).status).toBe(404);
  });

  it('makes verified, qualified accounts that sign in by their login code and bid', async () => {
    const answer = await provision(app, 'demo_org', { tag: 'ut1', from: '0', count: '3', activityIds: String(activityId) });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const accounts = answer.body.data.accounts as Array<{ loginName: string; loginCode: string; bidCodes: Record<string, string> }>;
    expect(accounts.map((a) => a.loginName)).toEqual(['ltut1_0', 'ltut1_1', 'ltut1_2']);
    const codes = accounts.map((a) => a.bidCodes[String(activityId)]);
    expect(codes.every((c) => /^\d{6}$/.test(c ?? ''))).toBe(true);
    expect(new Set(codes).size).toBe(3);

    const audit = await t.handle.db.selectFrom('audit_log').select(['action', 'object', 'detail']).where('action', '=', 'loadtest.accounts').execute();
    expect(audit).toEqual([{ action: 'loadtest.accounts', object: 'tag:ut1', detail: `from=0 count=3 activities=${activityId}` }]);

    const login = await app.inject({ method: 'POST', url: '/api/oauth/token', query: { grant_type: 'login_code', code: accounts[0]!.loginCode, scope: 'all' }, headers: { authorization: BASIC } });
    expect(login.statusCode).toBe(200);
    const token = login.json().access_token as string;
    // The code is single use.
    expect((await app.inject({ method: 'POST', url: '/api/oauth/token', query: { grant_type: 'login_code', code: accounts[0]!.loginCode, scope: 'all' }, headers: { authorization: BASIC } })).statusCode).toBe(400);

    const lot = await t.handle.db.selectFrom('bid_activity').select(['current_price_fen', 'increment_fen']).where('id', '=', activityId).executeTakeFirstOrThrow();
    const bid = await app.inject({
      method: 'POST',
      url: '/api/dscq-sync/v1/bidding/ongoing/bid',
      query: { activityId: String(activityId), amount: ((lot.current_price_fen + lot.increment_fen) / 100).toFixed(2), idempotencyKey: freshKey() },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(bid.statusCode, bid.body).toBe(200);
    expect(bid.json().data.bidCode).toBe(codes[0]);
  });

  it('refuses a login name already taken', async () => {
    const again = await provision(app, 'demo_org', { tag: 'ut1', from: '2', count: '2' });
    expect(again.status).toBe(409);
    expect(again.body.msg).toContain('ltut1_2');
    // Watchers only: no activity, no bid codes.
    const watchers = await provision(app, 'demo_org', { tag: 'ut1', from: '3', count: '2' });
    expect(watchers.status).toBe(200);
    expect(watchers.body.data.accounts.map((a: { bidCodes: object }) => a.bidCodes)).toEqual([{}, {}]);
  });
});
