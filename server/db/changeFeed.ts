/**
 * "Live data changed" across server processes. The bidding engine announces a commit; every process's
 * hall snapshot listens and rebuilds. One small interface, three implementations:
 * - local: in-process listeners (a commit in this process);
 * - PostgreSQL: LISTEN on a channel that the engine's transactions NOTIFY (delivered only on commit, so
 *   nobody rebuilds from uncommitted data);
 * - SQLite: several processes may share the file; `PRAGMA data_version` changes when another connection
 *   commits, so a cheap poll of it (no table, no row) tells this process to rebuild.
 * A database mechanism, so it lives in db/: the engine (which notifies) and the hall snapshot (which
 * listens) both sit above it and neither imports the other for it.
 */
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

/**
 * The activities that changed; null when unknown (everything may have changed). `lockVersions`: the lock
 * version an activity reached, when the change says (a bid's NOTIFY): a process already holding it (the
 * one that committed it) has nothing to read.
 */
export type ChangeListener = (activityIds: readonly number[] | null, lockVersions?: ReadonlyMap<number, number>) => void;

export interface ChangeFeed {
  /** `listener` runs after every announced change (coalescing is the listener's business). */
  subscribe(listener: ChangeListener): () => void;
  close(): Promise<void>;
}

/** The channel NOTIFYed by the engine; per schema, so test schemas on one database stay apart. */
export function liveChannel(schema: string | undefined): string {
  return `hbcq_live_${(schema ?? 'public').replace(/[^a-z0-9_]/gi, '_')}`.toLowerCase().slice(0, 63);
}

/** In-process listeners; `announce()` is called by this process after its own commits. */
export class LocalFeed implements ChangeFeed {
  private readonly listeners = new Set<ChangeListener>();
  announce(activityIds: readonly number[] | null = null, lockVersions?: ReadonlyMap<number, number>): void {
    for (const listener of [...this.listeners]) listener(activityIds, lockVersions);
  }
  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  async close(): Promise<void> {
    this.listeners.clear();
  }
}

export interface PostgresListenOptions {
  databaseUrl: string;
  channel: string;
  onError?: (error: unknown) => void;
  /** Re-connect delay after the listening connection dropped. */
  retryMs?: number;
}

/** LISTEN on a dedicated connection, re-connecting (and announcing once, to catch up) when it drops. */
export function listenPostgres(local: LocalFeed, options: PostgresListenOptions): ChangeFeed {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const next = new pg.Client({ connectionString: options.databaseUrl });
    next.on('notification', (message) => {
      const { ids, lockVersions } = parsePayload(message.payload);
      local.announce(ids, lockVersions);
    });
    next.on('error', (error) => {
      options.onError?.(error);
      if (client === next) client = null;
      if (!closed) retry = setTimeout(() => void connect(), options.retryMs ?? 1000);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${options.channel}`);
      if (closed) {
        await next.end();
        return;
      }
      client = next;
      local.announce(); // whatever happened while we were not listening
    } catch (error) {
      options.onError?.(error);
      await next.end().catch(() => {});
      if (!closed) retry = setTimeout(() => void connect(), options.retryMs ?? 1000);
    }
  };
  void connect();
  return {
    subscribe: (listener) => local.subscribe(listener),
    close: async () => {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
      client = null;
    },
  };
}

/** Polls SQLite's `PRAGMA data_version` (changes when another connection committed). */
export function watchSqlite(local: LocalFeed, db: Kysely<Database>, intervalMs = 250): ChangeFeed {
  let last: number | null = null;
  let busy = false;
  const check = () => {
    if (busy) return;
    busy = true;
    sql<{ data_version: number }>`pragma data_version`
      .execute(db)
      .then((result) => {
        const version = Number(result.rows[0]?.data_version);
        // The first reading announces too: a commit between the snapshot's first load and it is not lost.
        if (version !== last) local.announce();
        last = version;
      })
      .catch(() => {})
      .finally(() => {
        busy = false;
      });
  };
  check();
  const timer = setInterval(check, intervalMs);
  timer.unref();
  return {
    subscribe: (listener) => local.subscribe(listener),
    close: async () => clearInterval(timer),
  };
}

/**
 * Inside a bid/lifecycle transaction on PostgreSQL: NOTIFY is delivered to listeners only on commit.
 * The payload names the activity, so other processes reload that row only.
 */
export async function notifyInTransaction(trx: Kysely<Database>, channel: string | null, activityId?: number): Promise<void> {
  if (channel) await sql`select pg_notify(${channel}, ${activityId === undefined ? '' : String(activityId)})`.execute(trx);
}

/** The NOTIFY payload of a bid: the activity and the lock version its commit reached. */
export function bidPayload(activityId: number, lockVersion: number): string {
  return `${activityId}:${lockVersion}`;
}

/**
 * '12,13' → [12, 13]; '12:7' → [12] at lock version 7 (bidPayload); '' or anything else → null (reload
 * everything).
 */
export function parsePayload(payload: string | undefined): { ids: number[] | null; lockVersions?: Map<number, number> } {
  if (!payload || !/^\d+(:\d+)?(,\d+(:\d+)?)*$/.test(payload)) return { ids: null };
  const ids: number[] = [];
  const lockVersions = new Map<number, number>();
  for (const part of payload.split(',')) {
    const [id, version] = part.split(':').map(Number) as [number, number | undefined];
    ids.push(id);
    if (version !== undefined) lockVersions.set(id, version);
  }
  return lockVersions.size > 0 ? { ids, lockVersions } : { ids };
}
