/**
 * The demo scheduler (demo seed on only; main.ts starts it): every `intervalMs` it tops the live demo up
 * (bidding.ts topUpLiveDemo: every mode live — one ending within minutes, one later — and scheduled), so
 * a demo server started hours ago still shows activities of all eight modes in the hall and the upcoming
 * list, a new one opening as one ends.
 *
 * Safe with several server processes on one database: each run is one transaction that first claims the
 * job's lease (services/common/leased-job.ts) and only then looks at what is missing and creates it, so two
 * processes' runs never overlap: the second waits, then finds the lease taken (not due) and does nothing,
 * or — if due again — sees the first one's activities and creates nothing twice. A crashed holder's lease simply runs out. The new activities are announced like any live change
 * (NOTIFY in the transaction on PostgreSQL; this process's snapshot after the commit).
 */
import type { Kysely } from 'kysely';
import type { LotTimelineSettings } from '#domain/rules/lotTimeline';
import { notifyInTransaction } from '../db/changeFeed.ts';
import { createLeasedJob } from '../services/common/leased-job.ts';
import type { Database } from '../db/schema.ts';
import { topUpLiveDemo, type LiveDemoReport } from './bidding.ts';

export const DEMO_JOB = 'demo-scheduler';
export const DEMO_SCHEDULER_INTERVAL_MS = 15_000;

export interface DemoSchedulerOptions {
  db: Kysely<Database>;
  now: () => number;
  /** The lot timeline the server runs (config.lotTimeline): the demo's auctions obey it (published rules when absent). */
  lotTimeline?: LotTimelineSettings | undefined;
  /** Between two runs (by any process). Default 15 s. */
  intervalMs?: number;
  /** This process's name on the lease (default: pid and a random part). */
  holder?: string;
  /** PostgreSQL NOTIFY channel of live changes (null on SQLite). */
  notifyChannel: string | null;
  /** After a run created activities (this process's snapshot). */
  afterCommit: (activityIds: readonly number[]) => void;
  onError?: (error: unknown) => void;
  /** false: no timer (tests call runOnce themselves). */
  timers?: boolean;
}

export interface DemoScheduler {
  /** One run now: what it created, or null when another process holds the job or it is not due. */
  runOnce(): Promise<LiveDemoReport | null>;
  stop(): Promise<void>;
}

export function createDemoScheduler(options: DemoSchedulerOptions): DemoScheduler {
  const job = createLeasedJob({
    db: options.db,
    now: options.now,
    name: DEMO_JOB,
    intervalMs: options.intervalMs ?? DEMO_SCHEDULER_INTERVAL_MS,
    holder: options.holder,
    onError: options.onError,
    timers: options.timers,
    work: async (trx, at) => {
      const created = await topUpLiveDemo(trx, at, options.lotTimeline);
      for (const id of created.ids) await notifyInTransaction(trx, options.notifyChannel, id);
      return created;
    },
    afterCommit: (created) => {
      if (created.ids.length > 0) options.afterCommit(created.ids);
    },
  });
  return { runOnce: async () => (await job.runOnce())?.report ?? null, stop: job.stop };
}

/** The job's lease row (tests: which process holds it). */
export async function demoLease(db: Kysely<Database>) {
  return db.selectFrom('job_lease').selectAll().where('name', '=', DEMO_JOB).executeTakeFirst();
}
