/**
 * The roadshow reminder job: every `intervalMs` it writes a 路演提醒 to 我的消息 for each follower of a roadshow
 * starting within ROADSHOW_REMINDER_MINUTES (domain/rules/roadshow.ts), once per follower.
 *
 * Safe with several server processes on one database, twice over:
 * - each run is one transaction that first claims the job's lease (common/leased-job.ts), so two
 *   processes' runs never overlap;
 * - and every reminder is a conditional update of its follow row (reminded_at IS NULL) in that same
 *   transaction as its message: a follower whose row another run already marked gets nothing, whatever
 *   the lease did (a lease that ran out during a long run, this process's own back-to-back runs).
 * A crashed holder's lease simply runs out. Started by plugins/jobs.ts (not with `timers: false`:
 * tests call runOnce).
 */
import type { Kysely } from 'kysely';
import { ROADSHOW_REMINDER_MINUTES, roadshowReminder } from '#domain/rules/roadshow';
import type { Database } from '../../db/schema.ts';
import { createLeasedJob, type LeasedJob } from '../common/leased-job.ts';
import { sendMessage } from '../user-centre/messages.ts';

export const ROADSHOW_REMINDER_JOB = 'roadshow-reminders';
export const ROADSHOW_REMINDER_INTERVAL_MS = 30_000;

export interface RoadshowReminderOptions {
  db: Kysely<Database>;
  now: () => number;
  /** Between two runs (by any process). Default 30 s. */
  intervalMs?: number;
  /** Minutes before the start. Default ROADSHOW_REMINDER_MINUTES. */
  leadMinutes?: number;
  /** This process's name on the lease (default: pid and a random part). */
  holder?: string;
  onError?: (error: unknown) => void;
  /** false: no timer (tests call runOnce themselves). */
  timers?: boolean;
}

/** runOnce: how many reminders it wrote, or null when another process holds the job. */
export type RoadshowReminderJob = LeasedJob<number>;

/** Writes the due reminders inside `trx`; how many. */
export async function sendDueRoadshowReminders(trx: Kysely<Database>, at: number, leadMinutes = ROADSHOW_REMINDER_MINUTES): Promise<number> {
  const due = await trx
    .selectFrom('roadshow_follow as f')
    .innerJoin('roadshow as r', 'r.id', 'f.roadshow_id')
    .innerJoin('project as p', 'p.id', 'r.project_id')
    .select(['f.id as followId', 'f.user_id', 'r.id as roadshowId', 'r.title', 'r.presenter', 'r.start_at', 'r.end_at', 'r.project_id', 'p.assets_name'])
    .where('f.reminded_at', 'is', null)
    .where('r.cancelled_at', 'is', null)
    .where('r.start_at', '>', at)
    .where('r.start_at', '<=', at + leadMinutes * 60_000)
    .orderBy('f.id')
    .limit(500)
    .execute();
  let sent = 0;
  for (const f of due) {
    const marked = await trx.updateTable('roadshow_follow').set({ reminded_at: at }).where('id', '=', f.followId).where('reminded_at', 'is', null).executeTakeFirst();
    if (Number(marked.numUpdatedRows) !== 1) continue;
    const text = roadshowReminder({ title: f.title, assetsName: f.assets_name, presenter: f.presenter, startAt: Number(f.start_at), endAt: Number(f.end_at) }, at);
    await sendMessage(trx, { userId: Number(f.user_id), kind: 'roadshow', ...text, link: `/projectDetail/${f.project_id}.html`, at });
    sent += 1;
  }
  return sent;
}

export function createRoadshowReminderJob(options: RoadshowReminderOptions): RoadshowReminderJob {
  return createLeasedJob({
    db: options.db,
    now: options.now,
    name: ROADSHOW_REMINDER_JOB,
    intervalMs: options.intervalMs ?? ROADSHOW_REMINDER_INTERVAL_MS,
    holder: options.holder,
    onError: options.onError,
    timers: options.timers,
    work: (trx, at) => sendDueRoadshowReminders(trx, at, options.leadMinutes),
  });
}
