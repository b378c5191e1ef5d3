/**
 * The live lists' frames and their per-subscriber delta encoding (shared by the worker and the main thread).
 *
 * A frame is what a view needs at one tick of the server clock: the server time, the page meta and, per
 * row, the display values the worker already computed with domain/ (tone, premium rate, price text,
 * countdown text). Frames are emitted once per tick, and most of a frame does not change between ticks:
 * only the countdown texts do. So on the wire (`ListWire`):
 * - the first message to each sink is full (`f: 1`): meta, the row order and every row;
 * - later messages carry the meta only when it changed, the row order (`i`, activityIds) only when it
 *   changed, and only the rows whose object changed (the worker keeps a row's object identity until one
 *   of its values changes, so "changed" is an identity test);
 * - the countdown texts (`t`) travel as one compact string array in row order, every tick, and only then:
 *   a frame sent between ticks (a pushed price) has the same texts and leaves them out;
 * - focus: a view that shows only some rows (a windowed table) tells the worker which (src/live/liveClient.ts
 *   `focus`); a frame between ticks that changes none of them is not sent at all (`holds`: the sink skips
 *   it, the encoder keeps what it last sent), so its changes ride on the next tick's frame, sent anyway: a bid
 *   on a row nobody sees costs the main thread no message, no decode and no frame of its own.
 * The main-thread client decodes every message back into a full frame before multicasting it, so a late
 * subscriber on either side always starts from full state: in the worker each sink has its own encoder
 * (its first message is full), on the main thread the replayed value is a decoded full frame.
 *
 * Pure: no DOM, no worker globals, no RxJS (compiled by both tsconfigs).
 */
import { COUNTDOWN_OVER_TEXT, type RowTone } from '#domain/rules/bidding';
import type { BiddingData } from '#domain/contract/hall';
import type { ActivityOutcome, ActivityStatus } from '#domain/contract/activity';

/** Where a polled list or record stands. */
export type LiveLoadStatus = 'loading' | 'ready' | 'error';

export interface LiveListMeta {
  /** 'loading' until the first answer; 'error' when the last poll failed (rows are then the last good ones). */
  status: LiveLoadStatus;
  /** The server's msg (or the network failure) of the last failed poll; null after a success. */
  error: string | null;
  total: number;
  current: number;
  size: number;
  pages: number;
}

/** A live bidding row (hall, 溢价领先), with its display values computed in the worker. */
export interface LiveBidRow {
  activityId: number;
  assetsId: number;
  assetsName: string;
  projectType: number;
  orgName: string;
  status: ActivityStatus;
  /** Start, server epoch ms (a scheduled lot counts down to it: the watch board). */
  startTime: number;
  /** Current end (after extensions), server epoch ms. */
  endTime: number;
  startPrice: number;
  biddingPrice: number;
  maxPrice: number;
  biddingCount: number;
  /** The public leader's bid code (null before any bid and while sealed): the bidder's 领先 / 出局. */
  leaderBidCode: string | null;
  /** The current price as the money display rule shows it ('123.45万元', '9,800.00元', '12.5元/平方米/年'). */
  priceText: string;
  /** Yuan tooltip of amounts below 10000 yuan; null otherwise. */
  priceTooltip: string | null;
  tone: RowTone;
  /** 'x.xx%', or '---' without bids or while sealed (domain/rules/liveValues.ts, the server's rule too). */
  premiumRate: string;
  /** sold, 流拍 or 终结 once ended (the watch board's rows; null while open and in the hall). */
  outcome: ActivityOutcome | null;
  /** While suspended (中止): the exchange's reason; null otherwise. */
  suspendReason: string | null;
  /** While suspended: the ms left when the clock stopped (the countdown stands still there); null otherwise. */
  remainingMs: number | null;
}

/** A scheduled activity (即将竞价). Its countdown counts to the start. */
export interface LiveUpcomingRow {
  activityId: number;
  assetsId: number;
  assetsName: string;
  projectType: number;
  orgName: string;
  startTime: number;
  endTime: number;
  /** 'MM-DD HH:mm', China time. */
  startTimeText: string;
  startPriceText: string;
  startPriceTooltip: string | null;
}

export interface LiveKeyedRow {
  activityId: number;
}

/** One tick of a live list, decoded (full). */
export interface LiveListFrame<R extends LiveKeyedRow> {
  /** Server epoch ms of this tick (a whole second). */
  serverNow: number;
  /** False until the worker measured the server clock. */
  synced: boolean;
  meta: LiveListMeta;
  /** Row objects keep their identity from frame to frame until one of their values changes. */
  rows: readonly R[];
  /** Countdown text per row, in row order (displayRemaining: 5 s margin, 请见标的详情 when over). */
  remaining: readonly string[];
}

/** A list frame on the wire (see the file comment). */
export interface ListWire<R extends LiveKeyedRow> {
  /** 1: full frame, the decoder starts afresh. */
  f?: 1;
  s: number;
  y: boolean;
  m?: LiveListMeta;
  /** Row order (activityIds), when it changed. */
  i?: readonly number[];
  /** The rows that changed (every row in a full frame). */
  r?: readonly R[];
  /** Countdown texts in row order: every tick; left out when equal to the last ones sent. */
  t?: readonly string[];
}

export interface LiveRecordMeta {
  status: LiveLoadStatus;
  error: string | null;
}

/** One tick of the bidding room's data (one activity). */
export interface BiddingDataFrame {
  serverNow: number;
  synced: boolean;
  meta: LiveRecordMeta;
  /** The latest answer; its identity is kept until a value changes. Null until the first answer. */
  data: BiddingData | null;
  /** Countdown to the start (scheduled) or the end (live); 请见标的详情 when over or ended; '' before data. */
  remaining: string;
  over: boolean;
}

export interface BiddingDataWire {
  f?: 1;
  s: number;
  y: boolean;
  m?: LiveRecordMeta;
  /** Present when the data changed (null: no data). */
  d?: { v: BiddingData | null };
  t: string;
}

/**
 * Which rows a sink's view does not show now (focus, see `listCodec`): their changes between ticks may wait
 * for the next tick's frame.
 */
export type FrameHold = (activityId: number) => boolean;

/** A sink's encoder: the wire form of a frame, given what this sink was sent before. */
export interface FrameEncoder<V, W> {
  (value: V): W;
  /**
   * Whether nothing of `value` needs to cross now: a frame between ticks whose every change is to a row
   * `hold` holds (list codecs only). The caller then skips it (not encoding it), and the next frame it sends
   * carries those changes.
   */
  holds?(value: V, hold: FrameHold): boolean;
}

/** Per-sink encoder and per-subscription decoder of one stream's frames. */
export interface FrameCodec<V, W> {
  createEncoder(): FrameEncoder<V, W>;
  createDecoder(): (wire: W) => V;
}

/** The countdown text of a row says nothing is left (after the 5 s margin). */
export function isOverText(text: string): boolean {
  return text === COUNTDOWN_OVER_TEXT;
}

function sameTexts(a: readonly string[], b: readonly string[] | null): boolean {
  if (a === b) return true;
  if (b === null || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function sameOrder<R extends LiveKeyedRow>(a: readonly R[], b: readonly R[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i]!.activityId !== b[i]!.activityId) return false;
  return true;
}

export class FrameDecodeError extends Error {
  constructor(message: string) {
    super(`live frame: ${message}`);
    this.name = 'FrameDecodeError';
  }
}

/** The delta codec of live lists (hall, upcoming, 溢价领先). */
export function listCodec<R extends LiveKeyedRow>(): FrameCodec<LiveListFrame<R>, ListWire<R>> {
  return {
    createEncoder() {
      let sentRows: readonly R[] | null = null;
      let sentById = new Map<number, R>();
      let sentMeta: LiveListMeta | null = null;
      let sentTexts: readonly string[] | null = null;
      let sentNow: number | null = null;
      let sentSynced = false;
      const encode: FrameEncoder<LiveListFrame<R>, ListWire<R>> = (frame) => {
        const wire: ListWire<R> = { s: frame.serverNow, y: frame.synced };
        if (sentRows === null || !sameTexts(frame.remaining, sentTexts)) wire.t = frame.remaining;
        if (sentRows === null) {
          wire.f = 1;
          wire.m = frame.meta;
          wire.i = frame.rows.map((row) => row.activityId);
          wire.r = frame.rows;
        } else {
          if (frame.meta !== sentMeta) wire.m = frame.meta;
          if (frame.rows !== sentRows) {
            if (!sameOrder(frame.rows, sentRows)) wire.i = frame.rows.map((row) => row.activityId);
            const changed = frame.rows.filter((row) => sentById.get(row.activityId) !== row);
            if (changed.length > 0) wire.r = changed;
          }
        }
        sentTexts = frame.remaining;
        sentNow = frame.serverNow;
        sentSynced = frame.synced;
        if (frame.rows !== sentRows) {
          sentRows = frame.rows;
          sentById = new Map(frame.rows.map((row) => [row.activityId, row]));
        }
        sentMeta = frame.meta;
        return wire;
      };
      encode.holds = (frame, hold) =>
        sentRows !== null &&
        frame.serverNow === sentNow &&
        frame.synced === sentSynced &&
        frame.meta === sentMeta &&
        sameTexts(frame.remaining, sentTexts) &&
        sameOrder(frame.rows, sentRows) &&
        frame.rows.every((row) => sentById.get(row.activityId) === row || hold(row.activityId));
      return encode;
    },
    createDecoder() {
      let byId = new Map<number, R>();
      let order: readonly number[] | null = null;
      let meta: LiveListMeta | null = null;
      let rows: readonly R[] = [];
      let remaining: readonly string[] | null = null;
      return (wire) => {
        if (wire.f) {
          byId = new Map();
          order = null;
          meta = null;
          remaining = null;
        }
        if (wire.t) remaining = wire.t;
        let changed = false;
        if (wire.r) {
          for (const row of wire.r) byId.set(row.activityId, row);
          changed = true;
        }
        if (wire.i) {
          order = wire.i;
          const keep = new Set(order);
          for (const id of byId.keys()) if (!keep.has(id)) byId.delete(id);
          changed = true;
        }
        if (wire.m) meta = wire.m;
        if (order === null || meta === null || remaining === null) throw new FrameDecodeError('a delta arrived before the full frame');
        if (changed) {
          rows = order.map((id) => {
            const row = byId.get(id);
            if (!row) throw new FrameDecodeError(`row ${id} is in the order but was never sent`);
            return row;
          });
        }
        if (remaining.length !== rows.length) throw new FrameDecodeError(`${remaining.length} countdowns for ${rows.length} rows`);
        return { serverNow: wire.s, synced: wire.y, meta, rows, remaining };
      };
    },
  };
}

/** The bidding room's codec: the data only when it changed, the countdown every tick. */
export function biddingDataCodec(): FrameCodec<BiddingDataFrame, BiddingDataWire> {
  return {
    createEncoder() {
      let first = true;
      let sentData: BiddingData | null = null;
      let sentMeta: LiveRecordMeta | null = null;
      return (frame) => {
        const wire: BiddingDataWire = { s: frame.serverNow, y: frame.synced, t: frame.remaining };
        if (first) wire.f = 1;
        if (first || frame.meta !== sentMeta) wire.m = frame.meta;
        if (first || frame.data !== sentData) wire.d = { v: frame.data };
        first = false;
        sentData = frame.data;
        sentMeta = frame.meta;
        return wire;
      };
    },
    createDecoder() {
      let data: BiddingData | null = null;
      let meta: LiveRecordMeta | null = null;
      return (wire) => {
        if (wire.f) {
          data = null;
          meta = null;
        }
        if (wire.m) meta = wire.m;
        if (wire.d) data = wire.d.v;
        if (meta === null) throw new FrameDecodeError('a delta arrived before the full frame');
        return { serverNow: wire.s, synced: wire.y, meta, data, remaining: wire.t, over: isOverText(wire.t) };
      };
    },
  };
}
