/**
 * two-stage: a bidder with a stage-1 quote confirms joining stage 2 (settings.twoStage; README "Bidding
 * modes"). Inside one transaction holding the activity's lock (as the sweep takes it: an update first, so
 * SQLite takes the write lock at once and PostgreSQL the row lock): qualification, the confirmation window,
 * the quote, then the confirmation and — the first one — the end moved to one cycle after the window, so
 * stage 2 happens. A refusal rolls everything back (no new version); a second confirmation is answered as
 * the first, changing nothing.
 */
import { AUTH_STATUS } from '#domain/contract/auth';
import { twoStageJoinEnd } from '#domain/rules/bidModes';
import { JOIN_REJECTION_MESSAGES, type JoinRejection } from '#domain/rules/bidRules';
import type { Envelope } from '#domain/contract/envelope';
import type { JoinStageAnswer } from '#domain/contract/hall';
import { notifyInTransaction } from '../db/changeFeed.ts';
import { fail, ok } from '../lib/envelope.ts';
import { appendAudit } from '../services/accounts/audit.ts';
import { ENGINE_MESSAGES, lockActivity, type EngineDeps } from './engine.ts';
import { SettingsError, parseSettings } from '../bidding-modes/settings.ts';

export interface JoinInput {
  userId: number;
  activityId: number;
  ip: string;
}

export interface JoinResult {
  status: number;
  body: Envelope<JoinStageAnswer | null>;
}

class JoinRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly reason: string,
  ) {
    super(message);
  }
}

/** Nothing changed (already joined): roll the lock's version bump back and answer this. */
class Unchanged extends Error {
  constructor(readonly answer: JoinStageAnswer) {
    super('unchanged');
  }
}

const VERIFIED: readonly number[] = [AUTH_STATUS.verifiedPerson, AUTH_STATUS.verifiedOrg, AUTH_STATUS.verifiedThirdParty];

const refusal = (reason: JoinRejection) => new JoinRefusal(400, JOIN_REJECTION_MESSAGES[reason], reason);

export async function joinStage(deps: EngineDeps, input: JoinInput): Promise<JoinResult> {
  const at = deps.now();
  const object = `activity:${input.activityId}`;
  let answer: JoinStageAnswer;
  try {
    answer = await deps.db.transaction().execute(async (trx) => {
      const a = await lockActivity(trx, input.activityId);
      if (!a) throw new JoinRefusal(404, ENGINE_MESSAGES.noActivity, 'no_activity');
      if (a.mode !== 'two-stage') throw refusal('notTwoStage');
      const user = await trx.selectFrom('app_user').select(['auth_status', 'is_allowed']).where('id', '=', input.userId).executeTakeFirst();
      if (!user || user.is_allowed !== 1 || !VERIFIED.includes(user.auth_status)) throw new JoinRefusal(403, ENGINE_MESSAGES.notVerified, 'not_verified');
      const qualified = await trx.selectFrom('bid_qualification').select('id').where('activity_id', '=', a.id).where('user_id', '=', input.userId).executeTakeFirst();
      if (!qualified) throw new JoinRefusal(403, ENGINE_MESSAGES.notQualified, 'not_qualified');
      let settings;
      try {
        settings = parseSettings(a.mode, a.settings);
      } catch (error) {
        if (error instanceof SettingsError) throw new JoinRefusal(400, ENGINE_MESSAGES.badSettings, 'bad_settings');
        throw error;
      }
      const s = settings.twoStage!;
      const joinEnd = twoStageJoinEnd(s);
      const stage2End = joinEnd + s.cycleMs;
      const joined = await trx.selectFrom('bid_stage_join').select('id').where('activity_id', '=', a.id).where('user_id', '=', input.userId).executeTakeFirst();
      if (joined) throw new Unchanged({ activityId: a.id, joined: true, stage2StartTime: joinEnd, endTime: a.end_at });
      // The floor: while suspended the confirmation window stands still with the rest of the clock.
      if (a.status === 'suspended') throw refusal('suspended');
      if (at < s.stage1EndAt) throw refusal('joinNotOpen');
      if (a.status === 'ended' || at >= joinEnd) throw refusal('joinClosed');
      const quote = await trx.selectFrom('bid').select('id').where('activity_id', '=', a.id).where('user_id', '=', input.userId).executeTakeFirst();
      if (!quote) throw refusal('noQuote');
      await trx.insertInto('bid_stage_join').values({ activity_id: a.id, user_id: input.userId, joined_at: at }).execute();
      const endAt = Math.max(a.end_at, stage2End);
      await trx.updateTable('bid_activity').set({ end_at: endAt, status: 'live', updated_at: at }).where('id', '=', a.id).execute();
      await appendAudit(trx, at, { userId: input.userId, ip: input.ip, action: 'bid.join', object, result: 'success' });
      await notifyInTransaction(trx, deps.notifyChannel, a.id);
      return { activityId: a.id, joined: true, stage2StartTime: joinEnd, endTime: endAt };
    });
  } catch (error) {
    if (error instanceof Unchanged) return { status: 200, body: ok(error.answer) };
    if (!(error instanceof JoinRefusal)) throw error;
    await appendAudit(deps.db, at, { userId: input.userId, ip: input.ip, action: 'bid.join', object, result: error.status === 403 ? 'denied' : 'failure', detail: error.reason });
    return { status: error.status, body: fail(error.status, error.message) };
  }
  deps.afterCommit([answer.activityId]);
  return { status: 200, body: ok(answer) };
}
