/**
 * 竞价监控 through the work system's routes: op_auction sees the running auctions with their bidders, suspends
 * one (a bid through the real bid route is refused with the reason), resumes it with a new end (bids again),
 * terminates another; the steps are in the staff audit trail with the activity before and after, and the
 * floor is refused to roles without floor.run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatChinaTime } from '#domain/rules/chinaTime';
import { STAFF_PATHS } from '#domain/contract/staff';
import { STAFF_FLOOR_PATHS, type FloorItem } from '#domain/contract/staffFloor';
import { createActivity, liveSpec } from './bidding-fixtures.ts';
import type { Json } from './helpers.ts';
import { createStaffApp, type StaffTestApp } from './staff-helpers.ts';

let t: StaffTestApp;
let auction: string;
let bidderToken: string;
let activityId: number;
let spareId: number;
let keySeq = 0;

beforeAll(async () => {
  t = await createStaffApp();
  auction = await t.staffLogin('op_auction');
  bidderToken = (await t.login('bidder01')).body.access_token;
  const users = await t.handle.db.selectFrom('app_user').select('id').where('login_name', 'in', ['bidder01', 'bidder02']).execute();
  activityId = await createActivity(t.handle.db, liveSpec('ongoing', t.clock.now, users.map((u) => Number(u.id))));
  spareId = await createActivity(t.handle.db, liveSpec('ongoing', t.clock.now, users.map((u) => Number(u.id))));
}, 120_000);
afterAll(async () => {
  await t.close();
});

const bid = async (amount: number) =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/dscq-sync/v1/bidding/ongoing/bid',
      query: { activityId: String(activityId), amount: String(amount), idempotencyKey: `staff-floor-${++keySeq}` },
      headers: { authorization: `Bearer ${bidderToken}` },
    })
  ).json() as Json;

describe('竞价监控', () => {
  it('lists the running auctions with their bidders, suspends, resumes and terminates, each step audited', async () => {
    const list = (await t.staff(auction, 'GET', STAFF_FLOOR_PATHS.list)).body.data as FloorItem[];
    expect(list.find((i) => i.activityId === activityId)).toMatchObject({ status: 'live', bidderCount: 2, suspendReason: null });

    expect((await t.staff(auction, 'POST', STAFF_FLOOR_PATHS.suspend, { activityId, reason: '' })).body.code).toBe(400);
    const suspended = await t.staff(auction, 'POST', STAFF_FLOOR_PATHS.suspend, { activityId, reason: '网络故障排查' });
    expect(suspended.body.data).toMatchObject({ action: 'suspend', status: 'suspended' });
    const refused = await bid(10_100);
    expect(refused.code).toBeGreaterThanOrEqual(400);
    expect(refused.msg).toContain('网络故障排查');
    expect(((await t.staff(auction, 'GET', STAFF_FLOOR_PATHS.list)).body.data as FloorItem[]).find((i) => i.activityId === activityId)).toMatchObject({
      status: 'suspended',
      suspendReason: '网络故障排查',
      remainingMs: expect.any(Number),
    });

    const tooEarly = await t.staff(auction, 'POST', STAFF_FLOOR_PATHS.resume, { activityId, endTime: formatChinaTime(t.clock.now - 60_000) });
    expect(tooEarly.body.code).toBeGreaterThanOrEqual(400);
    const endTime = formatChinaTime(t.clock.now + 15 * 60_000);
    const resumed = await t.staff(auction, 'POST', STAFF_FLOOR_PATHS.resume, { activityId, endTime, reason: '故障已排除' });
    expect(resumed.body.data).toMatchObject({ action: 'resume', status: 'live', endTime });
    expect((await bid(10_100)).code).toBe(200);

    const terminated = await t.staff(auction, 'POST', STAFF_FLOOR_PATHS.terminate, { activityId: spareId, reason: '转让方撤回委托' });
    expect(terminated.body.data).toMatchObject({ action: 'terminate', status: 'ended', outcome: 'terminated' });

    const admin = await t.staffLogin('op_admin');
    const trail = (await t.staff(admin, 'GET', STAFF_PATHS.auditPage, { staff: 'op_auction', action: 'floor.' })).body.data.records as Json[];
    expect(trail.map((r) => `${r.action} ${r.subject} ${r.reason}`)).toEqual([
      `floor.terminate activity:${spareId} 转让方撤回委托`,
      `floor.resume activity:${activityId} 故障已排除`,
      `floor.suspend activity:${activityId} 网络故障排查`,
    ]);
    expect(JSON.parse(trail[2].before).status).toBe('live');
    expect(JSON.parse(trail[2].after).status).toBe('suspended');
  });

  it('is refused to roles without floor.run', async () => {
    const finance = await t.staffLogin('op_finance');
    expect((await t.staff(finance, 'POST', STAFF_FLOOR_PATHS.suspend, { activityId, reason: '越权' })).body).toMatchObject({ code: 403, msg: '无操作权限' });
  });
});
