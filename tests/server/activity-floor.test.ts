/**
 * The auction floor (services/auctions/floor.ts; bidding.md "The floor"): staff suspend a live auction
 * with a reason, resume it with a new end, or terminate it — against the real app and database (SQLite;
 * PostgreSQL when TEST_DATABASE_URL is set). Bids go through the real bid route; time is the injected
 * server clock (never a wait); push events are read from a real listening server's SSE stream, waiting for
 * the event itself (a timeout is the failure bound only). And the ops CLI's three commands on a SQLite
 * data directory, as the CLI runs.
 */
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_EVENTS_PATH, type LiveChangeEvent } from '#domain/contract/liveEvents';
import { dutchEndAt } from '#domain/rules/bidModes';
import { SseParser, type SseMessage } from '../../workers/sse';
import { CLOSE_GRACE_MS } from '../../server/bidding/engine.ts';
import { replayActivity } from '../../server/bidding/replay.ts';
import { loadConfig } from '../../server/config.ts';
import { liveChannel } from '../../server/db/changeFeed.ts';
import { openDatabase } from '../../server/db/connection.ts';
import { runOps } from '../../server/ops/cli.ts';
import { UsageError } from '../../server/ops/commands/shared.ts';
import { prepareDatabase } from '../../server/seed/prepare.ts';
import { lotStageSql, withLots } from '../../server/services/auctions/lot-states.ts';
import { FLOOR_MESSAGES, resumeActivity, suspendActivity, terminateActivity, type FloorContext } from '../../server/services/auctions/floor.ts';
import { toListedAsset } from '../../server/services/projects/search.ts';
import { createAccountsApp, type AccountsTestApp } from './accounts-helpers.ts';
import { bidAt, createActivity, joinAt, liveSpec } from './bidding-fixtures.ts';
import { buildSecondProcess, listeningLive, DIALECT, TEST_DATABASE_URL, type Json } from './helpers.ts';

const DATA = '/api/dscq-sync/v1/bid-assets/bidding-data';
const HALL = '/api/dscq-sync/v1/bid-assets/hall/page';
const RATE = '/api/dscq-sync/v1/bid-assets/bidding-rate';
const WATCH = '/api/dscq-sync/v1/bid-assets/watch';
const DETAIL = '/api/dscq-project/project/detail';
const EVENTS = `/api${LIVE_EVENTS_PATH}`;
const MINUTE = 60_000;
/** Failure bound of every wait for a pushed event; never a sleep. 20 s: on a loaded two-core machine running
 * the PostgreSQL suite's files side by side, the first push of a step once took over 10 s. */
const WAIT_MS = 20_000;
const STAFF = { id: 41, loginName: 'staff_floor' };

let t: AccountsTestApp;
let port: number;
const tokens: Record<string, string> = {};
const userIds: Record<string, number> = {};
const BIDDERS = ['bidder01', 'bidder02', 'bidder03', 'bidder04'] as const;
let keySeq = 0;
const key = () => `floor-key-${process.pid}-${++keySeq}`;

/** The staff member's context: the app's engine (its clock, its NOTIFY channel, its snapshot) and an address. */
const floor = (): FloorContext => ({ ...t.app.engine, ip: '10.0.0.7' });

async function loginAll() {
  for (const user of BIDDERS) {
    const answer = await t.login(user);
    expect(answer.status, `${user} logs in`).toBe(200);
    tokens[user] = answer.body.access_token;
  }
}

/** Moves the server clock (tokens are issued again: they last an hour of it). */
async function advance(ms: number) {
  t.clock.now += ms;
  await loginAll();
}

async function post(url: string, query: Record<string, string | number>, token?: string) {
  const res = await t.app.inject({ method: 'POST', url, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])), headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.statusCode, body: res.json() as Json };
}

const bid = (user: string, activityId: number, amountYuan: number, mode = 'ongoing') =>
  post(`/api/dscq-sync/v1/bidding/${mode}/bid`, { activityId, amount: amountYuan, idempotencyKey: key() }, tokens[user]);

async function data(activityId: number) {
  await t.app.live.snapshot.rebuild();
  return (await post(DATA, { activityId })).body.data as Json;
}

const row = (id: number) => t.handle.db.selectFrom('bid_activity').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** A live seeded ongoing activity without bids ending later than `minLeftMs`, not used by another test. */
const used = new Set<number>();
async function freshLive(minLeftMs = 2 * 3_600_000) {
  const found = await t.handle.db
    .selectFrom('bid_activity')
    .selectAll()
    .where('status', '=', 'live')
    .where('mode', '=', 'ongoing')
    .where('bid_count', '=', 0)
    .where('end_at', '>', t.clock.now + minLeftMs)
    .where('id', 'not in', [0, ...used])
    .orderBy('id')
    .executeTakeFirstOrThrow();
  used.add(found.id);
  return found;
}

/** A fixture activity of any mode (fixed times around the clock now) with bidder01…04 qualified. */
async function fixture(mode: string, over: Parameters<typeof liveSpec>[3] = {}) {
  const project = await t.handle.db
    .selectFrom('project')
    .select('id')
    .where('parent_id', 'is', null)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('bid_activity').select('bid_activity.id').whereRef('bid_activity.project_id', '=', 'project.id'))))
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const spec = liveSpec(mode, t.clock.now, BIDDERS.map((u) => userIds[u]!), over);
  return { id: await createActivity(t.handle.db, spec, project.id), spec };
}

/** Expects a floor step to be refused with this code and message (and to change nothing). */
async function refused(step: Promise<unknown>, code: number, message: string | RegExp) {
  const error = await step.then(
    () => null,
    (e: unknown) => e as { code: number; message: string },
  );
  expect(error, 'the step was refused').not.toBeNull();
  expect(error!.code).toBe(code);
  if (typeof message === 'string') expect(error!.message).toBe(message);
  else expect(error!.message).toMatch(message);
}

// ------------------------------------------------------------------ a streaming SSE client

interface Stream {
  messages: SseMessage[];
  waitFor(match: (e: LiveChangeEvent) => boolean, what: string): Promise<LiveChangeEvent>;
  close(): void;
}
const streams: Stream[] = [];

function openStream(target: number, activityIds?: number[]): Promise<Stream> {
  const query = activityIds ? `?activityIds=${activityIds.join(',')}` : '';
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port: target, path: `${EVENTS}${query}`, agent: false }, (res) => {
      expect(res.statusCode).toBe(200);
      const parser = new SseParser();
      const messages: SseMessage[] = [];
      const waiters = new Set<() => void>();
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        messages.push(...parser.push(chunk));
        for (const w of [...waiters]) w();
      });
      const events = () => messages.filter((m) => m.event === 'change').map((m) => JSON.parse(m.data) as LiveChangeEvent);
      const stream: Stream = {
        messages,
        waitFor: (match, what) =>
          new Promise((ok, fail) => {
            const timer = setTimeout(() => {
              waiters.delete(waiter);
              fail(new Error(`timed out after ${WAIT_MS} ms waiting for ${what}; got ${JSON.stringify(events()).slice(-800)}`));
            }, WAIT_MS);
            const waiter = () => {
              const found = events().find(match);
              if (found) {
                clearTimeout(timer);
                waiters.delete(waiter);
                ok(found);
              }
            };
            waiters.add(waiter);
            waiter();
          }),
        close: () => req.destroy(),
      };
      streams.push(stream);
      const ready = () => {
        if (messages.some((m) => m.event === 'ready')) {
          waiters.delete(ready);
          resolve(stream);
        }
      };
      waiters.add(ready);
    });
    req.on('error', reject);
  });
}

beforeAll(async () => {
  t = await createAccountsApp();
  await loginAll();
  for (const r of await t.handle.db.selectFrom('app_user').select(['id', 'login_name']).where('login_name', 'in', [...BIDDERS]).execute()) userIds[r.login_name] = r.id;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
}, 120_000);

afterEach(() => {
  for (const s of streams.splice(0)) s.close();
});

afterAll(async () => t?.close());

// ------------------------------------------------------------------ suspend, resume, terminate

describe(`the floor on ${DIALECT}`, () => {
  it('suspends: the bid route refuses every bid with the reason; room, hall, rates and the lot say why; logged, audited, told', async () => {
    const a = await freshLive();
    const start = a.start_price_fen / 100;
    expect((await bid('bidder01', a.id, start)).status).toBe(200);
    const before = await row(a.id);

    const result = await suspendActivity(floor(), { activityId: a.id, reason: '  标的权属存在争议，需核实  ', staff: STAFF });
    expect(result).toMatchObject({
      activityId: a.id,
      action: 'suspend',
      at: t.clock.now,
      before: { status: 'live', suspendReason: null, remainingMs: null, bidCount: 1, lockVersion: before.lock_version },
      after: { status: 'suspended', suspendReason: '标的权属存在争议，需核实', suspendedAt: t.clock.now, remainingMs: before.end_at - t.clock.now, bidCount: 1, endAt: before.end_at },
    });
    expect(result.after.lockVersion).toBe(before.lock_version + 1);
    // Plain JSON (the audit trail keeps it as it is).
    expect(JSON.parse(JSON.stringify(result))).toEqual(result);

    // Through the real bid route, inside the lot's lock: refused with the reason, nothing written.
    const refusedBid = await bid('bidder02', a.id, start + before.increment_fen / 100);
    expect(refusedBid).toMatchObject({ status: 400, body: { msg: '竞价已中止：标的权属存在争议，需核实' } });
    expect(await row(a.id)).toMatchObject({ bid_count: 1, current_price_fen: before.current_price_fen, status: 'suspended' });

    const room = await data(a.id);
    expect(room).toMatchObject({ status: 'suspended', suspendReason: '标的权属存在争议，需核实', remainingMs: before.end_at - t.clock.now, biddingCount: 1, endTime: before.end_at });
    expect(room.terminateReason).toBeUndefined();
    const hallRow = ((await post(HALL, { size: 200 })).body.data.records as Json[]).find((r) => r.activityId === a.id);
    expect(hallRow).toMatchObject({ suspendReason: '标的权属存在争议，需核实', remainingMs: before.end_at - t.clock.now, leftTime: Math.floor((before.end_at - t.clock.now) / 1000) });
    const rate = (await post(RATE, { activityIds: String(a.id) })).body.data.rates[0];
    expect(rate).toMatchObject({ status: 'suspended', suspendReason: '标的权属存在争议，需核实' });
    const watch = (await post(WATCH, { activityIds: String(a.id) })).body.data.records[0];
    expect(watch).toMatchObject({ status: 'suspended', suspendReason: '标的权属存在争议，需核实' });
    const lot = (await t.get(DETAIL, { id: a.project_id })).body.data;
    expect(lot).toMatchObject({ state: '已中止', lot: { status: 'suspended', label: '已中止', activityStatus: 'suspended', price: start, priceLabel: '当前价' } });

    // The floor log and the audit line: who, when, why, before and after.
    const log = await t.handle.db.selectFrom('bid_activity_floor').selectAll().where('activity_id', '=', a.id).execute();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ action: 'suspend', at: t.clock.now, reason: '标的权属存在争议，需核实', staff_id: STAFF.id, staff_login: STAFF.loginName, end_before: before.end_at, end_after: before.end_at });
    expect(JSON.parse(log[0]!.state_after)).toEqual(result.after);
    expect(JSON.parse(log[0]!.state_before)).toEqual(result.before);
    const audit = await t.handle.db.selectFrom('audit_log').selectAll().where('action', '=', 'activity.suspend').where('object', '=', `activity:${a.id}`).execute();
    expect(audit).toMatchObject([{ login_name: 'staff_floor', ip: '10.0.0.7', result: 'success', detail: `staff:${STAFF.id} 标的权属存在争议，需核实` }]);
    // Every qualified bidder is told, with the reason.
    const told = await t.handle.db.selectFrom('message').select(['user_id', 'title', 'content', 'link']).where('link', '=', `/quoteHall?activityId=${a.id}`).where('title', 'like', '%竞价已中止').execute();
    const qualified = await t.handle.db.selectFrom('bid_qualification').select('user_id').where('activity_id', '=', a.id).execute();
    expect(told.map((m) => m.user_id).sort()).toEqual(qualified.map((q) => q.user_id).sort());
    expect(told[0]!.content).toContain('中止原因：标的权属存在争议，需核实');
  });

  it('stops the clock: the sweep leaves a suspended auction past its end, the time left stands still; resumed, it takes bids and ends at the new end', async () => {
    const { id } = await fixture('ongoing', { endAt: t.clock.now + 10 * MINUTE });
    const a = await row(id);
    const start = a.start_price_fen / 100;
    const increment = a.increment_fen / 100;
    expect((await bid('bidder01', a.id, start)).status).toBe(200);
    const suspendedAt = t.clock.now;
    const left = a.end_at - suspendedAt;
    await suspendActivity(floor(), { activityId: a.id, reason: '网络故障', staff: STAFF });

    // Far past the old end: the sweep does not end it, nothing counts down, bids are still refused.
    await advance(left + CLOSE_GRACE_MS + 10 * MINUTE);
    expect(t.clock.now).toBeGreaterThan(a.end_at + CLOSE_GRACE_MS);
    await t.app.live.sweep();
    expect(await row(a.id)).toMatchObject({ status: 'suspended', outcome: null, settled_at: null, remaining_ms: left });
    expect(await data(a.id)).toMatchObject({ status: 'suspended', remainingMs: left });
    const hallRow = ((await post(HALL, { size: 200 })).body.data.records as Json[]).find((r) => r.activityId === a.id);
    expect(hallRow.leftTime).toBe(Math.floor(left / 1000));
    expect((await bid('bidder02', a.id, start + increment)).body.msg).toBe('竞价已中止：网络故障');
    // A bid received while suspended but decided later is refused too (the engine's receipt time).
    const during = suspendedAt + MINUTE;

    // Resume with a new end ten minutes from now: bids are taken again.
    const endsAt = t.clock.now + 10 * MINUTE;
    const resumed = await resumeActivity(floor(), { activityId: a.id, endsAt, reason: '故障已排除', staff: STAFF });
    expect(resumed).toMatchObject({ action: 'resume', before: { status: 'suspended', endAt: a.end_at }, after: { status: 'live', endAt: endsAt, resumedAt: t.clock.now, remainingMs: null, bidCount: 1 } });
    const room = await data(a.id);
    expect(room).toMatchObject({ status: 'live', endTime: endsAt, biddingCount: 1 });
    expect(room.suspendReason).toBeUndefined();
    expect(room.remainingMs).toBeUndefined();
    const late = await bidAt(t.app.engine, { userId: userIds.bidder03!, mode: 'ongoing', activityId: a.id, amountFen: a.start_price_fen + 2 * a.increment_fen, at: during });
    expect(late).toMatchObject({ status: 400, body: { msg: '竞价已中止：网络故障' } });
    const again = await bid('bidder02', a.id, start + increment);
    expect(again.status, again.body.msg).toBe(200);
    expect(again.body.data.endTime).toBe(endsAt);
    const told = await t.handle.db.selectFrom('message').select('content').where('link', '=', `/quoteHall?activityId=${a.id}`).where('title', 'like', '%竞价已恢复').execute();
    expect(told.length).toBeGreaterThan(0);
    expect(told[0]!.content).toContain('（故障已排除）');

    // It ends at the new end, sold to the leader; the replay (with the floor's steps) agrees.
    t.clock.now = endsAt + CLOSE_GRACE_MS;
    await t.app.live.sweep();
    const ended = await row(a.id);
    expect(ended).toMatchObject({ status: 'ended', outcome: 'sold', end_at: endsAt, leader_user_id: userIds.bidder02 });
    expect(await replayActivity(t.handle.db, a.id)).toMatchObject({ count: 2, endAt: endsAt, leaderUserId: userIds.bidder02, priceFen: ended.current_price_fen });
    await loginAll();
  });

  it('terminates: ended without a result — no deal, every deposit released as after 流拍, the lot reads 已终结, a notice, bidders told', async () => {
    const a = await t.handle.db
      .selectFrom('bid_activity as a')
      .selectAll('a')
      .where('a.status', '=', 'live')
      .where('a.end_at', '>', t.clock.now + 3_600_000)
      .where((eb) => eb.exists(eb.selectFrom('deposit').select('deposit.id').whereRef('deposit.project_id', '=', 'a.project_id').where('deposit.status', '=', 'confirmed')))
      .where('a.id', 'not in', [0, ...used])
      .orderBy('a.id')
      .executeTakeFirstOrThrow();
    used.add(a.id);
    const deposits = await t.handle.db.selectFrom('deposit').select(['id', 'user_id']).where('project_id', '=', a.project_id).where('status', '=', 'confirmed').execute();
    expect(deposits.length).toBeGreaterThan(0);
    await suspendActivity(floor(), { activityId: a.id, reason: '转让方申请', staff: STAFF });
    const result = await terminateActivity(floor(), { activityId: a.id, reason: '转让方撤回挂牌申请', staff: STAFF });
    expect(result).toMatchObject({ action: 'terminate', before: { status: 'suspended' }, after: { status: 'ended', outcome: 'terminated', terminateReason: '转让方撤回挂牌申请', endAt: t.clock.now } });

    expect(await row(a.id)).toMatchObject({ status: 'ended', outcome: 'terminated', settled_at: t.clock.now, remaining_ms: null });
    // No winner: no deal; every confirmed deposit released (as after 流拍).
    expect(await t.handle.db.selectFrom('deal').select('id').where('activity_id', '=', a.id).execute()).toEqual([]);
    const after = await t.handle.db.selectFrom('deposit').select(['id', 'status', 'settled_at']).where('id', 'in', deposits.map((d) => d.id)).execute();
    expect(after.every((d) => d.status === 'released' && d.settled_at === t.clock.now)).toBe(true);
    const project = await t.handle.db.selectFrom('project').select(['state', 'assets_name']).where('id', '=', a.project_id).executeTakeFirstOrThrow();
    expect(project.state).toBe('已终结');
    const notice = await t.handle.db.selectFrom('news').select(['title', 'content']).where('ref_code', '=', `JG-BID-${a.activity_code}`).executeTakeFirstOrThrow();
    expect(notice.title).toBe(`${project.assets_name}竞价终结公告`);
    expect(notice.content).toContain('终结原因：转让方撤回挂牌申请');
    expect(notice.content).not.toContain('成交价');

    // The room, the lot and the bid route say 终结 (not 流拍); the sweep leaves it alone.
    const room = await data(a.id);
    expect(room).toMatchObject({ status: 'ended', outcome: 'terminated', terminateReason: '转让方撤回挂牌申请' });
    expect(room.suspendReason).toBeUndefined();
    expect((await t.get(DETAIL, { id: a.project_id })).body.data).toMatchObject({ state: '已终结', lot: { status: 'terminated', label: '已终结', price: null } });
    expect((await bid('bidder01', a.id, a.start_price_fen / 100)).body.msg).toBe('竞价已终结，出价无效');
    await t.app.live.sweep();
    expect(await row(a.id)).toMatchObject({ status: 'ended', outcome: 'terminated' });
    const told = await t.handle.db.selectFrom('message').select('content').where('link', '=', `/quoteHall?activityId=${a.id}`).where('title', 'like', '%竞价已终结').execute();
    expect(told.length).toBeGreaterThan(0);
    expect(told[0]!.content).toContain('保证金将依规退还');
    expect(await replayActivity(t.handle.db, a.id)).toMatchObject({ endAt: t.clock.now });
  });

  it('refuses steps in the wrong state or without a reason, in Chinese, changing nothing (the refusal audited)', async () => {
    const a = await freshLive();
    await refused(suspendActivity(floor(), { activityId: 999_999, reason: 'x', staff: STAFF }), 404, FLOOR_MESSAGES.noActivity);
    await refused(suspendActivity(floor(), { activityId: a.id, reason: '   ', staff: STAFF }), 400, '请填写中止原因');
    await refused(suspendActivity(floor(), { activityId: a.id, reason: '长'.repeat(201), staff: STAFF }), 400, '原因不能超过 200 字');
    await refused(terminateActivity(floor(), { activityId: a.id, reason: '', staff: STAFF }), 400, '请填写终结原因');
    await refused(resumeActivity(floor(), { activityId: a.id, endsAt: t.clock.now + MINUTE, staff: STAFF }), 409, '竞价未中止，不能恢复');
    const versionBefore = (await row(a.id)).lock_version;

    const scheduled = await t.handle.db.selectFrom('bid_activity').selectAll().where('status', '=', 'scheduled').where('start_at', '>', t.clock.now).orderBy('id').executeTakeFirstOrThrow();
    await refused(suspendActivity(floor(), { activityId: scheduled.id, reason: '核实', staff: STAFF }), 409, '竞价未在进行中，不能中止');

    await suspendActivity(floor(), { activityId: a.id, reason: '核实', staff: STAFF });
    await refused(suspendActivity(floor(), { activityId: a.id, reason: '再次', staff: STAFF }), 409, '竞价已中止，不能重复中止');
    await refused(resumeActivity(floor(), { activityId: a.id, endsAt: t.clock.now, staff: STAFF }), 400, '恢复后的结束时间须晚于当前时间');
    await refused(resumeActivity(floor(), { activityId: a.id, endsAt: Number.NaN, staff: STAFF }), 400, '恢复后的结束时间须晚于当前时间');
    expect(await row(a.id)).toMatchObject({ status: 'suspended', lock_version: versionBefore + 1 });

    // A scheduled auction may be terminated before it starts (its planned times stay); an ended one not.
    await terminateActivity(floor(), { activityId: scheduled.id, reason: '公告有误', staff: STAFF });
    expect(await row(scheduled.id)).toMatchObject({ status: 'ended', outcome: 'terminated', start_at: scheduled.start_at, end_at: scheduled.end_at });
    await refused(terminateActivity(floor(), { activityId: scheduled.id, reason: '再次', staff: STAFF }), 409, '竞价已结束，不能终结');
    await refused(resumeActivity(floor(), { activityId: scheduled.id, endsAt: t.clock.now + MINUTE, staff: STAFF }), 409, '竞价未中止，不能恢复');
    const failures = await t.handle.db.selectFrom('audit_log').select(['action', 'detail']).where('result', '=', 'failure').where('action', 'like', 'activity.%').execute();
    expect(failures).toEqual(expect.arrayContaining([{ action: 'activity.suspend', detail: `staff:${STAFF.id} 竞价已中止，不能重复中止` }, { action: 'activity.terminate', detail: `staff:${STAFF.id} 竞价已结束，不能终结` }]));
    // An auction whose end has come (the sweep's grace) cannot be suspended any more.
    const ending = await fixture('ongoing', { endAt: t.clock.now - 10 });
    await refused(suspendActivity(floor(), { activityId: ending.id, reason: '核实', staff: STAFF }), 409, '竞价已到结束时间，不能中止');
    // …nor terminated: it has its result, which the sweep settles (a suspended one's end does not run).
    await refused(terminateActivity(floor(), { activityId: ending.id, reason: '清理', staff: STAFF }), 409, '竞价已到结束时间，正在结算，不能终结');
    await terminateActivity(floor(), { activityId: a.id, reason: '清理', staff: STAFF });
  });

  it('pushes each step to the room and the hall streams: the state, the reason, the frozen time, the new end, the termination', async () => {
    const a = await freshLive();
    const room = await openStream(port, [a.id]);
    const hall = await openStream(port);
    await suspendActivity(floor(), { activityId: a.id, reason: '系统升级', staff: STAFF });
    for (const stream of [room, hall]) {
      const event = await stream.waitFor((e) => e.activityId === a.id && e.status === 'suspended', 'the suspension');
      expect(event).toMatchObject({ status: 'suspended', outcome: null, suspendReason: '系统升级', remainingMs: a.end_at - t.clock.now, endTime: a.end_at });
    }
    const endsAt = t.clock.now + 30 * MINUTE;
    await resumeActivity(floor(), { activityId: a.id, endsAt, staff: STAFF });
    const resumed = await room.waitFor((e) => e.activityId === a.id && e.status === 'live', 'the resumption');
    expect(resumed.endTime).toBe(endsAt);
    expect(resumed.suspendReason).toBeUndefined();
    expect(resumed.remainingMs).toBeUndefined();
    await terminateActivity(floor(), { activityId: a.id, reason: '依法终结', staff: STAFF });
    for (const stream of [room, hall]) {
      const ended = await stream.waitFor((e) => e.activityId === a.id && e.status === 'ended', 'the termination');
      expect(ended).toMatchObject({ outcome: 'terminated', terminateReason: '依法终结', endTime: t.clock.now });
    }
  });

  it('a step committed elsewhere (another process, the ops CLI) reaches this process’s streams through the change feed', async () => {
    // This server hears other processes' commits: LISTEN on PostgreSQL, the data_version watch on SQLite.
    const listener = await buildSecondProcess(t, () => t.clock.now, listeningLive(t.handle.schema));
    try {
      await listener.listen({ port: 0, host: '127.0.0.1' });
      const listenerPort = (listener.server.address() as AddressInfo).port;
      if (TEST_DATABASE_URL) {
        const channel = liveChannel(t.handle.schema);
        await expect
          .poll(async () => (await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where query = ${`LISTEN ${channel}`} and state = 'idle'`.execute(t.handle.db)).rows[0]!.n, { timeout: WAIT_MS, interval: 20 })
          .toBeGreaterThan(0);
      }
      const a = await freshLive();
      const room = await openStream(listenerPort, [a.id]);
      // As the ops CLI runs it: its own connection, the NOTIFY channel, no snapshot of its own to tell.
      const cli: FloorContext = { db: t.handle.db, now: () => t.clock.now, notifyChannel: TEST_DATABASE_URL ? liveChannel(t.handle.schema) : null, afterCommit: () => {} };
      await suspendActivity(cli, { activityId: a.id, reason: '跨进程中止', staff: { id: 0, loginName: 'ops:test' } });
      const event = await room.waitFor((e) => e.activityId === a.id && e.status === 'suspended', 'the suspension from elsewhere');
      expect(event.suspendReason).toBe('跨进程中止');
      // The other process's bid route refuses too (the state is in the database, not in a process).
      const res = await listener.inject({ method: 'POST', url: '/api/dscq-sync/v1/bidding/ongoing/bid', query: { activityId: String(a.id), amount: String(a.start_price_fen / 100), idempotencyKey: key() }, headers: { authorization: `Bearer ${tokens.bidder01}` } });
      expect(res.json()).toMatchObject({ code: 400, msg: '竞价已中止：跨进程中止' });
      await resumeActivity(cli, { activityId: a.id, endsAt: t.clock.now + 20 * MINUTE, staff: { id: 0, loginName: 'ops:test' } });
      expect(await room.waitFor((e) => e.activityId === a.id && e.status === 'live', 'the resumption from elsewhere')).toMatchObject({ endTime: t.clock.now + 20 * MINUTE });
    } finally {
      for (const s of streams.splice(0)) s.close();
      await listener.close();
    }
  });
});

// ------------------------------------------------------------------ the modes' schedules

describe(`resuming the modes' schedules on ${DIALECT}`, () => {
  it('phased: the free period keeps its distance to the new end; an end that would skip it is refused with the earliest end', async () => {
    const now = t.clock.now;
    const { id } = await fixture('phased', { startAt: now - MINUTE, endAt: now + 11 * MINUTE, settings: { phased: { freeEndAt: now + 10 * MINUTE, cycleMs: MINUTE } } });
    await suspendActivity(floor(), { activityId: id, reason: '核实', staff: STAFF });
    t.clock.now += 5 * MINUTE;
    // The free period ended a minute before the end: a new end within a minute of now would skip it.
    await refused(resumeActivity(floor(), { activityId: id, endsAt: t.clock.now + 30_000, staff: STAFF }), 400, /^恢复后的结束时间过早：恢复后仍处于自由报价期，结束时间须晚于 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const endsAt = t.clock.now + 20 * MINUTE;
    const r = await resumeActivity(floor(), { activityId: id, endsAt, staff: STAFF });
    expect(r.after.settings.phased).toEqual({ freeEndAt: endsAt - MINUTE, cycleMs: MINUTE });
    expect(await data(id)).toMatchObject({ status: 'live', endTime: endsAt, modeState: { phase: 'free' } });
  });

  it('dutch-auction: the falling price stands still while suspended and resumes where it stopped', async () => {
    const now = t.clock.now;
    const dutch = { decrementFen: 10_000, intervalMs: MINUTE, floorFen: 900_000 };
    const { id } = await fixture('dutch-auction', { startAt: now - 3 * MINUTE, endAt: dutchEndAt(dutch, 1_000_000, now - 3 * MINUTE), settings: { dutch } });
    expect((await data(id)).biddingPrice).toBe(9_700);
    await suspendActivity(floor(), { activityId: id, reason: '核实', staff: STAFF });
    t.clock.now += 30 * MINUTE;
    const frozen = await data(id);
    expect(frozen).toMatchObject({ status: 'suspended', biddingPrice: 9_700, modeState: { nextDropAt: null } });
    const endsAt = t.clock.now + 20 * MINUTE;
    await resumeActivity(floor(), { activityId: id, endsAt, staff: STAFF });
    expect(await data(id)).toMatchObject({ status: 'live', biddingPrice: 9_700, endTime: endsAt });
    // And falls again from there: the next drop a minute (less the part already run) later.
    t.clock.now += MINUTE;
    expect((await data(id)).biddingPrice).toBe(9_600);
    const accepted = await bidAt(t.app.engine, { userId: userIds.bidder01!, mode: 'dutch-auction', activityId: id, amountFen: 960_000, at: t.clock.now });
    expect(accepted.status, accepted.body.msg).toBe(200);
    await loginAll();
  });

  it('two-stage: no confirmation to join stage 2 while suspended; stage 1 resumes with its deadline at the new end', async () => {
    const now = t.clock.now;
    const { id } = await fixture('two-stage', { startAt: now - MINUTE, endAt: now + 5 * MINUTE, settings: { twoStage: { stage1EndAt: now + 5 * MINUTE, joinWindowMs: 2 * MINUTE, cycleMs: MINUTE } } });
    expect((await bidAt(t.app.engine, { userId: userIds.bidder01!, mode: 'two-stage', activityId: id, amountFen: 1_000_000, at: now })).status).toBe(200);
    await suspendActivity(floor(), { activityId: id, reason: '核实', staff: STAFF });
    const joined = await joinAt(t.app.engine, { userId: userIds.bidder01!, activityId: id, at: now + 6 * MINUTE });
    expect(joined).toMatchObject({ status: 400, body: { msg: '竞价已中止，恢复前不能确认参加第二阶段' } });
    t.clock.now += 10 * MINUTE;
    const endsAt = t.clock.now + 8 * MINUTE;
    const r = await resumeActivity(floor(), { activityId: id, endsAt, staff: STAFF });
    expect(r.after.settings.twoStage).toEqual({ stage1EndAt: endsAt, joinWindowMs: 2 * MINUTE, cycleMs: MINUTE });
    expect(await data(id)).toMatchObject({ status: 'live', endTime: endsAt, modeState: { phase: 'stage1', phaseEndsAt: endsAt } });
  });
});

// ------------------------------------------------------------------ the one lot state

describe(`the lot state of floor steps on ${DIALECT}`, () => {
  it('the search filter (SQL) and the answers (the domain rule) agree on suspended and terminated lots; 已中止 and 已终结 filter', async () => {
    const suspended = await freshLive();
    await suspendActivity(floor(), { activityId: suspended.id, reason: '核实', staff: STAFF });
    const rows = await t.handle.db.selectFrom('project').selectAll().select(lotStageSql().as('stage')).orderBy('id').execute();
    const derived = await withLots(t.handle.db, t.clock.now, rows.map(toListedAsset));
    expect(rows.filter((r, i) => r.stage !== derived[i]!.lot.status).map((r) => r.id)).toEqual([]);
    const stages = new Set(derived.map((d) => d.lot.status));
    expect(stages).toContain('suspended');
    expect(stages).toContain('terminated');
    const search = async (state: string) => ((await t.post('/api/dscq-project/search/page', { state, size: 100 })).body.data.records as Json[]).map((r) => r.state as string);
    const foundSuspended = await search('已中止');
    expect(foundSuspended.length).toBeGreaterThan(0);
    expect(new Set(foundSuspended)).toEqual(new Set(['已中止']));
    expect(new Set(await search('已终结'))).toEqual(new Set(['已终结']));
  });
});

// ------------------------------------------------------------------ the ops CLI

describe('npm run ops -- activity suspend|resume|terminate', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-floor-ops-'));
  const config = loadConfig({ PORTAL_DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test' });
  const run = async (...argv: string[]) => {
    const lines: string[] = [];
    await runOps(argv, config, (line) => lines.push(line));
    return lines.join('\n');
  };
  const activityRow = async (id: number) => {
    const handle = openDatabase(config);
    try {
      return await handle.db.selectFrom('bid_activity').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    } finally {
      await handle.close();
    }
  };
  let id = 0;

  beforeAll(async () => {
    const handle = openDatabase(config);
    await prepareDatabase(handle, { seed: true, now: Date.now() });
    const project = await handle.db
      .selectFrom('project')
      .select('id')
      .where('parent_id', 'is', null)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('bid_activity').select('bid_activity.id').whereRef('bid_activity.project_id', '=', 'project.id'))))
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await handle.close();
    const created = await run('activity', 'create', String(project.id), '--mode', 'ongoing', '--end', '+2h', '--start-price', '100000', '--increment', '1000');
    id = Number(/#(\d+)/.exec(created)![1]);
  }, 60_000);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('suspends with a reason, resumes with a new end, terminates; usage errors and refusals in Chinese', async () => {
    await expect(run('activity', 'suspend', String(id))).rejects.toThrow(UsageError);
    await expect(run('activity', 'suspend', String(id))).rejects.toThrow('须用 --reason "中止原因" 说明中止原因');
    expect(await run('activity', 'suspend', String(id), '--reason', '系统维护')).toMatch(/^已中止竞价活动 #\d+（原因：系统维护），剩余时间 \d+ 秒已冻结$/);
    expect(await activityRow(id)).toMatchObject({ status: 'suspended', suspend_reason: '系统维护' });
    await expect(run('activity', 'suspend', String(id), '--reason', '再次')).rejects.toThrow('竞价已中止，不能重复中止');
    await expect(run('activity', 'resume', String(id))).rejects.toThrow('缺少 --end');
    await expect(run('activity', 'resume', String(id), '--end', 'tomorrow')).rejects.toThrow('--end 须为 "YYYY-MM-DD HH:mm" 或 "+10m"');
    expect(await run('activity', 'resume', String(id), '--end', '+10m')).toMatch(/^已恢复竞价活动 #\d+，结束时间 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const resumed = await activityRow(id);
    expect(resumed.status).toBe('live');
    expect(Math.abs(resumed.end_at - (Date.now() + 10 * MINUTE))).toBeLessThan(MINUTE);
    await expect(run('activity', 'terminate', String(id))).rejects.toThrow('须用 --reason "终结原因" 说明终结原因');
    expect(await run('activity', 'terminate', String(id), '--reason', '转让方撤牌')).toBe(`已终结竞价活动 #${id}（原因：转让方撤牌），保证金已按流拍退还`);
    expect(await activityRow(id)).toMatchObject({ status: 'ended', outcome: 'terminated', terminate_reason: '转让方撤牌' });
    const handle = openDatabase(config);
    try {
      const log = await handle.db.selectFrom('bid_activity_floor').select(['action', 'staff_id', 'staff_login']).where('activity_id', '=', id).orderBy('id').execute();
      expect(log.map((l) => l.action)).toEqual(['suspend', 'resume', 'terminate']);
      expect(log.every((l) => l.staff_id === 0 && l.staff_login.startsWith('ops:'))).toBe(true);
    } finally {
      await handle.close();
    }
    expect(await run('help')).toContain('activity suspend <竞价活动id> --reason');
  });
});
