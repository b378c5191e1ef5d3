/**
 * Live bidding: the change feed (local + PostgreSQL LISTEN or SQLite data_version), the shared hall
 * snapshot (fed directly by this process's accepted bids), the engine's dependencies (`app.engine`) and the lifecycle sweep (scheduled → live → ended,
 * every second). `app.live` exposes them to routes, tests and scripts.
 */
import fp from 'fastify-plugin';
import type { SettlementSettings } from '#domain/contract/settlement';
import type { Kysely } from 'kysely';
import { isPostgres } from '../db/migrations/portable.ts';
import { sweepActivities, type EngineDeps } from '../bidding/engine.ts';
import { loadReceiptSigner } from '../bidding/receipts.ts';
import { listenPostgres, liveChannel, LocalFeed, watchSqlite, type ChangeFeed } from '../db/changeFeed.ts';
import { HallSnapshot } from '../live/hallSnapshot.ts';
import { PushHub, type PushHubOptions } from '../live/pushHub.ts';
import { EventLog } from '../live/eventLog.ts';
import type { LiveChangeEvent } from '#domain/contract/liveEvents';

export interface LiveOptions {
  /** false: no sweep timer, no SQLite watcher, no safety rebuild (tests drive `app.live` themselves). */
  timers?: boolean;
  /** PostgreSQL: LISTEN on a connection of its own to this database (one per process). */
  listen?: { databaseUrl: string } | undefined;
  /** PostgreSQL schema of our tables: it names the NOTIFY channel, so schemas sharing a database stay apart. */
  schema?: string | undefined;
  /** Lifecycle sweep interval. Default 1000 ms. */
  sweepMs?: number;
  /** Push streams: heartbeat, buffer bound, limits per user / address / process (live/pushHub.ts). */
  push?: PushHubOptions;
  /** The installation's fee schedule and periods (config.settlement) for the deals the sweep opens. */
  settlement?: SettlementSettings;
  /** The event log push streams resume from: rows kept (PORTAL_LIVE_LOG_ROWS; live/eventLog.ts). */
  eventLog?: { keepRows?: number };
}

export interface LiveRuntime {
  snapshot: HallSnapshot;
  engine: EngineDeps;
  /** Server-sent-events streams, fed by the event log. */
  push: PushHub;
  /** The event log's reader: push events with ids shared by every process, replays, pruning. */
  events: EventLog;
  /** One lifecycle sweep now; resolves to the number of activities changed. */
  sweep(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveRuntime;
    /** What the bidding engine needs: database, clock, and how to announce a committed change. */
    engine: EngineDeps;
  }
}

export default fp<LiveOptions>(
  async (app, options) => {
    const { db, now } = app;
    const timers = options.timers ?? true;
    const postgres = isPostgres(db as Kysely<unknown>);
    const channel = postgres ? liveChannel(options.schema) : null;
    const local = new LocalFeed();
    const external: ChangeFeed | null =
      postgres && options.listen
        ? listenPostgres(local, { ...options.listen, channel: channel!, onError: (error) => app.log.warn({ err: error }, 'live: LISTEN failed') })
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

    // Push lag (metrics): when a change became known to this process — its own commit (afterCommit) or a
    // change feed notification naming the activity — until the hub wrote its event to every stream. Marks
    // are taken only while streams listen; a notification of a lock version already pushed (this
    // process's own NOTIFY coming back) marks nothing; "everything may have changed" (SQLite's
    // data_version, a LISTEN reconnect) is not attributed to an activity, so it is not measured.
    const marks = new Map<number, { at: number; source: 'local' | 'feed' }>();
    const pushedVersions = new Map<number, number>();
    const STALE_MARK_MS = 60_000;
    const onWritten = (events: readonly LiveChangeEvent[]) => {
      const writtenAt = performance.now();
      for (const event of events) {
        pushedVersions.set(event.activityId, event.lockVersion);
        const mark = marks.get(event.activityId);
        if (!mark) continue;
        marks.delete(event.activityId);
        const lag = writtenAt - mark.at;
        if (lag < STALE_MARK_MS) app.metrics.observePushLag(mark.source, lag / 1000);
      }
    };
    const push = new PushHub({
      now,
      onDrop: (client, bytes) => app.log.info({ userId: client.userId, bytes }, 'live: slow push stream dropped'),
      onWritten,
      ...options.push,
    });
    local.subscribe((activityIds, lockVersions) => {
      if (!push.listening || activityIds === null) return;
      const at = performance.now();
      for (const id of activityIds) {
        const version = lockVersions?.get(id);
        if (version !== undefined && version <= (pushedVersions.get(id) ?? -1)) continue;
        if (!marks.has(id)) marks.set(id, { at, source: 'feed' });
      }
    });
    // Push events come from the event log (one row per committed change, written by a trigger in the
    // change's transaction), not from this process's snapshot: their ids are the log's, the same in every
    // process, and a stream that reconnects anywhere is replayed from them (docs/live.md).
    const events = new EventLog({
      db,
      postgres,
      now,
      ...options.eventLog,
      safetyPollMs: timers ? 1000 : 0,
      pruneMs: timers ? 30_000 : 0,
      listening: () => push.listening,
      onBatch: (changes, upTo) => push.publish(changes, upTo),
      onError: (error) => app.log.error({ err: error }, 'live: event log read failed'),
    });
    local.subscribe(() => events.poke());
    // A rebuild that found changes (the safety rebuild: a change this process heard of no other way).
    snapshot.onChange(() => events.poke());
    // Its position before the first stream (a write transaction left open holds it back: not for long).
    await Promise.race([events.ready, new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
    // What this process committed with the new state in hand (accepted bids) goes to the snapshot as it is;
    // its NOTIFY, coming back like everyone else's, names a lock version the snapshot then already holds.
    // Other commits (sweep, join): when this process LISTENs, its own NOTIFY comes back and is the one
    // announcement (announcing locally too would reload every changed row twice).
    const listening = postgres && options.listen !== undefined;
    const afterCommit: EngineDeps['afterCommit'] = (activityIds, committed) => {
      events.poke();
      if (committed) {
        if (push.listening) {
          const at = performance.now();
          for (const id of committed.keys()) marks.set(id, { at, source: 'local' });
        }
        snapshot.handOff(committed);
      } else if (!listening) local.announce(activityIds);
    };
    // The exchange's receipt key (bidding/receipts.ts), generated once per install and shared by every process.
    const receipts = await loadReceiptSigner(db, now());
    const observePhases: EngineDeps['observePhases'] = app.hasDecorator('metrics') ? (phases) => app.metrics.observeLanePhases(phases) : undefined;
    const engine: EngineDeps = {
      db,
      now,
      notifyChannel: channel,
      afterCommit,
      receipts,
      ...(observePhases ? { observePhases } : {}),
      ...(options.settlement ? { settlement: options.settlement } : {}),
    };

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
        }, options.sweepMs ?? 1000)
      : undefined;
    sweepTimer?.unref();

    app.decorate('engine', engine);
    app.decorate('live', { snapshot, engine, push, events, sweep });
    // Before the server waits for open connections to end (onClose would be too late: app.close() hangs).
    app.addHook('preClose', async () => push.close());
    app.addHook('onClose', async () => {
      clearInterval(sweepTimer);
      events.close();
      snapshot.close();
      await external?.close();
      await local.close();
    });
  },
  { name: 'live', dependencies: ['core', 'metrics'] },
);
