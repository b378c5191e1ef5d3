/**
 * The auction floor (bidding.md "The floor"; the guide's work-system.md: 中止 stops the clock and refuses
 * bids with a reason shown in the room, 恢复 sets a new end, 终结 ends without a result; each is announced
 * and audited). Three steps staff take on a running activity, server-authoritative:
 *
 * - suspendActivity: a live activity → 'suspended', with the reason. The engine refuses every bid inside
 *   the activity's lock (竞价已中止：<reason>), the sweep passes it by (its end cannot pass: the clock stands
 *   still), the time that was left is kept (remaining_ms) and every answer shows it frozen;
 * - resumeActivity: a suspended activity → 'live' with a new end (after now); the rest of its schedule
 *   moves with it (bidding-modes/floor.ts: phase boundaries keep their distance to the end, a falling
 *   price resumes where it stopped);
 * - terminateActivity: a scheduled, live or suspended activity → 'ended', outcome 'terminated': no
 *   winner, no deal; the deposits are released as after 流拍 (settleDeposits), the project reads 已终结 and
 *   a 竞价终结公告 goes on the result-notice plate.
 *
 * Each step is one transaction holding the activity's lock (the bids' lock: a bid is decided wholly before
 * or wholly after it), writes the floor log (bid_activity_floor: who, when, why, the state before and after)
 * and the audit line, tells every qualified bidder (a message), and announces the change through the
 * change feed — NOTIFY on PostgreSQL inside the transaction, `afterCommit` in this process, SQLite's
 * data_version for the others — so open rooms and the hall update live in every process. A refusal (wrong
 * state, missing reason, an end too early) is a BusinessError in Chinese and changes nothing (its audit
 * line aside).
 *
 * The context is the engine's dependencies (`app.engine` satisfies it; the ops CLI builds one on its own
 * database connection), plus the client's address for the audit line.
 */
import type { Kysely, Updateable } from 'kysely';
import type { ActivityOutcome, ActivityStatus } from '#domain/contract/activity';
import type { ActivitySettings } from '#domain/contract/bidModes';
import { formatChinaTime } from '#domain/rules/chinaTime';
import { fenToYuan } from '#domain/rules/money';
import { isSealedLot } from '#domain/rules/liveValues';
import type { FloorItem } from '#domain/contract/staffFloor';
import { lotTitle } from '#domain/rules/desk';
import { notifyInTransaction } from '../../db/changeFeed.ts';
import type { Database } from '../../db/schema.ts';
import type { BidActivityTable } from '../../db/tables/bidding.ts';
import { resumeSchedule } from '../../bidding-modes/floor.ts';
import { parseSettings, SettingsError } from '../../bidding-modes/settings.ts';
import type { ActivityRow } from '../../bidding-modes/types.ts';
import { BusinessError } from '../../lib/envelope.ts';
import { appendAudit } from '../accounts/audit.ts';
import { settleDeposits } from '../enrolment/deposits.ts';
import { sendMessage } from '../user-centre/messages.ts';
import { lockActivity } from './activity-lock.ts';
import { PROJECT_STATE_AFTER, publishResultNotice } from './result-notice.ts';

/** What a floor step needs: the engine's dependencies (`app.engine` has them) and the caller's address. */
export interface FloorContext {
  db: Kysely<Database>;
  /** The server clock: the step's time (the suspension's start, the resumption, the termination). */
  now: () => number;
  /** PostgreSQL's NOTIFY channel of live changes (other processes' snapshots); null on SQLite. */
  notifyChannel: string | null;
  /** After the commit: this process's snapshot reloads the activity (and pushes it to rooms and the hall). */
  afterCommit: (activityIds: readonly number[]) => void;
  /** The client's address for the audit line ('' when absent: the CLI). */
  ip?: string | undefined;
}

/** Who acts: a staff member (the CLI acts as id 0 with `ops:<os user>`). */
export interface FloorStaff {
  id: number;
  loginName: string;
}

export type FloorAction = 'suspend' | 'resume' | 'terminate';

/** An activity's state as the floor log and the audit trail keep it, before and after a step (plain JSON). */
export interface FloorState {
  activityId: number;
  activityCode: string;
  mode: string;
  status: ActivityStatus;
  outcome: ActivityOutcome | null;
  startAt: number;
  /** The end (epoch ms); while suspended the end it had when the clock stopped. */
  endAt: number;
  /** The mode's schedule (phase boundaries, the descent's origin) as stored. */
  settings: ActivitySettings;
  bidCount: number;
  currentPriceFen: number;
  leaderBidCode: string | null;
  lockVersion: number;
  suspendedAt: number | null;
  resumedAt: number | null;
  suspendReason: string | null;
  remainingMs: number | null;
  terminateReason: string | null;
}

export interface FloorResult {
  activityId: number;
  action: FloorAction;
  /** The step's time (server epoch ms). */
  at: number;
  before: FloorState;
  after: FloorState;
}

export interface SuspendInput {
  activityId: number;
  reason: string;
  staff: FloorStaff;
}

export interface ResumeInput {
  activityId: number;
  /** The new end, epoch ms; must be after now (and leave the phase the activity resumes in: bidding-modes/floor.ts). */
  endsAt: number;
  reason?: string | undefined;
  staff: FloorStaff;
}

export interface TerminateInput {
  activityId: number;
  reason: string;
  staff: FloorStaff;
}

/** The longest reason kept (the room shows it; the audit line keeps its first part). */
export const FLOOR_REASON_MAX = 200;

export const FLOOR_MESSAGES = {
  noActivity: '竞价活动不存在',
  suspendReasonMissing: '请填写中止原因',
  terminateReasonMissing: '请填写终结原因',
  reasonTooLong: `原因不能超过 ${FLOOR_REASON_MAX} 字`,
  notLive: '竞价未在进行中，不能中止',
  alreadySuspended: '竞价已中止，不能重复中止',
  endPassed: '竞价已到结束时间，不能中止',
  notSuspended: '竞价未中止，不能恢复',
  endNotFuture: '恢复后的结束时间须晚于当前时间',
  alreadyEnded: '竞价已结束，不能终结',
  endPassedTerminate: '竞价已到结束时间，正在结算，不能终结',
  badSettings: '竞价活动参数有误，请联系技术人员',
  resumedOutOfRange: '恢复后的竞价参数超出允许范围（第二阶段确认期须在 5 秒至 1 天之间），请调整结束时间',
} as const;

const bad = (message: string) => new BusinessError(400, message);
const conflict = (message: string) => new BusinessError(409, message);

function requiredReason(text: string | undefined, missing: string): string {
  const reason = text?.trim() ?? '';
  if (reason === '') throw bad(missing);
  if ([...reason].length > FLOOR_REASON_MAX) throw bad(FLOOR_MESSAGES.reasonTooLong);
  return reason;
}

function optionalReason(text: string | undefined): string {
  const reason = text?.trim() ?? '';
  if ([...reason].length > FLOOR_REASON_MAX) throw bad(FLOOR_MESSAGES.reasonTooLong);
  return reason;
}

function storedSettings(text: string): ActivitySettings {
  try {
    return JSON.parse(text || '{}') as ActivitySettings;
  } catch {
    return {};
  }
}

/** The row as the floor log keeps it. */
export function floorState(a: ActivityRow): FloorState {
  return {
    activityId: a.id,
    activityCode: a.activity_code,
    mode: a.mode,
    status: a.status as ActivityStatus,
    outcome: (a.outcome as ActivityOutcome | null) ?? null,
    startAt: a.start_at,
    endAt: a.end_at,
    settings: storedSettings(a.settings),
    bidCount: a.bid_count,
    currentPriceFen: a.current_price_fen,
    leaderBidCode: a.leader_bid_code,
    lockVersion: a.lock_version,
    suspendedAt: a.suspended_at,
    resumedAt: a.resumed_at,
    suspendReason: a.suspend_reason,
    remainingMs: a.remaining_ms,
    terminateReason: a.terminate_reason,
  };
}

/** What one step decided, inside the lock: the row's new columns and the bidders' message. */
interface StepDecision {
  set: Updateable<BidActivityTable>;
  /** The reason the floor log and the audit keep ('' for a resumption without one). */
  reason: string;
  message: (assetsName: string) => { title: string; content: string };
  /** Work after the row's update, in the same transaction (termination: deposits, notice, project). */
  then?: (trx: Kysely<Database>, after: ActivityRow) => Promise<void>;
}

/**
 * One floor step: lock, decide (or refuse), update, log, audit, tell the bidders, NOTIFY — one
 * transaction — then announce in this process. A refusal is audited and rethrown.
 */
async function floorStep(
  ctx: FloorContext,
  action: FloorAction,
  activityId: number,
  staff: FloorStaff,
  decide: (a: ActivityRow, at: number) => StepDecision,
): Promise<FloorResult> {
  const at = ctx.now();
  const object = `activity:${activityId}`;
  const audit = (db: Kysely<Database>, result: 'success' | 'failure', detail: string) =>
    appendAudit(db, at, { userId: null, loginName: staff.loginName, ip: ctx.ip ?? '', action: `activity.${action}`, object, result, detail: `staff:${staff.id} ${detail}` });
  let result: FloorResult;
  try {
    result = await ctx.db.transaction().execute(async (trx) => {
      const locked = await lockActivity(trx, activityId);
      if (!locked) throw new BusinessError(404, FLOOR_MESSAGES.noActivity);
      // The lock bumped the version: the state before the step is the one before the lock.
      const before = floorState({ ...locked, lock_version: locked.lock_version - 1 });
      const step = decide(locked, at);
      await trx.updateTable('bid_activity').set({ ...step.set, updated_at: at }).where('id', '=', activityId).execute();
      const row = await trx.selectFrom('bid_activity').selectAll().where('id', '=', activityId).executeTakeFirstOrThrow();
      await step.then?.(trx, row);
      const after = floorState(row);
      await trx
        .insertInto('bid_activity_floor')
        .values({
          activity_id: activityId,
          action,
          at,
          reason: step.reason,
          staff_id: staff.id,
          staff_login: staff.loginName,
          end_before: before.endAt,
          end_after: after.endAt,
          state_before: JSON.stringify(before),
          state_after: JSON.stringify(after),
        })
        .execute();
      await audit(trx, 'success', step.reason);
      const project = await trx.selectFrom('project').select('assets_name').where('id', '=', row.project_id).executeTakeFirst();
      const { title, content } = step.message(project?.assets_name ?? row.activity_code);
      const bidders = await trx.selectFrom('bid_qualification').select('user_id').where('activity_id', '=', activityId).orderBy('user_id').execute();
      for (const { user_id: userId } of bidders) {
        await sendMessage(trx, { userId, kind: 'system', title, content, link: `/quoteHall?activityId=${activityId}`, at });
      }
      await notifyInTransaction(trx, ctx.notifyChannel, activityId);
      return { activityId, action, at, before, after };
    });
  } catch (error) {
    if (error instanceof BusinessError && error.code !== 404) await audit(ctx.db, 'failure', error.message).catch(() => {});
    throw error;
  }
  try {
    ctx.afterCommit([activityId]);
  } catch (error) {
    // A listener's failure must not turn a committed step into an error.
    process.emitWarning(error instanceof Error ? error : new Error(String(error)));
  }
  return result;
}

/** 中止: a live activity stops taking bids and its clock stands still, with the reason shown to bidders. */
export async function suspendActivity(ctx: FloorContext, input: SuspendInput): Promise<FloorResult> {
  const reason = requiredReason(input.reason, FLOOR_MESSAGES.suspendReasonMissing);
  return floorStep(ctx, 'suspend', input.activityId, input.staff, (a, at) => {
    if (a.status === 'suspended') throw conflict(FLOOR_MESSAGES.alreadySuspended);
    // Live, or scheduled with its start passed (the sweep turns it live within a second).
    const running = a.status === 'live' || (a.status === 'scheduled' && a.start_at <= at);
    if (!running) throw conflict(FLOOR_MESSAGES.notLive);
    if (at >= a.end_at) throw conflict(FLOOR_MESSAGES.endPassed);
    return {
      set: { status: 'suspended', suspended_at: at, resumed_at: null, suspend_reason: reason, remaining_ms: a.end_at - at },
      reason,
      message: (name) => ({
        title: lotTitle('竞价已中止', name),
        content: `「${name}」的网络竞价已于 ${formatChinaTime(at)} 中止，中止原因：${reason}。中止期间暂停接受出价，剩余竞价时间保留，恢复时间另行通知。`,
      }),
    };
  });
}

/**
 * 恢复: a suspended activity takes bids again and ends at `endsAt` (after now); the rest of its schedule
 * moves with the end (bidding-modes/floor.ts). An end that would leave the phase it resumes in is refused
 * with the earliest end allowed.
 */
export async function resumeActivity(ctx: FloorContext, input: ResumeInput): Promise<FloorResult> {
  const reason = optionalReason(input.reason);
  if (!Number.isSafeInteger(input.endsAt)) throw bad(FLOOR_MESSAGES.endNotFuture);
  return floorStep(ctx, 'resume', input.activityId, input.staff, (a, at) => {
    if (a.status !== 'suspended' || a.suspended_at === null) throw conflict(FLOOR_MESSAGES.notSuspended);
    if (input.endsAt <= at) throw bad(FLOOR_MESSAGES.endNotFuture);
    let settings: ActivitySettings;
    try {
      settings = parseSettings(a.mode, a.settings);
    } catch (error) {
      if (error instanceof SettingsError) throw bad(FLOOR_MESSAGES.badSettings);
      throw error;
    }
    const plan = resumeSchedule({ activity: a, settings, suspendedAt: a.suspended_at, resumeAt: at, endAt: input.endsAt });
    if (!plan.ok) throw bad(`恢复后的结束时间过早：恢复后仍处于${plan.phase}，结束时间须晚于 ${formatChinaTime(plan.endAfter)}`);
    const text = JSON.stringify(plan.settings);
    try {
      parseSettings(a.mode, text);
    } catch (error) {
      if (error instanceof SettingsError) throw bad(FLOOR_MESSAGES.resumedOutOfRange);
      throw error;
    }
    return {
      set: { status: 'live', end_at: plan.endAt, settings: text, resumed_at: at, remaining_ms: null },
      reason,
      message: (name) => ({
        title: lotTitle('竞价已恢复', name),
        content: `「${name}」的网络竞价已于 ${formatChinaTime(at)} 恢复${reason ? `（${reason}）` : ''}，结束时间调整为 ${formatChinaTime(plan.endAt)}。请及时进入竞价室参与竞价。`,
      }),
    };
  });
}

/**
 * 终结: a scheduled, live or suspended activity ends without a result — no winner, no deal; the deposits
 * are released as after 流拍, the project reads 已终结 and a 竞价终结公告 is published.
 */
export async function terminateActivity(ctx: FloorContext, input: TerminateInput): Promise<FloorResult> {
  const reason = requiredReason(input.reason, FLOOR_MESSAGES.terminateReasonMissing);
  return floorStep(ctx, 'terminate', input.activityId, input.staff, (a, at) => {
    if (a.status === 'ended') throw conflict(FLOOR_MESSAGES.alreadyEnded);
    // A live auction whose end has come has its result (the sweep settles it within a second): a
    // termination may not take it away. (A suspended one's end does not run: it may be terminated.)
    if (a.status === 'live' && at >= a.end_at) throw conflict(FLOOR_MESSAGES.endPassedTerminate);
    return {
      // Once started, it ended now; a lot terminated before its start keeps its planned times.
      set: { status: 'ended', outcome: 'terminated', terminate_reason: reason, settled_at: at, remaining_ms: null, end_at: a.start_at <= at ? at : a.end_at },
      reason,
      message: (name) => ({
        title: lotTitle('竞价已终结', name),
        content: `「${name}」的网络竞价已于 ${formatChinaTime(at)} 终结，终结原因：${reason}。本次竞价无成交结果，您交纳的保证金将依规退还。`,
      }),
      then: async (trx, after) => {
        // A package's children share its state.
        await trx
          .updateTable('project')
          .set({ state: PROJECT_STATE_AFTER.terminated })
          .where((eb) => eb.or([eb('id', '=', after.project_id), eb('parent_id', '=', after.project_id)]))
          .execute();
        const project = await trx.selectFrom('project').select(['assets_name', 'project_code']).where('id', '=', after.project_id).executeTakeFirstOrThrow();
        await publishResultNotice(trx, { activity: after, project, outcome: 'terminated', winnerCode: null, priceFen: null, reason, at });
        // As after 流拍: every confirmed deposit of the lot is released (nobody won).
        await settleDeposits(trx, { activityId: after.id, winnerUserId: null, at });
      },
    };
  });
}

const BOARD_AHEAD_MS = 7 * 86_400_000;

/** 竞价监控's board: suspended first, then live by end, then those starting within a week; with their bidders. */
export async function floorBoard(db: Kysely<Database>, now: number): Promise<FloorItem[]> {
  const rows = await db
    .selectFrom('bid_activity')
    .innerJoin('project', 'project.id', 'bid_activity.project_id')
    .select([
      'bid_activity.id',
      'bid_activity.activity_code',
      'bid_activity.project_id',
      'project.assets_name',
      'bid_activity.mode',
      'bid_activity.status',
      'bid_activity.outcome',
      'bid_activity.start_at',
      'bid_activity.end_at',
      'bid_activity.current_price_fen',
      'bid_activity.bid_count',
      'bid_activity.leader_bid_code',
      'bid_activity.suspend_reason',
      'bid_activity.remaining_ms',
      (eb) => eb.selectFrom('bid_qualification').select((q) => q.fn.countAll<number | string>().as('n')).whereRef('bid_qualification.activity_id', '=', 'bid_activity.id').as('bidders'),
    ])
    .where((eb) => eb.or([eb('bid_activity.status', 'in', ['live', 'suspended']), eb.and([eb('bid_activity.status', '=', 'scheduled'), eb('bid_activity.start_at', '<', now + BOARD_AHEAD_MS)])]))
    .orderBy((eb) => eb.case().when('bid_activity.status', '=', 'suspended').then(0).when('bid_activity.status', '=', 'live').then(1).else(2).end())
    .orderBy('bid_activity.end_at')
    .limit(500)
    .execute();
  return rows.map((r): FloorItem => {
    const status = r.status as ActivityStatus;
    return {
      activityId: Number(r.id),
      activityCode: r.activity_code,
      assetsId: Number(r.project_id),
      assetsName: r.assets_name,
      mode: r.mode,
      status,
      outcome: (r.outcome as ActivityOutcome | null) ?? null,
      startTime: formatChinaTime(Number(r.start_at)),
      endTime: formatChinaTime(Number(r.end_at)),
      currentPrice: fenToYuan(Number(r.current_price_fen)),
      bidCount: Number(r.bid_count),
      bidderCount: Number(r.bidders ?? 0),
      // Staff see who leads, except while offers are sealed: nobody may learn that before the end.
      leaderBidCode: isSealedLot({ mode: r.mode, status }) ? null : r.leader_bid_code,
      suspendReason: r.suspend_reason ?? null,
      remainingMs: r.remaining_ms === null ? null : Number(r.remaining_ms),
    };
  });
}
