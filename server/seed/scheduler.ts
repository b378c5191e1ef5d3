/**
 * The demo scheduler (demo seed on only; main.ts starts it): every `intervalMs` it tops the live demo up
 * (bidding.ts topUpLiveDemo: every mode live — one ending within minutes, one later — and scheduled), so
 * a demo server started hours ago still shows activities of all eight modes in the hall and the upcoming
 * list, a new one opening as one ends.
 *
 * Safe with several server processes on one database: each run is one transaction that first claims the
 * job's lease row (job_lease, migration 0007) with a conditional update — "due, or mine" — and only then
 * looks at what is missing and creates it. The claim's write takes the row lock on PostgreSQL and the
 * write lock on SQLite, so two processes' runs never overlap: the second waits, then finds the lease taken
 * (not due) and does nothing, or — if due again — sees the first one's activities and creates nothing
 * twice. A crashed holder's lease simply runs out. The new activities are announced like any live change
 * (NOTIFY in the transaction on PostgreSQL; this process's snapshot after the commit).
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { notifyInTransaction } from '../db/changeFeed.ts';
import type { Database } from '../db/schema.ts';
import { topUpLiveDemo, type LiveDemoReport } from './bidding.ts';

export const DEMO_JOB = 'demo-scheduler';
export const DEMO_SCHEDULER_INTERVAL_MS = 15_000;

export interface DemoSchedulerOptions {
  db: Kysely<Database>;
  now: () => number;
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

/**
 * Claims the job inside `trx`: true when it was due (or never run) or is this holder's. The update first
 * (a write, so the transaction holds the lock from here), the insert only for a job never run.
 */
async function claim(trx: Kysely<Database>, holder: string, at: number, intervalMs: number): Promise<boolean> {
  const taken = await trx
    .updateTable('job_lease')
    .set((eb) => ({ holder, until_at: at + intervalMs, runs: eb('runs', '+', 1) }))
    .where('name', '=', DEMO_JOB)
    .where((eb) => eb.or([eb('until_at', '<=', at), eb('holder', '=', holder)]))
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) === 1) return true;
  const inserted = await trx
    .insertInto('job_lease')
    .values({ name: DEMO_JOB, holder, until_at: at + intervalMs, runs: 1 })
    .onConflict((oc) => oc.column('name').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export function createDemoScheduler(options: DemoSchedulerOptions): DemoScheduler {
  const intervalMs = options.intervalMs ?? DEMO_SCHEDULER_INTERVAL_MS;
  const holder = options.holder ?? `${process.pid}-${randomBytes(4).toString('hex')}`;
  let running: Promise<LiveDemoReport | null> | null = null;

  const run = async (): Promise<LiveDemoReport | null> => {
    const at = options.now();
    const result = await options.db.transaction().execute(async (trx) => {
      // Only one run at a time, in any process (see the file comment).
      if (!(await claim(trx, holder, at, intervalMs))) return null;
      const created = await topUpLiveDemo(trx, at);
      for (const id of created.ids) await notifyInTransaction(trx, options.notifyChannel, id);
      return created;
    });
    if (!result) return null;
    if (result.ids.length > 0) options.afterCommit(result.ids);
    return result.report;
  };

  const runOnce = () => {
    // In this process, one run at a time too (a slow run and the next tick).
    running ??= run().finally(() => {
      running = null;
    });
    return running;
  };

  const timer =
    options.timers === false
      ? undefined
      : setInterval(() => {
          runOnce().catch((error: unknown) => options.onError?.(error));
        }, intervalMs);
  timer?.unref();

  return {
    runOnce,
    async stop() {
      clearInterval(timer);
      await running?.catch(() => null);
    },
  };
}

/** For tests: the lease as stored. */
export async function demoLease(db: Kysely<Database>) {
  return db.selectFrom('job_lease').selectAll().where('name', '=', DEMO_JOB).executeTakeFirst();
}

