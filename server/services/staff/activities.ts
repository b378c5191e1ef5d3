/**
 * The work system's auctions (activity.edit): a lot's auction in any of the eight modes, created through
 * the operator's service (planActivity checks each mode's parameters, createActivity schedules it and
 * qualifies the waiting enrolments) after the lot's timeline has accepted it (domain/rules/lotTimeline.ts:
 * enrolment and deposit closed a working day before, one open auction, the judicial notice period and
 * price cut). An auction is public from its creation, so any later change of its times, prices or
 * increments is four eyes (activity.change): prepared here, carried out by the executor registered here
 * when another member approves — the timeline and the mode's rules are checked again then, and only a
 * scheduled auction without bids may change. Offline qualification as the operator's `activity qualify`.
 */
import type { Kysely, Selectable } from 'kysely';
import { formatChinaTime } from '#domain/rules/chinaTime';
import { fenToYuan } from '#domain/rules/money';
import { auctionProblems } from '#domain/rules/lotTimeline';
import type { BiddingMode } from '#domain/contract/hall';
import type { StaffActivity } from '#domain/contract/staffLots';
import { parseSettings } from '../../bidding-modes/settings.ts';
import type { Database } from '../../db/schema.ts';
import type { BidActivityTable } from '../../db/tables/bidding.ts';
import { BusinessError, notFound } from '../../lib/envelope.ts';
import { createActivity, planActivity, qualifyBidder, type ActivityPlanInput } from '../auctions/activities.ts';
import type { ApprovalContext, ApprovalExecutor } from './approvals.ts';
import { recordStaffAction, type StaffActor } from './audit.ts';
import { toStaffActivity } from './lot-activities.ts';
import { projectLotDates, type TimelineContext } from './lots.ts';

type Db = Kysely<Database>;
type ActivityRow = Selectable<BidActivityTable>;

const activitySubject = (id: number) => `activity:${id}`;

async function activityRow(db: Db, id: number): Promise<ActivityRow> {
  const row = await db.selectFrom('bid_activity').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('竞价活动不存在');
  return row;
}

/** The timeline's facts of the lot's other auctions: how many are open, and the latest failed one's start price. */
async function otherAuctions(db: Db, assetsId: number, except: number | null) {
  let q = db.selectFrom('bid_activity').select(['id', 'status', 'outcome', 'start_price_fen', 'end_at']).where('project_id', '=', assetsId);
  if (except !== null) q = q.where('id', '<>', except);
  const rows = await q.orderBy('end_at', 'desc').execute();
  const failed = rows.find((r) => r.status === 'ended' && r.outcome === 'failed');
  return { openAuctions: rows.filter((r) => r.status !== 'ended').length, previousFailedStartFen: failed ? Number(failed.start_price_fen) : null };
}

async function checkAgainstLot(c: TimelineContext, input: ActivityPlanInput, except: number | null, now: number): Promise<void> {
  const { db } = c;
  const project = await db.selectFrom('project').select(['id', 'parent_id']).where('id', '=', input.assetsId).executeTakeFirst();
  if (!project || project.parent_id !== null) throw new BusinessError(404, `项目 ${input.assetsId} 不存在`);
  const plan = planActivity(input, now);
  const problems = auctionProblems(await projectLotDates(db, input.assetsId), { startAt: plan.startAt, endAt: plan.endAt, startPriceFen: input.startPriceFen, ...(await otherAuctions(db, input.assetsId, except)) }, now, c.lotTimeline);
  if (problems.length > 0) throw new BusinessError(400, problems.join('；'));
}

export async function createStaffActivity(c: TimelineContext, input: ActivityPlanInput, actor: StaffActor): Promise<StaffActivity> {
  const now = c.now();
  if (input.startAt === undefined) throw new BusinessError(400, '请设置竞价开始时间');
  await checkAgainstLot(c, input, null, now);
  const created = await createActivity(c.db, input, now);
  const row = await activityRow(c.db, created.id);
  const after = await toStaffActivity(c.db, row);
  await recordStaffAction(c.db, now, actor, { action: 'activity.create', subject: activitySubject(created.id), after: { ...after, input } });
  return after;
}

export async function qualifyOffline(c: ApprovalContext, q: { activityId: number; loginName: string; preEmptiveRank: number | null }, actor: StaffActor): Promise<{ bidCode: string }> {
  const now = c.now();
  const done = await qualifyBidder(c.db, { ...q, actor: { name: `staff:${actor.loginName}`, ip: actor.ip } }, now);
  await recordStaffAction(c.db, now, actor, { action: 'activity.qualify', subject: activitySubject(q.activityId), after: { loginName: q.loginName, userId: done.userId, bidCode: done.bidCode, preEmptiveRank: q.preEmptiveRank } });
  return { bidCode: done.bidCode };
}

/** The plan an existing activity came from (its mode's parameters back out of its settings). */
export function planInputOf(r: ActivityRow): ActivityPlanInput {
  const s = parseSettings(r.mode, r.settings);
  return {
    assetsId: Number(r.project_id),
    mode: r.mode as BiddingMode,
    startAt: Number(r.start_at),
    ...(s.phased || s.dutch ? {} : { endAt: s.twoStage ? s.twoStage.stage1EndAt : Number(r.original_end_at) }),
    startPriceFen: Number(r.start_price_fen),
    incrementFen: Number(r.increment_fen),
    reserveFen: r.reserve_fen === null ? null : Number(r.reserve_fen),
    capFen: r.cap_fen === null ? null : Number(r.cap_fen),
    extensionMs: Number(r.extension_ms),
    allowSelfOutbid: r.allow_self_outbid === 1,
    tiers: s.tiers?.filter((t) => t.fromFen > 0),
    freeEndAt: s.phased?.freeEndAt,
    cycleMs: s.phased?.cycleMs ?? s.twoStage?.cycleMs,
    decrementFen: s.dutch?.decrementFen,
    dropIntervalMs: s.dutch?.intervalMs,
    floorFen: s.dutch?.floorFen,
    finalWindowMs: s.final?.windowMs,
    joinWindowMs: s.twoStage?.joinWindowMs,
    ascendMs: s.vShaped?.ascendingMs,
  };
}

export interface ActivityChangePayload {
  activityId: number;
  lockVersion: number;
  updatedAt: number;
  input: ActivityPlanInput;
  reason: string;
}

/** Only a scheduled auction nobody has bid in may change (a live one is suspended and resumed instead). */
function changeable(row: ActivityRow): void {
  if (row.status !== 'scheduled' || Number(row.bid_count) > 0) throw new BusinessError(409, '竞价已开始或已结束，不能修改；如需暂停请使用中止功能');
}

const yuanText = (fen: number | null | undefined) => (fen === null || fen === undefined ? '无' : `${fenToYuan(fen)} 元`);

function describe(before: ActivityPlanInput, after: ActivityPlanInput): string {
  const parts: string[] = [];
  if (before.startAt !== after.startAt) parts.push(`开始 ${formatChinaTime(before.startAt!)} → ${formatChinaTime(after.startAt!)}`);
  if (before.endAt !== after.endAt && after.endAt !== undefined) parts.push(`结束 ${before.endAt === undefined ? '（计算）' : formatChinaTime(before.endAt)} → ${formatChinaTime(after.endAt)}`);
  if (before.startPriceFen !== after.startPriceFen) parts.push(`起始价 ${yuanText(before.startPriceFen)} → ${yuanText(after.startPriceFen)}`);
  if (before.incrementFen !== after.incrementFen) parts.push(`加价幅度 ${yuanText(before.incrementFen)} → ${yuanText(after.incrementFen)}`);
  if (before.reserveFen !== after.reserveFen) parts.push(`保留价 ${yuanText(before.reserveFen)} → ${yuanText(after.reserveFen)}`);
  if (before.capFen !== after.capFen) parts.push(`封顶价 ${yuanText(before.capFen)} → ${yuanText(after.capFen)}`);
  return parts.join('；') || '其他竞价参数';
}

export function activityChangeExecutor(c: TimelineContext): ApprovalExecutor<ActivityChangePayload> {
  return {
    async prepare(input) {
      const p = input as { activityId: number; changes: Partial<ActivityPlanInput>; reason: string };
      const row = await activityRow(c.db, p.activityId);
      changeable(row);
      const before = planInputOf(row);
      const after: ActivityPlanInput = { ...before, ...p.changes, assetsId: before.assetsId, mode: before.mode };
      await checkAgainstLot(c, after, Number(row.id), c.now());
      return {
        subject: activitySubject(p.activityId),
        summary: `修改竞价 ${row.activity_code}：${describe(before, after)}（原因：${p.reason}）`,
        payload: { activityId: p.activityId, lockVersion: Number(row.lock_version), updatedAt: Number(row.updated_at), input: after, reason: p.reason },
        before: await toStaffActivity(c.db, row),
      };
    },
    async execute(payload) {
      const now = c.now();
      const row = await activityRow(c.db, payload.activityId);
      changeable(row);
      if (Number(row.lock_version) !== payload.lockVersion || Number(row.updated_at) !== payload.updatedAt) throw new BusinessError(409, '竞价活动在提交复核后已有变化，请退回后重新提交');
      // The timeline and the mode's rules again, at the moment it is carried out.
      await checkAgainstLot(c, payload.input, Number(row.id), now);
      const plan = planActivity(payload.input, now);
      const done = await c.db
        .updateTable('bid_activity')
        .set({
          start_at: plan.startAt,
          end_at: plan.endAt,
          original_end_at: plan.endAt,
          start_price_fen: payload.input.startPriceFen,
          current_price_fen: payload.input.startPriceFen,
          max_price_fen: payload.input.startPriceFen,
          increment_fen: payload.input.incrementFen,
          reserve_fen: plan.reserveFen,
          cap_fen: plan.capFen,
          extension_window_ms: plan.extensionMs,
          extension_ms: plan.extensionMs,
          allow_self_outbid: payload.input.allowSelfOutbid ? 1 : 0,
          settings: JSON.stringify(plan.settings),
          lock_version: Number(row.lock_version) + 1,
          updated_at: now,
        })
        .where('id', '=', payload.activityId)
        .where('status', '=', 'scheduled')
        .where('bid_count', '=', 0)
        .where('lock_version', '=', payload.lockVersion)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) throw new BusinessError(409, '竞价已开始或已变化，未能修改');
      return toStaffActivity(c.db, await activityRow(c.db, payload.activityId));
    },
  };
}
