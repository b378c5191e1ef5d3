/**
 * 代理出价 (docs/bidding.md "Proxy bidding") against the reference model of bidding-fixtures.ts: random
 * sequences of manual bids and ceilings set, raised and cancelled by four bidders (fast-check), checking
 * the bid log with its 代理 marks, leader, price, end, the ceilings' statuses and the outbid / exceeded
 * messages; then the rule's corners (ties to the earlier ceiling, the pre-emptive match at equal price,
 * two ceilings resolved in two bids), the soft close, the modes and phases that refuse a ceiling, the routes
 * (login, privacy, refusals in Chinese). SQLite; PostgreSQL when TEST_DATABASE_URL is set.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivitySettings } from '#domain/contract/bidModes';
import { checkChain } from '#domain/rules/bidChain';
import { BID_REJECTION_MESSAGES } from '#domain/rules/bidRules';
import { PROXY_MESSAGES } from '#domain/rules/proxy';
import { ENGINE_MESSAGES, type EngineDeps } from '../../server/bidding/engine.ts';
import { cancelProxy, readProxy, setProxy } from '../../server/bidding/proxy.ts';
import { bidRecord, listReceipts, verifyRecordHead } from '../../server/bidding/receipts.ts';
import { replayActivity } from '../../server/bidding/replay.ts';
import { loadRecentBids } from '../../server/live/rowCache.ts';
import { createAccountsApp, type AccountsTestApp } from './accounts-helpers.ts';
import {
  bidAt,
  createActivity,
  demoBidderIds,
  initialProxyModel,
  joinAt,
  liveSpec,
  modelCancelProxy,
  modelProxyBid,
  modelSetProxy,
  propertySettings,
  type ActivitySpec,
  type ProxyModel,
} from './bidding-fixtures.ts';
import { DIALECT, NOW } from './helpers.ts';

let t: AccountsTestApp;
let engine: EngineDeps;
let users: number[] = [];

beforeAll(async () => {
  t = await createAccountsApp();
  engine = t.app.live.engine;
  users = await demoBidderIds(t.handle.db);
}, 60_000);

afterAll(async () => t?.close());

const setAt = (o: { userId: number; activityId: number; ceilingFen: number; at: number }) => setProxy({ ...engine, now: () => o.at }, { ...o, ip: '127.0.0.1' });
const cancelAt = (o: { userId: number; activityId: number; at: number }) => cancelProxy({ ...engine, now: () => o.at }, { ...o, ip: '127.0.0.1' });

async function logOf(activityId: number) {
  return t.handle.db.selectFrom('bid').select(['seq', 'user_id', 'amount_fen', 'proxy', 'idempotency_key', 'placed_at']).where('activity_id', '=', activityId).orderBy('seq').execute();
}

async function outbidMessages(activityId: number): Promise<Map<number, number>> {
  const rows = await t.handle.db.selectFrom('message').select('user_id').where('kind', '=', 'outbid').where('link', '=', `/quoteHall?activityId=${activityId}`).execute();
  const counts = new Map<number, number>();
  for (const r of rows) counts.set(r.user_id, (counts.get(r.user_id) ?? 0) + 1);
  return counts;
}

/** The stored state against the model: the log with its marks, the row, the ceilings, the messages, the replay. */
async function expectModel(activityId: number, m: ProxyModel, ceilings: Map<number, number>) {
  const log = await logOf(activityId);
  expect(log.map((b) => ({ userId: b.user_id, amountFen: b.amount_fen, proxy: b.proxy === 1 }))).toEqual(m.log);
  expect(log.map((b) => b.seq)).toEqual(log.map((_, i) => i + 1));
  for (const b of log.filter((x) => x.proxy === 1)) {
    // A proxy bid never passes its owner's ceiling (the highest he ever set) and has its deterministic key.
    expect(b.amount_fen).toBeLessThanOrEqual(ceilings.get(b.user_id)!);
    expect(b.idempotency_key).toMatch(new RegExp(`^proxy:\\d+:${b.seq}$`));
  }
  const row = await t.handle.db.selectFrom('bid_activity').selectAll().where('id', '=', activityId).executeTakeFirstOrThrow();
  expect({ count: row.bid_count, price: row.current_price_fen, leader: row.leader_user_id, end: row.end_at, ext: row.extension_count }).toEqual({
    count: m.s.count,
    price: m.s.priceFen,
    leader: m.s.leader,
    end: m.s.endAt,
    ext: m.s.extensions,
  });
  const stored = await t.handle.db.selectFrom('proxy_bid').select(['user_id', 'ceiling_fen', 'status']).where('activity_id', '=', activityId).orderBy('user_id').execute();
  expect(stored.map((p) => ({ userId: p.user_id, ceilingFen: p.ceiling_fen, status: p.status }))).toEqual(
    [...m.proxies].sort((a, b) => a.userId - b.userId).map((p) => ({ userId: p.userId, ceilingFen: p.ceilingFen, status: p.status })),
  );
  expect(Object.fromEntries(await outbidMessages(activityId))).toEqual(Object.fromEntries(m.messages));
  const replayed = await replayActivity(t.handle.db, activityId);
  expect(replayed).toMatchObject({ count: row.bid_count, priceFen: row.current_price_fen, leaderUserId: row.leader_user_id, endAt: row.end_at });
  // The ceilings' bids are links of the hash chain like any other.
  const chained = await t.handle.db.selectFrom('bid').select(['seq', 'bid_code', 'amount_fen', 'placed_at', 'prev_hash', 'hash']).where('activity_id', '=', activityId).execute();
  const breaks = checkChain(
    chained.map((b) => ({ activityId, seq: b.seq, bidCode: b.bid_code, amountFen: b.amount_fen, serverTime: b.placed_at, prevHash: b.prev_hash, hash: b.hash })),
    row.bid_count,
  );
  expect(breaks).toEqual([]);
}

interface Op {
  kind: 'bid' | 'set' | 'cancel';
  bidder: number;
  k: number;
  dt: number;
}

const opArb: fc.Arbitrary<Op> = fc.record({
  kind: fc.constantFrom<Op['kind']>('bid', 'bid', 'set', 'set', 'cancel'),
  bidder: fc.integer({ min: 0, max: 3 }),
  k: fc.integer({ min: 0, max: 8 }),
  dt: fc.integer({ min: 0, max: 20_000 }),
});

const specArb = (mode: 'ongoing' | 'phased') =>
  fc
    .record({
      increment: fc.constantFrom(100, 1000, 10_000),
      capSteps: fc.option(fc.integer({ min: 4, max: 30 }), { nil: null }),
      ranks: fc.array(fc.constantFrom<number | null>(null, null, 1, 2), { minLength: 4, maxLength: 4 }),
      tiers: fc.boolean(),
    })
    .map(({ increment, capSteps, ranks, tiers }): ActivitySpec => {
      const startFen = 1_000_000;
      const startAt = NOW + 3_600_000;
      const settings: ActivitySettings = {};
      if (tiers) settings.tiers = [{ fromFen: startFen + 5 * increment, incrementFen: increment * 2 }];
      let endAt = startAt + 10 * 60_000;
      if (mode === 'phased') {
        settings.phased = { freeEndAt: startAt + 60_000, cycleMs: 60_000 };
        endAt = settings.phased.freeEndAt + settings.phased.cycleMs;
      }
      return {
        mode,
        startAt,
        endAt,
        startFen,
        incrementFen: increment,
        capFen: capSteps === null ? null : startFen + capSteps * increment,
        windowMs: mode === 'ongoing' ? 60_000 : 0,
        extensionMs: mode === 'ongoing' ? 60_000 : 0,
        settings,
        bidders: users.map((userId, i) => ({ userId, rank: ranks[i]! })),
      };
    });

/** The manual amount an op asks for: the next minimum or k steps more (sometimes invalid: k = 0 is the price). */
function manualAmount(m: ProxyModel, k: number): number {
  const s = m.s;
  const tiers = m.spec.settings?.tiers ?? [];
  const step = tiers.length > 0 && s.priceFen >= tiers[0]!.fromFen ? tiers[0]!.incrementFen : m.spec.incrementFen;
  return s.count === 0 ? m.spec.startFen + k * m.spec.incrementFen : s.priceFen + k * step;
}

async function runSequence(spec: ActivitySpec, ops: Op[]) {
  const activityId = await createActivity(t.handle.db, spec);
  const m = initialProxyModel(spec);
  const ceilings = new Map<number, number>();
  let at = spec.startAt + 1000;
  let proxyIds = 0;
  for (const op of ops) {
    at += op.dt;
    const userId = spec.bidders[op.bidder]!.userId;
    const where = `op ${JSON.stringify(op)} at +${at - spec.startAt} ms`;
    if (op.kind === 'bid') {
      const amountFen = manualAmount(m, op.k === 0 ? 0 : 1 + (op.k % 3));
      const expected = modelProxyBid(m, userId, amountFen, at, true);
      const answer = await bidAt(engine, { userId, mode: spec.mode, activityId, amountFen, at });
      if (expected.rejection) expect(answer.body.msg, where).toBe(BID_REJECTION_MESSAGES[expected.rejection]);
      else expect(answer.status, `${where}: ${answer.body.msg}`).toBe(200);
    } else if (op.kind === 'set') {
      const base = Math.max(m.s.priceFen, m.proxies.find((p) => p.userId === userId)?.ceilingFen ?? 0);
      const ceilingFen = base + op.k * spec.incrementFen + (op.k === 7 ? 1 : 0);
      const known = m.proxies.some((p) => p.userId === userId);
      const expected = modelSetProxy(m, userId, ceilingFen, at, known ? 0 : ++proxyIds);
      const answer = await setAt({ userId, activityId, ceilingFen, at });
      if (expected === null) {
        expect(answer.status, `${where}: ${answer.body.msg}`).toBe(200);
        ceilings.set(userId, Math.max(ceilings.get(userId) ?? 0, ceilingFen));
      } else {
        expect(answer.status, where).toBe(400);
        expect(answer.body.msg, where).toBe(expected === 'closed' ? PROXY_MESSAGES.notLive : PROXY_MESSAGES[expected]);
      }
    } else {
      const expected = modelCancelProxy(m, userId);
      const answer = await cancelAt({ userId, activityId, at });
      expect(answer.status, where).toBe(expected ? 200 : 400);
    }
  }
  await expectModel(activityId, m, ceilings);
}

describe(`代理出价 against the reference model on ${DIALECT}`, () => {
  for (const [mode, seed] of [['ongoing', 2801], ['phased', 2802]] as const) {
    it(`${mode}: random bids and ceilings (set, raised, cancelled) by four bidders give the model's log, leader, price, statuses and messages`, async () => {
      const { runs, seed: chosen } = propertySettings({ sqlite: 30, postgres: 12 }, seed);
      await fc.assert(
        fc.asyncProperty(specArb(mode), fc.array(opArb, { minLength: 1, maxLength: 16 }), (spec, ops) => runSequence(spec, ops)),
        { numRuns: runs, seed: chosen },
      );
    }, 300_000);
  }
});

describe(`代理出价: the rule's corners on ${DIALECT}`, () => {
  const at = NOW;

  it('a manual bid is answered at once by one increment; two ceilings resolve in two bids; the loser is told once', async () => {
    const [a, b, c] = users;
    const spec = liveSpec('ongoing', at, users);
    const id = await createActivity(t.handle.db, spec);
    expect((await bidAt(engine, { userId: c!, mode: 'ongoing', activityId: id, amountFen: 1_000_000, at })).status).toBe(200);
    expect((await setAt({ userId: a!, activityId: id, ceilingFen: 1_050_000, at: at + 1 })).body.data).toMatchObject({ placed: 1, proxy: { status: 'active', ceiling: 10_500 } });
    expect((await setAt({ userId: b!, activityId: id, ceilingFen: 1_100_000, at: at + 2 })).body.data).toMatchObject({ placed: 3, proxy: { status: 'active' } });
    const log = await logOf(id);
    // c opens; a answers (10,100); b's ceiling outbids a (10,200), a climbs to its ceiling at once, and b
    // leads one increment above it: one transaction, no climb one increment at a time.
    expect(log.map((x) => [x.user_id, x.amount_fen, x.proxy])).toEqual([
      [c, 1_000_000, 0],
      [a, 1_010_000, 1],
      [b, 1_020_000, 1],
      [a, 1_050_000, 1],
      [b, 1_060_000, 1],
    ]);
    const ceilings = await t.handle.db.selectFrom('proxy_bid').select(['user_id', 'status']).where('activity_id', '=', id).orderBy('user_id').execute();
    expect(ceilings.find((p) => p.user_id === a)?.status).toBe('exceeded');
    const messages = await t.handle.db.selectFrom('message').select(['user_id', 'title', 'content']).where('link', '=', `/quoteHall?activityId=${id}`).execute();
    expect(messages.filter((x) => x.user_id === a)).toHaveLength(1);
    expect(messages.find((x) => x.user_id === a)!.title).toMatch(/^「.+」代理出价已被超越$/);
    expect(messages.find((x) => x.user_id === a)!.content).toContain('10,500.00 元');
    // The answer of a manual bid carries the state after the ceilings answered it.
    const manual = await bidAt(engine, { userId: c!, mode: 'ongoing', activityId: id, amountFen: 1_070_000, at: at + 3 });
    expect(manual.body.data!.seq).toBe(6);
    expect(manual.body.data!.state).toMatchObject({ biddingCount: 7, biddingPrice: 10_800 });
    expect((await logOf(id)).at(-1)).toMatchObject({ user_id: b, amount_fen: 1_080_000, proxy: 1, idempotency_key: expect.stringMatching(/^proxy:\d+:7$/) });
    // Read back from the database (another process, a restart): the room's history keeps the 代理 marks.
    expect((await loadRecentBids(t.handle.db, id)).map((x) => [x.seq, x.proxy ?? false])).toEqual([
      [7, true],
      [6, false],
      [5, true],
      [4, true],
      [3, true],
      [2, true],
      [1, false],
    ]);
    // The ceiling's bids were not signed in the lock; their owner's receipts list them, and once the
    // activity ends the public record marks them 代理 (outside the chain: it verifies as before).
    expect((await listReceipts(t.handle.db, engine.receipts!, id, b!)).receipts.map((r) => r.signed.seq)).toEqual([3, 5, 7]);
    await t.handle.db.updateTable('bid_activity').set({ status: 'ended', outcome: 'sold' }).where('id', '=', id).execute();
    const record = await bidRecord(t.handle.db, engine.receipts!, id);
    expect(record.bids.map((x) => [x.seq, x.proxy ?? false])).toEqual([
      [1, false],
      [2, true],
      [3, true],
      [4, true],
      [5, true],
      [6, false],
      [7, true],
    ]);
    expect(checkChain(record.bids.map((x) => ({ activityId: id, ...x })), 7)).toEqual([]);
    expect(verifyRecordHead(record)).toBe(true);

    // Two challengers at once: ceilings set before the first bid both answer c's opening bid, in two bids.
    const id2 = await createActivity(t.handle.db, spec);
    await setAt({ userId: a!, activityId: id2, ceilingFen: 1_050_000, at: at + 1 });
    await setAt({ userId: b!, activityId: id2, ceilingFen: 1_100_000, at: at + 2 });
    await bidAt(engine, { userId: c!, mode: 'ongoing', activityId: id2, amountFen: 1_000_000, at: at + 5 });
    expect((await logOf(id2)).map((x) => [x.user_id, x.amount_fen, x.proxy])).toEqual([
      [c, 1_000_000, 0],
      [a, 1_050_000, 1],
      [b, 1_060_000, 1],
    ]);
  });

  it('equal ceilings: the earlier leads at the ceiling; a better pre-emptive right matches at equal price', async () => {
    const [a, b, c, d] = users;
    const id = await createActivity(t.handle.db, liveSpec('ongoing', at, users));
    await bidAt(engine, { userId: c!, mode: 'ongoing', activityId: id, amountFen: 1_000_000, at });
    await setAt({ userId: a!, activityId: id, ceilingFen: 1_050_000, at: at + 1 });
    await setAt({ userId: b!, activityId: id, ceilingFen: 1_050_000, at: at + 2 });
    let row = await t.handle.db.selectFrom('bid_activity').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect({ leader: row.leader_user_id, price: row.current_price_fen }).toEqual({ leader: a, price: 1_050_000 });

    const spec = liveSpec('ongoing', at, users, { bidders: users.map((userId) => ({ userId, rank: userId === d ? 1 : null })) });
    const id2 = await createActivity(t.handle.db, spec);
    await bidAt(engine, { userId: c!, mode: 'ongoing', activityId: id2, amountFen: 1_000_000, at });
    await setAt({ userId: a!, activityId: id2, ceilingFen: 1_050_000, at: at + 1 });
    await setAt({ userId: d!, activityId: id2, ceilingFen: 1_050_000, at: at + 2 });
    row = await t.handle.db.selectFrom('bid_activity').selectAll().where('id', '=', id2).executeTakeFirstOrThrow();
    // The holder matches a at a's ceiling and leads at the equal price.
    expect({ leader: row.leader_user_id, price: row.current_price_fen }).toEqual({ leader: d, price: 1_050_000 });
  });

  it('proxy bids extend the soft close like any bid, and a ceiling keeps bidding with no browser', async () => {
    const [a, b] = users;
    const end = at + 30_000;
    const id = await createActivity(t.handle.db, liveSpec('ongoing', at, users, { endAt: end, windowMs: 60_000, extensionMs: 120_000 }));
    await bidAt(engine, { userId: b!, mode: 'ongoing', activityId: id, amountFen: 1_000_000, at: at - 50_000 });
    // Set inside the last minute: the ceiling's own bid extends the end as a manual bid would.
    await setAt({ userId: a!, activityId: id, ceilingFen: 1_200_000, at: at + 10_000 });
    let row = await t.handle.db.selectFrom('bid_activity').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect({ leader: row.leader_user_id, price: row.current_price_fen, end: row.end_at, ext: row.extension_count }).toEqual({ leader: a, price: 1_010_000, end: at + 130_000, ext: 1 });
    // Later, with nobody's browser open, b's bid is answered and the end moves again.
    await bidAt(engine, { userId: b!, mode: 'ongoing', activityId: id, amountFen: 1_020_000, at: at + 100_000 });
    row = await t.handle.db.selectFrom('bid_activity').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect({ leader: row.leader_user_id, price: row.current_price_fen, end: row.end_at }).toEqual({ leader: a, price: 1_030_000, end: at + 220_000 });
    expect((await logOf(id)).at(-1)).toMatchObject({ proxy: 1, placed_at: at + 100_000 });
  });

  it('v-shaped takes ceilings only in its ascent, two-stage only in stage 2 for joined bidders', async () => {
    const [a, b] = users;
    const v = await createActivity(
      t.handle.db,
      liveSpec('v-shaped', at, users, { settings: { dutch: { decrementFen: 10_000, intervalMs: 60_000, floorFen: 900_000 }, vShaped: { ascendingMs: 600_000 } } }),
    );
    expect((await setAt({ userId: a!, activityId: v, ceilingFen: 1_100_000, at })).body.msg).toBe(PROXY_MESSAGES.phaseNotAllowed);
    const accepted = await bidAt(engine, { userId: b!, mode: 'v-shaped', activityId: v, amountFen: 1_000_000, at });
    expect(accepted.status).toBe(200);
    const set = await setAt({ userId: a!, activityId: v, ceilingFen: 1_100_000, at: at + 1 });
    expect(set.status).toBe(200);
    expect(set.body.data!.placed).toBe(1);

    const stage1EndAt = at - 120_000;
    const ts = await createActivity(
      t.handle.db,
      liveSpec('two-stage', at, users, { startAt: at - 600_000, endAt: at + 600_000, settings: { twoStage: { stage1EndAt, joinWindowMs: 60_000, cycleMs: 300_000 } } }),
    );
    for (const [u, amount] of [[a!, 1_000_000], [b!, 1_010_000]] as const) await bidAt(engine, { userId: u, mode: 'two-stage', activityId: ts, amountFen: amount, at: stage1EndAt - 10_000 });
    expect((await setAt({ userId: a!, activityId: ts, ceilingFen: 1_100_000, at: stage1EndAt - 5_000 })).body.msg).toBe(PROXY_MESSAGES.phaseNotAllowed);
    for (const u of [a!, b!]) expect((await joinAt(engine, { userId: u, activityId: ts, at: stage1EndAt + 1_000 })).status).toBe(200);
    expect((await setAt({ userId: users[2]!, activityId: ts, ceilingFen: 1_100_000, at })).body.msg).toBe(PROXY_MESSAGES.notJoined);
    const stage2 = await setAt({ userId: a!, activityId: ts, ceilingFen: 1_100_000, at });
    expect(stage2.status).toBe(200);
    expect(stage2.body.data!.placed).toBe(1);
  });

  it('sealed, dutch, first-come and final refuse a ceiling; amounts are checked in Chinese', async () => {
    const [a, b] = users;
    for (const mode of ['onceOff', 'dutch-auction', 'first-come-first-served', 'final']) {
      const settings: ActivitySettings =
        mode === 'dutch-auction' ? { dutch: { decrementFen: 10_000, intervalMs: 60_000, floorFen: 900_000 } } : mode === 'final' ? { final: { windowMs: 60_000 } } : {};
      const id = await createActivity(t.handle.db, liveSpec(mode, at, users, { settings, capFen: mode === 'final' ? 2_000_000 : null }));
      const answer = await setAt({ userId: a!, activityId: id, ceilingFen: 1_100_000, at });
      expect([mode, answer.status, answer.body.msg]).toEqual([mode, 400, PROXY_MESSAGES.modeNotAllowed]);
    }
    const id = await createActivity(t.handle.db, liveSpec('ongoing', at, users, { capFen: 1_500_000 }));
    await bidAt(engine, { userId: b!, mode: 'ongoing', activityId: id, amountFen: 1_100_000, at });
    expect((await setAt({ userId: a!, activityId: id, ceilingFen: 1_100_000, at })).body.msg).toBe(PROXY_MESSAGES.belowMinimum);
    expect((await setAt({ userId: a!, activityId: id, ceilingFen: 1_600_000, at })).body.msg).toBe(PROXY_MESSAGES.aboveCap);
    expect((await setAt({ userId: a!, activityId: id, ceilingFen: 1_205_000, at })).body.msg).toBe(PROXY_MESSAGES.offGrid);
    expect((await setAt({ userId: a!, activityId: id, ceilingFen: 1_200_000, at })).status).toBe(200);
    expect((await setAt({ userId: a!, activityId: id, ceilingFen: 1_150_000, at })).body.msg).toBe(PROXY_MESSAGES.notRaised);
    expect((await cancelAt({ userId: a!, activityId: id, at })).body.data?.proxy?.status).toBe('cancelled');
    expect((await cancelAt({ userId: a!, activityId: id, at })).body.msg).toBe(PROXY_MESSAGES.notActive);
    const unqualified = (await t.handle.db.selectFrom('app_user').select('id').where('login_name', '=', 'bidder05').executeTakeFirstOrThrow()).id;
    expect((await setAt({ userId: unqualified, activityId: id, ceilingFen: 1_300_000, at })).body).toMatchObject({ code: 400, msg: ENGINE_MESSAGES.notQualified });
  });
});

describe(`代理出价: the routes on ${DIALECT}`, () => {
  it('login required; the ceiling is its owner\'s alone; PUT, GET and DELETE answer in the envelope', async () => {
    const [a, b] = users;
    const id = await createActivity(t.handle.db, liveSpec('ongoing', t.clock.now, users));
    await bidAt(engine, { userId: b!, mode: 'ongoing', activityId: id, amountFen: 1_000_000, at: t.clock.now });
    const url = `/api/dscq-sync/v1/bidding/proxy?activityId=${id}`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const tokenA = (await t.login('bidder01')).body.access_token as string;
    const tokenB = (await t.login('bidder02')).body.access_token as string;
    const as = (token: string) => ({ authorization: `Bearer ${token}` });
    const before = (await t.app.inject({ method: 'GET', url, headers: as(tokenA) })).json();
    expect(before.data).toMatchObject({ proxy: null, allowed: true, minCeiling: 10_100 });
    const put = await t.app.inject({ method: 'PUT', url: `${url}&ceiling=10500`, headers: as(tokenA) });
    expect(put.json()).toMatchObject({ code: 200, data: { proxy: { ceiling: 10_500, status: 'active' }, placed: 1 } });
    const bad = await t.app.inject({ method: 'PUT', url: `${url}&ceiling=10`, headers: as(tokenA) });
    expect(bad.json()).toMatchObject({ code: 400, msg: PROXY_MESSAGES.notRaised });
    // bidder02 sees his own (none), never bidder01's ceiling.
    const other = (await t.app.inject({ method: 'GET', url, headers: as(tokenB) })).json();
    expect(other.data.proxy).toBeNull();
    expect(JSON.stringify(other)).not.toContain('10500');
    const del = await t.app.inject({ method: 'DELETE', url, headers: as(tokenA) });
    expect(del.json().data.proxy.status).toBe('cancelled');
    expect(a).toBeGreaterThan(0);
    expect(await readProxy(t.handle.db, engine, { userId: a!, activityId: 987_654_321, ip: '' })).toBeNull();
  });
});
