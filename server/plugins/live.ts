/**
 * Live bidding: the change feed (local + PostgreSQL LISTEN or SQLite data_version), the shared hall
 * snapshot, the engine's dependencies and the lifecycle sweep (scheduled → live → ended, every second),
 * and the routes that serve them. `app.live` exposes them to tests and scripts.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { isPostgres } from '../db/migrations/portable.ts';
import { sweepActivities, type EngineDeps } from '../bidding/engine.ts';
import { listenPostgres, liveChannel, LocalFeed, watchSqlite, type ChangeFeed } from '../live/changeFeed.ts';
import { HallSnapshot } from '../live/hallSnapshot.ts';
import { liveRoutes } from '../routes/live.ts';
import type { AccountRouteDeps } from '../routes/accounts-deps.ts';

export interface LiveOptions {
  /** false: no sweep timer, no SQLite watcher, no safety rebuild (tests drive `app.live` themselves). */
  timers?: boolean;
  /** PostgreSQL: LISTEN on a connection of its own to this database (one per process). */
  listen?: { databaseUrl: string } | undefined;
  /** PostgreSQL schema of our tables: it names the NOTIFY channel, so schemas sharing a database stay apart. */
  schema?: string | undefined;
  /** Lifecycle sweep interval. Default 1000 ms. */
  sweepMs?: number;
}

export interface LiveRuntime {
  snapshot: HallSnapshot;
  engine: EngineDeps;
  /** One lifecycle sweep now; resolves to the number of activities changed. */
  sweep(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveRuntime;
  }
}

export async function registerLive(
  app: FastifyInstance,
  options: { db: Kysely<Database>; now: () => number; live?: LiveOptions | undefined } & AccountRouteDeps,
): Promise<void> {
  const { db, now } = options;
  const timers = options.live?.timers ?? true;
  const postgres = isPostgres(db as Kysely<unknown>);
  const channel = postgres ? liveChannel(options.live?.schema) : null;
  const local = new LocalFeed();
  const external: ChangeFeed | null =
    postgres && options.live?.listen
      ? listenPostgres(local, { ...options.live.listen, channel: channel!, onError: (error) => app.log.warn({ err: error }, 'live: LISTEN failed') })
      : !postgres && timers
        ? watchSqlite(local, db)
        : null;
  const snapshot = new HallSnapshot({
    db,
    now,
    feed: local,
    safetyRebuildMs: timers ? 15_000 : 0,
    onError: (error) => app.log.error({ err: error }, 'live: snapshot rebuild failed'),
  });
  await snapshot.ready;
  // When this process LISTENs, its own NOTIFY comes back like everyone else's: announcing locally too
  // would reload every changed row twice.
  const listening = postgres && options.live?.listen !== undefined;
  const engine: EngineDeps = { db, now, notifyChannel: channel, afterCommit: listening ? () => {} : (activityIds) => local.announce(activityIds) };

  let sweeping = false;
  const sweep = async () => {
    if (sweeping) return 0;
    sweeping = true;
    try {
      return await sweepActivities(engine);
    } finally {
      sweeping = false;
    }
  };
  const sweepTimer = timers
    ? setInterval(() => {
        sweep().catch((error: unknown) => app.log.error({ err: error }, 'live: lifecycle sweep failed'));
      }, options.live?.sweepMs ?? 1000)
    : undefined;
  sweepTimer?.unref();

  app.decorate('live', { snapshot, engine, sweep });
  app.addHook('onClose', async () => {
    clearInterval(sweepTimer);
    snapshot.close();
    await external?.close();
    await local.close();
  });
  await app.register(liveRoutes, { prefix: '/api', runtime: app.live, accounts: options.accounts, requireUser: options.requireUser });
}
