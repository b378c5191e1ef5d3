/**
 * The answers every live poll gets (performance.md: a per-request query costs ~74 req/s with p99 6 s; a
 * shared snapshot ~9,100 req/s), built from the row cache (live/rowCache.ts: the rows, how they stay
 * current, what changed) and cached per query until the rows change.
 *
 * Answers carry a weak ETag made of the rows' activity ids and lock versions (the same in every process
 * for the same data): an unchanged poll costs a 304. Each entry carries its activity's `lockVersion`: a
 * client orders the states it gets from every source by it (domain/rules/liveValues.ts `newerState`).
 *
 * Premium rate and countdown come from domain/rules/liveValues.ts, the functions the worker uses too. An
 * answer's body is built once per generation of the rows (once per second only while it holds a row whose
 * display moves with time: a dutch price); what only time changes — `serverTime` and the spec's `leftTime`
 * (liveValues `leftTime`, from `endTime`) — is stamped on when the answer is asked for, at most once per
 * second per answer (one pass over the page's rows, no timer), and is not part of the tag: a client
 * counts down from `endTime`, so "only time passed" is the same representation.
 */
import { createHash } from 'node:crypto';
import { NO_PREMIUM_RATE_TEXT } from '#domain/rules/bidding';
import type { Page } from '#domain/contract/envelope';
import { entryStatus, leftTime } from '#domain/rules/liveValues';
import type { BiddingData, BiddingEntry, HallPage, MaxRateEntry, RateAnswer, WatchPage, RateEntry, UpcomingEntry } from '#domain/contract/hall';
import { fenToYuan } from '#domain/rules/money';
import { slicePage } from '../services/common/paging.ts';
import { at, tagPartOf, type CommittedActivity, type LiveRow } from './liveRow.ts';
import { RowCache, type ChangeRowsListener, type RowCacheOptions } from './rowCache.ts';

export { RECENTLY_ENDED_MS } from './rowCache.ts';

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

/**
 * An entry as served: the spec's `leftTime` counted from `endTime` at `serverTime` (hall rows are live), or
 * the frozen time left of a suspended one (entryStatus).
 */
function withLeftTime<E extends Omit<BiddingEntry, 'leftTime'>>(entry: E, serverTime: number): E & { leftTime: number } {
  return { ...entry, leftTime: leftTime({ status: entryStatus(entry), endTime: entry.endTime, remainingMs: entry.remainingMs }, serverTime) };
}

export interface HallQuery {
  assetsName?: string | undefined;
  current: number;
  size: number;
}

export type SnapshotOptions = RowCacheOptions;

const tagOf = (parts: string): string => `W/"${createHash('sha1').update(parts).digest('base64url').slice(0, 22)}"`;


export class HallSnapshot {
  private readonly cache: RowCache;
  /** Per query: the answer of one generation (see `answer`). */
  private readonly answers = new Map<string, CachedAnswer>();
  /** The generation the cached answers were built in (older ones are dropped, not left to pile up). */
  private answersGeneration = -1;
  readonly ready: Promise<void>;

  constructor(private readonly options: SnapshotOptions) {
    this.cache = new RowCache(options);
    this.ready = this.cache.ready;
  }

  /** After each load or hand-off: the rows whose lock version or status changed (the push hub's source). */
  onChange(listener: ChangeRowsListener): () => void {
    return this.cache.onChange(listener);
  }

  close(): void {
    this.cache.close();
  }

  /** Live data changed behind this process's back: reload those activities (null: everything). */
  invalidate(activityIds: readonly number[] | null = null): void {
    this.cache.invalidate(activityIds);
  }

  /** A full rebuild now (start-up, tests, data written behind the feed's back). */
  rebuild(): Promise<void> {
    return this.cache.rebuild();
  }

  /** This process committed these activities' state (rowCache.ts `handOff`): no read. */
  handOff(committed: ReadonlyMap<number, CommittedActivity>): void {
    this.cache.handOff(committed);
  }

  /**
   * One cached answer per query key: built once per generation (once per second while time-dependent),
   * with the time-only fields stamped on (`stamp`) at most once per second. The tag changes only with the
   * built parts (only the stamp moved: the same tag).
   */
  private answer<B, T>(key: string, build: (now: number) => Built<B>, stamp: (body: B, now: number) => T): Cached<T> {
    const now = this.options.now();
    const second = Math.floor(now / 1000);
    if (this.answersGeneration !== this.cache.generation) {
      this.answers.clear();
      this.answersGeneration = this.cache.generation;
    }
    let hit = this.answers.get(key);
    if (!hit || hit.generation !== this.cache.generation || (hit.builtSecond !== null && hit.builtSecond !== second)) {
      const built = build(now);
      const etag = hit && hit.generation === this.cache.generation && hit.tagParts === built.tagParts ? hit.etag : tagOf(`${key}|${built.tagParts}`);
      if (this.answers.size > 2000) this.answers.clear();
      hit = {
        generation: this.cache.generation,
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

  private static versions(rows: readonly LiveRow[], now: number): string {
    return rows.map((r) => `${r.entry.activityId}:${r.lockVersion}:${r.status}${tagPartOf(r, now)}`).join(',');
  }

  private static matching(rows: readonly LiveRow[], name: string | undefined): readonly LiveRow[] {
    const needle = name?.trim().toLowerCase();
    return needle ? rows.filter((r) => r.entry.assetsName.toLowerCase().includes(needle)) : rows;
  }

  hallPage(query: HallQuery): Cached<HallPage> {
    return this.answer(
      `hall|${query.assetsName ?? ''}|${query.current}|${query.size}`,
      (now) => {
        const page = slicePage(HallSnapshot.matching(this.cache.live, query.assetsName), query);
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
        const page = slicePage(HallSnapshot.matching(this.cache.upcoming, query.assetsName), query);
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
   * The watch board (ours): the entries of these activities in the order asked, whatever their
   * status (live, scheduled, ended within rowCache.ts RECENTLY_ENDED_MS); activities the snapshot does not hold are
   * left out. Tagged like bidding-rate: an unchanged set is a 304.
   */
  watch(activityIds: readonly number[]): Cached<WatchPage> {
    return this.answer(
      `watch|${activityIds.join(',')}`,
      (now) => {
        const found = activityIds.map((id) => this.cache.get(id)).filter((r): r is LiveRow => r !== undefined);
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
        const found = activityIds.map((id) => this.cache.get(id)).filter((r): r is LiveRow => r !== undefined);
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
          ...r.floor,
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
        const ratio = (r: LiveRow) => Math.abs(r.entry.maxPrice - r.entry.startPrice) / r.entry.startPrice;
        const top = this.cache.live
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
    const loaded = this.cache.get(activityId) ?? (await this.cache.readOne(activityId));
    if (!loaded) return undefined;
    const now = this.options.now();
    const row = at(loaded, now);
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
      bids: row.showBids ? await this.cache.recentBids(activityId, row.lockVersion) : [],
      ...(row.modeState ? { modeState: row.modeState } : {}),
      ...row.floor,
    };
  }

  /** Tag of one activity's bidding data (the room's poll). */
  biddingDataTag(activityId: number, userId: number | null): string | undefined {
    const row = this.cache.get(activityId);
    return row ? tagOf(`data|${activityId}|${row.lockVersion}|${row.status}|${tagPartOf(row, this.options.now())}|${userId ?? ''}`) : undefined;
  }
}
