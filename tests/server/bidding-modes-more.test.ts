/**
 * The four later modes (final, first-come-first-served, two-stage, v-shaped) against the reference
 * model of bidding-fixtures.ts, over random bid sequences, confirmations and clocks (fast-check); each
 * sequence ends with the stored state, the replay from the log and the gap-free sequence compared.
 * SQLite; PostgreSQL when TEST_DATABASE_URL is set.
 */
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dutchEndAt } from '#domain/rules/bidModes';
import { type ActivitySettings } from '#domain/contract/bidModes';
import { BID_REJECTION_MESSAGES, JOIN_REJECTION_MESSAGES } from '#domain/rules/bidRules';
import { CLOSE_GRACE_MS, sweepActivities, type EngineDeps } from '../../server/bidding/engine.ts';
import { replayActivity } from '../../server/bidding/replay.ts';
import { changeEventOf } from '../../server/live/changeEvents.ts';
import type { LiveChangeEvent } from '#domain/contract/liveEvents';
import { bidAt, createActivity, demoBidderIds, initialModel, joinAt, liveSpec, modelBid, modelJoin, propertySettings, type ActivitySpec, type ModelState } from './bidding-fixtures.ts';
import { createTestApp, DIALECT, NOW, type Json, type TestApp } from './helpers.ts';

let t: TestApp;
let engine: EngineDeps;
/** The app's server clock (snapshot and routes); engine calls pass their own times. */
const clock = { now: NOW };
let users: number[] = [];
/** Runs per mode; BID_PROPERTY_RUNS=500 for a longer search. */
const { runs: RUNS, seed: SEED } = propertySettings({ sqlite: 60, postgres: 30 }, 15);
/**
 * A fixed seed: the last test checks that the runs reached every phase and answer that matters, which a
 * random seed misses now and then (a clean-clone CI run failed so). BID_PROPERTY_SEED=random (with more
 * runs) searches new sequences; a failure prints its seed and path to replay.
 */

beforeAll(async () => {
  t = await createTestApp({ now: () => clock.now });
  engine = t.app.live.engine;
  users = await demoBidderIds(t.handle.db);
}, 60_000);

afterAll(async () => t?.close());

interface Op {
  bidder: number;
  dt: number;
  kind: number;
  k: number;
}

/** two-stage: kinds 8–11 are confirmations to join stage 2 (and its clock moves in smaller steps). */
const opArb = (mode: string) =>
  fc.record({
    bidder: fc.integer({ min: 0, max: 3 }),
    dt: fc.integer({ min: 0, max: mode === 'two-stage' ? 15_000 : 40_000 }),
    kind: fc.integer({ min: 0, max: mode === 'two-stage' ? 11 : 7 }),
    k: fc.integer({ min: 1, max: 3 }),
  });

export const MORE_MODES = ['final', 'first-come-first-served', 'two-stage', 'v-shaped'] as const;

const specArb = (mode: (typeof MORE_MODES)[number]) =>
  fc
    .record({
      startUnits: fc.integer({ min: 10, max: 500 }),
      increment: fc.constantFrom(100, 500, 1000, 10_000),
      capSteps: fc.integer({ min: 1, max: 8 }),
      withCap: fc.boolean(),
      tierSteps: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
      ranks: fc.array(fc.constantFrom<number | null>(null, null, 1, 2), { minLength: 4, maxLength: 4 }),
      selfOutbid: fc.boolean(),
      periods: fc.boolean(),
    })
    .map(({ startUnits, increment, capSteps, withCap, tierSteps, ranks, selfOutbid, periods }): ActivitySpec => {
      const startFen = startUnits * 10_000;
      const startAt = NOW + 3_600_000;
      const settings: ActivitySettings = {};
      if (tierSteps !== null && mode !== 'first-come-first-served') settings.tiers = [{ fromFen: startFen + tierSteps * increment, incrementFen: increment * 2 }];
      let endAt = startAt + 5 * 60_000;
      let capFen: number | null = withCap ? startFen + capSteps * increment * 2 : null;
      let windowMs = 60_000;
      if (mode === 'final') {
        // The cap is what the mode is about: always one, within a few bids.
        capFen = startFen + capSteps * increment * 2;
        settings.final = { windowMs: 60_000 };
        if (periods) {
          settings.phased = { freeEndAt: startAt + 2 * 60_000, cycleMs: 60_000 };
          endAt = settings.phased.freeEndAt + settings.phased.cycleMs;
        }
      }
      if (mode === 'first-come-first-served') capFen = null;
      if (mode === 'two-stage') {
        settings.twoStage = { stage1EndAt: startAt + 60_000, joinWindowMs: 30_000, cycleMs: 60_000 };
        endAt = settings.twoStage.stage1EndAt;
        windowMs = 0;
      }
      if (mode === 'v-shaped') {
        settings.dutch = { decrementFen: increment, intervalMs: 10_000, floorFen: startFen - 10 * increment };
        settings.vShaped = { ascendingMs: 60_000 };
        endAt = dutchEndAt(settings.dutch, startFen, startAt);
        windowMs = 30_000;
      }
      return {
        mode,
        startAt,
        endAt,
        startFen,
        incrementFen: increment,
        capFen,
        windowMs,
        extensionMs: windowMs,
        allowSelfOutbid: selfOutbid,
        settings,
        bidders: users.map((userId, i) => ({ userId, rank: ranks[i]! })),
      };
    });

/** An amount the op asks for, chosen from the model's state so that valid and invalid bids both occur. */
function amountOf(spec: ActivitySpec, s: ModelState, op: Op, at: number): number {
  const inc = spec.incrementFen;
  const tiers = spec.settings?.tiers ?? [];
  const stepAt = (price: number) => (tiers.length > 0 && price >= tiers[0]!.fromFen ? tiers[0]!.incrementFen : inc);
  const kind = op.kind % 8;
  if (spec.mode === 'first-come-first-served') return [spec.startFen, spec.startFen, spec.startFen + inc, spec.startFen - inc, spec.startFen, spec.startFen + 1, spec.startFen, spec.startFen][kind]!;
  if ((spec.mode === 'v-shaped' && s.count === 0) || spec.mode === 'dutch-auction') {
    const d = spec.settings!.dutch!;
    const price = Math.max(d.floorFen, spec.startFen - Math.floor(Math.max(0, at - spec.startAt) / d.intervalMs) * d.decrementFen);
    return [price, price - 1, price + op.k * inc, spec.startFen, d.floorFen, price, price, price - inc][kind]!;
  }
  if (spec.mode === 'final' && s.frozen) {
    const cap = spec.capFen!;
    const step = stepAt(cap);
    return [cap + op.k * step, cap, cap + op.k * step + 1, cap - inc, cap, cap + step, cap + 2 * step, s.priceFen][kind]!;
  }
  const next = s.count === 0 ? spec.startFen : s.priceFen + stepAt(s.priceFen) * op.k;
  return [next, s.priceFen, next + 1, spec.startFen - inc, spec.startFen + op.k * inc * 3, (spec.capFen ?? next) + inc, spec.capFen ?? next, s.priceFen][kind]!;
}

/** What the sequences reached, per mode: each interesting answer must occur in the runs (the test checks). */
const seen = new Map<string, Set<string>>();
const note = (mode: string, what: string) => {
  if (!seen.has(mode)) seen.set(mode, new Set());
  seen.get(mode)!.add(what);
};

async function runSequence(spec: ActivitySpec, ops: Op[]) {
  const activityId = await createActivity(t.handle.db, spec);
  const model = initialModel(spec);
  let at = spec.startAt - 15_000;
  for (const op of ops) {
    at += op.dt;
    // final at the cap: the bidders at the cap act more often (their final offers are what matters).
    // two-stage's stage 2: the bidders who joined, likewise.
    const joined = [...model.joined];
    const userId =
      spec.mode === 'final' && model.frozen && op.k === 1
        ? model.atCap[op.bidder % model.atCap.length]!.userId
        : spec.mode === 'two-stage' && joined.length > 0 && op.k === 1
          ? joined[op.bidder % joined.length]!
          : spec.bidders[op.bidder]!.userId;
    const where = `op ${JSON.stringify(op)} at +${at - spec.startAt} ms`;
    const ts = spec.settings?.twoStage;
    const inJoinWindow = ts !== undefined && at >= ts.stage1EndAt && at < ts.stage1EndAt + ts.joinWindowMs;
    if (spec.mode === 'two-stage' && (op.kind >= 8 || (inJoinWindow && op.kind % 2 === 0))) {
      const expected = modelJoin(spec, model, userId, at);
      const answer = await joinAt(engine, { userId, activityId, at });
      if (expected) expect(answer.body.msg, where).toBe(JOIN_REJECTION_MESSAGES[expected]);
      else expect(answer.status, `${where}: ${answer.body.msg}`).toBe(200);
      note(spec.mode, expected ?? 'joined');
      continue;
    }
    const amountFen = amountOf(spec, model, op, at);
    if (amountFen <= 0) continue;
    const phase = spec.mode === 'final' && model.frozen ? 'frozen' : spec.mode === 'two-stage' && model.joined.size > 0 ? 'stage2' : spec.mode === 'v-shaped' && model.count > 0 ? 'ascending' : 'first';
    const expected = modelBid(spec, model, userId, amountFen, at);
    note(spec.mode, `${phase}:${expected.rejection ?? 'accepted'}`);
    const answer = await bidAt(engine, { userId, mode: spec.mode, activityId, amountFen, at });
    if (expected.rejection) {
      expect(answer.body.msg, where).toBe(BID_REJECTION_MESSAGES[expected.rejection]);
      expect(answer.status).toBe(400);
    } else {
      expect(answer.status, `${where}: ${answer.body.msg}`).toBe(200);
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

describe(`the later modes against the reference model on ${DIALECT}`, () => {
  for (const mode of MORE_MODES) {
    it(`${mode}: random bid sequences and clocks give the model's answers and state`, async () => {
      await fc.assert(
        fc.asyncProperty(specArb(mode), fc.array(opArb(mode), { minLength: 1, maxLength: 24, size: 'max' }), (spec, ops) => runSequence(spec, ops)),
        { numRuns: RUNS, seed: SEED },
      );
    }, 240_000);
  }

  it.skipIf(SEED === undefined)('reached every phase and answer that matters in those runs', () => {
    const must: Record<string, string[]> = {
      final: ['first:accepted', 'frozen:accepted', 'frozen:capReached', 'frozen:notAtCap', 'frozen:finalAlreadyOffered', 'first:aboveCap'],
      'first-come-first-served': ['first:accepted', 'first:taken', 'first:alreadyWon', 'first:notFixedPrice'],
      'two-stage': ['first:accepted', 'first:alreadyBid', 'joined', 'noQuote', 'joinNotOpen', 'stage2:accepted', 'stage2:notJoined', 'first:stage1Closed'],
      'v-shaped': ['first:accepted', 'first:belowDutchPrice', 'ascending:accepted', 'ascending:tooLow', 'ascending:selfOutbid'],
    };
    for (const [mode, answers] of Object.entries(must)) for (const answer of answers) expect(seen.get(mode)?.has(answer), `${mode} ${answer}`).toBe(true);
  });
});

const DATA = '/api/dscq-sync/v1/bid-assets/bidding-data';
const HALL = '/api/dscq-sync/v1/bid-assets/hall/page';

describe(`settlement, phases and the public view of the later modes on ${DIALECT}`, () => {
  const base = (mode: string, over: Partial<ActivitySpec> = {}): ActivitySpec => liveSpec(mode, NOW, users, over);
  const data = async (activityId: number, now = NOW) => {
    clock.now = now;
    const res = await t.app.inject({ method: 'POST', url: DATA, query: { activityId: String(activityId) } });
    return { etag: res.headers.etag as string, body: res.json().data as Json };
  };
  const hallRow = async (activityId: number) => {
    const res = await t.app.inject({ method: 'POST', url: HALL, query: { size: '2000' } });
    return (res.json().data.records as Json[]).find((r) => r.activityId === activityId);
  };
  const row = (id: number) => t.handle.db.selectFrom('bid_activity').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const codeOf = async (id: number, userId: number) =>
    (await t.handle.db.selectFrom('bid_qualification').select('bid_code').where('activity_id', '=', id).where('user_id', '=', userId).executeTakeFirstOrThrow()).bid_code;
  const messages = (userId: number, kind: string) => t.handle.db.selectFrom('message').selectAll().where('user_id', '=', userId).where('kind', '=', kind).orderBy('id', 'desc').execute();
  const sweepAt = async (at: number) => {
    await sweepActivities({ ...engine, now: () => at });
    await t.app.live.snapshot.rebuild();
  };

  afterEach(() => {
    clock.now = NOW;
  });

  it('final: the cap freezes the price, the holder matches, sealed final offers; the best offer wins, a tie goes to the better right', async () => {
    // users[3] holds a pre-emptive right; cap 10,300 yuan; window 2 minutes.
    const id = await createActivity(
      t.handle.db,
      base('final', { capFen: 1_030_000, windowMs: 60_000, extensionMs: 60_000, settings: { final: { windowMs: 120_000 } }, bidders: users.map((userId, i) => ({ userId, rank: i === 3 ? 1 : null })) }),
    );
    expect((await bidAt(engine, { userId: users[0]!, mode: 'final', activityId: id, amountFen: 1_010_000, at: NOW })).status).toBe(200);
    const capAt = NOW + 1000;
    const capped = await bidAt(engine, { userId: users[1]!, mode: 'final', activityId: id, amountFen: 1_030_000, at: capAt });
    expect(capped.body.data).toMatchObject({ endTime: capAt + 120_000 });
    await t.app.live.snapshot.rebuild();
    const frozen = (await data(id)).body;
    expect(frozen).toMatchObject({ biddingPrice: 10_300, maxPrice: 10_300, leaderBidCode: null, bids: [], modeState: { phase: 'final', sealed: true, capPrice: 10_300, nextIncrement: 100 } });
    expect((await hallRow(id))!).toMatchObject({ biddingPrice: 10_300, mode: 'final' });
    // Above the cap before the window? It is the window now: only the bidders at the cap offer.
    expect((await bidAt(engine, { userId: users[2]!, mode: 'final', activityId: id, amountFen: 1_040_000, at: capAt + 2000 })).body.msg).toBe('您未以封顶价出价，不能提交最终报价');
    expect((await bidAt(engine, { userId: users[3]!, mode: 'final', activityId: id, amountFen: 1_030_000, at: capAt + 3000 })).status).toBe(200);
    expect((await bidAt(engine, { userId: users[1]!, mode: 'final', activityId: id, amountFen: 1_060_000, at: capAt + 4000 })).status).toBe(200);
    expect((await bidAt(engine, { userId: users[3]!, mode: 'final', activityId: id, amountFen: 1_060_000, at: capAt + 5000 })).status).toBe(200);
    expect((await bidAt(engine, { userId: users[1]!, mode: 'final', activityId: id, amountFen: 1_070_000, at: capAt + 6000 })).body.msg).toBe('最终报价只能提交一次，您已提交过最终报价');
    expect((await bidAt(engine, { userId: users[1]!, mode: 'final', activityId: id, amountFen: 1_070_000, at: capAt + 120_000 })).body.msg).toBe('竞价已结束，出价无效');
    // Nobody was told he was overtaken by a sealed offer.
    expect((await messages(users[1]!, 'outbid')).filter((m) => m.link === `/quoteHall?activityId=${id}`)).toHaveLength(0);
    await sweepAt(capAt + 120_000 + CLOSE_GRACE_MS);
    // A tie at 10,600: the pre-emptive holder wins though his offer came later.
    expect(await row(id)).toMatchObject({ status: 'ended', outcome: 'sold', current_price_fen: 1_060_000, leader_user_id: users[3] });
    expect((await data(id)).body).toMatchObject({ biddingPrice: 10_600, leaderBidCode: await codeOf(id, users[3]!), modeState: { phase: 'ended' } });
    expect((await data(id)).body.bids).toHaveLength(5);
    expect((await messages(users[3]!, 'won'))[0]!.content).toContain('10,600.00 元');
    expect((await messages(users[1]!, 'lost'))[0]!.title).toMatch(/^「.+」竞价结果通知：未竞得$/); // titles name the lot
  });

  it('final: nobody offers above the cap — the last bidder at the cap wins at the cap', async () => {
    const id = await createActivity(t.handle.db, base('final', { capFen: 1_020_000, settings: { final: { windowMs: 30_000 } } }));
    expect((await bidAt(engine, { userId: users[0]!, mode: 'final', activityId: id, amountFen: 1_020_000, at: NOW })).status).toBe(200);
    await sweepAt(NOW + 30_000 + CLOSE_GRACE_MS);
    expect(await row(id)).toMatchObject({ outcome: 'sold', current_price_fen: 1_020_000, leader_user_id: users[0] });
  });

  it('first-come-first-served: a fixed price; the first acceptance buys and ends it; later ones hear 已被他人应价', async () => {
    const id = await createActivity(t.handle.db, base('first-come-first-served'));
    await t.app.live.snapshot.rebuild();
    expect((await data(id)).body).toMatchObject({ biddingPrice: 10_000, modeState: { phase: 'fixed', nextIncrement: 0 } });
    expect((await bidAt(engine, { userId: users[0]!, mode: 'first-come-first-served', activityId: id, amountFen: 1_010_000, at: NOW })).body.msg).toBe('应价金额须等于挂牌价格');
    const won = await bidAt(engine, { userId: users[1]!, mode: 'first-come-first-served', activityId: id, amountFen: 1_000_000, at: NOW + 1000 });
    expect(won.body.data).toMatchObject({ amount: 10_000, endTime: NOW + 1000 });
    expect((await bidAt(engine, { userId: users[0]!, mode: 'first-come-first-served', activityId: id, amountFen: 1_000_000, at: NOW + 2000 })).body.msg).toBe('已被他人应价');
    await sweepAt(NOW + 1000 + CLOSE_GRACE_MS);
    expect(await row(id)).toMatchObject({ status: 'ended', outcome: 'sold', leader_user_id: users[1] });
    expect((await bidAt(engine, { userId: users[2]!, mode: 'first-come-first-served', activityId: id, amountFen: 1_000_000, at: NOW + 9000 })).body.msg).toBe('已被他人应价');
    expect((await bidAt(engine, { userId: users[1]!, mode: 'first-come-first-served', activityId: id, amountFen: 1_000_000, at: NOW + 9000 })).body.msg).toBe('您已应价成交，无需重复应价');
    expect((await messages(users[1]!, 'won'))[0]!.content).toContain('10,000.00 元');
  });

  it('v-shaped: the price falls until the first acceptance, then ascending bidding from that price with the soft close', async () => {
    const dutch = { decrementFen: 10_000, intervalMs: 60_000, floorFen: 900_000 };
    const startAt = NOW - 150_000; // two drops done at NOW
    const id = await createActivity(
      t.handle.db,
      base('v-shaped', { startAt, endAt: dutchEndAt(dutch, 1_000_000, startAt), windowMs: 60_000, extensionMs: 60_000, settings: { dutch, vShaped: { ascendingMs: 300_000 } } }),
    );
    await t.app.live.snapshot.rebuild();
    const falling = await data(id);
    expect(falling.body).toMatchObject({ biddingPrice: 9_800, modeState: { phase: 'descending', nextDropAt: startAt + 180_000, floorPrice: 9_000 } });
    expect((await data(id, startAt + 180_000)).etag).not.toBe(falling.etag);
    const accepted = await bidAt(engine, { userId: users[0]!, mode: 'v-shaped', activityId: id, amountFen: 990_000, at: NOW });
    expect(accepted.body.data).toMatchObject({ amount: 9_800, endTime: NOW + 300_000, extended: false });
    await t.app.live.snapshot.rebuild();
    expect((await data(id)).body).toMatchObject({ biddingPrice: 9_800, modeState: { phase: 'ascending', nextIncrement: 100 }, bids: [{ amount: 9_800 }] });
    expect((await bidAt(engine, { userId: users[1]!, mode: 'v-shaped', activityId: id, amountFen: 980_000, at: NOW + 1000 })).body.msg).toBe('出价须至少高于当前价一个加价幅度');
    // In the last minute: the soft close extends.
    const late = await bidAt(engine, { userId: users[1]!, mode: 'v-shaped', activityId: id, amountFen: 990_000, at: NOW + 280_000 });
    expect(late.body.data).toMatchObject({ extended: true, endTime: NOW + 340_000 });
    expect((await messages(users[0]!, 'outbid'))[0]!.content).toContain('9,900.00 元');
    await sweepAt(NOW + 340_000 + CLOSE_GRACE_MS);
    expect(await row(id)).toMatchObject({ outcome: 'sold', current_price_fen: 990_000, leader_user_id: users[1] });
  });

  it('two-stage: sealed stage 1, the sweep opens the confirmation window, stage 2 opens at the highest quote; the stage-2 leader wins', async () => {
    const stage1EndAt = NOW + 60_000;
    const s = { stage1EndAt, joinWindowMs: 30_000, cycleMs: 60_000 };
    const joinEnd = stage1EndAt + 30_000;
    const id = await createActivity(t.handle.db, base('two-stage', { endAt: stage1EndAt, settings: { twoStage: s } }));
    for (const [i, amountFen] of [1_020_000, 1_050_000, 1_030_000].entries()) {
      expect((await bidAt(engine, { userId: users[i]!, mode: 'two-stage', activityId: id, amountFen, at: NOW + i * 1000 })).status).toBe(200);
    }
    await t.app.live.snapshot.rebuild();
    expect((await data(id)).body).toMatchObject({ biddingPrice: 10_000, leaderBidCode: null, bids: [], biddingCount: 3, modeState: { phase: 'stage1', sealed: true, phaseEndsAt: stage1EndAt } });
    expect((await hallRow(id))!).toMatchObject({ biddingPrice: 10_000, maxPrice: 10_000 });
    // The end of stage 1: the sweep moves the end to the window's end (a new version: the quotes are public).
    const before = (await row(id)).lock_version;
    await sweepAt(stage1EndAt + CLOSE_GRACE_MS);
    expect(await row(id)).toMatchObject({ status: 'live', end_at: joinEnd });
    expect((await row(id)).lock_version).toBeGreaterThan(before);
    // The snapshot reloads the changed row when the sweep has run (its clock past the end of stage 1).
    clock.now = stage1EndAt + 2000;
    await t.app.live.snapshot.rebuild();
    expect((await data(id, stage1EndAt + 2000)).body).toMatchObject({ biddingPrice: 10_500, leaderBidCode: await codeOf(id, users[1]!), modeState: { phase: 'join', phaseEndsAt: joinEnd } });
    expect((await bidAt(engine, { userId: users[0]!, mode: 'two-stage', activityId: id, amountFen: 1_060_000, at: stage1EndAt + 3000 })).body.msg).toBe('第一阶段报价已截止，请在确认期内确认参加第二阶段');
    expect((await joinAt(engine, { userId: users[0]!, activityId: id, at: stage1EndAt + 4000 })).status).toBe(200);
    expect((await row(id)).end_at).toBe(joinEnd + 60_000);
    // The window's end passes: stage 2, by time alone (the phase is re-presented without a new version).
    await t.app.live.snapshot.rebuild();
    expect((await data(id, joinEnd)).body.modeState).toMatchObject({ phase: 'stage2', phaseEndsAt: null });
    const opening = await bidAt(engine, { userId: users[0]!, mode: 'two-stage', activityId: id, amountFen: 1_060_000, at: joinEnd + 10_000 });
    expect(opening.body.data).toMatchObject({ amount: 10_600, endTime: joinEnd + 70_000, extended: true });
    expect((await bidAt(engine, { userId: users[1]!, mode: 'two-stage', activityId: id, amountFen: 1_070_000, at: joinEnd + 11_000 })).body.msg).toBe('您未确认参加第二阶段，不能在第二阶段出价');
    await sweepAt(joinEnd + 70_000 + CLOSE_GRACE_MS);
    expect(await row(id)).toMatchObject({ status: 'ended', outcome: 'sold', current_price_fen: 1_060_000, leader_user_id: users[0] });
    expect(await replayActivity(t.handle.db, id)).toMatchObject({ priceFen: 1_060_000, leaderUserId: users[0], endAt: joinEnd + 70_000 });
  });

  it('two-stage: nobody joins — the highest quote wins if it reaches the reserve; no quote at all is 流拍 at the end of stage 1', async () => {
    const stage1EndAt = NOW + 60_000;
    const s = { stage1EndAt, joinWindowMs: 30_000, cycleMs: 60_000 };
    const quoted = await createActivity(t.handle.db, base('two-stage', { endAt: stage1EndAt, reserveFen: 1_040_000, settings: { twoStage: s } }));
    const belowReserve = await createActivity(t.handle.db, base('two-stage', { endAt: stage1EndAt, reserveFen: 1_100_000, settings: { twoStage: s } }));
    const empty = await createActivity(t.handle.db, base('two-stage', { endAt: stage1EndAt, settings: { twoStage: s } }));
    for (const id of [quoted, belowReserve]) {
      expect((await bidAt(engine, { userId: users[0]!, mode: 'two-stage', activityId: id, amountFen: 1_040_000, at: NOW })).status).toBe(200);
      expect((await bidAt(engine, { userId: users[1]!, mode: 'two-stage', activityId: id, amountFen: 1_030_000, at: NOW + 1000 })).status).toBe(200);
    }
    await sweepAt(stage1EndAt + CLOSE_GRACE_MS);
    expect(await row(empty)).toMatchObject({ status: 'ended', outcome: 'failed' });
    expect(await row(quoted)).toMatchObject({ status: 'live', end_at: stage1EndAt + 30_000 });
    await sweepAt(stage1EndAt + 30_000 + CLOSE_GRACE_MS);
    expect(await row(quoted)).toMatchObject({ status: 'ended', outcome: 'sold', current_price_fen: 1_040_000, leader_user_id: users[0] });
    expect(await row(belowReserve)).toMatchObject({ status: 'ended', outcome: 'failed' });
    expect(await replayActivity(t.handle.db, quoted)).toMatchObject({ endAt: stage1EndAt + 30_000, leaderUserId: users[0] });
  });
});

describe(`push events of the later modes on ${DIALECT}`, () => {
  it("final's window: the event carries the frozen cap as the price, never the leader or the sealed offer", async () => {
    const id = await createActivity(t.handle.db, liveSpec('final', NOW, users, { capFen: 1_020_000, settings: { final: { windowMs: 60_000 } }, bidders: users.map((userId, i) => ({ userId, rank: i === 1 ? 1 : null })) }));
    const events: LiveChangeEvent[] = [];
    const off = t.app.live.snapshot.onChange((rows, serverTime, newest) => {
      for (const row of rows) if (row.entry.activityId === id) events.push(changeEventOf(row, serverTime, newest.get(id)));
    });
    try {
      expect((await bidAt(engine, { userId: users[0]!, mode: 'final', activityId: id, amountFen: 1_020_000, at: NOW })).status).toBe(200);
      expect((await bidAt(engine, { userId: users[0]!, mode: 'final', activityId: id, amountFen: 1_050_000, at: NOW + 1000 })).status).toBe(200);
      await t.app.live.snapshot.rebuild();
      await expect.poll(() => events.at(-1)?.biddingCount, { timeout: 3000 }).toBe(2);
      const last = events.at(-1)!;
      expect(last).toMatchObject({ biddingPrice: 10_200, maxPrice: 10_200, modeState: { phase: 'final', sealed: true } });
      expect(last).not.toHaveProperty('leaderBidCode');
      expect(last).not.toHaveProperty('lastBid');
    } finally {
      off();
    }
  });
});
