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


describe(`first-come-first-served on two server processes on one ${DIALECT} database`, () => {
  it('100 acceptances at once, on either process: exactly one wins, every other hears 已被他人应价', async () => {
    const second = await buildSecondProcess(t, () => t.clock.now, { timers: false, schema: t.handle.schema });
    try {
      await second.ready();
      const id = await createActivity(t.handle.db, spec({ mode: 'first-come-first-served' }));
      const apps = [t.app, second];
      const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => bid(apps[i % 2]!, i % 5, id, 50_000, freshKey(), 'first-come-first-served')));
      const accepted = answers.filter((a) => a.status === 200);
      expect(accepted).toHaveLength(1);
      const winner = accepted[0]!.body.data.bidCode as string;
      const winnerIndex = answers.indexOf(accepted[0]!) % 5;
      answers.forEach((a, i) => {
        if (a.status === 200) return;
        expect(a.status).toBe(400);
        expect(a.body.msg).toBe(i % 5 === winnerIndex ? '您已应价成交，无需重复应价' : '已被他人应价');
      });
      const bids = await t.handle.db.selectFrom('bid').selectAll().where('activity_id', '=', id).execute();
      expect(bids).toHaveLength(1);
      expect(bids[0]!.bid_code).toBe(winner);
      const row = await t.handle.db.selectFrom('bid_activity').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ bid_count: 1, current_price_fen: 5_000_000, leader_bid_code: winner });
    } finally {
      await second.close();
    }
  }, 120_000);
});

describe(`what a bidder alone sees in the later modes on ${DIALECT}`, () => {
  const ask = async (id: number, token?: string) =>
    (await t.app.inject({ method: 'POST', url: '/api/dscq-sync/v1/bid-assets/bidding-data', query: { activityId: String(id) }, headers: token ? { authorization: `Bearer ${token}` } : {} })).json().data;

  it('final: at the cap, the bidder at the cap may offer, the pre-emptive holder may match, the others neither', async () => {
    // bidder04 (index 3) holds a pre-emptive right.
    const id = await createActivity(
      t.handle.db,
      spec({ mode: 'final', capFen: 5_100_000, settings: { final: { windowMs: 60_000 } }, bidders: ids.map((userId, i) => ({ userId, rank: i === 3 ? 1 : null })) }),
    );
    expect((await bid(t.app, 0, id, 50_000, freshKey(), 'final')).status).toBe(200);
    const capped = await bid(t.app, 1, id, 51_000, freshKey(), 'final');
    expect(capped.status).toBe(200);
    expect(capped.body.data.endTime).toBe(NOW + 60_000);
    await t.app.live.snapshot.rebuild();
    expect(await ask(id, tokens[1])).toMatchObject({ biddingPrice: 51_000, leaderBidCode: null, bids: [], modeState: { phase: 'final', sealed: true, capPrice: 51_000 }, myAtCap: true, myCanMatch: false, myOffer: null });
    expect(await ask(id, tokens[0])).toMatchObject({ myAtCap: false, myCanMatch: false });
    expect(await ask(id, tokens[3])).toMatchObject({ myAtCap: false, myCanMatch: true });
    expect(await ask(id)).not.toHaveProperty('myAtCap');
    expect((await bid(t.app, 0, id, 51_000, freshKey(), 'final')).body.msg).toBe('价格已达封顶价，仅以封顶价出价的竞买人可提交最终报价');
    expect((await bid(t.app, 3, id, 51_000, freshKey(), 'final')).status).toBe(200);
    expect((await bid(t.app, 3, id, 52_000, freshKey(), 'final')).status).toBe(200);
    await t.app.live.snapshot.rebuild();
    expect(await ask(id, tokens[3])).toMatchObject({ myAtCap: true, myCanMatch: false, myOffer: 52_000, biddingPrice: 51_000, leaderBidCode: null });
  });

  it('two-stage: joining over HTTP needs a stage-1 quote and the window; the bidder sees his quote and that he joined', async () => {
    const saved = t.clock.now;
    try {
      const stage1EndAt = NOW + 60_000;
      const id = await createActivity(
        t.handle.db,
        spec({ mode: 'two-stage', endAt: stage1EndAt, settings: { twoStage: { stage1EndAt, joinWindowMs: 30_000, cycleMs: 60_000 } } }),
      );
      const join = async (bidder: number) => {
        const res = await t.app.inject({ method: 'POST', url: '/api/dscq-sync/v1/bidding/two-stage/join', query: { activityId: String(id) }, headers: { authorization: `Bearer ${tokens[bidder]}` } });
        return { status: res.statusCode, body: res.json() as Json };
      };
      expect((await bid(t.app, 0, id, 52_000, freshKey(), 'two-stage')).status).toBe(200);
      expect((await join(0)).body.msg).toBe('第二阶段确认期尚未开始');
      t.clock.now = stage1EndAt + 1000;
      expect((await join(1)).body.msg).toBe('您在第一阶段未提交有效报价，不能参加第二阶段');
      const joined = await join(0);
      expect(joined).toMatchObject({ status: 200, body: { data: { joined: true, stage2StartTime: stage1EndAt + 30_000, endTime: stage1EndAt + 90_000 } } });
      expect((await join(0)).status).toBe(200);
      const anonymous = await t.app.inject({ method: 'POST', url: '/api/dscq-sync/v1/bidding/two-stage/join', query: { activityId: String(id) } });
      expect(anonymous.statusCode).toBe(401);
      await t.app.live.snapshot.rebuild();
      expect(await ask(id, tokens[0])).toMatchObject({ myOffer: 52_000, myJoined: true, biddingPrice: 52_000, modeState: { phase: 'join', phaseEndsAt: stage1EndAt + 30_000 } });
      expect(await ask(id, tokens[1])).toMatchObject({ myOffer: null, myJoined: false });
      t.clock.now = stage1EndAt + 30_000 + 1000;
      expect((await join(2)).body.msg).toBe('第二阶段确认期已结束');
      expect((await bid(t.app, 1, id, 52_500, freshKey(), 'two-stage')).body.msg).toBe('您未确认参加第二阶段，不能在第二阶段出价');
    } finally {
      t.clock.now = saved;
    }
  });
});
