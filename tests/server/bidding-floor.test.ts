/**
 * The floor (中止 / 恢复) against the reference model of bidding-fixtures.ts, in every mode, over random
 * sequences of bids, suspensions, resumptions with random new ends, late bids (received while suspended,
 * decided after the resumption) and clocks (fast-check). Properties:
 * - no bid is accepted while the activity is suspended, nor one received during a suspension;
 * - each step answers as the model says (refusals: already suspended, end passed, not suspended, an end
 *   too early for the phase it resumes in);
 * - a resumption changes neither the bid log nor the price, leader or count, and the price the public sees
 *   when bidding resumes is the one it saw when the clock stopped (a falling price included);
 * - after the sequence the stored state is the model's, the replay from the log (with the floor's steps)
 *   equals it, and the sequence numbers have no gap.
 * SQLite; PostgreSQL when TEST_DATABASE_URL is set. A fixed seed (BID_PROPERTY_SEED=random to search).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIDDING_MODES, type BiddingMode } from '#domain/contract/hall';
import { dutchEndAt } from '#domain/rules/bidModes';
import type { ActivitySettings } from '#domain/contract/bidModes';
import { BID_REJECTION_MESSAGES, suspendedBidMessage } from '#domain/rules/bidRules';
import type { EngineDeps } from '../../server/bidding/engine.ts';
import { replayActivity } from '../../server/bidding/replay.ts';
import { viewTime } from '../../server/bidding-modes/common.ts';
import { modeRules } from '../../server/bidding-modes/index.ts';
import { settingsOrEmpty } from '../../server/bidding-modes/settings.ts';
import { FLOOR_MESSAGES, resumeActivity, suspendActivity, type FloorContext } from '../../server/services/auctions/floor.ts';
import { BusinessError } from '../../server/lib/envelope.ts';
import {
  bidAt,
  createActivity,
  demoBidderIds,
  initialModel,
  joinAt,
  modelBid,
  modelJoin,
  modelResume,
  modelSuspend,
  propertySettings,
  type ActivitySpec,
  type ModelFloorRefusal,
  type ModelState,
} from './bidding-fixtures.ts';
import { createTestApp, DIALECT, NOW, type TestApp } from './helpers.ts';

let t: TestApp;
let engine: EngineDeps;
const clock = { now: NOW };
let users: number[] = [];
/** Runs per mode; BID_PROPERTY_RUNS=500 for a longer search. */
const { runs: RUNS, seed: SEED } = propertySettings({ sqlite: 20, postgres: 10 }, 21);
const STAFF = { id: 9, loginName: 'staff_property' };
const REASON = '系统维护';

/** Every mode, in the spec's order (domain/contract/hall.ts). */
const MODES = BIDDING_MODES;
type Mode = BiddingMode;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock.now });
  engine = t.app.live.engine;
  users = await demoBidderIds(t.handle.db);
}, 120_000);

afterAll(async () => t?.close());

/** kind 0–7: a bid; 8: suspend; 9: resume (new end `endIn` after now); 10: a late bid; 11: a join (two-stage). */
interface Op {
  bidder: number;
  dt: number;
  kind: number;
  k: number;
  endIn: number;
}

const opArb = fc.record({
  bidder: fc.integer({ min: 0, max: 3 }),
  dt: fc.integer({ min: 0, max: 30_000 }),
  kind: fc.integer({ min: 0, max: 11 }),
  k: fc.integer({ min: 1, max: 3 }),
  endIn: fc.integer({ min: 5_000, max: 240_000 }),
});

const specArb = (mode: Mode) =>
  fc
    .record({
      startUnits: fc.integer({ min: 10, max: 300 }),
      increment: fc.constantFrom(100, 1000, 10_000),
      capSteps: fc.integer({ min: 2, max: 6 }),
      ranks: fc.array(fc.constantFrom<number | null>(null, null, 1, 2), { minLength: 4, maxLength: 4 }),
      periods: fc.boolean(),
    })
    .map(({ startUnits, increment, capSteps, ranks, periods }): ActivitySpec => {
      const startFen = startUnits * 10_000;
      // Starts soon after the sequence's clock: suspensions before and after the start both occur.
      const startAt = NOW + 3_600_000;
      const settings: ActivitySettings = {};
      let endAt = startAt + 4 * 60_000;
      let capFen: number | null = null;
      let windowMs = 60_000;
      if (mode === 'phased' || (mode === 'final' && periods)) {
        settings.phased = { freeEndAt: startAt + 2 * 60_000, cycleMs: 60_000 };
        endAt = settings.phased.freeEndAt + settings.phased.cycleMs;
      }
      if (mode === 'final') {
        capFen = startFen + capSteps * increment;
        settings.final = { windowMs: 60_000 };
      }
      if (mode === 'dutch-auction' || mode === 'v-shaped') {
        settings.dutch = { decrementFen: increment, intervalMs: 10_000, floorFen: startFen - 10 * increment };
        endAt = dutchEndAt(settings.dutch, startFen, startAt);
        if (mode === 'v-shaped') settings.vShaped = { ascendingMs: 60_000 };
      }
      if (mode === 'two-stage') {
        settings.twoStage = { stage1EndAt: startAt + 60_000, joinWindowMs: 30_000, cycleMs: 60_000 };
        endAt = settings.twoStage.stage1EndAt;
        windowMs = 0;
      }
      return {
        mode,
        startAt,
        endAt,
        startFen,
        incrementFen: increment,
        capFen,
        windowMs: mode === 'ongoing' || mode === 'v-shaped' || (mode === 'final' && !periods) ? windowMs : 0,
        extensionMs: mode === 'ongoing' || mode === 'v-shaped' || (mode === 'final' && !periods) ? windowMs : 0,
        allowSelfOutbid: false,
        settings,
        bidders: users.map((userId, i) => ({ userId, rank: ranks[i]! })),
      };
    });

/** A bid amount from the model's state, valid and invalid ones both. */
function amountOf(spec: ActivitySpec, s: ModelState, op: Op, publicPriceFen: number): number {
  const inc = spec.incrementFen;
  const kind = op.kind % 8;
  if (spec.mode === 'first-come-first-served') return [spec.startFen, spec.startFen + inc, spec.startFen, spec.startFen - inc, spec.startFen, spec.startFen, spec.startFen + 1, spec.startFen][kind]!;
  if (spec.mode === 'dutch-auction' || (spec.mode === 'v-shaped' && s.count === 0)) return [publicPriceFen, publicPriceFen - 1, publicPriceFen + inc, spec.startFen, publicPriceFen, publicPriceFen, publicPriceFen - inc, publicPriceFen][kind]!;
  if (spec.mode === 'final' && s.frozen) {
    const cap = spec.capFen!;
    return [cap + op.k * inc, cap, cap + op.k * inc + 1, cap - inc, cap + inc, cap, cap + 2 * inc, s.priceFen][kind]!;
  }
  const next = s.count === 0 ? spec.startFen : s.priceFen + inc * op.k;
  return [next, s.priceFen, next + 1, spec.startFen - inc, next, spec.startFen + op.k * inc * 3, (spec.capFen ?? next) + inc, next][kind]!;
}

/** The price the public sees of the stored activity at `at` (its mode's view; standing still while suspended). */
async function publicPrice(activityId: number, at: number): Promise<number> {
  const row = await t.handle.db.selectFrom('bid_activity').selectAll().where('id', '=', activityId).executeTakeFirstOrThrow();
  return modeRules(row.mode)!.view(row, settingsOrEmpty(row.mode, row.settings), viewTime(row, at)).priceFen;
}

const FLOOR_REFUSAL_MESSAGES: Record<ModelFloorRefusal, string> = {
  alreadySuspended: FLOOR_MESSAGES.alreadySuspended,
  endPassed: FLOOR_MESSAGES.endPassed,
  notSuspended: FLOOR_MESSAGES.notSuspended,
  endNotFuture: FLOOR_MESSAGES.endNotFuture,
  tooEarly: '恢复后的结束时间过早',
  outOfRange: FLOOR_MESSAGES.resumedOutOfRange,
};

/** What the runs reached (the last test checks that every path occurred). */
const seen = new Map<string, Set<string>>();
const note = (mode: string, what: string) => {
  if (!seen.has(mode)) seen.set(mode, new Set());
  seen.get(mode)!.add(what);
};

async function floorStep(step: () => Promise<unknown>): Promise<{ ok: true } | { ok: false; code: number; msg: string }> {
  try {
    await step();
    return { ok: true };
  } catch (error) {
    if (!(error instanceof BusinessError)) throw error;
    return { ok: false, code: error.code, msg: error.message };
  }
}

async function runSequence(mode: Mode, initial: ActivitySpec, ops: Op[]) {
  let spec = initial;
  const activityId = await createActivity(t.handle.db, spec);
  const model = initialModel(spec);
  const ctx = (at: number): FloorContext => ({ ...engine, now: () => at });
  let at = spec.startAt - 20_000;
  for (const op of ops) {
    at += op.dt;
    const where = `op ${JSON.stringify(op)} at +${at - spec.startAt} ms`;
    const kind = op.kind === 11 && mode !== 'two-stage' ? op.kind % 8 : op.kind;
    if (kind === 8) {
      const expected = modelSuspend(model, at, REASON);
      const before = await publicPrice(activityId, at);
      const answer = await floorStep(() => suspendActivity(ctx(at), { activityId, reason: REASON, staff: STAFF }));
      if (expected) {
        expect(answer, where).toEqual({ ok: false, code: 409, msg: FLOOR_REFUSAL_MESSAGES[expected] });
        note(mode, `suspend:${expected}`);
      } else {
        expect(answer, where).toEqual({ ok: true });
        // The public price stands where it was when the clock stopped, whatever the time.
        expect(await publicPrice(activityId, at + 3_600_000), where).toBe(before);
        note(mode, 'suspend');
      }
    } else if (kind === 9) {
      const endsAt = at + op.endIn;
      const row = await t.handle.db.selectFrom('bid_activity').selectAll().where('id', '=', activityId).executeTakeFirstOrThrow();
      const priceWhenStopped = model.suspendedAt === null ? null : await publicPrice(activityId, model.suspendedAt);
      const expected = modelResume(spec, model, at, endsAt);
      const answer = await floorStep(() => resumeActivity(ctx(at), { activityId, endsAt, staff: STAFF }));
      if ('refusal' in expected) {
        expect(answer.ok, where).toBe(false);
        if (!answer.ok) {
          expect(answer.msg.startsWith(FLOOR_REFUSAL_MESSAGES[expected.refusal]), `${where}: ${answer.msg}`).toBe(true);
          expect(answer.code, where).toBe(expected.refusal === 'notSuspended' ? 409 : 400);
        }
        note(mode, `resume:${expected.refusal}`);
      } else {
        expect(answer, where).toEqual({ ok: true });
        spec = expected.spec;
        const after = await t.handle.db.selectFrom('bid_activity').selectAll().where('id', '=', activityId).executeTakeFirstOrThrow();
        // The log and the price, leader and count are untouched; the end is the new one.
        expect({ count: after.bid_count, price: after.current_price_fen, leader: after.leader_user_id, end: after.end_at, status: after.status }, where).toEqual({
          count: row.bid_count,
          price: row.current_price_fen,
          leader: row.leader_user_id,
          end: endsAt,
          status: 'live',
        });
        // Bidding resumes at the price the public saw when the clock stopped (a falling price too).
        expect(await publicPrice(activityId, at), where).toBe(priceWhenStopped);
        note(mode, 'resume');
      }
    } else if (kind === 11) {
      const userId = spec.bidders[op.bidder]!.userId;
      const expected = modelJoin(spec, model, userId, at);
      const answer = await joinAt(engine, { userId, activityId, at });
      if (expected === null) expect(answer.status, `${where}: ${answer.body.msg}`).toBe(200);
      else expect(answer.status, where).toBe(400);
      if (expected === 'suspended') note(mode, 'join:suspended');
    } else {
      // A late bid: received during the last suspension, decided now (after the resumption).
      const late = kind === 10 && model.lastSuspension !== null;
      const receivedAt = late ? Math.floor((model.lastSuspension!.from + model.lastSuspension!.to) / 2) : at;
      const userId = spec.bidders[op.bidder]!.userId;
      const amountFen = amountOf(spec, model, op, await publicPrice(activityId, receivedAt));
      if (amountFen <= 0) continue;
      const expected = modelBid(spec, model, userId, amountFen, receivedAt);
      const answer = await bidAt(engine, { userId, mode, activityId, amountFen, at: receivedAt });
      if (expected.rejection === 'suspended') {
        expect({ status: answer.status, msg: answer.body.msg }, where).toEqual({ status: 400, msg: suspendedBidMessage(REASON) });
        note(mode, late ? 'late bid refused' : 'bid refused while suspended');
      } else if (expected.rejection) {
        expect(answer.body.msg, where).toBe(BID_REJECTION_MESSAGES[expected.rejection]);
      } else {
        expect(answer.status, `${where}: ${answer.body.msg}`).toBe(200);
        expect(answer.body.data, where).toMatchObject({ seq: model.count, amount: expected.loggedFen / 100 });
        if (model.lastSuspension) note(mode, 'bid after resume');
      }
    }
  }
  const row = await t.handle.db.selectFrom('bid_activity').selectAll().where('id', '=', activityId).executeTakeFirstOrThrow();
  expect({ status: row.status, count: row.bid_count, price: row.current_price_fen, max: row.max_price_fen, leader: row.leader_user_id, end: row.end_at, ext: row.extension_count }).toEqual({
    status: model.suspendedAt === null ? 'live' : 'suspended',
    count: model.count,
    price: model.priceFen,
    max: model.maxFen,
    leader: model.leader,
    end: model.endAt,
    ext: model.extensions,
  });
  // No bid in the log was received while the activity stood suspended.
  const bids = await t.handle.db.selectFrom('bid').select(['seq', 'placed_at']).where('activity_id', '=', activityId).orderBy('seq').execute();
  const steps = await t.handle.db.selectFrom('bid_activity_floor').select(['action', 'at']).where('activity_id', '=', activityId).orderBy('id').execute();
  const pauses: Array<[number, number]> = [];
  for (const step of steps) {
    if (step.action === 'suspend') pauses.push([step.at, Infinity]);
    else if (step.action === 'resume') pauses[pauses.length - 1]![1] = step.at;
  }
  for (const bid of bids) expect(pauses.some(([from, to]) => bid.placed_at >= from && bid.placed_at < to), `bid ${bid.seq} at ${bid.placed_at}`).toBe(false);
  expect(bids.map((b) => b.seq)).toEqual(bids.map((_, i) => i + 1));
  const replayed = await replayActivity(t.handle.db, activityId);
  expect(replayed).toMatchObject({ count: row.bid_count, priceFen: row.current_price_fen, maxFen: row.max_price_fen, leaderUserId: row.leader_user_id, endAt: row.end_at, extensions: row.extension_count });
}

describe(`the floor against the reference model on ${DIALECT}`, () => {
  for (const mode of MODES) {
    it(`${mode}: suspensions, resumptions and bids give the model's answers and state`, async () => {
      // Suspend and resume often enough: a third of the ops are floor steps or late bids.
      await fc.assert(
        fc.asyncProperty(specArb(mode), fc.array(opArb, { minLength: 4, maxLength: 20 }), (spec, ops) => runSequence(mode, spec, ops)),
        { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) },
      );
    }, 240_000);
  }

  it('reached every path: refused and late bids, resumptions, too-early ends, steps in the wrong state', () => {
    for (const mode of MODES) {
      const got = seen.get(mode) ?? new Set();
      for (const what of ['suspend', 'resume', 'bid refused while suspended', 'bid after resume', 'suspend:alreadySuspended', 'resume:notSuspended']) {
        expect(got, `${mode}: ${what} (${[...got].join(', ')})`).toContain(what);
      }
    }
    // Where a phase boundary lies ahead: an end too early for the phase it resumes in.
    expect(seen.get('phased')).toContain('resume:tooEarly');
    expect(seen.get('two-stage')).toContain('join:suspended');
    expect([...MODES].some((mode) => seen.get(mode)?.has('late bid refused'))).toBe(true);
  });
});
