/**
 * Activities with caps and reserves, in every mode, created by the operator: the operator API
 * (/api/dscq-ops/activity/create|qualify|list, configured operators only) end to end — created, bidders
 * qualified (one with a pre-emptive right), bid over HTTP against the cap, settled against the reserve —
 * and `npm run ops -- activity create|qualify` with each mode's parameters. The database follows
 * TEST_DATABASE_URL (the CLI part runs on a SQLite data directory, as the CLI does).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatChinaTime } from '#domain/rules/chinaTime';
import { CLOSE_GRACE_MS } from '../../server/bidding/engine.ts';
import { sweepActivities } from '../../server/bidding/engine.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/connection.ts';
import { runOps } from '../../server/ops/cli.ts';
import { prepareDatabase } from '../../server/seed/prepare.ts';
import { createAccountsApp, type AccountsTestApp } from './accounts-helpers.ts';
import { freshKey } from './bidding-fixtures.ts';
import { DIALECT, NOW, type Json } from './helpers.ts';

let t: AccountsTestApp;
const tokens = new Map<string, string>();

beforeAll(async () => {
  t = await createAccountsApp({ enrolment: { operators: ['demo_org'], timers: false } });
  for (const name of ['demo_org', 'demo_person', 'bidder01', 'bidder02', 'bidder03']) {
    const answer = await t.login(name);
    expect(answer.status, name).toBe(200);
    tokens.set(name, answer.body.access_token);
  }
}, 60_000);

afterAll(async () => t?.close());

const post = async (url: string, as: string, payload: Record<string, unknown>) => {
  const res = await t.app.inject({ method: 'POST', url: `/api${url}`, payload, headers: { authorization: `Bearer ${tokens.get(as)}` } });
  return { status: res.statusCode, body: res.json() as Json };
};
const bid = (as: string, mode: string, activityId: number, amount: number) =>
  post(`/dscq-sync/v1/bidding/${mode}/bid`, as, { activityId, amount, idempotencyKey: freshKey() });

/** Listed projects without any activity, one per call. */
const freeProjects: number[] = [];
async function freeProject(): Promise<number> {
  if (freeProjects.length === 0) {
    const rows = await t.handle.db
      .selectFrom('project')
      .select('id')
      .where('parent_id', 'is', null)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('bid_activity').select('bid_activity.id').whereRef('bid_activity.project_id', '=', 'project.id'))))
      .orderBy('id')
      .limit(40)
      .execute();
    freeProjects.push(...rows.map((r) => r.id));
  }
  return freeProjects.shift()!;
}

const at = (offsetMs: number) => formatChinaTime(NOW + offsetMs);

describe(`the operator API for activities on ${DIALECT}`, () => {
  it('is for operators only, and checks every parameter in Chinese', async () => {
    const assetsId = await freeProject();
    const denied = await post('/dscq-ops/activity/create', 'demo_person', { assetsId, mode: 'ongoing', endTime: at(3_600_000), startPrice: 10_000, increment: 100 });
    expect(denied).toMatchObject({ status: 403, body: { msg: '无操作权限' } });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ mode: 'sealed' }, '参数 mode 须为'],
      [{ mode: 'final', endTime: at(3_600_000), finalWindowSec: 60 }, '最终报价方式须设置封顶价'],
      [{ mode: 'final', endTime: at(3_600_000), capPrice: 12_000 }, '请设置最终报价期时长'],
      [{ mode: 'ongoing', endTime: at(3_600_000), capPrice: 9_000 }, '封顶价须高于起始价'],
      [{ mode: 'ongoing', endTime: at(3_600_000), capPrice: 12_000, reservePrice: 13_000 }, '保留价不得高于封顶价'],
      [{ mode: 'ongoing', endTime: '2026/11/22 10:00' }, '参数 endTime 格式须为 YYYY-MM-DD HH:mm:ss（北京时间）'],
      [{ mode: 'ongoing', endTime: at(3_600_000), reservePrice: '12.345' }, '参数 reservePrice 须为大于 0 的金额（元），最多两位小数'],
      [{ mode: 'two-stage', endTime: at(600_000), cycleSec: 60 }, '请设置第二阶段确认期时长'],
      [{ mode: 'dutch-auction', decrement: 100, dropIntervalSec: 60, floorPrice: 12_000 }, '最低价须大于0且低于起始价'],
      [{ mode: 'v-shaped', decrement: 100, dropIntervalSec: 60, floorPrice: 8_000 }, '请设置 V 型竞价的加价阶段时长'],
      [{ mode: 'first-come-first-served', endTime: at(3_600_000), capPrice: 12_000 }, '先到先得以挂牌价格成交，不设封顶价'],
      [{ mode: 'phased', freeEndTime: at(600_000), cycleSec: 10 }, '竞价参数超出允许范围'],
    ];
    for (const [over, message] of cases) {
      const answer = await post('/dscq-ops/activity/create', 'demo_org', { assetsId, startPrice: 10_000, increment: 100, ...over });
      expect(answer.status, JSON.stringify(over)).toBe(400);
      expect(answer.body.msg).toContain(message);
    }
  });

  it('creates a final activity with a cap and a reserve; bids meet the cap over HTTP; the holder matches; the best final offer wins', async () => {
    const assetsId = await freeProject();
    const created = await post('/dscq-ops/activity/create', 'demo_org', {
      assetsId,
      mode: 'final',
      endTime: at(3_600_000),
      startPrice: 10_000,
      increment: 100,
      reservePrice: 10_100,
      capPrice: 10_300,
      finalWindowSec: 120,
      extensionSec: 0,
    });
    expect(created.status, created.body.msg).toBe(200);
    const activityId = created.body.data.activityId as number;
    const row = await t.handle.db.selectFrom('bid_activity').selectAll().where('id', '=', activityId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ mode: 'final', status: 'live', cap_fen: 1_030_000, reserve_fen: 1_010_000, end_at: NOW + 3_600_000, extension_ms: 0 });
    expect(JSON.parse(row.settings)).toEqual({ final: { windowMs: 120_000 } });
    for (const [loginName, preEmptiveRank] of [['bidder01', undefined], ['bidder02', 1]] as const) {
      const q = await post('/dscq-ops/activity/qualify', 'demo_org', { activityId, loginName, ...(preEmptiveRank ? { preEmptiveRank } : {}) });
      expect(q.status, q.body.msg).toBe(200);
      expect(q.body.data.bidCode).toMatch(/^\d{6}$/);
    }
    expect((await post('/dscq-ops/activity/qualify', 'demo_org', { activityId, loginName: 'bidder01' })).body.msg).toContain('已取得竞买资格');
    const listed = await t.app.inject({ method: 'GET', url: '/api/dscq-ops/activity/list', headers: { authorization: `Bearer ${tokens.get('demo_org')}` } });
    expect(listed.json().data).toContainEqual(expect.objectContaining({ activityId, mode: 'final', capPrice: 10_300, reservePrice: 10_100 }));

    expect((await bid('bidder03', 'final', activityId, 10_000)).body.msg).toBe('您未取得本项目的竞买资格（需报名审核通过并交纳保证金）');
    expect((await bid('bidder01', 'final', activityId, 10_400)).body.msg).toBe('出价超过封顶价');
    expect((await bid('bidder01', 'final', activityId, 10_000)).status).toBe(200);
    const capped = await bid('bidder01', 'final', activityId, 10_300);
    expect(capped.body.msg).toBe('您当前已是最高出价人，无需再次出价');
    expect((await bid('bidder02', 'final', activityId, 10_300)).body.data).toMatchObject({ endTime: NOW + 120_000 });
    await t.app.live.snapshot.rebuild();
    const data = await post('/dscq-sync/v1/bid-assets/bidding-data', 'bidder01', { activityId });
    expect(data.body.data).toMatchObject({ biddingPrice: 10_300, modeState: { phase: 'final', capPrice: 10_300 }, myAtCap: false, myCanMatch: false });
    expect((await bid('bidder01', 'final', activityId, 10_500)).body.msg).toBe('您未以封顶价出价，不能提交最终报价');
    expect((await bid('bidder02', 'final', activityId, 10_500)).status).toBe(200);
    await sweepActivities({ ...t.app.live.engine, now: () => NOW + 120_000 + CLOSE_GRACE_MS });
    const ended = await t.handle.db.selectFrom('bid_activity').selectAll().where('id', '=', activityId).executeTakeFirstOrThrow();
    expect(ended).toMatchObject({ status: 'ended', outcome: 'sold', current_price_fen: 1_050_000 });
  });

  it('creates an ongoing activity with a reserve: a best bid below it is 流拍', async () => {
    const assetsId = await freeProject();
    const created = await post('/dscq-ops/activity/create', 'demo_org', { assetsId, mode: 'ongoing', endTime: at(600_000), startPrice: 10_000, increment: 100, reservePrice: 10_500 });
    const activityId = created.body.data.activityId as number;
    await post('/dscq-ops/activity/qualify', 'demo_org', { activityId, loginName: 'bidder01' });
    expect((await bid('bidder01', 'ongoing', activityId, 10_200)).status).toBe(200);
    await sweepActivities({ ...t.app.live.engine, now: () => NOW + 600_000 + CLOSE_GRACE_MS });
    expect(await t.handle.db.selectFrom('bid_activity').select(['outcome', 'reserve_fen']).where('id', '=', activityId).executeTakeFirstOrThrow()).toEqual({ outcome: 'failed', reserve_fen: 1_050_000 });
  });

  it('creates every other mode with its parameters', async () => {
    const make = async (body: Record<string, unknown>) => {
      const answer = await post('/dscq-ops/activity/create', 'demo_org', { assetsId: await freeProject(), startPrice: 10_000, increment: 100, ...body });
      expect(answer.status, answer.body.msg).toBe(200);
      return t.handle.db.selectFrom('bid_activity').selectAll().where('id', '=', answer.body.data.activityId).executeTakeFirstOrThrow();
    };
    const fcfs = await make({ mode: 'first-come-first-served', endTime: at(3_600_000), reservePrice: 10_000 });
    expect(fcfs).toMatchObject({ start_price_fen: 1_000_000, reserve_fen: 1_000_000, end_at: NOW + 3_600_000 });
    const twoStage = await make({ mode: 'two-stage', endTime: at(600_000), joinWindowSec: 120, cycleSec: 60, capPrice: 20_000 });
    expect(JSON.parse(twoStage.settings)).toEqual({ twoStage: { stage1EndAt: NOW + 600_000, joinWindowMs: 120_000, cycleMs: 60_000 } });
    expect(twoStage.cap_fen).toBe(2_000_000);
    const vShaped = await make({ mode: 'v-shaped', decrement: 200, dropIntervalSec: 60, floorPrice: 9_000, ascendSec: 300, extensionSec: 60 });
    expect(JSON.parse(vShaped.settings)).toEqual({ dutch: { decrementFen: 20_000, intervalMs: 60_000, floorFen: 900_000 }, vShaped: { ascendingMs: 300_000 } });
    expect(vShaped.end_at).toBe(NOW + 6 * 60_000); // five drops to the floor, then one interval at it
    const phased = await make({ mode: 'phased', freeEndTime: at(600_000), cycleSec: 90, tiers: [{ fromPrice: 12_000, increment: 200 }] });
    expect(phased.end_at).toBe(NOW + 690_000);
    expect(JSON.parse(phased.settings).tiers).toEqual([{ fromFen: 0, incrementFen: 10_000 }, { fromFen: 1_200_000, incrementFen: 20_000 }]);
    const finalPeriods = await make({ mode: 'final', capPrice: 11_000, finalWindowSec: 60, freeEndTime: at(600_000), cycleSec: 60 });
    expect(JSON.parse(finalPeriods.settings)).toEqual({ final: { windowMs: 60_000 }, phased: { freeEndAt: NOW + 600_000, cycleMs: 60_000 } });
  });
});

describe('npm run ops -- activity create|qualify with every mode’s parameters', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-activity-ops-'));
  const config = loadConfig({ PORTAL_DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test' });
  const run = async (...argv: string[]) => {
    const lines: string[] = [];
    await runOps(argv, config, (line) => lines.push(line));
    return lines.join('\n');
  };
  let projects: number[] = [];

  beforeAll(async () => {
    const handle = openDatabase(config);
    await prepareDatabase(handle, { seed: true, now: Date.now() });
    const rows = await handle.db
      .selectFrom('project')
      .select('id')
      .where('parent_id', 'is', null)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('bid_activity').select('bid_activity.id').whereRef('bid_activity.project_id', '=', 'project.id'))))
      .orderBy('id')
      .limit(10)
      .execute();
    projects = rows.map((r) => r.id);
    await handle.close();
  }, 60_000);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const settingsOf = async (activityId: string) => {
    const handle = openDatabase(config);
    try {
      return await handle.db.selectFrom('bid_activity').selectAll().where('id', '=', Number(activityId)).executeTakeFirstOrThrow();
    } finally {
      await handle.close();
    }
  };

  it('creates final with a cap and a window, two-stage, v-shaped and first-come; lists caps and reserves; qualifies with a right', async () => {
    const final = await run('activity', 'create', String(projects[0]), '--mode', 'final', '--end', '+1h', '--start-price', '100000', '--increment', '1000', '--cap', '150000', '--reserve', '110000', '--final-window-sec', '300');
    const finalId = /#(\d+)/.exec(final)![1]!;
    expect(await settingsOf(finalId)).toMatchObject({ mode: 'final', cap_fen: 15_000_000, reserve_fen: 11_000_000, settings: JSON.stringify({ final: { windowMs: 300_000 } }) });
    expect(await run('activity', 'list')).toMatch(new RegExp(`#${finalId}\\t.*final\\t.*保留价 110000 元，封顶价 150000 元`));

    const twoStage = await run('activity', 'create', String(projects[1]), '--mode', 'two-stage', '--start', '+1m', '--end', '+30m', '--start-price', '50000', '--increment', '500', '--join-window-sec', '300', '--cycle-sec', '120');
    const row = await settingsOf(/#(\d+)/.exec(twoStage)![1]!);
    expect(row.status).toBe('scheduled');
    expect(JSON.parse(row.settings)).toEqual({ twoStage: { stage1EndAt: row.end_at, joinWindowMs: 300_000, cycleMs: 120_000 } });
    expect(row.end_at - row.start_at).toBe(30 * 60_000);

    const vShaped = await run('activity', 'create', String(projects[2]), '--mode', 'v-shaped', '--start-price', '80000', '--increment', '500', '--decrement', '1000', '--drop-interval-sec', '120', '--floor', '70000', '--ascend-sec', '600', '--tiers', '90000:1000');
    expect(JSON.parse((await settingsOf(/#(\d+)/.exec(vShaped)![1]!)).settings)).toEqual({
      tiers: [{ fromFen: 0, incrementFen: 50_000 }, { fromFen: 9_000_000, incrementFen: 100_000 }],
      dutch: { decrementFen: 100_000, intervalMs: 120_000, floorFen: 7_000_000 },
      vShaped: { ascendingMs: 600_000 },
    });
    const fcfs = await run('activity', 'create', String(projects[3]), '--mode', 'first-come-first-served', '--end', '+2h', '--start-price', '60000', '--increment', '100', '--self-outbid');
    expect(await settingsOf(/#(\d+)/.exec(fcfs)![1]!)).toMatchObject({ start_price_fen: 6_000_000, allow_self_outbid: 1 });

    expect(await run('activity', 'qualify', finalId, 'bidder03', '--rank', '1')).toMatch(/^bidder03 已取得竞价活动 #\d+ 的竞买资格，竞买号 \d{6}，优先购买权第 1 顺位$/);
    await expect(run('activity', 'qualify', finalId, 'demo_new')).rejects.toThrow('未完成实名认证');
    await expect(run('activity', 'create', String(projects[4]), '--mode', 'final', '--end', '+1h', '--start-price', '100', '--increment', '1', '--final-window-sec', '60')).rejects.toThrow('最终报价方式须设置封顶价');
    await expect(run('activity', 'create', String(projects[4]), '--mode', 'phased', '--start-price', '100', '--increment', '1', '--free-end', '+10m', '--cycle-sec', 'x')).rejects.toThrow('--cycle-sec 须为整数秒');
  });
});
