/**
 * The operator's bidding activities: plan one for a listed asset in any of the eight modes with every
 * parameter of the mode (cap, reserve, extension, tiered increments, periods, the dutch steps, the windows
 * of final and two-stage, v-shaped's ascent), create and schedule it, then qualify every enrolment of the
 * asset that was waiting for it with a confirmed deposit. Operators may also qualify a verified user
 * directly (a deposit confirmed offline), with a pre-emptive right (优先购买权) where the exchange has
 * registered one. `npm run ops -- activity create|qualify` and POST /api/dscq-ops/activity/create|qualify
 * both come here.
 */
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { OPEN_ACTIVITY_STATUSES } from '#domain/contract/activity';
import { AUTH_STATUS } from '#domain/contract/auth';
import { dutchEndAt } from '#domain/rules/bidModes';
import { type ActivitySettings, type IncrementTier } from '#domain/contract/bidModes';
import { formatChinaTime } from '#domain/rules/chinaTime';
import { BIDDING_MODES, type BiddingMode } from '#domain/contract/hall';
import { parseSettings, SettingsError } from '../../bidding-modes/settings.ts';
import type { Database } from '../../db/schema.ts';
import { BusinessError } from '../../lib/envelope.ts';
import { appendAudit } from '../accounts/audit.ts';
import { qualifyWaiting } from '../enrolment/enrolment.ts';
import { sendMessage } from '../user-centre/messages.ts';
import { writeLotAnnouncement } from '../projects/announcement.ts';

/** What an operator gives for a new activity (amounts in fen, times epoch ms, durations ms). */
export interface ActivityPlanInput {
  assetsId: number;
  mode: BiddingMode;
  /** Default: now. */
  startAt?: number | undefined;
  /** The end: required for ongoing, onceOff, final (without periods) and first-come; two-stage: the end of stage 1. Computed for phased, dutch-auction and v-shaped. */
  endAt?: number | undefined;
  /** first-come-first-served: the fixed price. */
  startPriceFen: number;
  incrementFen: number;
  reserveFen?: number | null | undefined;
  capFen?: number | null | undefined;
  /** A bid in the last window extends the end to bid time + extension (5 min: the judicial rule). */
  extensionMs?: number | undefined;
  allowSelfOutbid?: boolean | undefined;
  tiers?: IncrementTier[] | undefined;
  /** phased, or final with periods: the end of the free period and the timed cycle. */
  freeEndAt?: number | undefined;
  cycleMs?: number | undefined;
  /** dutch-auction and v-shaped's descent. */
  decrementFen?: number | undefined;
  dropIntervalMs?: number | undefined;
  floorFen?: number | undefined;
  /** final: the window of sealed final offers after the cap is reached. */
  finalWindowMs?: number | undefined;
  /** two-stage: the confirmation window after stage 1 (cycleMs is stage 2's cycle). */
  joinWindowMs?: number | undefined;
  /** v-shaped: how long the ascent runs after the first acceptance (before extensions). */
  ascendMs?: number | undefined;
}

/** The row values a plan comes to. */
export interface ActivityPlan {
  startAt: number;
  endAt: number;
  reserveFen: number | null;
  capFen: number | null;
  extensionMs: number;
  settings: ActivitySettings;
}

export const DEFAULT_EXTENSION_MS = 5 * 60_000;

const bad = (message: string) => new BusinessError(400, message);

/** Checks an operator's parameters for the mode and computes the activity's end and settings. Throws a 400 in Chinese. */
export function planActivity(a: ActivityPlanInput, now: number): ActivityPlan {
  if (!BIDDING_MODES.includes(a.mode)) throw bad(`未知竞价方式 ${a.mode}`);
  const startAt = a.startAt ?? now;
  if (a.startPriceFen <= 0 || a.incrementFen <= 0) throw bad('起始价与加价幅度须大于0');
  const reserveFen = a.reserveFen ?? null;
  const capFen = a.capFen ?? null;
  if (reserveFen !== null && reserveFen <= 0) throw bad('保留价须大于0');
  if (capFen !== null && capFen <= a.startPriceFen) throw bad('封顶价须高于起始价');
  if (capFen !== null && reserveFen !== null && reserveFen > capFen) throw bad('保留价不得高于封顶价');
  if (a.mode === 'first-come-first-served' && capFen !== null) throw bad('先到先得以挂牌价格成交，不设封顶价');
  if (a.mode === 'first-come-first-served' && reserveFen !== null && reserveFen > a.startPriceFen) throw bad('先到先得的保留价不得高于挂牌价格');
  const extensionMs = a.extensionMs ?? DEFAULT_EXTENSION_MS;
  if (!Number.isInteger(extensionMs) || extensionMs < 0 || extensionMs > 3_600_000) throw bad('延时时长须为 0 到 60 分钟');
  const settings: ActivitySettings = {};
  if (a.tiers && a.tiers.length > 0) {
    if (a.mode === 'first-come-first-served' || a.mode === 'dutch-auction') throw bad('该竞价方式没有加价幅度阶梯');
    settings.tiers = [{ fromFen: 0, incrementFen: a.incrementFen }, ...a.tiers].sort((x, y) => x.fromFen - y.fromFen);
  }
  const need = <T>(value: T | undefined, message: string): T => {
    if (value === undefined) throw bad(message);
    return value;
  };
  const periods = () => {
    const freeEndAt = need(a.freeEndAt, '请设置自由报价期结束时间');
    const cycleMs = need(a.cycleMs, '请设置限时报价周期');
    if (freeEndAt <= startAt) throw bad('自由报价期结束时间须晚于开始时间');
    settings.phased = { freeEndAt, cycleMs };
    return freeEndAt + cycleMs;
  };
  const descent = () => {
    const dutch = { decrementFen: need(a.decrementFen, '请设置每次降价金额'), intervalMs: need(a.dropIntervalMs, '请设置降价周期'), floorFen: need(a.floorFen, '请设置最低价') };
    if (dutch.decrementFen <= 0) throw bad('每次降价金额须大于0');
    if (dutch.floorFen <= 0 || dutch.floorFen >= a.startPriceFen) throw bad('最低价须大于0且低于起始价');
    settings.dutch = dutch;
    return dutchEndAt(dutch, a.startPriceFen, startAt);
  };
  let endAt: number;
  switch (a.mode) {
    case 'phased':
      endAt = periods();
      break;
    case 'final':
      if (capFen === null) throw bad('最终报价方式须设置封顶价');
      settings.final = { windowMs: need(a.finalWindowMs, '请设置最终报价期时长') };
      endAt = a.freeEndAt !== undefined || a.cycleMs !== undefined ? periods() : need(a.endAt, '请设置结束时间');
      break;
    case 'dutch-auction':
      endAt = descent();
      break;
    case 'v-shaped':
      endAt = descent();
      settings.vShaped = { ascendingMs: need(a.ascendMs, '请设置 V 型竞价的加价阶段时长') };
      break;
    case 'two-stage':
      endAt = need(a.endAt, '请设置第一阶段报价截止时间');
      settings.twoStage = { stage1EndAt: endAt, joinWindowMs: need(a.joinWindowMs, '请设置第二阶段确认期时长'), cycleMs: need(a.cycleMs, '请设置第二阶段限时报价周期') };
      break;
    default:
      endAt = need(a.endAt, '请设置结束时间');
  }
  if (endAt <= startAt) throw bad('结束时间须晚于开始时间');
  if (endAt <= now) throw bad('结束时间须晚于当前时间');
  try {
    parseSettings(a.mode, JSON.stringify(settings));
  } catch (error) {
    if (error instanceof SettingsError) throw bad(`竞价参数超出允许范围（周期、窗口 5 秒至 1 天，限时报价周期至少 ${settings.phased ? '30 秒' : '5 秒'}）`);
    throw error;
  }
  return { startAt, endAt, reserveFen, capFen, extensionMs, settings };
}

export async function createActivity(db: Kysely<Database>, a: ActivityPlanInput, now: number): Promise<{ id: number; code: string; qualified: number; startAt: number; endAt: number }> {
  const plan = planActivity(a, now);
  const project = await db.selectFrom('project').select(['id', 'org_name', 'parent_id']).where('id', '=', a.assetsId).executeTakeFirst();
  if (!project || project.parent_id !== null) throw new BusinessError(404, `项目 ${a.assetsId} 不存在`);
  const busy = await db.selectFrom('bid_activity').select('activity_code').where('project_id', '=', a.assetsId).where('status', 'in', OPEN_ACTIVITY_STATUSES).executeTakeFirst();
  if (busy) throw new BusinessError(409, `项目 ${a.assetsId} 已有未结束的竞价活动 ${busy.activity_code}`);
  const code = `OPS-${formatChinaTime(now).replace(/\D/g, '')}-${a.assetsId}`;
  const { id } = await db
    .insertInto('bid_activity')
    .values({
      activity_code: code,
      project_id: a.assetsId,
      mode: a.mode,
      status: plan.startAt <= now ? 'live' : 'scheduled',
      outcome: null,
      start_at: plan.startAt,
      end_at: plan.endAt,
      original_end_at: plan.endAt,
      start_price_fen: a.startPriceFen,
      increment_fen: a.incrementFen,
      reserve_fen: plan.reserveFen,
      cap_fen: plan.capFen,
      extension_window_ms: plan.extensionMs,
      extension_ms: plan.extensionMs,
      allow_self_outbid: a.allowSelfOutbid ? 1 : 0,
      current_price_fen: a.startPriceFen,
      max_price_fen: a.startPriceFen,
      bid_count: 0,
      extension_count: 0,
      leader_user_id: null,
      leader_bid_code: null,
      last_bid_at: null,
      org_name: project.org_name,
      settings: JSON.stringify(plan.settings),
      lock_version: 0,
      created_at: now,
      updated_at: now,
      settled_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // The lot's announcement now names its auction (mode, increment, start and end, 网络竞价).
  await writeLotAnnouncement(db, a.assetsId);
  return { id, code, qualified: await qualifyWaiting(db, a.assetsId, now), startAt: plan.startAt, endAt: plan.endAt };
}

const VERIFIED: readonly number[] = [AUTH_STATUS.verifiedPerson, AUTH_STATUS.verifiedOrg, AUTH_STATUS.verifiedThirdParty];

/**
 * Qualifies a verified user in an activity that has not ended (deposit confirmed offline), with an
 * optional pre-emptive rank (1 = 第一顺位). Refused when he is already qualified. Returns his bid code.
 */
export async function qualifyBidder(
  db: Kysely<Database>,
  q: { activityId: number; loginName: string; preEmptiveRank: number | null; actor: { name: string; ip: string } },
  now: number,
): Promise<{ bidCode: string; userId: number }> {
  return db.transaction().execute(async (trx) => {
    const activity = await trx.selectFrom('bid_activity').select(['id', 'status', 'project_id']).where('id', '=', q.activityId).executeTakeFirst();
    if (!activity) throw new BusinessError(404, '竞价活动不存在');
    if (activity.status === 'ended') throw new BusinessError(409, '竞价活动已结束');
    const user = await trx.selectFrom('app_user').select(['id', 'auth_status']).where('login_key', '=', q.loginName.toLowerCase()).executeTakeFirst();
    if (!user) throw new BusinessError(404, `用户 ${q.loginName} 不存在`);
    if (!VERIFIED.includes(user.auth_status)) throw new BusinessError(409, `用户 ${q.loginName} 未完成实名认证`);
    const existing = await trx.selectFrom('bid_qualification').select('bid_code').where('activity_id', '=', activity.id).where('user_id', '=', user.id).executeTakeFirst();
    if (existing) throw new BusinessError(409, `用户 ${q.loginName} 已取得竞买资格（竞买号 ${existing.bid_code}）`);
    let bidCode = '';
    for (let attempt = 0; attempt < 20 && bidCode === ''; attempt++) {
      const code = String(randomInt(100_000, 1_000_000));
      const taken = await trx.selectFrom('bid_qualification').select('id').where('activity_id', '=', activity.id).where('bid_code', '=', code).executeTakeFirst();
      if (!taken) bidCode = code;
    }
    await trx.insertInto('bid_qualification').values({ activity_id: activity.id, user_id: user.id, bid_code: bidCode, pre_emptive_rank: q.preEmptiveRank, created_at: now }).execute();
    await appendAudit(trx, now, { userId: user.id, loginName: q.actor.name, ip: q.actor.ip, action: 'bid.qualify', object: `activity:${activity.id}`, result: 'success', detail: q.preEmptiveRank === null ? '' : `rank:${q.preEmptiveRank}` });
    const project = await trx.selectFrom('project').select('assets_name').where('id', '=', activity.project_id).executeTakeFirst();
    await sendMessage(trx, {
      userId: user.id,
      kind: 'enrolment',
      title: '已取得竞买资格',
      content: `您已取得「${project?.assets_name ?? ''}」的竞买资格，竞买号 ${bidCode}${q.preEmptiveRank === null ? '' : `，享有第 ${q.preEmptiveRank} 顺位优先购买权`}。请按时进入竞价室参与竞价。`,
      link: `/quoteHall?activityId=${activity.id}`,
      at: now,
    });
    return { bidCode, userId: user.id };
  });
}

export async function listActivities(db: Kysely<Database>, all: boolean, limit = 100) {
  let q = db
    .selectFrom('bid_activity')
    .innerJoin('project', 'project.id', 'bid_activity.project_id')
    .select([
      'bid_activity.id',
      'bid_activity.activity_code',
      'bid_activity.mode',
      'bid_activity.status',
      'bid_activity.start_at',
      'bid_activity.end_at',
      'bid_activity.cap_fen',
      'bid_activity.reserve_fen',
      'project.id as assets_id',
      'project.assets_name',
    ])
    .where('bid_activity.activity_code', 'not like', 'DEMO-%');
  if (!all) q = q.where('bid_activity.status', 'in', OPEN_ACTIVITY_STATUSES);
  return q.orderBy('bid_activity.start_at', 'desc').limit(limit).execute();
}
