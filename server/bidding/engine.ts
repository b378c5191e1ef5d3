/**
 * The server-authoritative bidding engine (README "Live bidding hall" › The engine): one short transaction per bid.
 *
 * The transaction's first statement bumps the activity's `lock_version`: on PostgreSQL that takes the row
 * lock (as SELECT … FOR UPDATE would) so bids on one activity queue while other activities proceed; on
 * SQLite it takes the database's write lock at once (no read-then-upgrade deadlock between processes).
 * Inside: idempotency check, qualification, window, the mode's decision (server/bidding/modes: amount
 * rules of src/domain/bidRules.ts and bidModes.ts, the new price, leader and end), the bid insert with the
 * next gap-free sequence number, the activity update, the 'outbid' message and, on PostgreSQL, the NOTIFY
 * that wakes other processes' snapshots on commit. The sweep settles ended activities (settlement.ts). Rejections roll back and are then recorded
 * under their idempotency key, so a replay gets the same answer.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { AUTH_STATUS } from '../../src/domain/auth.ts';
import type { ActivitySettings } from '../../src/domain/bidModes.ts';
import { bidWindowRejection, BID_REJECTION_MESSAGES } from '../../src/domain/bidRules.ts';
import type { Envelope } from '../../src/domain/contracts.ts';
import type { PlaceBidAnswer } from '../../src/domain/hall.ts';
import { fenToYuan, formatFenAsYuan } from '../../src/domain/money.ts';
import type { Database } from '../db/schema.ts';
import { fail, ok } from '../lib/envelope.ts';
import { notifyInTransaction } from '../db/changeFeed.ts';
import { appendAudit } from '../services/accounts/audit.ts';
import { sendMessage } from '../services/messages.ts';
import { modeRules } from './modes/index.ts';
import type { ActivityRow } from './modes/types.ts';
import { parseSettings } from './settings.ts';
import { settleActivity } from './settlement.ts';

export interface EngineDeps {
  db: Kysely<Database>;
  now: () => number;
  /** PostgreSQL NOTIFY channel of live changes; null on SQLite. */
  notifyChannel: string | null;
  /** Runs after every commit that changed live data (this process's snapshot rebuilds). */
  afterCommit: (activityIds: readonly number[]) => void;
}

export interface PlaceBidInput {
  userId: number;
  /** The mode word of the URL. */
  mode: string;
  activityId: number;
  amountFen: number;
  idempotencyKey: string;
  /** Server receipt time of the request: the bid's time (bidding-rules: "the server's receipt time"). */
  receivedAt: number;
  ip: string;
}

export interface BidResult {
  status: number;
  body: Envelope<PlaceBidAnswer | null>;
}

export const ENGINE_MESSAGES = {
  noActivity: '竞价活动不存在',
  modeMismatch: '竞价方式与该活动不符',
  modeUnavailable: '该竞价方式暂未开放',
  notVerified: '请先完成实名认证后再出价',
  notQualified: '您未取得本项目的竞买资格（需报名审核通过并交纳保证金）',
  keyReused: '该出价请求编号已用于另一笔出价，请刷新后重试',
  badSettings: '竞价活动参数有误，请联系交易机构',
} as const;

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly reason: string,
  ) {
    super(message);
  }
}

function requestHash(input: PlaceBidInput): string {
  return createHash('sha256').update(`${input.activityId}|${input.mode}|${input.amountFen}`).digest('hex');
}

const storedAnswer = (row: { status_code: number; answer: string }): BidResult => ({
  status: row.status_code,
  body: JSON.parse(row.answer) as BidResult['body'],
});

async function findRequest(db: Kysely<Database>, input: PlaceBidInput) {
  return db
    .selectFrom('bid_request')
    .select(['request_hash', 'status_code', 'answer'])
    .where('user_id', '=', input.userId)
    .where('idempotency_key', '=', input.idempotencyKey)
    .executeTakeFirst();
}

/** The stored answer for a replay; a refusal when the key was used for another body. */
function replay(row: { request_hash: string; status_code: number; answer: string }, hash: string): BidResult {
  if (row.request_hash !== hash) return { status: 409, body: fail(409, ENGINE_MESSAGES.keyReused) };
  return storedAnswer(row);
}

/** Takes the activity's row lock (see the file comment) and returns the locked row. */
async function lockActivity(trx: Kysely<Database>, activityId: number): Promise<ActivityRow | undefined> {
  return trx
    .updateTable('bid_activity')
    .set((eb) => ({ lock_version: eb('lock_version', '+', 1) }))
    .where('id', '=', activityId)
    .returningAll()
    .executeTakeFirst();
}

export async function placeBid(deps: EngineDeps, input: PlaceBidInput): Promise<BidResult> {
  const { db } = deps;
  const hash = requestHash(input);
  const earlier = await findRequest(db, input);
  if (earlier) return replay(earlier, hash);

  const user = await db.selectFrom('app_user').select(['auth_status', 'is_allowed']).where('id', '=', input.userId).executeTakeFirst();
  const verified = user?.is_allowed === 1 && [AUTH_STATUS.verifiedPerson, AUTH_STATUS.verifiedOrg, AUTH_STATUS.verifiedThirdParty].includes(user.auth_status as 0);

  let refusal: Refusal | null = null;
  let result: BidResult | null = null;
  try {
    result = await db.transaction().execute(async (trx) => {
      const activity = await lockActivity(trx, input.activityId);
      if (!activity) throw new Refusal(404, ENGINE_MESSAGES.noActivity, 'no_activity');
      const raced = await findRequest(trx, input);
      if (raced) return replay(raced, hash);
      if (activity.mode !== input.mode) throw new Refusal(400, ENGINE_MESSAGES.modeMismatch, 'mode_mismatch');
      if (!modeRules(activity.mode)) throw new Refusal(400, ENGINE_MESSAGES.modeUnavailable, 'mode_unavailable');
      if (!verified) throw new Refusal(403, ENGINE_MESSAGES.notVerified, 'not_verified');
      const qualification = await trx
        .selectFrom('bid_qualification')
        .select(['bid_code', 'pre_emptive_rank'])
        .where('activity_id', '=', activity.id)
        .where('user_id', '=', input.userId)
        .executeTakeFirst();
      if (!qualification) throw new Refusal(403, ENGINE_MESSAGES.notQualified, 'not_qualified');

      const rules = modeRules(activity.mode)!;
      let settings: ActivitySettings;
      try {
        settings = parseSettings(activity.mode, activity.settings);
      } catch {
        throw new Refusal(400, ENGINE_MESSAGES.badSettings, 'bad_settings');
      }
      const at = input.receivedAt;
      const windowRejection = activity.status === 'ended' ? 'closed' : bidWindowRejection(activity.start_at, activity.end_at, at);
      if (windowRejection) throw new Refusal(400, BID_REJECTION_MESSAGES[windowRejection], windowRejection);
      const rankOf = async (userId: number | null) =>
        userId === null
          ? null
          : ((await trx.selectFrom('bid_qualification').select('pre_emptive_rank').where('activity_id', '=', activity.id).where('user_id', '=', userId).executeTakeFirst())
              ?.pre_emptive_rank ?? null);
      const decision = await rules.decide({
        activity,
        settings,
        userId: input.userId,
        bidCode: qualification.bid_code,
        bidderRank: qualification.pre_emptive_rank,
        amountFen: input.amountFen,
        at,
        leaderRank: () => rankOf(activity.leader_user_id),
        hasBid: async () =>
          (await trx.selectFrom('bid').select('id').where('activity_id', '=', activity.id).where('user_id', '=', input.userId).limit(1).executeTakeFirst()) !== undefined,
      });
      if (decision.rejection) throw new Refusal(400, BID_REJECTION_MESSAGES[decision.rejection], decision.rejection);

      const seq = activity.bid_count + 1;
      const { endAt, extended } = decision;
      await trx
        .insertInto('bid')
        .values({
          activity_id: activity.id,
          seq,
          user_id: input.userId,
          bid_code: qualification.bid_code,
          amount_fen: decision.recordedFen,
          placed_at: at,
          idempotency_key: input.idempotencyKey,
        })
        .execute();
      await trx
        .updateTable('bid_activity')
        .set({
          status: 'live',
          current_price_fen: decision.priceFen,
          max_price_fen: activity.bid_count === 0 ? decision.recordedFen : Math.max(activity.max_price_fen, decision.recordedFen),
          bid_count: seq,
          leader_user_id: decision.leaderUserId,
          leader_bid_code: decision.leaderBidCode,
          last_bid_at: at,
          end_at: endAt,
          extension_count: activity.extension_count + (extended ? 1 : 0),
          updated_at: at,
        })
        .where('id', '=', activity.id)
        .execute();
      if (decision.outbidUserId !== null) {
        const project = await trx.selectFrom('project').select('assets_name').where('id', '=', activity.project_id).executeTakeFirst();
        await sendMessage(trx, {
          userId: decision.outbidUserId,
          kind: 'outbid',
          title: '您的出价已被超越',
          content: `「${project?.assets_name ?? activity.activity_code}」竞价中，竞买号 ${qualification.bid_code} 以 ${formatFenAsYuan(decision.recordedFen, { suffix: ' 元' })}出价领先，您已出局。如需继续竞价，请及时进入竞价室出价。`,
          link: `/quoteHall?activityId=${activity.id}`,
          at,
        });
      }
      const answer: BidResult = {
        status: 200,
        body: ok({
          activityId: activity.id,
          seq,
          bidCode: qualification.bid_code,
          amount: fenToYuan(decision.recordedFen),
          time: at,
          endTime: endAt,
          extended,
        }),
      };
      await recordRequest(trx, input, hash, answer, at);
      await appendAudit(trx, deps.now(), {
        userId: input.userId,
        ip: input.ip,
        action: 'bid.place',
        object: `activity:${activity.id}`,
        result: 'success',
        detail: `seq=${seq} amount_fen=${decision.recordedFen}${extended ? ' extended' : ''}`,
      });
      await notifyInTransaction(trx, deps.notifyChannel, activity.id);
      return answer;
    });
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    refusal = error;
  }
  if (result) {
    if (result.status === 200) deps.afterCommit([input.activityId]);
    return result;
  }
  // Rolled back: record the refusal under its key (first writer wins; a concurrent twin reads it back).
  const refused: BidResult = { status: refusal!.status, body: fail(refusal!.status, refusal!.message) };
  // One transaction (one fsync): the audit line and, unless the activity does not exist, the keyed answer.
  return db.transaction().execute(async (trx) => {
    await appendAudit(trx, deps.now(), {
      userId: input.userId,
      ip: input.ip,
      action: 'bid.place',
      object: `activity:${input.activityId}`,
      result: refusal!.status === 403 ? 'denied' : 'failure',
      detail: refusal!.reason,
    });
    if (refusal!.status === 404) return refused; // nothing to key: the activity does not exist
    await recordRequest(trx, input, hash, refused, deps.now());
    const stored = await findRequest(trx, input);
    return stored ? replay(stored, hash) : refused;
  });
}

async function recordRequest(db: Kysely<Database>, input: PlaceBidInput, hash: string, answer: BidResult, at: number) {
  await db
    .insertInto('bid_request')
    .values({
      user_id: input.userId,
      idempotency_key: input.idempotencyKey,
      activity_id: input.activityId,
      request_hash: hash,
      status_code: answer.status,
      answer: JSON.stringify(answer.body),
      created_at: at,
    })
    .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
    .execute();
}

/**
 * Bids received before the end may still be waiting for the row lock when the end passes: the sweep
 * closes an activity only this long after its end, so they are decided by their receipt time.
 */
export const CLOSE_GRACE_MS = 1000;

/**
 * The lifecycle sweep: scheduled → live at the start, live → ended after the end (+ grace), with the
 * outcome. Idempotent and safe with several processes: each change re-checks under the row lock.
 * Returns the number of activities changed.
 */
export async function sweepActivities(deps: EngineDeps, limit = 500): Promise<number> {
  const at = deps.now();
  const due = await deps.db
    .selectFrom('bid_activity')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'scheduled'), eb('start_at', '<=', at)]),
        eb.and([eb('status', 'in', ['scheduled', 'live']), eb('end_at', '<=', at - CLOSE_GRACE_MS)]),
      ]),
    )
    .limit(limit)
    .execute();
  const changed: number[] = [];
  for (const { id } of due) {
    const did = await deps.db.transaction().execute(async (trx) => {
      const activity = await lockActivity(trx, id);
      if (!activity || activity.status === 'ended') return false;
      if (activity.end_at <= at - CLOSE_GRACE_MS) {
        await settleActivity(trx, activity, at);
      } else if (activity.status === 'scheduled' && activity.start_at <= at) {
        await trx.updateTable('bid_activity').set({ status: 'live', updated_at: at }).where('id', '=', id).execute();
      } else {
        return false;
      }
      await notifyInTransaction(trx, deps.notifyChannel, id);
      return true;
    });
    if (did) changed.push(id);
  }
  if (changed.length > 0) deps.afterCommit(changed);
  return changed.length;
}
