/**
 * The live rows every live answer is built from (live/hallSnapshot.ts) and every push event (plugins/live.ts):
 * the scheduled, live, suspended and recently ended activities, kept current two ways.
 * - Hand-off: the process that committed a bid has the new state in hand (the engine's committed
 *   columns and bids): its rows are replaced at once, without reading them back.
 * - Change feed: what this process did not commit (another process's bid or sweep, a PostgreSQL NOTIFY, a
 *   SQLite data_version change, a local sweep or join) is read: the named rows, or everything, once per
 *   `minReloadMs` / `minRebuildMs` under a storm (the trailing change is never lost), plus a slow safety
 *   rebuild. A NOTIFY naming a lock version this process already holds (its own bid coming back) reads nothing.
 * Either way the rows whose lock version or status changed go to the change listeners, with the newest bid
 * of each that shows its bids — the same event whichever way the row arrived.
 *
 * Rows only move forward: an activity's lock_version grows with every committed change, so a read that
 * started before a hand-off (and so saw an older version) never replaces the newer row.
 */
import type { Kysely } from 'kysely';
import { BIDDING_DATA_RECENT_BIDS } from '#domain/contract/hall';
import { OPEN_ACTIVITY_STATUSES, type BidRecord } from '#domain/contract/activity';
import { fenToYuan } from '#domain/rules/money';
import type { ChangeFeed } from '../db/changeFeed.ts';
import type { Database } from '../db/schema.ts';
import { liveActivityColumns, LIVE_ACTIVITY_COLUMNS, toLiveRow, type CommittedActivity, type LiveRow } from './liveRow.ts';

/** Ended activities stay in the cache this long, so rows on screen learn that they ended. */
export const RECENTLY_ENDED_MS = 10 * 60_000;

/**
 * Rows changed by one load or hand-off, the server time they were read at, and the newest bid of each
 * changed row that shows its bids (what a push event carries so a room shows who bid when without polling).
 */
export type ChangeRowsListener = (rows: readonly LiveRow[], serverTime: number, newestBids: ReadonlyMap<number, BidRecord>) => void;

/** Above this many changed rows in one load (a full rebuild), events go without their newest bid. */
const NEWEST_BIDS_MAX_ROWS = 200;

export interface RowCacheOptions {
  db: Kysely<Database>;
  now: () => number;
  feed: ChangeFeed;
  /** At most one rebuild per this many ms (the trailing change is never lost). */
  minRebuildMs?: number;
  /** The same for reloads of named rows only (another process's bid: one cheap query). Default 50 ms. */
  minReloadMs?: number;
  /** A rebuild at least this often even without events (0: never; tests). */
  safetyRebuildMs?: number;
  onError?: (error: unknown) => void;
}

const byEnd = (a: LiveRow, b: LiveRow) => a.entry.endTime - b.entry.endTime || a.entry.activityId - b.entry.activityId;
const byStart = (a: LiveRow, b: LiveRow) => a.entry.startTime - b.entry.startTime || a.entry.activityId - b.entry.activityId;
/** The hall's rows: live, and suspended by the floor (shown with their reason and frozen countdown). */
const isLive = (r: LiveRow) => r.status === 'live' || r.status === 'suspended';

/** A new state of a row that sits where the old one sat: the same list, the same sort keys. */
function sameListPlace(held: LiveRow, row: LiveRow): boolean {
  return held.status === row.status && held.entry.endTime === row.entry.endTime && held.entry.startTime === row.entry.startTime;
}

/** Where `row`'s keys sit in `list`, sorted by `order` (binary search: the ids make every key distinct); -1 if nowhere. */
function placeOf(list: readonly LiveRow[], row: LiveRow, order: (a: LiveRow, b: LiveRow) => number): number {
  let low = 0;
  let high = list.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const c = order(list[mid]!, row);
    if (c === 0) return mid;
    if (c < 0) low = mid + 1;
    else high = mid - 1;
  }
  return -1;
}

export class RowCache {
  private byId = new Map<number, LiveRow>();
  /** Live and suspended activities (the hall's), ending soonest first. */
  private liveRows: LiveRow[] = [];
  /** Scheduled activities, starting soonest first. */
  private upcomingRows: LiveRow[] = [];
  /** Bumped by every change of the rows: answers built from an older generation are stale. */
  private gen = 0;
  private building: Promise<void> | null = null;
  private dirty = false;
  /** What the next build reloads: some activities (a bid, a state change) or, when null, everything. */
  private pending: Set<number> | null = new Set();
  private pendingAll = true;
  private lastBuildAt = -Infinity;
  private trailing: NodeJS.Timeout | undefined;
  private safety: NodeJS.Timeout | undefined;
  private readonly unsubscribe: () => void;
  private readonly recent = new Map<number, { lockVersion: number; bids: BidRecord[] }>();
  private readonly changeListeners = new Set<ChangeRowsListener>();
  readonly ready: Promise<void>;

  constructor(private readonly options: RowCacheOptions) {
    this.unsubscribe = options.feed.subscribe((activityIds, lockVersions) => this.invalidate(activityIds, lockVersions));
    this.ready = this.build();
    const safetyMs = options.safetyRebuildMs ?? 5000;
    if (safetyMs > 0) {
      this.safety = setInterval(() => this.invalidate(), safetyMs);
      this.safety.unref();
    }
  }

  get generation(): number {
    return this.gen;
  }

  /** Live and suspended activities (the hall's), ending soonest first. */
  get live(): readonly LiveRow[] {
    return this.liveRows;
  }

  /** Scheduled activities, starting soonest first. */
  get upcoming(): readonly LiveRow[] {
    return this.upcomingRows;
  }

  get(activityId: number): LiveRow | undefined {
    return this.byId.get(activityId);
  }

  /** After each load or hand-off: the rows whose lock version or status changed (the push hub's source). */
  onChange(listener: ChangeRowsListener): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  close(): void {
    this.changeListeners.clear();
    this.unsubscribe();
    clearTimeout(this.trailing);
    clearInterval(this.safety);
  }

  /**
   * Live data changed: reload those activities (or, without ids, everything) now, or once the throttle
   * allows. A bid reloads one row — with 2,000 live rows a full rebuild costs tens of ms of event loop.
   * `lockVersions`: the version each named activity reached; one already held needs no read.
   */
  invalidate(activityIds: readonly number[] | null = null, lockVersions?: ReadonlyMap<number, number>): void {
    if (activityIds === null) this.pendingAll = true;
    else {
      const wanted = activityIds.filter((id) => {
        const version = lockVersions?.get(id);
        return version === undefined || (this.byId.get(id)?.lockVersion ?? -1) < version;
      });
      if (wanted.length === 0 && activityIds.length > 0) return;
      for (const id of wanted) this.pending?.add(id);
    }
    this.dirty = true;
    if (this.building || this.trailing) return;
    const minMs = this.pendingAll ? (this.options.minRebuildMs ?? 200) : (this.options.minReloadMs ?? 50);
    const wait = this.lastBuildAt + minMs - Date.now();
    if (wait > 0) {
      this.trailing = setTimeout(() => {
        this.trailing = undefined;
        void this.build();
      }, wait);
      return;
    }
    void this.build();
  }

  /** A full rebuild now (start-up, tests, data written behind the feed's back). */
  async rebuild(): Promise<void> {
    this.pendingAll = true;
    if (this.building) {
      // The running build may have started before the caller's write: build again once it is done.
      this.dirty = true;
      await this.building;
    }
    return this.build();
  }

  /**
   * This process committed these activities' new state (the engine's columns and accepted bids): the rows
   * change now, from what is in hand. A row the cache does not hold (its project's fields unknown) is read.
   */
  handOff(committed: ReadonlyMap<number, CommittedActivity>): void {
    const now = this.options.now();
    const unknown: number[] = [];
    const changed = new Map<number, { held: LiveRow; row: LiveRow }>();
    for (const [id, { activity, bids }] of committed) {
      const held = this.byId.get(id);
      if (!held) {
        unknown.push(id);
        continue;
      }
      if (held.lockVersion >= activity.lock_version) continue; // a newer state arrived first
      const row = toLiveRow({ ...held.source, ...liveActivityColumns(activity) }, now);
      changed.set(id, { held, row });
      const recent = this.recent.get(id);
      if (recent && row.showBids && recent.lockVersion + bids.length === row.lockVersion) {
        this.recent.set(id, { lockVersion: row.lockVersion, bids: [...bids].reverse().concat(recent.bids).slice(0, BIDDING_DATA_RECENT_BIDS) });
      }
    }
    if (unknown.length > 0) this.invalidate(unknown);
    if (changed.size === 0) return;
    // A bid that moves no row in the sorted lists (no state change, no extension) replaces it in place:
    // re-sorting every held row per commit cost a hot lot's bid a fifth of its CPU (bench:bids --profile).
    const changes = [...changed.values()];
    if (!changes.every(({ held, row }) => sameListPlace(held, row)) || !this.replaceInPlace(changes)) {
      const next = new Map(this.byId);
      for (const [id, { row }] of changed) next.set(id, row);
      this.install(next);
    }
    const newestBids = new Map<number, BidRecord>();
    for (const [id, { bids }] of committed) {
      const row = changed.get(id)?.row;
      const last = bids.at(-1);
      if (row?.showBids && last) newestBids.set(id, last);
    }
    this.announce(
      changes.filter(({ held, row }) => held.lockVersion !== row.lockVersion || held.status !== row.status).map(({ row }) => row),
      now,
      newestBids,
    );
  }

  /**
   * Rows that keep their place in the sorted lists: new arrays (readers may hold the old ones) with the rows
   * swapped. False (nothing changed) when a held row is not where its keys say: the caller re-installs.
   */
  private replaceInPlace(changes: ReadonlyArray<{ held: LiveRow; row: LiveRow }>): boolean {
    let live: LiveRow[] | null = null;
    let upcoming: LiveRow[] | null = null;
    const swaps: Array<[LiveRow[], number, LiveRow]> = [];
    for (const { held, row } of changes) {
      const list = isLive(held) ? (live ??= this.liveRows.slice()) : held.status === 'scheduled' ? (upcoming ??= this.upcomingRows.slice()) : null;
      if (!list) continue;
      const at = placeOf(list, held, isLive(held) ? byEnd : byStart);
      if (list[at] !== held) return false;
      swaps.push([list, at, row]);
    }
    for (const [list, at, row] of swaps) list[at] = row;
    for (const { row } of changes) this.byId.set(row.entry.activityId, row);
    if (live) this.liveRows = live;
    if (upcoming) this.upcomingRows = upcoming;
    this.gen += 1;
    return true;
  }

  /** The bidding-data history of a held activity at its current version (read once per version). */
  async recentBids(activityId: number, lockVersion: number): Promise<BidRecord[]> {
    const held = this.recent.get(activityId);
    if (held && held.lockVersion === lockVersion) return held.bids;
    const bids = await loadRecentBids(this.options.db, activityId);
    if (this.byId.get(activityId)?.lockVersion === lockVersion) this.recent.set(activityId, { lockVersion, bids });
    return bids;
  }

  /** One activity the cache does not hold (ended long ago or unknown): read, not kept. */
  async readOne(activityId: number): Promise<LiveRow | undefined> {
    const [r] = await this.select([activityId], 0);
    return r ? toLiveRow(r, this.options.now()) : undefined;
  }

  /** Loads what is pending; concurrent callers share the running build. */
  private async build(): Promise<void> {
    if (this.building) {
      this.dirty = true;
      return this.building;
    }
    this.dirty = false;
    this.lastBuildAt = Date.now();
    const ids = this.pendingAll ? null : [...(this.pending ?? [])];
    this.pendingAll = false;
    this.pending = new Set();
    this.building = this.load(ids)
      .catch((error: unknown) => this.options.onError?.(error))
      .finally(() => {
        this.building = null;
        if (this.dirty) this.invalidate([]); // what is pending; not everything
      });
    return this.building;
  }

  /** The activities (with their project's display fields) by id, or every one the cache holds. */
  private select(ids: number[] | null, settledSince: number) {
    return this.options.db
      .selectFrom('bid_activity as a')
      .innerJoin('project as p', 'p.id', 'a.project_id')
      .select([...LIVE_ACTIVITY_COLUMNS.map((c) => `a.${c}` as const), 'p.assets_name', 'p.project_type', 'p.price_type', 'p.price_unit'])
      .where((eb) =>
        ids === null ? eb.or([eb('a.status', 'in', OPEN_ACTIVITY_STATUSES), eb('a.settled_at', '>=', settledSince)]) : eb('a.id', 'in', ids),
      )
      .execute();
  }

  /** Reloads `ids` (null: everything) into the maps and re-derives the sorted lists. */
  private async load(ids: number[] | null): Promise<void> {
    if (ids !== null && ids.length === 0) return;
    const since = this.options.now() - RECENTLY_ENDED_MS;
    const kept = (r: { status: string; settled_at: number | null }) => r.status !== 'ended' || (r.settled_at ?? -Infinity) >= since;
    const found = await this.select(ids ?? null, since);
    const now = this.options.now();
    const previous = this.byId;
    const rows = ids === null ? new Map<number, LiveRow>() : new Map(previous);
    for (const id of ids ?? []) rows.delete(id);
    for (const r of found) {
      // A hand-off during the read may already hold a newer state of this row: keep it.
      const held = previous.get(r.id);
      if (held && held.lockVersion > r.lock_version) rows.set(r.id, held);
      else if (kept(r)) rows.set(r.id, toLiveRow(r, now));
    }
    this.install(rows);
    if (this.gen > 1 && this.changeListeners.size > 0) await this.announceLoaded(this.changedRows(previous, ids ?? [...this.byId.keys()]));
  }

  /** Makes `rows` current: the sorted lists, a new generation, histories of rows no longer held dropped. */
  private install(rows: Map<number, LiveRow>): void {
    const all = [...rows.values()];
    this.byId = rows;
    this.liveRows = all.filter(isLive).sort(byEnd);
    this.upcomingRows = all.filter((r) => r.status === 'scheduled').sort(byStart);
    this.gen += 1;
    for (const id of this.recent.keys()) if (!rows.has(id)) this.recent.delete(id);
  }

  private changedRows(previous: ReadonlyMap<number, LiveRow>, ids: Iterable<number>): LiveRow[] {
    const changed: LiveRow[] = [];
    for (const id of ids) {
      const row = this.byId.get(id);
      const before = previous.get(id);
      if (row && (!before || before.lockVersion !== row.lockVersion || before.status !== row.status)) changed.push(row);
    }
    return changed;
  }

  /** The newest bid of each changed row that shows bids: one query for the whole load. */
  private loadNewestBids(changed: readonly LiveRow[]): Promise<Map<number, BidRecord>> {
    return loadNewestBids(this.options.db, changed);
  }

  private async announceLoaded(changed: readonly LiveRow[]): Promise<void> {
    if (changed.length === 0) return;
    let newestBids: ReadonlyMap<number, BidRecord> = new Map();
    try {
      newestBids = await this.loadNewestBids(changed);
    } catch (error) {
      this.options.onError?.(error); // the events still go, without their newest bid (clients re-sync)
    }
    this.announce(changed, this.options.now(), newestBids);
  }

  private announce(changed: readonly LiveRow[], now: number, newestBids: ReadonlyMap<number, BidRecord>): void {
    if (changed.length === 0) return;
    for (const listener of [...this.changeListeners]) {
      try {
        listener(changed, now, newestBids);
      } catch (error) {
        this.options.onError?.(error);
      }
    }
  }
}

/** A stored bid as the room and the push events show it: a bid the server placed for a ceiling is marked 代理. */
function bidRecordOf(b: { seq: number; bid_code: string; amount_fen: number; placed_at: number; proxy: number | string }): BidRecord {
  return { seq: b.seq, bidCode: b.bid_code, amount: fenToYuan(b.amount_fen), time: b.placed_at, ...(Number(b.proxy) === 1 ? { proxy: true as const } : {}) };
}

export async function loadRecentBids(db: Kysely<Database>, activityId: number): Promise<BidRecord[]> {
  const rows = await db
    .selectFrom('bid')
    .select(['seq', 'bid_code', 'amount_fen', 'placed_at', 'proxy'])
    .where('activity_id', '=', activityId)
    .orderBy('seq', 'desc')
    .limit(BIDDING_DATA_RECENT_BIDS)
    .execute();
  return rows.map(bidRecordOf);
}

/** The newest bid of each row that shows bids (what its push event carries): one query for them all. */
export async function loadNewestBids(db: Kysely<Database>, changed: readonly LiveRow[]): Promise<Map<number, BidRecord>> {
  const wanted = changed.filter((row) => row.showBids && row.entry.biddingCount > 0);
  if (wanted.length === 0 || wanted.length > NEWEST_BIDS_MAX_ROWS) return new Map();
  const found = await db
    .selectFrom('bid')
    .select(['activity_id', 'seq', 'bid_code', 'amount_fen', 'placed_at', 'proxy'])
    .where((eb) => eb.or(wanted.map((row) => eb.and([eb('activity_id', '=', row.entry.activityId), eb('seq', '=', row.entry.biddingCount)]))))
    .execute();
  return new Map(found.map((b) => [b.activity_id, bidRecordOf(b)]));
}
