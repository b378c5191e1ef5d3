/**
 * One lot, one story (issue 26): every lot of the demo — the seeded listings, their package children and the
 * auctions the live top-up and the demo scheduler put on them — obeys the lot's timeline
 * (domain/rules/lotTimeline.ts), and what a page shows agrees with it:
 * - announcement start < enrolment end ≤ deposit end < auction start, with the deposit margin and the
 *   disclosure minimums (lotProblems at the lot's publication, auctionProblems at its planning);
 * - at most one open auction per lot; a pre-disclosure has no auction and no enrolment;
 * - a package's children share its dates, its word and its lot state;
 * - one price: the listing's start price = its auction's start price = what its announcement says;
 * - the lot state a page shows (project/detail's `lot`, and its next step) agrees with lotStageAt: a live
 *   lot is never enrolling and never offers 报名参与.
 * Walked after the seed and again after the demo scheduler ran at later clock points. Also: migration
 * 0017 repairs a lot whose open auction starts before its enrolment deadline. SQLite; PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auctionProblems,
  DEFAULT_LOT_TIMELINE_SETTINGS,
  isJudicial,
  JUDICIAL_TYPE_CODE,
  lotAssetClass,
  lotProblems,
  lotStageAt,
  type LotDates,
  type LotStage,
} from '#domain/rules/lotTimeline';
import { currentActivity } from '#domain/rules/lotState';
import { lotNextStep } from '#domain/rules/nextStep';
import type { ListingStatus } from '#domain/contract/listing';
import type { ActivityStatus } from '#domain/contract/activity';
import { up as repairTimeline } from '../../server/db/migrations/0017_lot_timeline_check.ts';
import { createDemoScheduler } from '../../server/seed/scheduler.ts';
import { createTestApp, DIALECT, NOW, type Json, type TestApp } from './helpers.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const OPEN = ['scheduled', 'live', 'suspended'];
/** The test server runs the published periods (createTestApp without lotTimeline). */
const SETTINGS = DEFAULT_LOT_TIMELINE_SETTINGS;

let t: TestApp;
const clock = { now: NOW };

beforeAll(async () => {
  t = await createTestApp({ now: () => clock.now });
}, 120_000);

afterAll(async () => t?.close());

/** The lot states a page may show in each stage of the timeline. */
const SHOWN: Readonly<Record<LotStage, readonly ListingStatus[]>> = {
  draft: [],
  preDisclosure: ['preDisclosure'],
  announcement: ['enrolling'],
  enrolmentClosed: ['enrolmentClosed', 'upcoming'],
  depositClosed: ['enrolmentClosed', 'upcoming'],
  bidding: ['bidding'],
  suspended: ['suspended'],
  sold: ['dealDone'],
  failed: ['failed'],
  terminated: ['terminated'],
  resultPublicity: ['dealDone', 'ended', 'failed', 'terminated'],
  delivery: ['dealDone'],
};

/** The listing price as an announcement may write it ('1,234.5 万元', '1234.5万元', '9,800 元'), without separators. */
function priceWords(fen: number): string[] {
  const trim = (x: number, d: number) => x.toFixed(d).replace(/\.?0+$/, '');
  return [`${trim(fen / 1_000_000, 6)}万元`, `${trim(fen / 1_000_000, 4)}万元`, `${trim(fen / 100, 2)}元`, `${(fen / 100).toFixed(2)}元`];
}
const bare = (html: string) => html.replace(/<[^>]*>/g, '').replace(/[,\s]/g, '');

const CONCLUDED_WORDS = ['已成交', '已结束', '流拍', '已终结'];

/** Every problem of every lot at the clock's time (empty: the demo tells one story). */
async function walk(): Promise<string[]> {
  const db = t.handle.db;
  const now = clock.now;
  await t.app.live.snapshot.rebuild();
  const projects = await db.selectFrom('project').selectAll().orderBy('id').execute();
  const byId = new Map(projects.map((p) => [p.id, p]));
  const details = new Map((await db.selectFrom('project_detail').selectAll().execute()).map((d) => [d.project_id, d]));
  const activities = await db.selectFrom('bid_activity').selectAll().orderBy('id').execute();
  const enrolled = new Set((await db.selectFrom('enrolment').select('project_id').execute()).map((e) => e.project_id));
  const deals = await db.selectFrom('deal').select(['project_id', 'activity_id', 'handover_at']).execute();
  const results = new Set((await db.selectFrom('notice').select('assets_id').where('notice_type', 'in', [2, 3]).where('hidden', '=', 0).execute()).map((n) => n.assets_id));
  const announcements = new Map(
    (await db.selectFrom('project_section').select(['project_id', 'content']).where('section_key', '=', 'announcement').execute()).map((s) => [s.project_id, s.content]),
  );
  const problems: string[] = [];
  const lotShown = new Map<number, string>();

  for (const p of projects) {
    const say = (what: string) => problems.push(`${p.project_code}「${p.state}」 ${what}`);
    const d = details.get(p.id);
    const lot: LotDates = {
      assetClass: lotAssetClass(p.type_code, p.project_nature, d?.asset_class),
      announcementStartAt: Number(p.announcement_start_at),
      enrolmentEndAt: Number(p.announcement_end_at),
      depositEndAt: d?.deposit_end_at === null || d?.deposit_end_at === undefined ? null : Number(d.deposit_end_at),
    };
    const deposit = lot.depositEndAt ?? lot.enrolmentEndAt;
    const preDisclosure = p.state.includes('预披露');
    const own = activities.filter((a) => a.project_id === p.id);
    const open = own.filter((a) => OPEN.includes(a.status));

    if (p.type_code === JUDICIAL_TYPE_CODE && !isJudicial(lot.assetClass)) say(`司法拍卖按 ${lot.assetClass} 的规则`);
    if (p.parent_id !== null) {
      const pkg = byId.get(p.parent_id)!;
      if (p.announcement_start_at !== pkg.announcement_start_at || p.announcement_end_at !== pkg.announcement_end_at || p.state !== pkg.state) say('与所属资产包的日期或状态不同');
      if (own.length > 0) say('子资产有自己的竞价');
      continue;
    }
    if (!(lot.announcementStartAt < lot.enrolmentEndAt && lot.enrolmentEndAt <= deposit)) say('公告开始 < 报名截止 ≤ 保证金截止 不成立');
    if (open.length > 1) say(`${open.length} 场未结束的竞价`);
    if (preDisclosure) {
      if (own.length > 0) say('预披露项目有竞价');
      if (enrolled.has(p.id)) say('预披露项目有报名');
    } else {
      // Published at its announcement start: the rule as staff publication runs it.
      for (const m of lotProblems(lot, lot.announcementStartAt, SETTINGS)) say(m);
    }
    const current = currentActivity(own.map((a) => ({ ...a, activityId: a.id, status: a.status as ActivityStatus, startTime: Number(a.start_at), endTime: Number(a.end_at) })));
    if (current) {
      // Planned when the lot was published (its auction announced with it at the latest), as staff would.
      const failed = own.filter((a) => a.id !== current.id && a.status === 'ended' && a.outcome === 'failed' && a.end_at <= current.start_at).at(-1);
      const plan = {
        startAt: Number(current.start_at),
        endAt: Math.max(Number(current.end_at), Number(current.start_at) + 1),
        startPriceFen: Number(current.start_price_fen),
        openAuctions: open.filter((a) => a.id !== current.id).length,
        previousFailedStartFen: failed ? Number(failed.start_price_fen) : null,
      };
      for (const m of auctionProblems(lot, plan, Math.min(lot.announcementStartAt, plan.startAt), SETTINGS)) say(`竞价 ${current.activity_code}: ${m}`);
      if (!(deposit < plan.startAt)) say('保证金截止不早于竞价开始');
      if (Number(current.start_price_fen) !== Number(p.start_price_fen)) say(`竞价起始价 ${current.start_price_fen} ≠ 挂牌价 ${p.start_price_fen}`);
    }
    // One price: the announcement quotes the listing's price (a pre-disclosure's reads 面议, as its listing shows).
    const words = priceWords(Number(p.start_price_fen));
    if (!preDisclosure && p.price_type === 1 && p.the_tone_interval === 1 && p.start_price_fen > 0 && !words.some((w) => bare(announcements.get(p.id) ?? '').includes(w))) {
      say(`公告未载明挂牌价 ${words.join(' / ')}`);
    }
    // The listing's own word agrees with its dates while enrolment is the story.
    if (p.state.includes('正在报名') && !(lot.announcementStartAt <= now && now < lot.enrolmentEndAt)) say('正在报名 但报名期不含当前时间');
    if (p.state.includes('报名已截止') && now < lot.enrolmentEndAt) say('报名已截止 但报名截止时间未到');
    const lotDeals = deals.filter((x) => x.project_id === p.id);
    if (lotDeals.some((x) => x.activity_id === null) && !p.state.includes('已成交')) say('有成交记录却不是 已成交');

    // The timeline's stage. A result or a handover belongs to the lot's last round: a lot under a new
    // auction is in that auction's story. A concluded word without any auction is the exchange's recorded result.
    const underWay = current !== null && OPEN.includes(current.status);
    const concluded = CONCLUDED_WORDS.some((w) => p.state.includes(w));
    const stage = lotStageAt(
      {
        published: true,
        preDisclosure,
        ...lot,
        auction: current
          ? { status: current.status === 'suspended' ? 'live' : (current.status as 'live' | 'scheduled' | 'ended'), outcome: current.outcome, startAt: Number(current.start_at), endAt: Number(current.end_at), suspended: current.status === 'suspended', terminated: current.outcome === 'terminated' }
          : null,
        resultPublished: !underWay && (results.has(p.id) || (current === null && concluded)),
        handedOver: !underWay && lotDeals.some((x) => x.handover_at !== null),
      },
      now,
    );
    const { res, body } = await t.get('/api/dscq-project/project/detail', { id: p.id });
    if (res.statusCode !== 200 || body.code !== 200) {
      say(`详情 ${res.statusCode}`);
      continue;
    }
    const detail = body.data as Json;
    lotShown.set(p.id, detail.lot.status);
    if (!SHOWN[stage].includes(detail.lot.status)) say(`页面显示 ${detail.lot.status}，时间线阶段 ${stage}`);
    const step = lotNextStep(detail.lot, detail.enrollEndTime, null, now);
    if (step.action === 'enrol' && stage !== 'announcement') say(`阶段 ${stage} 却可 报名参与`);
    if (detail.lot.status === 'bidding' && (step.action === 'enrol' || step.countdown?.label === '距报名截止')) say(`竞价中却显示 ${step.label} ${step.countdown?.label ?? ''}`);
    for (const child of (detail.children ?? []) as Json[]) {
      if (child.lot.status !== detail.lot.status) say(`子资产 ${child.projectCode} 显示 ${child.lot.status}，资产包 ${detail.lot.status}`);
    }
  }
  return problems;
}

describe(`the demo's lots tell one story on ${DIALECT}`, () => {
  it('after the seed, every lot obeys the timeline and every page agrees with it', async () => {
    const problems = await walk();
    expect(problems.slice(0, 40), `${problems.length} problems`).toEqual([]);
    // The walk saw the lots that matter: live and scheduled auctions, judicial lots, packages.
    const db = t.handle.db;
    const open = await db.selectFrom('bid_activity').select('status').where('status', 'in', ['live', 'scheduled']).execute();
    expect(open.filter((a) => a.status === 'live').length).toBeGreaterThan(10);
    expect(open.filter((a) => a.status === 'scheduled').length).toBeGreaterThan(5);
    const judicialUnderWay = await db
      .selectFrom('bid_activity')
      .innerJoin('project', 'project.id', 'bid_activity.project_id')
      .select('bid_activity.id')
      .where('project.type_code', '=', JUDICIAL_TYPE_CODE)
      .execute();
    expect(judicialUnderWay.length).toBeGreaterThan(0);
  }, 120_000);

  it('the demo’s enrolments fall inside their lots’ enrolment periods, its deposits before the deposit deadline, and its ledger speaks to users', async () => {
    const db = t.handle.db;
    const enrolments = await db
      .selectFrom('enrolment')
      .innerJoin('project', 'project.id', 'enrolment.project_id')
      .select(['enrolment.id', 'enrolment.submitted_at', 'project.announcement_start_at', 'project.announcement_end_at', 'project.project_code'])
      .execute();
    expect(enrolments.length).toBeGreaterThan(10);
    const outside = enrolments.filter((e) => e.submitted_at < Number(e.announcement_start_at) || e.submitted_at > Number(e.announcement_end_at));
    expect(outside.map((e) => `${e.project_code}: enrolment ${e.id}`)).toEqual([]);
    const memos = await db.selectFrom('ledger_entry').select('memo').where('memo', 'like', '%演示%').execute();
    expect(memos).toEqual([]);
  });

  it('the demo scheduler keeps it so at later clock points', async () => {
    const scheduler = createDemoScheduler({ db: t.handle.db, now: () => clock.now, intervalMs: 5 * MINUTE, holder: 'lot-timeline', notifyChannel: null, afterCommit: () => {}, timers: false });
    try {
      for (const later of [25 * MINUTE, 3 * HOUR + 10 * MINUTE]) {
        clock.now = NOW + later;
        await t.app.live.sweep();
        const created = await scheduler.runOnce();
        expect(created, `a top-up at +${later / MINUTE} min`).not.toBeNull();
        await t.app.live.sweep();
        const problems = await walk();
        expect(problems.slice(0, 40), `${problems.length} problems at +${later / MINUTE} min`).toEqual([]);
      }
    } finally {
      await scheduler.stop();
    }
  }, 300_000);

  it('migration 0017 moves an enrolment deadline past its open auction to the auction start, and is idempotent', async () => {
    const db = t.handle.db;
    const a = await db
      .selectFrom('bid_activity')
      .innerJoin('project', 'project.id', 'bid_activity.project_id')
      .select(['bid_activity.project_id', 'bid_activity.start_at'])
      .where('bid_activity.status', '=', 'scheduled')
      .where('project.parent_id', 'is', null)
      .orderBy('bid_activity.id')
      .executeTakeFirstOrThrow();
    const start = Number(a.start_at);
    // Broken as the old demo wrote it: enrolment (and the deposit) open 17 days past the auction's start.
    await db.updateTable('project').set({ announcement_end_at: start + 17 * 24 * HOUR }).where('id', '=', a.project_id).execute();
    await db.updateTable('project_detail').set({ deposit_end_at: start + 18 * 24 * HOUR }).where('project_id', '=', a.project_id).execute();
    const untouched = await db.selectFrom('project').select(['id', 'announcement_end_at']).where('id', '!=', a.project_id).orderBy('id').execute();

    await repairTimeline(db as never);
    const p = await db.selectFrom('project').select(['announcement_start_at', 'announcement_end_at']).where('id', '=', a.project_id).executeTakeFirstOrThrow();
    const d = await db.selectFrom('project_detail').select('deposit_end_at').where('project_id', '=', a.project_id).executeTakeFirstOrThrow();
    expect(Number(p.announcement_end_at)).toBe(start);
    expect(Number(d.deposit_end_at)).toBe(start);
    expect(Number(p.announcement_start_at)).toBeLessThan(start);
    // Nothing else changed (the demo was consistent), and a second run changes nothing.
    expect(await db.selectFrom('project').select(['id', 'announcement_end_at']).where('id', '!=', a.project_id).orderBy('id').execute()).toEqual(untouched);
    await repairTimeline(db as never);
    expect(Number((await db.selectFrom('project').select('announcement_end_at').where('id', '=', a.project_id).executeTakeFirstOrThrow()).announcement_end_at)).toBe(start);
  });
});
