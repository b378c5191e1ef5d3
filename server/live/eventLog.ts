/**
 * The event log's reader in one process (docs/live.md "Events that resume"): the table `live_event`
 * (migration 0025) gets one row per committed change of an activity, from a trigger in the change's own
 * transaction. Each row has a key — SQLite: its id; PostgreSQL: the id of the transaction that wrote it —
 * and a process's position is a key: every row with a smaller key has been handed to its push hub. This
 * reader
 * - follows the log: on every change-feed announcement (and a slow safety poll) it moves its position as
 *   far as the log is settled and reads the rows in between, coalesced per activity, joined to the
 *   activities' current state, and hands them to the push hub as change events (`onBatch`) — the same
 *   events, with the same ids, in every process;
 * - replays: a stream reconnecting with `Last-Event-ID: c` gets one event per activity with a row keyed ≥ c
 *   (its current state), in key order, or a re-sync when the log no longer reaches back to c;
 * - prunes: the log keeps about `keepRows` rows (PORTAL_LIVE_LOG_ROWS).
 *
 * Why not the id on PostgreSQL: a sequence value is taken at insert time, not at commit — id 11 may commit
 * before id 10, so "everything after 10" would skip 10 for good. Transaction ids have the property ids
 * lack: below the oldest transaction still running, every transaction has ended (committed or rolled
 * back), and every transaction still to write gets a larger id. So the rows keyed below it are final: it
 * is the settled position (`oldestRunning`). Not `pg_snapshot_xmin(pg_current_snapshot())` itself: that
 * is the oldest of the whole cluster, and a long transaction in another database on the same server held
 * every event back for as long (seen: 38 s under a neighbour's bulk load) — only this database's
 * sessions can write the log. On an idle database the position is the next transaction id; under load it
 * trails by the transactions in flight (a bid's: milliseconds). A write transaction of this database left
 * open holds every process's position back until it ends (events wait; nothing is lost). SQLite has one writer at a time and takes the id inside it: ids are commit order, and the key
 * is the id.
 *
 * Event ids on the wire: a position, "every row keyed below this has been delivered": key + 1 for the last
 * event of its key in a batch, the key itself for the others (one transaction may change several
 * activities: a client that got only the first of them must get the rest again).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { changeEventOf } from './changeEvents.ts';
import { LIVE_ACTIVITY_COLUMNS, toLiveRow } from './liveRow.ts';
import type { LoggedChange, ResumeOutcome } from './pushHub.ts';
import { loadNewestBids } from './rowCache.ts';

/** Rows the log keeps by default (PORTAL_LIVE_LOG_ROWS): minutes of a busy hall. */
export const DEFAULT_LIVE_LOG_ROWS = 50_000;

/**
 * The wire ids of events in key order: key + 1 where the next event has another key (or none), else the
 * key (that client has not yet got every row of the key).
 */
export function wireIds(keys: readonly number[]): number[] {
  return keys.map((key, i) => (keys[i + 1] === key ? key : key + 1));
}

/**
 * PostgreSQL's settled position: the oldest transaction of this database still running, else `xmax` (the
 * snapshot's bound: every transaction id below it was handed out before the snapshot; every later one is
 * at least it). `running` are 32-bit xids (pg_stat_activity.backend_xid); the snapshot's `xmax` is the
 * 64-bit one: an xid is placed in the epoch that puts it just below xmax (modulo 2^32, as PostgreSQL
 * compares them); one at or after xmax cannot lower the position.
 */
export function oldestRunning(xmax: bigint, running: readonly number[]): bigint {
  const low = Number(xmax % 4294967296n);
  let oldest = xmax;
  for (const xid of running) {
    const behind = (low - xid + 4294967296) % 4294967296; // how far below xmax, modulo 2^32
    if (behind > 0 && behind < 2147483648 && xmax - BigInt(behind) < oldest) oldest = xmax - BigInt(behind);
  }
  return oldest;
}

/** A `Last-Event-ID` (header or query): a non-negative integer, else null (the stream re-syncs). */
export function parseEventId(value: string | undefined): number | null {
  if (value === undefined || !/^\d{1,15}$/.test(value.trim())) return null;
  return Number(value.trim());
}

export interface EventLogOptions {
  db: Kysely<Database>;
  postgres: boolean;
  now: () => number;
  /** Rows kept; a Last-Event-ID further back than this gets a re-sync. Default DEFAULT_LIVE_LOG_ROWS. */
  keepRows?: number;
  /** At least this long between two reads of the log under a storm (the trailing change is never lost). Default 10 ms. */
  minPollMs?: number;
  /** PostgreSQL: while rows may still be in flight (xmin stands below them), read again after this. Default 20 ms. */
  settleRetryMs?: number;
  /** A read of the log at least this often even without announcements (0: never). Default 0. */
  safetyPollMs?: number;
  /** Prune every so often (0: never; tests). Default 0. */
  pruneMs?: number;
  /** False while nobody could be told (no stream open): the position moves on without reading the rows. */
  listening?: () => boolean;
  /** New changes, in id order, and the position they complete (written before the position moves on). */
  onBatch: (changes: LoggedChange[], upTo: number) => void;
  onError?: (error: unknown) => void;
}

export class EventLog {
  private pos = -1;
  /** PostgreSQL: rows keyed at or beyond xmin were visible at the last read (read again until passed). */
  private unsettled = false;
  private running = false;
  private wanted = false;
  private closed = false;
  private lastPollAt = -Infinity;
  private timer: NodeJS.Timeout | undefined;
  private readonly intervals: NodeJS.Timeout[] = [];
  private readonly keepRows: number;
  /** Resumes waiting for the next replayBatch. */
  private resumes: Array<{ after: number; activityIds: readonly number[] | null; resolve: (outcome: ResumeOutcome) => void; reject: (error: unknown) => void }> = [];
  /** A replay batch is reading: resumes arriving meanwhile wait for the next one (one batch at a time). */
  private replaying = false;
  private resolveReady!: () => void;
  /** Resolves once the position is known (the first settled read). */
  readonly ready: Promise<void>;

  constructor(private readonly options: EventLogOptions) {
    this.keepRows = Math.max(1, options.keepRows ?? DEFAULT_LIVE_LOG_ROWS);
    this.ready = new Promise((resolve) => (this.resolveReady = resolve));
    for (const [ms, work] of [
      [options.safetyPollMs ?? 0, () => this.poke(true)],
      [options.pruneMs ?? 0, () => void this.prune().catch((error: unknown) => options.onError?.(error))],
    ] as const) {
      if (ms <= 0) continue;
      const interval = setInterval(work, ms);
      interval.unref();
      this.intervals.push(interval);
    }
    this.poke();
  }

  /** Every row keyed below this has been handed to `onBatch` (-1 before the first read). */
  get position(): number {
    return this.pos;
  }

  /**
   * Something may have been logged: read the log now, or once the throttle allows. While no stream is
   * open a commit costs nothing here (the bid path): only `force` (the safety poll) moves the position.
   */
  poke(force = false): void {
    if (this.closed) return;
    if (!force && this.pos >= 0 && this.options.listening?.() === false) return;
    this.wanted = true;
    if (this.running || this.timer) return;
    const wait = this.lastPollAt + (this.options.minPollMs ?? 10) - performance.now();
    if (wait > 0) this.timer = setTimeout(() => this.run(), wait);
    else void this.run();
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    for (const interval of this.intervals) clearInterval(interval);
  }

  private async run(): Promise<void> {
    this.timer = undefined;
    if (this.running || this.closed) return;
    this.running = true;
    try {
      while (this.wanted && !this.closed) {
        this.wanted = false;
        this.lastPollAt = performance.now();
        await this.poll();
      }
    } catch (error) {
      this.options.onError?.(error);
      this.wanted = true; // retried by the timer below
    } finally {
      this.running = false;
    }
    if (!this.closed && (this.wanted || this.unsettled)) {
      this.wanted = true;
      this.timer = setTimeout(() => this.run(), this.options.settleRetryMs ?? 20);
      this.timer.unref();
    }
  }

  /** One read: the settled position now, and the changes up to it. */
  private async poll(): Promise<void> {
    const settled = await this.settledPosition();
    if (settled === null) return;
    if (this.pos < 0) {
      // Start: what was logged before this process existed went to nobody here.
      this.pos = settled;
      this.options.onBatch([], settled);
      this.resolveReady();
      return;
    }
    if (settled <= this.pos) return;
    const changes = (this.options.listening?.() ?? true) ? await this.changes(this.pos, settled, null) : [];
    if (this.closed) return;
    // Same turn: the hub has every change up to the position before anyone can read the position.
    this.pos = settled;
    this.options.onBatch(changes, settled);
  }

  /** The settled position now (PostgreSQL: `oldestRunning`; SQLite: the largest id + 1). */
  private async settledPosition(): Promise<number | null> {
    const { position, unsettled } = await this.readPosition();
    this.unsettled = unsettled;
    return position;
  }

  private async readPosition(): Promise<{ position: number; unsettled: boolean }> {
    const { db } = this.options;
    if (!this.options.postgres) {
      const row = await db.selectFrom('live_event').select((eb) => eb.fn.max('id').as('last')).executeTakeFirst();
      return { position: Number(row?.last ?? 0) + 1, unsettled: false };
    }
    // The snapshot (taken as the statement starts) bounds every transaction id handed out before it; the
    // sessions read after it name those of this database still running — but not another schema's portal
    // (application_name `hbcq:<schema>`, db/connection.ts): it cannot write this schema's log. The newest key: rows from the
    // position on may be visible already (a transaction that began earlier is still open): read again soon.
    const { rows } = await sql<{ xmax: string; running: string[]; newest: string | null }>`
      select pg_snapshot_xmax(pg_current_snapshot())::text as xmax,
             array(select backend_xid::text from pg_stat_activity
                   where datid = (select oid from pg_database where datname = current_database()) and backend_xid is not null
                     and not (application_name like 'hbcq:%' and application_name <> current_setting('application_name'))) as running,
             (select tx::text from live_event order by tx desc limit 1) as newest`.execute(db);
    const { xmax, running, newest } = rows[0]!;
    const position = oldestRunning(BigInt(xmax), running.map(Number));
    return { position: Number(position), unsettled: newest !== null && BigInt(newest) >= position };
  }

  /**
   * One change per activity with rows keyed in [from, to) (of `activityIds`, or all): the activity's
   * current state, in the order of its newest row's key (then id), with its wire id.
   */
  private async changes(from: number, to: number, activityIds: readonly number[] | null): Promise<LoggedChange[]> {
    const keyed = await this.keyedChanges(from, to, activityIds);
    const ids = wireIds(keyed.map((c) => c.key));
    return keyed.map((c, i) => ({ id: ids[i]!, event: c.event }));
  }

  /** `changes` with each activity's newest key in the range instead of the wire id. */
  private async keyedChanges(from: number, to: number, activityIds: readonly number[] | null): Promise<Array<{ key: number; event: LoggedChange['event'] }>> {
    const { db, postgres } = this.options;
    const key = postgres ? sql<number>`(tx::text)::bigint` : sql<number>`id`;
    const range = postgres ? sql<boolean>`tx >= ${String(from)}::xid8 and tx < ${String(to)}::xid8` : sql<boolean>`id >= ${from} and id < ${to}`;
    const rows = await db
      .selectFrom((eb) =>
        eb
          .selectFrom('live_event')
          .select((e) => ['activity_id', e.fn.max(key).as('event_key'), e.fn.max('id').as('event_id')])
          .where(range)
          .$if(activityIds !== null, (q) => q.where('activity_id', 'in', activityIds!.length > 0 ? activityIds! : [-1]))
          .groupBy('activity_id')
          .as('e'),
      )
      .innerJoin('bid_activity as a', 'a.id', 'e.activity_id')
      .innerJoin('project as p', 'p.id', 'a.project_id')
      .select([...LIVE_ACTIVITY_COLUMNS.map((c) => `a.${c}` as const), 'p.assets_name', 'p.project_type', 'p.price_type', 'p.price_unit', 'e.event_key', 'e.event_id'])
      .orderBy('e.event_key')
      .orderBy('e.event_id')
      .execute();
    if (rows.length === 0) return [];
    const now = this.options.now();
    const live = rows.map((r) => toLiveRow(r, now));
    const newest = await loadNewestBids(db, live).catch((error: unknown) => {
      this.options.onError?.(error); // the events still go, without their newest bid (clients poll for it)
      return new Map();
    });
    return live.map((row, i) => ({ key: Number(rows[i]!.event_key), event: changeEventOf(row, now, newest.get(row.entry.activityId)) }));
  }

  /**
   * What a stream resuming at `after` (its Last-Event-ID: every row keyed below it was delivered) missed, up
   * to this process's position (what the hub has been handed), or a re-sync when the log no longer reaches
   * back that far. Resumes are answered together (replayBatch: those of one turn, and those that arrive
   * while a batch reads): when a node goes, thousands of streams arrive at another within seconds, and a
   * few reads for all of them keep it answering (its readiness check included) where a few reads each
   * queued behind one another for seconds.
   */
  replay(after: number | null, activityIds: readonly number[] | null): Promise<ResumeOutcome> {
    if (after === null) return Promise.resolve({ resync: 'invalid' });
    return new Promise((resolve, reject) => {
      this.resumes.push({ after, activityIds, resolve, reject });
      if (this.resumes.length === 1 && !this.replaying) setImmediate(() => void this.replayBatch());
    });
  }

  private async replayBatch(): Promise<void> {
    const batch = this.resumes;
    this.resumes = [];
    this.replaying = true;
    try {
      await this.ready;
      // The settled position now, not this process's (which stands still while nobody listens): what lies
      // between them is replayed here and published again later (the hub drops it for this stream, or the
      // client ignores the older lock version).
      const upTo = Math.max(this.pos, (await this.readPosition()).position);
      const behind = batch.filter((r) => r.after < upTo);
      for (const r of batch) if (r.after >= upTo) r.resolve({ changes: [], upTo });
      if (behind.length === 0) return;
      // One read from the oldest cursor, for every activity any of them follows (an activity's newest key
      // in [from, upTo) is its newest in [after, upTo) whenever it has a row keyed at or after `after`).
      const from = Math.min(...behind.map((r) => r.after));
      const followed = behind.some((r) => r.activityIds === null) ? null : [...new Set(behind.flatMap((r) => r.activityIds!))];
      const keyed = await this.keyedChanges(from, upTo, followed);
      // After the read: pruning deletes the oldest rows first, so a log whose oldest row is still keyed at
      // or below `after` lost nothing the stream needs (an older cursor: maybe it did — re-sync).
      const { db, postgres } = this.options;
      const oldest = await db
        .selectFrom('live_event')
        .select((eb) => eb.fn.min(postgres ? sql<number>`(tx::text)::bigint` : sql<number>`id`).as('first'))
        .executeTakeFirst();
      const first = oldest?.first === null || oldest?.first === undefined ? null : Number(oldest.first);
      for (const r of behind) {
        if (first === null || first > r.after) {
          r.resolve({ resync: 'expired' });
          continue;
        }
        const wanted = r.activityIds === null ? null : new Set(r.activityIds);
        const mine = keyed.filter((c) => c.key >= r.after && (wanted === null || wanted.has(c.event.activityId)));
        const ids = wireIds(mine.map((c) => c.key));
        r.resolve({ changes: mine.map((c, i) => ({ id: ids[i]!, event: c.event })), upTo });
      }
    } catch (error) {
      for (const r of batch) r.reject(error);
    } finally {
      this.replaying = false;
      if (this.resumes.length > 0) setImmediate(() => void this.replayBatch());
    }
  }

  /** Deletes the rows beyond the bound, the oldest first (by key); resolves to how many. */
  async prune(): Promise<number> {
    const { db, postgres } = this.options;
    if (this.pos < 0) return 0;
    // The key of the newest row to go: the keepRows-th newest id's row.
    const edge = await db.selectFrom('live_event').select(['id', ...(postgres ? (['tx'] as const) : [])]).orderBy('id', 'desc').offset(this.keepRows).limit(1).executeTakeFirst();
    if (!edge) return 0;
    const result = await db
      .deleteFrom('live_event')
      // (PostgreSQL: never a row at or past this process's position — it may not be settled or read yet.)
      .where(postgres ? sql<boolean>`tx <= ${edge.tx!}::xid8 and tx < ${String(this.pos)}::xid8` : sql<boolean>`id <= ${edge.id}`)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
