/**
 * A background job that runs in every server process but once at a time across them: each run is one
 * transaction that first claims the job's lease row (job_lease, migration 0007) with a conditional update —
 * "due, or mine" — and only then does its work. The claim's write takes the row lock on PostgreSQL and the
 * write lock on SQLite, so a second process's run waits, then finds the lease taken (not due) and does
 * nothing. A crashed holder's lease simply runs out. `timers: false` (tests) starts no timer: call runOnce.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface LeasedJobOptions<T> {
  db: Kysely<Database>;
  now: () => number;
  /** The lease row's name. */
  name: string;
  /** Between two runs (by any process). */
  intervalMs: number;
  /** The work, inside the claiming transaction. */
  work: (trx: Kysely<Database>, at: number) => Promise<T>;
  /** After the work's transaction committed (this process's snapshot of what it changed). */
  afterCommit?: ((result: T) => void) | undefined;
  /** This process's name on the lease (default: pid and a random part). */
  holder?: string | undefined;
  onError?: ((error: unknown) => void) | undefined;
  /** false: no timer (tests call runOnce themselves). */
  timers?: boolean | undefined;
}

export interface LeasedJob<T> {
  /** One run now: the work's result, or null when another process holds the job or it is not due. */
  runOnce(): Promise<T | null>;
  stop(): Promise<void>;
}

/** Claims `name` inside `trx` (update first, so the transaction holds the lock from here; insert for a job never run). */
export async function claimLease(trx: Kysely<Database>, name: string, holder: string, at: number, intervalMs: number): Promise<boolean> {
  const taken = await trx
    .updateTable('job_lease')
    .set((eb) => ({ holder, until_at: at + intervalMs, runs: eb('runs', '+', 1) }))
    .where('name', '=', name)
    .where((eb) => eb.or([eb('until_at', '<=', at), eb('holder', '=', holder)]))
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) === 1) return true;
  const inserted = await trx
    .insertInto('job_lease')
    .values({ name, holder, until_at: at + intervalMs, runs: 1 })
    .onConflict((oc) => oc.column('name').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export function createLeasedJob<T>(options: LeasedJobOptions<T>): LeasedJob<T> {
  const holder = options.holder ?? `${process.pid}-${randomBytes(4).toString('hex')}`;
  let running: Promise<T | null> | null = null;

  const run = async (): Promise<T | null> => {
    const at = options.now();
    const claimed = await options.db.transaction().execute(async (trx) => ((await claimLease(trx, options.name, holder, at, options.intervalMs)) ? { result: await options.work(trx, at) } : null));
    if (!claimed) return null;
    options.afterCommit?.(claimed.result);
    return claimed.result;
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
        }, options.intervalMs);
  timer?.unref();

  return {
    runOnce,
    async stop() {
      clearInterval(timer);
      await running?.catch(() => null);
    },
  };
}
