/**
 * The four implemented modes against the reference model of bidding-fixtures.ts, over random bid
 * sequences and clocks (fast-check), then the settlement (result notice, messages, 流拍) and what the
 * public sees (sealed onceOff, the dutch price). SQLite; PostgreSQL when TEST_DATABASE_URL is set.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivitySettings } from '#domain/contract/bidModes';
import { dutchEndAt } from '#domain/rules/bidModes';
import { BID_REJECTION_MESSAGES } from '#domain/rules/bidRules';
import { BIDDING_MODES } from '#domain/contract/hall';
import { sweepActivities, CLOSE_GRACE_MS, type EngineDeps } from '../../server/bidding/engine.ts';
import { replayActivity } from '../../server/bidding/replay.ts';
import { bidAt, createActivity, liveSpec, initialModel, modelBid, type ActivitySpec } from './bidding-fixtures.ts';
import { createTestApp, DIALECT, NOW, TEST_DATABASE_URL, type Json, type TestApp } from './helpers.ts';

let t: TestApp;
let engine: EngineDeps;
/** The app's server clock (snapshot and routes); engine calls pass their own times. */
const clock = { now: NOW };
let users: number[] = [];
/** Runs per mode; BID_PROPERTY_RUNS=500 for a longer search. */
const RUNS = Number(process.env.BID_PROPERTY_RUNS) || (TEST_DATABASE_URL ? 12 : 25);

beforeAll(async () => {
  t = await createTestApp({ now: () => clock.now });
  engine = t.app.live.engine;
  const rows = await t.handle.db.selectFrom('app_user').select('id').where('login_name', 'in', ['bidder01', 'bidder02', 'bidder03', 'bidder04']).orderBy('login_name').execute();
  users = rows.map((r) => r.id);
}, 60_000);

afterAll(async () => t?.close());

interface Op {
  bidder: number;
  dt: number;
  kind: number;
  k: number;
}

const opArb = fc.record({ bidder: fc.integer({ min: 0, max: 3 }), dt: fc.integer({ min: 0, max: 40_000 }), kind: fc.integer({ min: 0, max: 7 }), k: fc.integer({ min: 1, max: 3 }) });

const specArb = (mode: string) =>
  fc
    .record({
      startUnits: fc.integer({ min: 10, max: 500 }),
      increment: fc.constantFrom(100, 500, 1000, 10_000),
      capSteps: fc.option(fc.integer({ min: 2, max: 10 }), { nil: null }),
      tierSteps: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
      ranks: fc.array(fc.constantFrom<number | null>(null, 1, 1, 2), { minLength: 4, maxLength: 4 }),
      selfOutbid: fc.boolean(),
    })
    .map(({ startUnits, increment, capSteps, tierSteps, ranks, selfOutbid }): ActivitySpec => {
      const startFen = startUnits * 10_000;
      const startAt = NOW + 3_600_000;
      const settings: ActivitySettings = {};
      if (tierSteps !== null && (mode === 'ongoing' || mode === 'phased')) {
        settings.tiers = [{ fromFen: startFen + tierSteps * increment, incrementFen: increment * 2 }];
      }
      let endAt = startAt + 5 * 60_000;
      if (mode === 'phased') {
        settings.phased = { freeEndAt: startAt + 2 * 60_000, cycleMs: 60_000 };
        endAt = settings.phased.freeEndAt + settings.phased.cycleMs;
      }
      if (mode === 'dutch-auction') {
        settings.dutch = { decrementFen: increment, intervalMs: 10_000, floorFen: startFen - 10 * increment };
        endAt = dutchEndAt(settings.dutch, startFen, startAt);
      }
      return {
        mode,
        startAt,
        endAt,
        startFen,
        incrementFen: increment,
        capFen: capSteps !== null && mode !== 'dutch-auction' ? startFen + capSteps * increment : null,
        windowMs: mode === 'ongoing' ? 60_000 : 0,
        extensionMs: mode === 'ongoing' ? 60_000 : 0,
        allowSelfOutbid: selfOutbid,
        settings,
        bidders: users.map((userId, i) => ({ userId, rank: ranks[i]! })),
      };
    });

/** An amount the op asks for, chosen from the model's state so that valid and invalid bids both occur. */
function amountOf(spec: ActivitySpec, s: ReturnType<typeof initialModel>, op: Op, at: number): number {
  const inc = spec.incrementFen;
  const tiers = spec.settings?.tiers ?? [];
  const step = tiers.length > 0 && s.priceFen >= tiers[0]!.fromFen ? tiers[0]!.incrementFen : inc;
  if (spec.mode === 'dutch-auction') {
    const d = spec.settings!.dutch!;
    const price = Math.max(d.floorFen, spec.startFen - Math.floor(Math.max(0, at - spec.startAt) / d.intervalMs) * d.decrementFen);
    return [price, price - 1, price + op.k * inc, spec.startFen, d.floorFen, price, price, price - inc][op.kind]!;
  }
  const next = s.count === 0 ? spec.startFen : s.priceFen + step * op.k;
  return [next, s.priceFen, next + 1, spec.startFen - inc, spec.startFen + op.k * inc * 3, (spec.capFen ?? next) + inc, next, s.priceFen][op.kind]!;
}

async function runSequence(spec: ActivitySpec, ops: Op[]) {
  const activityId = await createActivity(t.handle.db, spec);
  const model = initialModel(spec);
  let at = spec.startAt - 15_000;
  for (const op of ops) {
    at += op.dt;
    const userId = spec.bidders[op.bidder]!.userId;
    const amountFen = amountOf(spec, model, op, at);
    if (amountFen <= 0) continue;
    const expected = modelBid(spec, model, userId, amountFen, at);
    const answer = await bidAt(engine, { userId, mode: spec.mode, activityId, amountFen, at });
    if (expected.rejection) {
      expect(answer.body.msg, `op ${JSON.stringify(op)} at +${at - spec.startAt} ms`).toBe(BID_REJECTION_MESSAGES[expected.rejection]);
      expect(answer.status).toBe(400);
    } else {
      expect(answer.status, `op ${JSON.stringify(op)}: ${answer.body.msg}`).toBe(200);
      expect(answer.body.data).toMatchObject({ seq: model.count, amount: expected.loggedFen / 100 });
    }
  }
  const row = await t.handle.db.selectFrom('bid_activity').selectAll().where('id', '=', activityId).executeTakeFirstOrThrow();
  expect({ count: row.bid_count, price: row.current_price_fen, max: row.max_price_fen, leader: row.leader_user_id, end: row.end_at, ext: row.extension_count }).toEqual({
    count: model.count,
    price: model.priceFen,
    max: model.maxFen,
    leader: model.leader,
    end: model.endAt,
    ext: model.extensions,
  });
  const replayed = await replayActivity(t.handle.db, activityId);
  expect(replayed).toMatchObject({ count: row.bid_count, priceFen: row.current_price_fen, maxFen: row.max_price_fen, leaderUserId: row.leader_user_id, endAt: row.end_at, extensions: row.extension_count });
  const seqs = (await t.handle.db.selectFrom('bid').select('seq').where('activity_id', '=', activityId).orderBy('seq').execute()).map((b) => b.seq);
  expect(seqs).toEqual(seqs.map((_, i) => i + 1));
}

describe(`engine against the reference model on ${DIALECT}`, () => {
  for (const mode of ['ongoing', 'phased', 'onceOff', 'dutch-auction']) {
    it(`${mode}: random bid sequences and clocks give the model's answers and state`, async () => {
      await fc.assert(
        fc.asyncProperty(specArb(mode), fc.array(opArb, { minLength: 1, maxLength: 18 }), (spec, ops) => runSequence(spec, ops)),
        { numRuns: RUNS },
      );
    }, 180_000);
  }
});

describe(`demo data on ${DIALECT}`, () => {
  it('has live demo activities of all eight modes, some ending within minutes, each replaying from its log', async () => {
    const demo = await t.handle.db.selectFrom('bid_activity').selectAll().where('activity_code', 'like', 'DEMO-%').where('status', '=', 'live').execute();
    for (const mode of BIDDING_MODES) {
      const ofMode = demo.filter((a) => a.mode === mode);
      expect(ofMode.length, mode).toBeGreaterThanOrEqual(2);
      expect(ofMode.some((a) => a.end_at < NOW + 15 * 60_000), `${mode} ending soon`).toBe(true);
    }
    for (const a of demo) {
      const replayed = await replayActivity(t.handle.db, a.id);
      expect(replayed, a.activity_code).toMatchObject({ count: a.bid_count, priceFen: a.current_price_fen, maxFen: a.max_price_fen, leaderUserId: a.leader_user_id, endAt: a.end_at });
    }
    const quals = await t.handle.db.selectFrom('bid_qualification').select(['activity_id']).where('user_id', 'in', users).execute();
    for (const a of demo) expect(quals.filter((q) => q.activity_id === a.id).length).toBe(4);
  });
});

const DATA = '/api/dscq-sync/v1/bid-assets/bidding-data';

async function data(activityId: number) {
  const res = await t.app.inject({ method: 'POST', url: DATA, query: { activityId: String(activityId) } });
  return { etag: res.headers.etag as string, body: res.json() as Json };
}

describe(`settlement and the public view on ${DIALECT}`, () => {
  const base = (mode: string, over: Partial<ActivitySpec> = {}): ActivitySpec => liveSpec(mode, NOW, users, over);

  it('tells the overtaken leader, then at the end the winner, the losers and the result notice', async () => {
    const id = await createActivity(t.handle.db, base('ongoing'));
    expect((await bidAt(engine, { userId: users[0]!, mode: 'ongoing', activityId: id, amountFen: 1_000_000, at: NOW })).status).toBe(200);
    expect((await bidAt(engine, { userId: users[1]!, mode: 'ongoing', activityId: id, amountFen: 1_020_000, at: NOW + 1000 })).status).toBe(200);
    const outbid = await t.handle.db.selectFrom('message').selectAll().where('user_id', '=', users[0]!).where('kind', '=', 'outbid').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(outbid.title).toMatch(/^「.+」出价已被超越$/);
    expect(outbid.content).toContain('10,200.00 元');

    const end = NOW + 10 * 60_000 + CLOSE_GRACE_MS;
    expect(await sweepActivities({ ...engine, now: () => end })).toBeGreaterThanOrEqual(1);
    const row = await t.handle.db.selectFrom('bid_activity').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'ended', outcome: 'sold' });
    const won = await t.handle.db.selectFrom('message').selectAll().where('user_id', '=', users[1]!).where('kind', '=', 'won').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(won.content).toContain('10,200.00 元');
    const lost = await t.handle.db.selectFrom('message').selectAll().where('user_id', '=', users[0]!).where('kind', '=', 'lost').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(lost.title).toMatch(/^「.+」竞价结果通知：未竞得$/);
    const notice = await t.handle.db
      .selectFrom('news')
      .innerJoin('news_plate', 'news_plate.id', 'news.plate_id')
      .select(['news.title', 'news.content', 'news_plate.name'])
      .where('news.ref_code', '=', `JG-BID-${row.activity_code}`)
      .executeTakeFirstOrThrow();
    expect(notice.name).toBe('结果公示');
    expect(notice.title).toMatch(/竞价结果公示$/);
    expect(notice.content).toContain('成交价');
    expect(notice.content).toContain(row.leader_bid_code!);
    // Shown in the result-notice plate's list from its publication (the end): public lists show what has been published by the server's clock.
    const plate = await t.handle.db.selectFrom('news_plate').select('id').where('code', '=', 'jggs').executeTakeFirstOrThrow();
    const before = clock.now;
    clock.now = end;
    try {
      const list = await t.post('/api/dscq-content/news-content/page', { plateId: plate.id, current: 1, size: 5 });
      expect(JSON.stringify(list.body)).toContain(notice.title);
    } finally {
      clock.now = before;
    }
  });

  it('refuses bids on an activity whose mode settings are invalid, in Chinese', async () => {
    const id = await createActivity(t.handle.db, base('phased', { settings: { dutch: { decrementFen: 1, intervalMs: 1000, floorFen: 0 } } }));
    const answer = await bidAt(engine, { userId: users[0]!, mode: 'phased', activityId: id, amountFen: 1_000_000, at: NOW });
    expect(answer).toMatchObject({ status: 400, body: { msg: '竞价活动参数有误，请联系交易机构' } });
  });

  it('below the reserve is 流拍: a failed outcome, a 流拍 notice and failed messages', async () => {
    const id = await createActivity(t.handle.db, base('ongoing', { reserveFen: 2_000_000 }));
    expect((await bidAt(engine, { userId: users[2]!, mode: 'ongoing', activityId: id, amountFen: 1_000_000, at: NOW })).status).toBe(200);
    await sweepActivities({ ...engine, now: () => NOW + 11 * 60_000 });
    const row = await t.handle.db.selectFrom('bid_activity').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.outcome).toBe('failed');
    const notice = await t.handle.db.selectFrom('news').select(['summary']).where('ref_code', '=', `JG-BID-${row.activity_code}`).executeTakeFirstOrThrow();
    expect(notice.summary).toContain('流拍');
    const failed = await t.handle.db.selectFrom('message').select('title').where('user_id', '=', users[2]!).where('kind', '=', 'failed').execute();
    expect(failed.some((m) => m.title.endsWith('竞价结果通知：流拍'))).toBe(true);
  });

  it('onceOff hides amounts and the leader until the end, then shows the ranking’s winner', async () => {
    const id = await createActivity(t.handle.db, base('onceOff'));
    for (const [i, amountFen] of [1_050_000, 1_080_000, 1_080_000].entries()) {
      expect((await bidAt(engine, { userId: users[i]!, mode: 'onceOff', activityId: id, amountFen, at: NOW + i * 1000 })).status).toBe(200);
    }
    expect((await bidAt(engine, { userId: users[0]!, mode: 'onceOff', activityId: id, amountFen: 1_100_000, at: NOW + 5000 })).body.msg).toBe('一次报价只能提交一次，您已提交过报价');
    await t.app.live.snapshot.rebuild();
    const sealed = (await data(id)).body.data;
    expect(sealed).toMatchObject({ biddingPrice: 10_000, maxPrice: 10_000, leaderBidCode: null, bids: [], biddingCount: 3, modeState: { sealed: true, phase: 'sealed' } });
    const rate = await t.post('/api/dscq-sync/v1/bid-assets/bidding-rate', { activityIds: String(id) });
    expect(rate.body.data.rates[0]).toMatchObject({ biddingPrice: 10_000, premiumRate: '---' });

    await sweepActivities({ ...engine, now: () => NOW + 11 * 60_000 });
    await t.app.live.snapshot.rebuild();
    const open = (await data(id)).body.data;
    // Tie at 10,800: the earlier offer (users[1]) wins.
    const codes = await t.handle.db.selectFrom('bid_qualification').select(['user_id', 'bid_code']).where('activity_id', '=', id).execute();
    expect(open).toMatchObject({ status: 'ended', outcome: 'sold', biddingPrice: 10_800, leaderBidCode: codes.find((c) => c.user_id === users[1])!.bid_code });
    expect(open.bids).toHaveLength(3);
  });

  it('dutch-auction shows the falling price (a new tag at each drop) and sells to the first acceptance at the price of its receipt', async () => {
    const dutch = { decrementFen: 10_000, intervalMs: 60_000, floorFen: 900_000 };
    const startAt = NOW - 150_000; // two drops done at NOW
    const id = await createActivity(t.handle.db, base('dutch-auction', { startAt, endAt: dutchEndAt(dutch, 1_000_000, startAt), settings: { dutch } }));
    await t.app.live.snapshot.rebuild();
    const first = await data(id);
    expect(first.body.data).toMatchObject({ biddingPrice: 9_800, modeState: { phase: 'descending', nextDropAt: startAt + 180_000, floorPrice: 9_000 } });
    // The next drop: a new price under a new tag.
    clock.now = startAt + 180_000;
    const dropped = await data(id);
    expect(dropped.body.data.biddingPrice).toBe(9_700);
    expect(dropped.etag).not.toBe(first.etag);
    clock.now = NOW;
    expect((await bidAt(engine, { userId: users[3]!, mode: 'dutch-auction', activityId: id, amountFen: 970_000, at: NOW })).body.msg).toBe('应价低于当前降价价格，请按当前价格应价');
    const accepted = await bidAt(engine, { userId: users[3]!, mode: 'dutch-auction', activityId: id, amountFen: 990_000, at: NOW + 40_000 });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data?.amount).toBe(9_700); // the price at receipt, not the offer
    expect((await bidAt(engine, { userId: users[0]!, mode: 'dutch-auction', activityId: id, amountFen: 990_000, at: NOW + 39_000 })).body.msg).toBe('已有竞买人应价成交，竞价已结束');
  });
});
