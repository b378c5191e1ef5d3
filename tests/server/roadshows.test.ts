/**
 * 路演 (docs/listings.md "Roadshows"): the lot's roadshows on the portal, follow / unfollow (401 when
 * anonymous), the reminder in 我的消息 before the start — exactly once per follower, however many runs or
 * processes — and the work system's scheduling, guarded by roadshow.edit (竞价, 内容).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROADSHOW_PATHS, STAFF_ROADSHOW_PATHS } from '#domain/contract/roadshow';
import { formatChinaTime } from '#domain/rules/chinaTime';
import { ROADSHOW_REMINDER_MINUTES } from '#domain/rules/roadshow';
import { createRoadshowReminderJob, ROADSHOW_REMINDER_JOB } from '../../server/services/roadshows/reminders.ts';
import { DIALECT, NOW, type Json } from './helpers.ts';
import { createStaffApp, type StaffTestApp } from './staff-helpers.ts';

const MINUTE = 60_000;
let t: StaffTestApp;
const tokens: Record<string, string> = {};
const userIds: Record<string, number> = {};

/** The demo roadshows as seeded (seed/roadshows.ts) relative to the seed's time NOW. */
async function demo(ref: string) {
  return t.handle.db.selectFrom('roadshow').selectAll().where('ref_code', '=', ref).executeTakeFirstOrThrow();
}
const roadshowMessages = async (userId: number) =>
  t.handle.db.selectFrom('message').selectAll().where('user_id', '=', userId).where('kind', '=', 'roadshow').execute();

beforeAll(async () => {
  t = await createStaffApp();
  for (const user of ['bidder01', 'bidder02', 'demo_person']) {
    tokens[user] = (await t.login(user)).body.access_token;
    userIds[user] = (await t.handle.db.selectFrom('app_user').select('id').where('login_name', '=', user).executeTakeFirstOrThrow()).id;
  }
});
afterAll(async () => {
  await t.close();
});

describe('the demo roadshows', () => {
  it('three lots: one starting soon, one next week, one ended with its recording; materials are the lot\'s attachments', async () => {
    const soon = await demo('RS-DEMO-1');
    expect(Number(soon.start_at) - NOW).toBe(20 * MINUTE);
    const ended = await demo('RS-DEMO-3');
    expect(ended.kind).toBe('recorded');
    const answer = await t.call('GET', `/api${ROADSHOW_PATHS.list}`, { query: { assetsId: Number(ended.project_id) } });
    expect(answer.body.code).toBe(200);
    const [shown] = answer.body.data as Json[];
    expect(shown).toMatchObject({ id: ended.id, kind: 'recorded', phase: 'ended', followed: false, followers: 0 });
    expect(shown.videoUrl).toMatch(/^\/api\//);
    expect(shown.materials.length).toBeGreaterThan(0);
    const upcoming = (await t.call('GET', `/api${ROADSHOW_PATHS.list}`, { query: { assetsId: Number(soon.project_id) } })).body.data as Json[];
    expect(upcoming[0]).toMatchObject({ phase: 'upcoming', startTime: formatChinaTime(Number(soon.start_at)) });
  });
});

describe('follow and unfollow', () => {
  it('anonymous: 401 on follow (before any 400), so the client shows 用户未登录 / 去登录', async () => {
    const soon = await demo('RS-DEMO-1');
    expect((await t.call('POST', `/api${ROADSHOW_PATHS.follow}`, { query: { roadshowId: soon.id } })).body.code).toBe(401);
    expect((await t.call('POST', `/api${ROADSHOW_PATHS.follow}`)).body.code).toBe(401);
    expect((await t.call('POST', `/api${ROADSHOW_PATHS.unfollow}`, { query: { roadshowId: soon.id } })).body.code).toBe(401);
  });

  it('follows once (twice keeps one row), shows 已关注 to the follower only, and can be undone', async () => {
    const soon = await demo('RS-DEMO-2');
    const token = tokens.bidder02!;
    const first = await t.call('POST', `/api${ROADSHOW_PATHS.follow}`, { token, query: { roadshowId: soon.id } });
    expect(first.body.data).toEqual({ roadshowId: soon.id, followed: true, followers: 1 });
    const again = await t.call('POST', `/api${ROADSHOW_PATHS.follow}`, { token, query: { roadshowId: soon.id } });
    expect(again.body.data.followers).toBe(1);
    const mine = (await t.call('GET', `/api${ROADSHOW_PATHS.list}`, { token, query: { assetsId: Number(soon.project_id) } })).body.data as Json[];
    expect(mine[0]).toMatchObject({ followed: true, followers: 1 });
    const anonymous = (await t.call('GET', `/api${ROADSHOW_PATHS.list}`, { query: { assetsId: Number(soon.project_id) } })).body.data as Json[];
    expect(anonymous[0]).toMatchObject({ followed: false, followers: 1 });
    const undone = await t.call('POST', `/api${ROADSHOW_PATHS.unfollow}`, { token, query: { roadshowId: soon.id } });
    expect(undone.body.data).toEqual({ roadshowId: soon.id, followed: false, followers: 0 });
    // Not following is fine.
    expect((await t.call('POST', `/api${ROADSHOW_PATHS.unfollow}`, { token, query: { roadshowId: soon.id } })).body.code).toBe(200);
  });

  it('an ended roadshow is not followed; an unknown one is 404', async () => {
    const ended = await demo('RS-DEMO-3');
    const answer = await t.call('POST', `/api${ROADSHOW_PATHS.follow}`, { token: tokens.bidder01!, query: { roadshowId: ended.id } });
    expect(answer.body).toMatchObject({ code: 400, msg: '路演已结束' });
    expect((await t.call('POST', `/api${ROADSHOW_PATHS.follow}`, { token: tokens.bidder01!, query: { roadshowId: 999999 } })).body.code).toBe(404);
  });
});

describe('the reminder before the start', () => {
  it('is written once per follower in 我的消息 within the lead, even with two runs and two processes at once', async () => {
    const soon = await demo('RS-DEMO-1');
    for (const user of ['bidder01', 'demo_person']) {
      expect((await t.call('POST', `/api${ROADSHOW_PATHS.follow}`, { token: tokens[user]!, query: { roadshowId: soon.id } })).body.code).toBe(200);
    }
    const startAt = Number(soon.start_at);
    const other = t.database.openAnother();
    const clock = { now: startAt - (ROADSHOW_REMINDER_MINUTES + 1) * MINUTE };
    const jobA = createRoadshowReminderJob({ db: t.handle.db, now: () => clock.now, holder: 'process-a', timers: false, intervalMs: MINUTE });
    const jobB = createRoadshowReminderJob({ db: other.db, now: () => clock.now, holder: 'process-b', timers: false, intervalMs: MINUTE });

    // Before the window: nothing.
    expect(await jobA.runOnce()).toBe(0);
    expect(await roadshowMessages(userIds.bidder01!)).toHaveLength(0);

    // In the window: both processes at once, then each again after its lease ran out.
    clock.now = startAt - ROADSHOW_REMINDER_MINUTES * MINUTE + 30_000;
    // PostgreSQL: truly at once (the second waits on the lease row). SQLite: one after the other at the same
    // time — in one test process a second connection's lock wait would block the event loop the first one
    // needs to commit (as tests/server/demo-scheduler.test.ts).
    const [a, b] = DIALECT === 'postgres' ? await Promise.all([jobA.runOnce(), jobB.runOnce()]) : [await jobA.runOnce(), await jobB.runOnce()];
    expect((a ?? 0) + (b ?? 0)).toBe(2);
    expect([a, b]).toContain(null);
    // Again, each when the other's lease has run out (and A back-to-back under its own lease): nothing more.
    const loser = a === null ? jobA : jobB;
    const winner = a === null ? jobB : jobA;
    expect(await winner.runOnce()).toBe(0);
    clock.now += 2 * MINUTE;
    expect(await loser.runOnce()).toBe(0);
    expect(await winner.runOnce()).toBeNull();
    clock.now += 2 * MINUTE;
    expect(await winner.runOnce()).toBe(0);
    // The app's own job (this process) finds nothing to do either.
    expect((await t.app.roadshowReminders.runOnce()) ?? 0).toBe(0);

    for (const user of ['bidder01', 'demo_person']) {
      const messages = await roadshowMessages(userIds[user]!);
      expect(messages).toHaveLength(1);
      expect(messages[0]!.title).toContain(soon.title);
      expect(messages[0]!.link).toBe(`/projectDetail/${soon.project_id}.html`);
    }
    // It is read in 我的消息 as 路演提醒.
    const page = await t.call('GET', '/api/dscq-user/message/page', { token: tokens.bidder01!, query: { current: 1, size: 10 } });
    if (page.body.code === 200) expect((page.body.data.records as Json[]).some((m) => m.kind === 'roadshow' && m.kindText === '路演提醒')).toBe(true);
    await jobA.stop();
    await jobB.stop();
  });

  it('a follow made inside the window is reminded at the next run; a cancelled roadshow reminds nobody', async () => {
    const staff = await t.staffLogin('op_editor');
    const lot = await demo('RS-DEMO-2');
    const start = NOW + 10 * MINUTE;
    const created = await t.staff(staff, 'POST', STAFF_ROADSHOW_PATHS.save, {
      assetsId: Number(lot.project_id),
      kind: 'live',
      title: '临时加场路演',
      presenter: '项目经理',
      startTime: formatChinaTime(start),
      endTime: formatChinaTime(start + 30 * MINUTE),
    });
    expect(created.body.code).toBe(200);
    const cancelled = await t.staff(staff, 'POST', STAFF_ROADSHOW_PATHS.save, {
      assetsId: Number(lot.project_id),
      kind: 'live',
      title: '将取消的路演',
      presenter: '项目经理',
      startTime: formatChinaTime(start),
      endTime: formatChinaTime(start + 30 * MINUTE),
    });
    for (const id of [created.body.data.id, cancelled.body.data.id]) {
      expect((await t.call('POST', `/api${ROADSHOW_PATHS.follow}`, { token: tokens.bidder02!, query: { roadshowId: id } })).body.code).toBe(200);
    }
    expect((await t.staff(staff, 'POST', STAFF_ROADSHOW_PATHS.cancel, { id: cancelled.body.data.id, reason: '转让方改期' })).body.code).toBe(200);
    // A lease that ran out (the previous test's processes are gone).
    await t.handle.db.deleteFrom('job_lease').where('name', '=', ROADSHOW_REMINDER_JOB).execute();
    const job = createRoadshowReminderJob({ db: t.handle.db, now: () => start - 5 * MINUTE, holder: 'process-c', timers: false });
    expect(await job.runOnce()).toBe(1);
    const messages = await roadshowMessages(userIds.bidder02!);
    expect(messages.map((m) => m.title)).toEqual([expect.stringContaining('临时加场路演')]);
    // Withdrawn: gone from the portal.
    const shown = (await t.call('GET', `/api${ROADSHOW_PATHS.list}`, { query: { assetsId: Number(lot.project_id) } })).body.data as Json[];
    expect(shown.map((r) => r.title)).not.toContain('将取消的路演');
  });
});

describe('the work system', () => {
  it('竞价 and 内容 schedule; 审核 and 财务 are refused (403); a bidder\'s token is not a staff token (401)', async () => {
    const lot = await demo('RS-DEMO-1');
    const input = {
      assetsId: Number(lot.project_id),
      kind: 'live',
      title: '第二场路演',
      presenter: '转让方代表',
      startTime: formatChinaTime(NOW + 2 * 86_400_000),
      endTime: formatChinaTime(NOW + 2 * 86_400_000 + 3_600_000),
    };
    for (const member of ['op_auction', 'op_editor', 'op_admin']) {
      const answer = await t.staff(await t.staffLogin(member), 'POST', STAFF_ROADSHOW_PATHS.save, { ...input, title: `${input.title}（${member}）` });
      expect(answer.body.code, member).toBe(200);
      expect(answer.body.data).toMatchObject({ createdBy: member, phase: 'upcoming', assetsId: input.assetsId });
    }
    for (const member of ['op_review', 'op_finance']) {
      expect((await t.staff(await t.staffLogin(member), 'POST', STAFF_ROADSHOW_PATHS.save, input)).body.code, member).toBe(403);
      expect((await t.staff(await t.staffLogin(member), 'GET', STAFF_ROADSHOW_PATHS.page)).body.code, member).toBe(403);
    }
    expect((await t.staff(tokens.bidder01!, 'POST', STAFF_ROADSHOW_PATHS.save, input)).body.code).toBe(401);
    const audit = await t.handle.db.selectFrom('staff_audit').select(['staff_login', 'action']).where('action', '=', 'roadshow.create').execute();
    expect(audit.map((a) => a.staff_login)).toEqual(expect.arrayContaining(['op_auction', 'op_editor', 'op_admin']));
  });

  it('checks the times, the addresses and the materials; lists a lot\'s roadshows with its attachments; a new start re-arms the reminder', async () => {
    const staff = await t.staffLogin('op_auction');
    const lot = await demo('RS-DEMO-1');
    const assetsId = Number(lot.project_id);
    const base = { assetsId, kind: 'live', title: '检查', presenter: '甲', startTime: formatChinaTime(NOW + 3_600_000), endTime: formatChinaTime(NOW + 7_200_000) };
    expect((await t.staff(staff, 'POST', STAFF_ROADSHOW_PATHS.save, { ...base, endTime: base.startTime })).body.msg).toBe('结束时间须晚于开始时间');
    expect((await t.staff(staff, 'POST', STAFF_ROADSHOW_PATHS.save, { ...base, videoUrl: 'javascript:alert(1)' })).body.code).toBe(400);
    expect((await t.staff(staff, 'POST', STAFF_ROADSHOW_PATHS.save, { ...base, kind: 'recorded' })).body.msg).toBe('路演录像须填写视频地址');
    expect((await t.staff(staff, 'POST', STAFF_ROADSHOW_PATHS.save, { ...base, materialIds: '999999' })).body.code).toBe(400);
    expect((await t.staff(staff, 'POST', STAFF_ROADSHOW_PATHS.save, { ...base, assetsId: 999999 })).body.code).toBe(404);

    const page = await t.staff(staff, 'GET', STAFF_ROADSHOW_PATHS.page, { assetsId });
    expect(page.body.code).toBe(200);
    expect(page.body.data.attachments.length).toBeGreaterThan(0);
    const seeded = (page.body.data.records as Json[]).find((r) => r.id === lot.id);
    expect(seeded).toMatchObject({ reminded: 2, followers: 2, projectCode: expect.any(String) });

    // Moving the start re-arms the reminder of its followers.
    const moved = await t.staff(staff, 'POST', STAFF_ROADSHOW_PATHS.save, {
      id: lot.id,
      assetsId,
      kind: 'live',
      title: lot.title,
      presenter: lot.presenter,
      startTime: formatChinaTime(Number(lot.start_at) + 86_400_000),
      endTime: formatChinaTime(Number(lot.end_at) + 86_400_000),
    });
    expect(moved.body.data).toMatchObject({ reminded: 0, followers: 2 });
  });
});
