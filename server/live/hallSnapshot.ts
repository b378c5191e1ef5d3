/**
 * The shared snapshot every live poll is answered from (performance.md: a per-request query costs
 * ~74 req/s with p99 6 s; a shared snapshot ~9,100 req/s). One query rebuilds it when live data changed
 * (a ChangeFeed event: this process's commit, a PostgreSQL NOTIFY, another SQLite process's commit),
 * throttled to one rebuild per `minRebuildMs` under a bid storm, plus a slow safety rebuild.
 *
 * Answers carry a weak ETag made of the rows' activity ids and lock versions (the same in every process
 * for the same data): an unchanged poll costs a 304. Each entry carries its activity's `lockVersion`: a
 * client orders the states it gets from every source by it (domain/rules/liveValues.ts `newerState`).
 *
 * Premium rate and countdown come from domain/rules/liveValues.ts, the functions the worker uses too. An
 * answer's body is built once per generation (once per second only while it holds a row whose display
 * moves with time: a dutch price); what only time changes — `serverTime` and the spec's `leftTime`
 * (liveValues `leftTime`, from `endTime`) — is stamped on when the answer is asked for, at most once per
 * second per answer (one pass over the page's rows, no timer), and is not part of the tag: a client
 * counts down from `endTime`, so "only time passed" is the same representation.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { NO_PREMIUM_RATE_TEXT } from '#domain/rules/bidding';
import type { Page } from '#domain/contract/envelope';
import { leftTime, liveValues } from '#domain/rules/liveValues';
import { BIDDING_DATA_RECENT_BIDS, type ActivityOutcome, type ActivityStatus, type BiddingData, type BiddingEntry, type BiddingMode, type BidRecord, type HallPage, type MaxRateEntry, type RateAnswer, type WatchPage, type RateEntry, type UpcomingEntry } from '#domain/contract/hall';
import type { Database } from '../db/schema.ts';
import type { ModeState } from '#domain/contract/bidModes';
import { fenToYuan } from '#domain/rules/money';
import { modeRules } from '../bidding-modes/index.ts';
import { settingsOrEmpty } from '../bidding-modes/settings.ts';
import { slicePage } from '../services/common/paging.ts';
import type { ChangeFeed } from '../db/changeFeed.ts';

/** Ended activities stay in the snapshot this long, so rows on screen learn that they ended. */
export const RECENTLY_ENDED_MS = 10 * 60_000;

export interface ActivityRow {
  entry: Omit<BiddingEntry, 'leftTime'>;
  status: ActivityStatus;
  outcome: ActivityOutcome | null;
  lockVersion: number;
  originalEndTime: number;
  incrementFen: number;
  extensionCount: number;
  leaderBidCode: string | null;
  /** liveValues() of the public view (sealed: '---'; see domain/rules/liveValues.ts). */
  premiumRate: string;
  /** What the public may see (sealed onceOff hides amounts; dutch shows the price at the time). */
  showBids: boolean;
  modeState: ModeState | undefined;
  /** Recomputes the time-dependent display (dutch); null when the row's display never changes with time. */
  present: ((now: number) => Presented) | null;
}

/** The time-dependent part of a row's display. */
interface Presented {
  biddingPrice: number;
  maxPrice: number;
  premiumRate: string;
  modeState: ModeState | undefined;
  tagPart: string;
}

/** The row as shown at `now`: dutch rows move with time, the others are as loaded. */
export function at(row: ActivityRow, now: number): ActivityRow {
  if (!row.present) return row;
  const p = row.present(now);
  return { ...row, entry: { ...row.entry, biddingPrice: p.biddingPrice, maxPrice: p.maxPrice }, premiumRate: p.premiumRate, modeState: p.modeState };
}

function tagPartOf(row: ActivityRow, now: number): string {
  return row.present ? row.present(now).tagPart : '';
}

/**
 * Rows changed by one load, the server time they were read at, and the newest bid of each changed row
 * that shows its bids (what a push event carries so a room shows who bid when without polling).
 */
export type ChangeRowsListener = (rows: readonly ActivityRow[], serverTime: number, newestBids: ReadonlyMap<number, BidRecord>) => void;

/** Above this many changed rows in one load (a full rebuild), events go without their newest bid. */
const NEWEST_BIDS_MAX_ROWS = 200;

export interface Cached<T> {
  etag: string;
  body: T;
}

/** An answer's body as built from the rows, before the time-only fields are stamped on. */
interface Built<B> {
  tagParts: string;
  body: B;
  /** Holds a row whose display moves with time (a dutch price): rebuilt each second. */
  timeDependent: boolean;
}

interface CachedAnswer {
  generation: number;
  /** The second it was built in when time-dependent; null when it holds for the whole generation. */
  builtSecond: number | null;
  etag: string;
  tagParts: string;
  body: unknown;
  stampedSecond: number | null;
  stamped: unknown;
}

/** An entry as served: the spec's `leftTime` counted from `endTime` at `serverTime` (hall rows are live). */
function withLeftTime<E extends Omit<BiddingEntry, 'leftTime'>>(entry: E, serverTime: number): E & { leftTime: number } {
  return { ...entry, leftTime: leftTime({ status: 'live', endTime: entry.endTime }, serverTime) };
}

export interface HallQuery {
  assetsName?: string | undefined;
  current: number;
  size: number;
}

export interface SnapshotOptions {
  db: Kysely<Database>;
  now: () => number;
  feed: ChangeFeed;
  /** At most one rebuild per this many ms (the trailing change is never lost). */
  minRebuildMs?: number;
  /** The same for reloads of named rows only (a bid: one cheap query; pushed to watchers). Default 50 ms. */
  minReloadMs?: number;
  /** A rebuild at least this often even without events (0: never; tests). */
  safetyRebuildMs?: number;
  onError?: (error: unknown) => void;
}

const tagOf = (parts: string): string => `W/"${createHash('sha1').update(parts).digest('base64url').slice(0, 22)}"`;


export class HallSnapshot {
  private rows = new Map<number, ActivityRow>();
  /** Live activities, ending soonest first. */
  private live: ActivityRow[] = [];
  /** Scheduled activities, starting soonest first. */
  private upcoming: ActivityRow[] = [];
  private generation = 0;
  private building: Promise<void> | null = null;
  private dirty = false;
  /** What the next build reloads: some activities (a bid, a state change) or, when null, everything. */
  private pending: Set<number> | null = new Set();
  private pendingAll = true;
  private lastBuildAt = -Infinity;
  private trailing: NodeJS.Timeout | undefined;
  private safety: NodeJS.Timeout | undefined;
  private readonly unsubscribe: () => void;
  /** Per query: the answer of one generation (see `answer`). */
  private readonly answers = new Map<string, CachedAnswer>();
  private readonly recentBids = new Map<number, { lockVersion: number; bids: BidRecord[] }>();
  private readonly changeListeners = new Set<ChangeRowsListener>();
  readonly ready: Promise<void>;

  constructor(private readonly options: SnapshotOptions) {
    this.unsubscribe = options.feed.subscribe((activityIds) => this.invalidate(activityIds));
    this.ready = this.build();
    const safetyMs = options.safetyRebuildMs ?? 5000;
    if (safetyMs > 0) {
      this.safety = setInterval(() => this.invalidate(), safetyMs);
      this.safety.unref();
    }
  }

  /** After each load: the rows whose lock version or status changed (the push hub's source). */
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
   */
  invalidate(activityIds: readonly number[] | null = null): void {
    if (activityIds === null) this.pendingAll = true;
    else for (const id of activityIds) this.pending?.add(id);
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

  /** The activities (with their project's display fields) by id, or every one the snapshot holds. */
  private select(ids: number[] | null, settledSince: number) {
    return this.options.db
      .selectFrom('bid_activity as a')
      .innerJoin('project as p', 'p.id', 'a.project_id')
      .select([
        'a.id', 'a.project_id', 'a.mode', 'a.status', 'a.outcome', 'a.start_at', 'a.end_at', 'a.original_end_at',
        'a.start_price_fen', 'a.increment_fen', 'a.current_price_fen', 'a.max_price_fen', 'a.bid_count',
        'a.extension_count', 'a.leader_bid_code', 'a.org_name', 'a.lock_version', 'a.settings', 'a.settled_at', 'a.cap_fen',
        'p.assets_name', 'p.project_type', 'p.price_type', 'p.price_unit',
      ])
      .where((eb) =>
        ids === null ? eb.or([eb('a.status', 'in', ['scheduled', 'live']), eb('a.settled_at', '>=', settledSince)]) : eb('a.id', 'in', ids),
      )
      .execute();
  }

  /** One activity as the public sees it (the mode decides what a sealed or dutch row shows). */
  private toRow(r: Awaited<ReturnType<HallSnapshot['select']>>[number]): ActivityRow {
    const startPrice = fenToYuan(r.start_price_fen);
    const status = r.status as ActivityStatus;
    const rules = modeRules(r.mode);
    const settings = settingsOrEmpty(r.mode, r.settings);
    const viewAt = (now: number) => rules?.view(r, settings, now);
    const view = viewAt(this.options.now());
    const priceFen = view?.priceFen ?? r.current_price_fen;
    const maxPrice = fenToYuan(view?.maxFen ?? r.max_price_fen);
    // The worker computes its rows with the same function from the same public fields (mode, status,
    // the public max price, the bid count), so both read the same premium rate.
    const rateOf = (publicMax: number) => liveValues({ mode: r.mode, status, startPrice, maxPrice: publicMax, biddingCount: r.bid_count }).premiumRate;
    return {
      entry: {
        activityId: r.id,
        lockVersion: r.lock_version,
        assetsId: r.project_id,
        assetsName: r.assets_name,
        projectType: r.project_type,
        orgName: r.org_name,
        startTime: r.start_at,
        endTime: r.end_at,
        startPrice,
        biddingPrice: fenToYuan(priceFen),
        maxPrice,
        biddingCount: r.bid_count,
        leaderBidCode: view ? view.leaderBidCode : r.leader_bid_code,
        priceType: r.price_type,
        priceUnitName: r.price_type === 2 ? r.price_unit : '',
        mode: r.mode as BiddingMode,
      },
      status,
      outcome: (r.outcome as ActivityOutcome | null) ?? null,
      lockVersion: r.lock_version,
      originalEndTime: r.original_end_at,
      incrementFen: r.increment_fen,
      extensionCount: r.extension_count,
      leaderBidCode: view ? view.leaderBidCode : r.leader_bid_code,
      premiumRate: rateOf(maxPrice),
      showBids: view?.showBids ?? true,
      modeState: view?.modeState,
      present:
        view && view.tagPart !== ''
          ? (now) => {
              const v = viewAt(now)!;
              return {
                biddingPrice: fenToYuan(v.priceFen),
                maxPrice: fenToYuan(v.maxFen),
                premiumRate: rateOf(fenToYuan(v.maxFen)),
                modeState: v.modeState,
                tagPart: v.tagPart,
              };
            }
          : null,
    };
  }

  /** Reloads `ids` (null: everything) into the maps and re-derives the sorted lists. */
  private async load(ids: number[] | null): Promise<void> {
    if (ids !== null && ids.length === 0) return;
    const since = this.options.now() - RECENTLY_ENDED_MS;
    const kept = (r: { status: string; settled_at: number | null }) => r.status === 'scheduled' || r.status === 'live' || (r.settled_at ?? -Infinity) >= since;
    const found = await this.select(ids ?? null, since);
    const rows = ids === null ? new Map<number, ActivityRow>() : new Map(this.rows);
    for (const id of ids ?? []) rows.delete(id);
    for (const r of found) if (kept(r)) rows.set(r.id, this.toRow(r));
    const byEnd = (a: ActivityRow, b: ActivityRow) => a.entry.endTime - b.entry.endTime || a.entry.activityId - b.entry.activityId;
    const byStart = (a: ActivityRow, b: ActivityRow) => a.entry.startTime - b.entry.startTime || a.entry.activityId - b.entry.activityId;
    const all = [...rows.values()];
    const previous = this.rows;
    this.rows = rows;
    this.live = all.filter((r) => r.status === 'live').sort(byEnd);
    this.upcoming = all.filter((r) => r.status === 'scheduled').sort(byStart);
    this.generation += 1;
    for (const id of this.recentBids.keys()) if (!rows.has(id)) this.recentBids.delete(id);
    // Every cached answer belongs to an older generation now; drop them rather than let keys pile up.
    this.answers.clear();
    if (this.generation > 1 && this.changeListeners.size > 0) await this.announceChanges(previous, ids);
  }

  /** The newest bid of each changed row that shows bids: one query for the whole load. */
  private async loadNewestBids(changed: readonly ActivityRow[]): Promise<Map<number, BidRecord>> {
    const wanted = changed.filter((row) => row.showBids && row.entry.biddingCount > 0);
    if (wanted.length === 0 || wanted.length > NEWEST_BIDS_MAX_ROWS) return new Map();
    const found = await this.options.db
      .selectFrom('bid')
      .select(['activity_id', 'seq', 'bid_code', 'amount_fen', 'placed_at'])
      .where((eb) => eb.or(wanted.map((row) => eb.and([eb('activity_id', '=', row.entry.activityId), eb('seq', '=', row.entry.biddingCount)]))))
      .execute();
    return new Map(found.map((b) => [b.activity_id, { seq: b.seq, bidCode: b.bid_code, amount: fenToYuan(b.amount_fen), time: b.placed_at }]));
  }

  private async announceChanges(previous: ReadonlyMap<number, ActivityRow>, ids: number[] | null): Promise<void> {
    const changed: ActivityRow[] = [];
    for (const id of ids ?? this.rows.keys()) {
      const row = this.rows.get(id);
      const before = previous.get(id);
      if (row && (!before || before.lockVersion !== row.lockVersion || before.status !== row.status)) changed.push(row);
    }
    if (changed.length === 0) return;
    let newestBids: ReadonlyMap<number, BidRecord> = new Map();
    try {
      newestBids = await this.loadNewestBids(changed);
    } catch (error) {
      this.options.onError?.(error); // the events still go, without their newest bid (clients re-sync)
    }
    const now = this.options.now();
    for (const listener of [...this.changeListeners]) {
      try {
        listener(changed, now, newestBids);
      } catch (error) {
        this.options.onError?.(error);
      }
    }
  }

  /**
   * One cached answer per query key: built once per generation (once per second while time-dependent),
   * with the time-only fields stamped on (`stamp`) at most once per second. The tag changes only with the
   * built parts (only the stamp moved: the same tag).
   */
  private answer<B, T>(key: string, build: (now: number) => Built<B>, stamp: (body: B, now: number) => T): Cached<T> {
    const now = this.options.now();
    const second = Math.floor(now / 1000);
    let hit = this.answers.get(key);
    if (!hit || hit.generation !== this.generation || (hit.builtSecond !== null && hit.builtSecond !== second)) {
      const built = build(now);
      const etag = hit && hit.generation === this.generation && hit.tagParts === built.tagParts ? hit.etag : tagOf(`${key}|${built.tagParts}`);
      if (this.answers.size > 2000) this.answers.clear();
      hit = {
        generation: this.generation,
        builtSecond: built.timeDependent ? second : null,
        etag,
        tagParts: built.tagParts,
        body: built.body,
        stampedSecond: null,
        stamped: undefined,
      };
      this.answers.set(key, hit);
    }
    if (hit.stampedSecond !== second) {
      hit.stamped = stamp(hit.body as B, now);
      hit.stampedSecond = second;
    }
    return { etag: hit.etag, body: hit.stamped as T };
  }

  private static versions(rows: readonly ActivityRow[], now: number): string {
    return rows.map((r) => `${r.entry.activityId}:${r.lockVersion}:${r.status}${tagPartOf(r, now)}`).join(',');
  }

  private static matching(rows: readonly ActivityRow[], name: string | undefined): readonly ActivityRow[] {
    const needle = name?.trim().toLowerCase();
    return needle ? rows.filter((r) => r.entry.assetsName.toLowerCase().includes(needle)) : rows;
  }

  hallPage(query: HallQuery): Cached<HallPage> {
    return this.answer(
      `hall|${query.assetsName ?? ''}|${query.current}|${query.size}`,
      (now) => {
        const page = slicePage(HallSnapshot.matching(this.live, query.assetsName), query);
        return {
          tagParts: `${page.total}|${HallSnapshot.versions(page.records, now)}`,
          body: { ...page, records: page.records.map((r) => at(r, now).entry) },
          timeDependent: page.records.some((r) => r.present !== null),
        };
      },
      (page, serverTime) => ({ ...page, records: page.records.map((entry) => withLeftTime(entry, serverTime)), serverTime }),
    );
  }

  upcomingPage(query: HallQuery): Cached<Page<UpcomingEntry>> {
    return this.answer(
      `upcoming|${query.assetsName ?? ''}|${query.current}|${query.size}`,
      () => {
        const page = slicePage(HallSnapshot.matching(this.upcoming, query.assetsName), query);
        const records: UpcomingEntry[] = page.records.map(({ entry }) => ({
          activityId: entry.activityId,
          assetsId: entry.assetsId,
          assetsName: entry.assetsName,
          projectType: entry.projectType,
          orgName: entry.orgName,
          startTime: entry.startTime,
          endTime: entry.endTime,
          startPrice: entry.startPrice,
          priceType: entry.priceType,
          priceUnitName: entry.priceUnitName,
          mode: entry.mode,
        }));
        return { tagParts: `${page.total}|${HallSnapshot.versions(page.records, 0)}`, body: { ...page, records }, timeDependent: false };
      },
      (body) => body,
    );
  }

  /**
   * The watch board (ours, issue 13): the entries of these activities in the order asked, whatever their
   * status (live, scheduled, ended within RECENTLY_ENDED_MS); activities the snapshot does not hold are
   * left out. Tagged like bidding-rate: an unchanged set is a 304.
   */
  watch(activityIds: readonly number[]): Cached<WatchPage> {
    return this.answer(
      `watch|${activityIds.join(',')}`,
      (now) => {
        const found = activityIds.map((id) => this.rows.get(id)).filter((r): r is ActivityRow => r !== undefined);
        const records = found.map((row) => at(row, now)).map((r) => ({ ...r.entry, status: r.status, outcome: r.outcome }));
        return { tagParts: HallSnapshot.versions(found, now), body: records, timeDependent: found.some((r) => r.present !== null) };
      },
      (records, serverTime) => ({
        records: records.map((entry) => ({ ...entry, leftTime: leftTime(entry, serverTime) })),
        total: records.length,
        size: records.length,
        current: 1,
        pages: 1,
        serverTime,
      }),
    );
  }

  rates(activityIds: readonly number[]): Cached<RateAnswer> {
    return this.answer(
      `rates|${activityIds.join(',')}`,
      (now) => {
        const found = activityIds.map((id) => this.rows.get(id)).filter((r): r is ActivityRow => r !== undefined);
        const rates: RateEntry[] = found.map((row) => at(row, now)).map((r) => ({
          activityId: r.entry.activityId,
          lockVersion: r.lockVersion,
          status: r.status,
          startPrice: r.entry.startPrice,
          biddingPrice: r.entry.biddingPrice,
          maxPrice: r.entry.maxPrice,
          biddingCount: r.entry.biddingCount,
          leaderBidCode: r.leaderBidCode,
          endTime: r.entry.endTime,
          premiumRate: r.premiumRate,
        }));
        return { tagParts: HallSnapshot.versions(found, now), body: rates, timeDependent: found.some((r) => r.present !== null) };
      },
      (rates, serverTime) => ({ serverTime, rates }),
    );
  }

  /** 溢价领先: the live lots whose premium rate is shown (liveValues), highest first. */
  maxRate(size: number): Cached<MaxRateEntry[]> {
    return this.answer(
      `maxRate|${size}`,
      (now) => {
        // Ranked on exact fen ratios, not on the display text. Time moves only the prices of rows without
        // bids (a dutch price), whose premium is '---' (liveValues): only the listed rows decide whether
        // this answer moves with time.
        const ratio = (r: ActivityRow) => Math.abs(r.entry.maxPrice - r.entry.startPrice) / r.entry.startPrice;
        const top = this.live
          .map((r) => at(r, now))
          .filter((r) => r.premiumRate !== NO_PREMIUM_RATE_TEXT)
          .sort((a, b) => ratio(b) - ratio(a) || a.entry.activityId - b.entry.activityId)
          .slice(0, size);
        return {
          tagParts: HallSnapshot.versions(top, now),
          body: top.map((r) => ({ ...r.entry, premiumRate: r.premiumRate })),
          timeDependent: top.some((r) => r.present !== null),
        };
      },
      (entries, serverTime) => entries.map((entry) => withLeftTime(entry, serverTime)),
    );
  }

  /** bidding-data of an activity (ended long ago too); undefined when it does not exist. */
  async biddingData(activityId: number): Promise<Omit<BiddingData, 'myBidCode'> | undefined> {
    let loaded = this.rows.get(activityId);
    const held = loaded !== undefined;
    if (!loaded) {
      // Ended long ago or unknown: one read, not cached (rare; the room of a live activity is always held).
      const [r] = await this.select([activityId], 0);
      if (!r) return undefined;
      loaded = this.toRow(r);
    }
    const now = this.options.now();
    const row = at(loaded, now);
    let recent = this.recentBids.get(activityId);
    if (row.showBids && (!recent || recent.lockVersion !== row.lockVersion)) {
      recent = { lockVersion: row.lockVersion, bids: await loadRecentBids(this.options.db, activityId) };
      if (held) this.recentBids.set(activityId, recent);
    }
    return {
      activityId,
      lockVersion: row.lockVersion,
      assetsId: row.entry.assetsId,
      assetsName: row.entry.assetsName,
      projectType: row.entry.projectType,
      mode: row.entry.mode,
      status: row.status,
      outcome: row.outcome,
      serverTime: now,
      startTime: row.entry.startTime,
      endTime: row.entry.endTime,
      originalEndTime: row.originalEndTime,
      extensionCount: row.extensionCount,
      startPrice: row.entry.startPrice,
      increment: fenToYuan(row.incrementFen),
      biddingPrice: row.entry.biddingPrice,
      maxPrice: row.entry.maxPrice,
      biddingCount: row.entry.biddingCount,
      leaderBidCode: row.leaderBidCode,
      // Sealed: no amounts before the end.
      bids: row.showBids ? recent!.bids : [],
      ...(row.modeState ? { modeState: row.modeState } : {}),
    };
  }

  /** Tag of one activity's bidding data (the room's poll). */
  biddingDataTag(activityId: number, userId: number | null): string | undefined {
    const row = this.rows.get(activityId);
    return row ? tagOf(`data|${activityId}|${row.lockVersion}|${row.status}|${tagPartOf(row, this.options.now())}|${userId ?? ''}`) : undefined;
  }
}

export async function loadRecentBids(db: Kysely<Database>, activityId: number): Promise<BidRecord[]> {
  const rows = await db
    .selectFrom('bid')
    .select(['seq', 'bid_code', 'amount_fen', 'placed_at'])
    .where('activity_id', '=', activityId)
    .orderBy('seq', 'desc')
    .limit(BIDDING_DATA_RECENT_BIDS)
    .execute();
  return rows.map((b) => ({ seq: b.seq, bidCode: b.bid_code, amount: fenToYuan(b.amount_fen), time: b.placed_at }));
}
