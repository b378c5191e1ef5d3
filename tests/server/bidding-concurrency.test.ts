/**
 * The engine under concurrency, through HTTP (SQLite; PostgreSQL when TEST_DATABASE_URL is set):
 * 200 same-amount bids at once, one idempotency key sent 10 times at once, the soft close at its edge,
 * and two server processes on one database under concurrent bids keeping every invariant.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replayActivity } from '../../server/bidding/replay.ts';
import { createAccountsApp, type AccountsTestApp } from './accounts-helpers.ts';
import { createActivity, freshKey, type ActivitySpec } from './bidding-fixtures.ts';
import { buildSecondProcess, DIALECT, NOW, type Json } from './helpers.ts';

const NAMES = ['bidder01', 'bidder02', 'bidder03', 'bidder04', 'bidder05'];
let t: AccountsTestApp;
const tokens: string[] = [];
const ids: number[] = [];

beforeAll(async () => {
  t = await createAccountsApp();
  for (const name of NAMES) {
    const answer = await t.login(name);
    expect(answer.status).toBe(200);
    tokens.push(answer.body.access_token);
  }
  const rows = await t.handle.db.selectFrom('app_user').select('id').where('login_name', 'in', NAMES).orderBy('login_name').execute();
  ids.push(...rows.map((r) => r.id));
}, 60_000);

afterAll(async () => t?.close());

const spec = (over: Partial<ActivitySpec> = {}): ActivitySpec => ({
  mode: 'ongoing',
  startAt: NOW - 60_000,
  endAt: NOW + 3_600_000,
  startFen: 5_000_000,
  incrementFen: 50_000,
  windowMs: 5 * 60_000,
  extensionMs: 5 * 60_000,
  bidders: ids.map((userId) => ({ userId, rank: null })),
  ...over,
});

async function bid(app: FastifyInstance, bidder: number, activityId: number, amountYuan: number, key = freshKey(), mode = 'ongoing') {
  const res = await app.inject({
    method: 'POST',
    url: `/api/dscq-sync/v1/bidding/${mode}/bid`,
    query: { activityId: String(activityId), amount: String(amountYuan), idempotencyKey: key },
    headers: { authorization: `Bearer ${tokens[bidder]}` },
  });
  return { status: res.statusCode, body: res.json() as Json };
}

/** Gap-free seq, strictly increasing amounts, price = the highest (= last) accepted, count = rows, and the replay agrees. */
async function expectInvariants(activityId: number) {
  const bids = await t.handle.db.selectFrom('bid').selectAll().where('activity_id', '=', activityId).orderBy('seq').execute();
  expect(bids.map((b) => b.seq)).toEqual(bids.map((_, i) => i + 1));
  for (let i = 1; i < bids.length; i++) expect(bids[i]!.amount_fen).toBeGreaterThan(bids[i - 1]!.amount_fen);
  const row = await t.handle.db.selectFrom('bid_activity').selectAll().where('id', '=', activityId).executeTakeFirstOrThrow();
  expect(row.bid_count).toBe(bids.length);
  if (bids.length > 0) {
    expect(row.current_price_fen).toBe(Math.max(...bids.map((b) => b.amount_fen)));
    expect(row.leader_user_id).toBe(bids.at(-1)!.user_id);
  }
  const replayed = await replayActivity(t.handle.db, activityId);
  expect(replayed).toMatchObject({ count: row.bid_count, priceFen: row.current_price_fen, leaderUserId: row.leader_user_id, endAt: row.end_at, extensions: row.extension_count });
  return bids;
}

describe(`bids under concurrency on ${DIALECT}`, () => {
  it('200 concurrent bids of the same amount: exactly one is accepted', async () => {
    const id = await createActivity(t.handle.db, spec());
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => bid(t.app, i % 5, id, 50_000)));
    const accepted = answers.filter((a) => a.status === 200);
    expect(accepted).toHaveLength(1);
    const refusals = new Set(answers.filter((a) => a.status !== 200).map((a) => `${a.status} ${a.body.msg}`));
    expect([...refusals].sort()).toEqual(['400 出价须至少高于当前价一个加价幅度', '400 您当前已是最高出价人，无需再次出价']);
    expect(await expectInvariants(id)).toHaveLength(1);
  }, 60_000);

  it('one idempotency key sent 10 times at once: one bid and ten equal answers', async () => {
    const id = await createActivity(t.handle.db, spec());
    const key = freshKey();
    const answers = await Promise.all(Array.from({ length: 10 }, () => bid(t.app, 2, id, 50_000, key)));
    expect(answers[0]!.status).toBe(200);
    expect(new Set(answers.map((a) => JSON.stringify(a)))).toHaveLength(1);
    expect(await expectInvariants(id)).toHaveLength(1);
  });

  it('end − 50 ms is accepted and extended; end + 1 ms is refused (ongoing and phased)', async () => {
    const saved = t.clock.now;
    try {
      const ongoing = await createActivity(t.handle.db, spec({ endAt: NOW + 600_000 }));
      t.clock.now = NOW + 600_000 - 50;
      const late = await bid(t.app, 0, ongoing, 50_000);
      expect(late.status).toBe(200);
      expect(late.body.data).toMatchObject({ extended: true, endTime: NOW + 600_000 - 50 + 5 * 60_000 });
      t.clock.now = NOW + 600_000 - 50 + 5 * 60_000 + 1;
      const closed = await bid(t.app, 1, ongoing, 50_500);
      expect(closed).toMatchObject({ status: 400, body: { msg: '竞价已结束，出价无效' } });

      const freeEndAt = NOW + 120_000;
      const phased = await createActivity(t.handle.db, spec({ mode: 'phased', endAt: freeEndAt + 90_000, settings: { phased: { freeEndAt, cycleMs: 90_000 } } }));
      t.clock.now = freeEndAt + 90_000 - 50;
      const restart = await bid(t.app, 2, phased, 50_000, freshKey(), 'phased');
      expect(restart.body.data).toMatchObject({ extended: true, endTime: freeEndAt + 180_000 - 50 });
      t.clock.now = freeEndAt + 180_000 - 50 + 1;
      expect((await bid(t.app, 3, phased, 50_500, freshKey(), 'phased')).body.msg).toBe('竞价已结束，出价无效');
      await expectInvariants(ongoing);
    } finally {
      t.clock.now = saved;
    }
  });
});

describe(`a sealed offer on ${DIALECT}`, () => {
  it('is shown to its bidder only', async () => {
    const id = await createActivity(t.handle.db, spec({ mode: 'onceOff' }));
    expect((await bid(t.app, 0, id, 50_500, freshKey(), 'onceOff')).status).toBe(200);
    await t.app.live.snapshot.rebuild();
    const ask = async (token?: string) =>
      (await t.app.inject({ method: 'POST', url: '/api/dscq-sync/v1/bid-assets/bidding-data', query: { activityId: String(id) }, headers: token ? { authorization: `Bearer ${token}` } : {} })).json().data;
    expect(await ask(tokens[0])).toMatchObject({ myOffer: 50_500, biddingPrice: 50_000, bids: [], leaderBidCode: null });
    expect((await ask(tokens[1])).myOffer).toBeNull();
    expect(await ask()).not.toHaveProperty('myOffer');
  });
});

describe(`two server processes on one ${DIALECT} database`, () => {
  it('keep every invariant under concurrent bids on shared activities', async () => {
    const second = await buildSecondProcess(t, () => t.clock.now, { timers: false, schema: t.handle.schema });
    try {
      await second.ready();
      const activities = await Promise.all([0, 1, 2].map(() => createActivity(t.handle.db, spec())));
      const apps = [t.app, second];
      // Waves of concurrent bids: each bidder offers the start price + 1..6 increments over a random lot, on either process.
      let accepted = 0;
      for (let wave = 0; wave < 6; wave++) {
        const answers = await Promise.all(
          Array.from({ length: 60 }, (_, i) => {
            const id = activities[i % 3]!;
            const amount = 50_000 + (wave * 6 + ((i * 7) % 6)) * 500;
            return bid(apps[i % 2]!, (i + wave) % 5, id, amount);
          }),
        );
        expect(answers.every((a) => a.status === 200 || a.status === 400)).toBe(true);
        accepted += answers.filter((a) => a.status === 200).length;
      }
      expect(accepted).toBeGreaterThan(6);
      for (const id of activities) await expectInvariants(id);
    } finally {
      await second.close();
    }
  }, 120_000);
});

