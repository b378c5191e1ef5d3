/**
 * One rule for every live value: the server's snapshot and the live worker read the same
 * premium rate, status and tone for the same lot — every mode, sealed and dutch included — because both
 * compute them with domain/rules/liveValues.ts from the same public state; every answer carries the
 * activity's lockVersion (the order the worker merges its sources by); `leftTime` is the countdown's input,
 * stamped from `endTime` when an answer is served. Real database (SQLite; PostgreSQL with TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE_GRACE_MS, sweepActivities, type EngineDeps } from '../../server/bidding/engine.ts';
import { changeEventOf } from '../../server/live/changeEvents.ts';
import { dutchEndAt } from '#domain/rules/bidModes';
import { displayRemaining } from '#domain/rules/bidding';
import { BIDDING_MODES, type BiddingEntry, type MaxRateEntry, type RateEntry } from '#domain/contract/hall';
import type { LiveChangeEvent } from '#domain/contract/liveEvents';
import { leftTime, liveCountdown, liveValues } from '#domain/rules/liveValues';
import { entryState, eventState, rateState, toBidRow } from '../../workers/rows.ts';
import { bidAt, createActivity, liveSpec, type ActivitySpec } from './bidding-fixtures.ts';
import { createTestApp, DIALECT, NOW, type Json, type TestApp } from './helpers.ts';

const HALL = '/api/dscq-sync/v1/bid-assets/hall/page';
const RATE = '/api/dscq-sync/v1/bid-assets/bidding-rate';
const MAX_RATE = '/api/dscq-sync/v1/bid-assets/assets-max-rate';
const DATA = '/api/dscq-sync/v1/bid-assets/bidding-data';

let t: TestApp;
let engine: EngineDeps;
const clock = { now: NOW };
let users: number[] = [];
/** The latest push event of each activity, as the snapshot announces it. */
const events = new Map<number, LiveChangeEvent>();
const ids: Record<string, number> = {};

const base = (mode: string, over: Partial<ActivitySpec> = {}): ActivitySpec => liveSpec(mode, NOW, users, over);

const dutch = { decrementFen: 10_000, intervalMs: 60_000, floorFen: 900_000 };

async function post(url: string, query: Record<string, string | number> = {}, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'POST', url, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])), headers });
  return { res, body: res.json() as Json };
}

async function answers() {
  const hall = (await post(HALL, { size: 2000 })).body.data as { records: BiddingEntry[]; serverTime: number };
  const rates = (await post(RATE, { activityIds: hall.records.map((r) => r.activityId).join(',') })).body.data as { rates: RateEntry[]; serverTime: number };
  return { hall, rates };
}

beforeAll(async () => {
  t = await createTestApp({ now: () => clock.now });
  engine = t.app.live.engine;
  const rows = await t.handle.db.selectFrom('app_user').select('id').where('login_name', 'in', ['bidder01', 'bidder02', 'bidder03', 'bidder04']).orderBy('login_name').execute();
  users = rows.map((r) => r.id);
  t.app.live.snapshot.onChange((changed, serverTime) => {
    for (const row of changed) events.set(row.entry.activityId, changeEventOf(row, serverTime));
  });

  ids.ongoing = await createActivity(t.handle.db, base('ongoing'));
  ids.ongoingNone = await createActivity(t.handle.db, base('ongoing'));
  ids.phased = await createActivity(t.handle.db, base('phased', { settings: { phased: { freeEndAt: NOW + 5 * 60_000, cycleMs: 120_000 } } }));
  ids.onceOff = await createActivity(t.handle.db, base('onceOff'));
  const dutchStart = NOW - 150_000; // two drops done at NOW
  ids.dutch = await createActivity(t.handle.db, base('dutch-auction', { startAt: dutchStart, endAt: dutchEndAt(dutch, 1_000_000, dutchStart), settings: { dutch } }));
  ids.dutchSold = await createActivity(t.handle.db, base('dutch-auction', { startAt: dutchStart, endAt: dutchEndAt(dutch, 1_000_000, dutchStart), settings: { dutch } }));
  await t.app.live.snapshot.rebuild();

  const ok = async (userId: number, mode: string, activityId: number, amountFen: number, at = NOW) =>
    expect((await bidAt(engine, { userId, mode, activityId, amountFen, at })).status).toBe(200);
  await ok(users[0]!, 'ongoing', ids.ongoing!, 1_000_000);
  await ok(users[1]!, 'ongoing', ids.ongoing!, 1_020_000);
  await ok(users[2]!, 'phased', ids.phased!, 1_050_000);
  for (const [i, amountFen] of [1_050_000, 1_080_000, 1_070_000].entries()) await ok(users[i]!, 'onceOff', ids.onceOff!, amountFen);
  await ok(users[3]!, 'dutch-auction', ids.dutchSold!, 1_000_000); // accepted at the price now: 9,800
  await t.app.live.snapshot.rebuild();
}, 60_000);

afterAll(async () => t?.close());

describe(`live values: server and worker agree on ${DIALECT}`, () => {
  it('reads each mode by its rule on both sides (sealed ---, dutch --- until an acceptance)', async () => {
    const { hall, rates } = await answers();
    const rowOf = (id: number) => {
      const record = hall.records.find((r) => r.activityId === id)!;
      const rate = rates.rates.find((r) => r.activityId === id)!;
      return { record, rate, row: toBidRow(record, hall.serverTime, rateState(rate, rates.serverTime)) };
    };
    const expected: Record<string, { premiumRate: string; tone: string; biddingPrice: number }> = {
      ongoing: { premiumRate: '2.00%', tone: 'red', biddingPrice: 10_200 },
      ongoingNone: { premiumRate: '---', tone: 'green', biddingPrice: 10_000 },
      phased: { premiumRate: '5.00%', tone: 'red', biddingPrice: 10_500 },
      onceOff: { premiumRate: '---', tone: 'red', biddingPrice: 10_000 }, // 3 offers, amounts hidden
      dutch: { premiumRate: '---', tone: 'red', biddingPrice: 9_800 }, // dropped twice, nobody bought
      dutchSold: { premiumRate: '2.00%', tone: 'red', biddingPrice: 9_800 },
    };
    for (const [name, values] of Object.entries(expected)) {
      const { record, rate, row } = rowOf(ids[name]!);
      expect(row, name).toMatchObject({ status: 'live', ...values });
      expect(rate.premiumRate, `${name}: the server's rate`).toBe(values.premiumRate);
      expect(record.lockVersion, name).toBe(rate.lockVersion);
    }
  });

  it('every live row, every source: the worker’s row from the hall, the rate or the push event reads the server’s premium, status and tone', async () => {
    const { hall, rates } = await answers();
    expect(hall.records.length).toBeGreaterThan(20); // the demo data: every mode
    const modes = new Set<string>();
    for (const record of hall.records) {
      const rate = rates.rates.find((r) => r.activityId === record.activityId)!;
      modes.add(record.mode);
      const server = liveValues({ ...rate, mode: record.mode });
      expect(server.premiumRate, `${record.mode} ${record.activityId}`).toBe(rate.premiumRate);
      const fromHall = toBidRow(record, hall.serverTime);
      const fromRate = toBidRow(record, 0, rateState(rate, rates.serverTime));
      for (const row of [fromHall, fromRate]) {
        expect({ premiumRate: row.premiumRate, status: row.status, tone: row.tone }, `${record.mode} ${record.activityId}`).toEqual({
          premiumRate: rate.premiumRate,
          status: rate.status,
          tone: server.tone,
        });
      }
      const event = events.get(record.activityId);
      if (event) {
        const fromEvent = toBidRow(record, 0, eventState(event, entryState(record, 0)));
        expect({ premiumRate: fromEvent.premiumRate, status: fromEvent.status }, `event ${record.mode} ${record.activityId}`).toEqual({
          premiumRate: rate.premiumRate,
          status: rate.status,
        });
      }
    }
    // The demo keeps every mode live: the rule is checked for all eight.
    expect([...modes].sort()).toEqual([...BIDDING_MODES].sort());
    expect(events.has(ids.onceOff!) && events.has(ids.dutchSold!)).toBe(true);
  });

  it('溢价领先 lists the rows whose premium is shown, and the worker reads each as the server does', async () => {
    const top = (await post(MAX_RATE, { size: 50 })).body.data as MaxRateEntry[];
    expect(top.length).toBeGreaterThan(0);
    const listed = top.map((entry) => entry.activityId);
    expect(listed).toContain(ids.ongoing);
    expect(listed).toContain(ids.dutchSold);
    expect(listed).not.toContain(ids.onceOff);
    expect(listed).not.toContain(ids.dutch);
    for (const entry of top) {
      expect(entry.premiumRate).not.toBe('---');
      expect(toBidRow(entry, 0).premiumRate).toBe(entry.premiumRate);
      expect(typeof entry.lockVersion).toBe('number');
    }
  });

  it('bidding-data carries the lockVersion of the hall’s state', async () => {
    const { hall } = await answers();
    for (const name of ['ongoing', 'onceOff', 'dutch']) {
      const data = (await post(DATA, { activityId: ids[name]! })).body.data as Json;
      expect(data.lockVersion, name).toBe(hall.records.find((r) => r.activityId === ids[name])!.lockVersion);
    }
  });

  it('leftTime is the countdown’s input, stamped when served: only time passed → same tag, a smaller leftTime', async () => {
    const first = await post(HALL, { size: 2000 });
    const records = first.body.data.records as BiddingEntry[];
    const serverTime = first.body.data.serverTime as number;
    for (const r of records) {
      expect(r.leftTime).toBe(leftTime({ status: 'live', endTime: r.endTime }, serverTime));
      expect(liveCountdown({ status: 'live', endTime: r.endTime }, serverTime)).toEqual(displayRemaining(r.leftTime));
    }
    const ongoing = records.find((r) => r.activityId === ids.ongoing)!;
    expect(ongoing.leftTime).toBe(Math.floor((ongoing.endTime - clock.now) / 1000));
    clock.now += 3_000;
    try {
      const later = await post(HALL, { size: 2000 });
      expect(later.res.headers.etag).toBe(first.res.headers.etag);
      expect(later.body.data.serverTime).toBe(serverTime + 3_000);
      expect((later.body.data.records as BiddingEntry[]).find((r) => r.activityId === ids.ongoing)!.leftTime).toBe(ongoing.leftTime - 3);
      const max = (await post(MAX_RATE, { size: 50 })).body.data as MaxRateEntry[];
      for (const entry of max) expect(entry.leftTime).toBe(leftTime({ status: 'live', endTime: entry.endTime }, clock.now));
    } finally {
      clock.now -= 3_000;
    }
  });

  it('a dutch price falling with time moves the hall and the rate (new tag), both still --- until an acceptance', async () => {
    const before = await post(HALL, { size: 2000 });
    const dutchStart = NOW - 150_000;
    clock.now = dutchStart + 180_000; // the third drop
    try {
      const after = await post(HALL, { size: 2000 });
      expect(after.res.headers.etag).not.toBe(before.res.headers.etag);
      const record = (after.body.data.records as BiddingEntry[]).find((r) => r.activityId === ids.dutch)!;
      expect(record).toMatchObject({ biddingPrice: 9_700, maxPrice: 9_700, biddingCount: 0 });
      const rate = (await post(RATE, { activityIds: String(ids.dutch) })).body.data.rates[0] as RateEntry;
      expect(rate).toMatchObject({ biddingPrice: 9_700, premiumRate: '---' });
      expect(toBidRow(record, after.body.data.serverTime)).toMatchObject({ biddingPrice: 9_700, premiumRate: '---', tone: 'red' });
    } finally {
      clock.now = NOW;
    }
  });

  it('after the end: the sealed winner and the dutch buyer read the same on both sides, the countdown is over', async () => {
    await sweepActivities({ ...engine, now: () => NOW + 10 * 60_000 + CLOSE_GRACE_MS });
    await t.app.live.snapshot.rebuild();
    const rates = (await post(RATE, { activityIds: [ids.onceOff, ids.dutchSold].join(',') })).body.data as { rates: RateEntry[]; serverTime: number };
    const [onceOff, dutchSold] = rates.rates;
    expect(onceOff).toMatchObject({ status: 'ended', biddingPrice: 10_800, premiumRate: '8.00%' });
    expect(dutchSold).toMatchObject({ status: 'ended', premiumRate: '2.00%' });
    // The worker still holds the live hall entries of before; the newer state (lockVersion) wins whole.
    const held = (await post(HALL, { size: 2000 })).body.data.records as BiddingEntry[];
    expect(held.some((r) => r.activityId === ids.onceOff)).toBe(false); // ended: off the hall
    const staleEntry: BiddingEntry = { ...onceOff!, assetsId: 0, assetsName: '', projectType: 0, orgName: '', leftTime: 0, startTime: 0, priceType: 1, priceUnitName: '', mode: 'onceOff', lockVersion: onceOff!.lockVersion - 1, biddingPrice: 10_000, maxPrice: 10_000 };
    const row = toBidRow(staleEntry, rates.serverTime + 1, rateState(onceOff!, rates.serverTime));
    expect(row).toMatchObject({ status: 'ended', biddingPrice: 10_800, premiumRate: '8.00%' });
    expect(liveCountdown(row, rates.serverTime).over).toBe(true);
    const event = events.get(ids.onceOff!)!;
    expect(event).toMatchObject({ status: 'ended', lockVersion: onceOff!.lockVersion });
    expect(toBidRow(staleEntry, 0, eventState(event, entryState(staleEntry, 0))).premiumRate).toBe('8.00%');
  });
});
