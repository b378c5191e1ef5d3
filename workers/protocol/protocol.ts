/**
 * The typed contract between the live worker (`workers/`) and the main thread (`src/live/`).
 *
 * Pure types and pure helpers only: no DOM, no worker globals, no comlink, no RxJS. Both
 * `tsconfig.json` (DOM) and `workers/tsconfig.json` (WebWorker) compile this file (and frames.ts).
 *
 * Adding a stream: one entry in `LiveStreams` here, one producer in `workers/liveService.ts`
 * (`producers`); the compiler then demands both and types every `live.stream(name, params)` call.
 * A stream whose frames are mostly unchanged from tick to tick also declares a `wire` type and a codec in
 * `STREAM_CODECS` (frames.ts): the worker then sends deltas and the client decodes them into full frames.
 */

import type { DeskSignal } from '#domain/contract/desk';
import type { BiddingData } from '#domain/contract/hall';
import type { LiveChangeEvent } from '#domain/contract/liveEvents';
import {
  biddingDataCodec,
  listCodec,
  type BiddingDataFrame,
  type BiddingDataWire,
  type FrameCodec,
  type FrameEncoder,
  type ListWire,
  type LiveBidRow,
  type LiveListFrame,
  type LiveUpcomingRow,
} from './frames';

/** Streams without parameters take `{}` (or nothing: `live.stream('clock')`). */
export type NoParams = Record<string, never>;

/**
 * The one server-aligned 1 s clock for every countdown of the app.
 * Emitted once on subscription (the current second) and then on every whole second of server time.
 */
/**
 * The live link as a bidder should know it: `push` while the push stream is healthy (a new bid shows the
 * moment the server commits it), `polling` otherwise (the polls carry it, within about a second). The push
 * connection opens only while a stream watches an activity (the room, the hall): watching this does not.
 */
export interface PushLinkValue {
  push: boolean;
}

export interface ClockValue {
  /** Epoch ms of server time, always a whole second (`% 1000 === 0`), strictly increasing. */
  serverNow: number;
  /** server time − local time, as applied (0 until the first successful sync). */
  offsetMs: number;
  /** Round trip of the sample the applied offset comes from (its error bound is ±rtt/2); null before sync. */
  rttMs: number | null;
  /** False until the first successful measurement: `serverNow` is then local time. */
  synced: boolean;
}

/** The static version file's content; emitted when a fetched version differs from the previous fetch. */
export interface VersionValue {
  version: string;
}

/**
 * The token-age check (spec section 9): the main thread passes when its access token was stored (epoch ms
 * of the local clock, `session.tokenStoredAt()`); a new token means new params, hence a new stream.
 */
export interface TokenCheckParams {
  storedAt: number;
}

/**
 * One check: emitted on subscription, every TOKEN_CHECK_INTERVAL_MS (10 s) while the tab is visible, and
 * at once when it becomes visible. `due` once the age reaches TOKEN_REFRESH_AGE_SECONDS (3000 s); the
 * main thread then refreshes (single-flight). Checks go on while due, so a refresh that failed on the
 * network is retried at the next check.
 */
export interface TokenCheckValue {
  /** Whole seconds since the token was stored (0 for a time in the future). */
  ageSeconds: number;
  due: boolean;
  /** Local epoch ms of this check. */
  checkedAt: number;
}

/** One page of the bidding hall (hall/page). `retry` only makes a new stream (a view's 重试); it is not sent. */
export interface HallParams {
  assetsName?: string;
  current: number;
  size: number;
  retry?: number;
}

/** One page of upcoming activities (upcoming-bid). */
export interface UpcomingParams {
  assetsName?: string;
  current: number;
  size: number;
  retry?: number;
}

/** The live lots with the highest premium rate (assets-max-rate). */
export interface MaxRateParams {
  size: number;
  retry?: number;
}

/** The bidding room's data of one activity (bidding-data). */
export interface BiddingDataParams {
  activityId: number;
}

/**
 * What one bidder alone knows of an activity (bidding-data with his bearer; the token travels in the
 * params as the desk's does: a new token, a new stream).
 */
export interface MineParams {
  activityId: number;
  token: string;
}

/** The bidder's own fields of bidding-data (myBidCode null: not qualified). */
export type BidderMine = Pick<BiddingData, 'myBidCode' | 'myOffer' | 'myJoined' | 'myAtCap' | 'myCanMatch'>;

/** The latest own fields; `mine` stays the last good one while a fetch fails (`code`: the envelope's, e.g. 404). */
export interface MineFrame {
  status: 'ready' | 'error';
  error: string | null;
  code: number | null;
  mine: BidderMine | null;
}

/** The watch board: these activities (sorted, unique; the worker keeps at most RATE_MAX_IDS). */
export interface WatchParams {
  activityIds: number[];
  retry?: number;
}

/** The logged-in user's desk signal (the bearer travels in the params: a new token, a new stream). */
export interface DeskParams {
  token: string;
}

/** The latest desk signal; `signal` stays the last good one while a poll fails. */
export interface DeskFrame {
  status: 'ready' | 'error';
  error: string | null;
  signal: DeskSignal | null;
}

export type HallFrame = LiveListFrame<LiveBidRow>;
export type UpcomingFrame = LiveListFrame<LiveUpcomingRow>;

/**
 * Stream name → its parameter and value types (and, for delta-encoded streams, the `wire` type that
 * crosses the thread boundary; see frames.ts). The single source of truth for both threads.
 */
export interface LiveStreams {
  clock: { params: NoParams; value: ClockValue };
  /** Whether the worker's push connection is healthy (prices arrive on commit) or polling carries them. */
  pushLink: { params: NoParams; value: PushLinkValue };
  version: { params: NoParams; value: VersionValue };
  token: { params: TokenCheckParams; value: TokenCheckValue };
  /** The hall page: polled every ~2.5 s (ETag), prices every ~1 s (bidding-rate), one frame per tick. */
  hall: { params: HallParams; value: HallFrame; wire: ListWire<LiveBidRow> };
  /** Upcoming activities with a countdown to their start. */
  upcoming: { params: UpcomingParams; value: UpcomingFrame; wire: ListWire<LiveUpcomingRow> };
  /** 溢价领先: live lots with the highest premium rate. */
  maxRate: { params: MaxRateParams; value: HallFrame; wire: ListWire<LiveBidRow> };
  /** One activity's bidding data, polled every ~1 s, with its countdown. */
  biddingData: { params: BiddingDataParams; value: BiddingDataFrame; wire: BiddingDataWire };
  /** The bidder's own fields of one activity, asked with his token only when they can have changed. */
  mine: { params: MineParams; value: MineFrame };
  /** The watch board: the user's lots of any status, one stream for all of them. */
  watch: { params: WatchParams; value: HallFrame; wire: ListWire<LiveBidRow> };
  /** The user's desk: unread count, newest messages, open rooms, enrolment/deposit changes. */
  desk: { params: DeskParams; value: DeskFrame };
}

export type StreamName = keyof LiveStreams;
export type StreamParams<K extends StreamName> = LiveStreams[K]['params'];
export type StreamValue<K extends StreamName> = LiveStreams[K]['value'];
/** What crosses the thread boundary: the `wire` type of a delta-encoded stream, else the value itself. */
export type StreamWire<K extends StreamName> = LiveStreams[K] extends { wire: infer W } ? W : StreamValue<K>;

/** The codec of every delta-encoded stream: the worker encodes per sink, the client decodes per subscription. */
export const STREAM_CODECS: { [K in StreamName]?: FrameCodec<StreamValue<K>, StreamWire<K>> } = {
  hall: listCodec<LiveBidRow>(),
  upcoming: listCodec<LiveUpcomingRow>(),
  maxRate: listCodec<LiveBidRow>(),
  watch: listCodec<LiveBidRow>(),
  biddingData: biddingDataCodec(),
};

/** The stream's encoder for one sink (identity for streams without a codec). */
export function createStreamEncoder<K extends StreamName>(name: K): FrameEncoder<StreamValue<K>, StreamWire<K>> {
  const codec = STREAM_CODECS[name] as FrameCodec<StreamValue<K>, StreamWire<K>> | undefined;
  return codec ? codec.createEncoder() : (value) => value as StreamWire<K>;
}

/** The stream's decoder for one subscription (identity for streams without a codec). */
export function createStreamDecoder<K extends StreamName>(name: K): (wire: StreamWire<K>) => StreamValue<K> {
  const codec = STREAM_CODECS[name] as FrameCodec<StreamValue<K>, StreamWire<K>> | undefined;
  return codec ? codec.createDecoder() : (wire) => wire as StreamValue<K>;
}
/** `stream(name)` may omit the params when every field is optional. */
export type StreamParamsArgs<K extends StreamName> =
  Record<never, never> extends StreamParams<K> ? [params?: StreamParams<K>] : [params: StreamParams<K>];

export const STREAM_NAMES: readonly StreamName[] = ['clock', 'pushLink', 'version', 'token', 'hall', 'upcoming', 'maxRate', 'biddingData', 'mine', 'desk', 'watch'];

export function isStreamName(name: unknown): name is StreamName {
  return typeof name === 'string' && (STREAM_NAMES as readonly string[]).includes(name);
}

/** What the worker sends to a subscriber's sink. `error` and `complete` are terminal. */
export type LiveEvent<V> =
  | { type: 'value'; value: V }
  | { type: 'error'; message: string }
  | { type: 'complete' };

/** The subscriber's callback (on the main thread: a `Comlink.proxy` of it). */
export type LiveSink<V> = (event: LiveEvent<V>) => void | Promise<void>;

/**
 * A sink as a transferred MessagePort (the app's worker client): the worker posts each LiveEvent on it,
 * one message per event and no reply (a comlink proxy call is answered, one more message each way).
 */
export interface LiveSinkPort {
  postMessage(event: unknown): void;
  close(): void;
}

/** A sink that is a port rather than a callback. */
export function isSinkPort(sink: unknown): sink is LiveSinkPort {
  return typeof sink === 'object' && sink !== null && typeof (sink as LiveSinkPort).postMessage === 'function';
}

/** Ends one subscription. Idempotent. */
export type LiveUnsubscribe = () => void | Promise<void>;

export interface LiveConfig {
  /** Base of the API paths; an absolute path or URL (the worker resolves relative to its own URL). Default '/api'. */
  apiBase: string;
  /** The static version file. Default '/version.json'. */
  versionUrl: string;
  /** The fixed `Client-Id` header value. */
  clientId: string;
  /** Version poll interval. Default 60 000 ms. */
  versionPollMs?: number;
  /** Server clock re-measurement interval. Default 60 000 ms. */
  clockResyncMs?: number;
}

export type ResolvedLiveConfig = Required<LiveConfig>;

export const DEFAULT_LIVE_CONFIG: ResolvedLiveConfig = {
  apiBase: '/api',
  versionUrl: '/version.json',
  clientId: '',
  versionPollMs: 60_000,
  clockResyncMs: 60_000,
};

/** Fills defaults and drops nonsense (non-string bases, non-positive intervals). */
export function resolveLiveConfig(config: Partial<LiveConfig> | undefined): ResolvedLiveConfig {
  const c = config ?? {};
  const str = (v: unknown, d: string) => (typeof v === 'string' ? v : d);
  const ms = (v: unknown, d: number) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : d);
  return {
    apiBase: str(c.apiBase, DEFAULT_LIVE_CONFIG.apiBase).replace(/\/+$/, ''),
    versionUrl: str(c.versionUrl, DEFAULT_LIVE_CONFIG.versionUrl),
    clientId: str(c.clientId, DEFAULT_LIVE_CONFIG.clientId),
    versionPollMs: ms(c.versionPollMs, DEFAULT_LIVE_CONFIG.versionPollMs),
    clockResyncMs: ms(c.clockResyncMs, DEFAULT_LIVE_CONFIG.clockResyncMs),
  };
}

/** The API the worker exposes (implemented in-process by `createLiveService`). */
export interface LiveApi {
  configure(config: LiveConfig): void;
  /** The sink receives the stream's wire form (`StreamWire`): delta-encoded streams arrive encoded. */
  subscribe<K extends StreamName>(name: K, params: StreamParams<K>, sink: LiveSink<StreamWire<K>>): LiveUnsubscribe;
  setVisibility(visible: boolean): void;
  /**
   * Re-sync one activity now (one immediate poll of its bidding data and of its hall price), for a change
   * the caller knows of but holds no state of.
   */
  resync(activityId: number): void;
  /**
   * The bidder's own change of an activity was accepted (a bid, a join): `state`, the public state the
   * bid's answer carries (null: none; the activity then re-syncs), is applied as a push event would be,
   * and his own fields (`mine`) are asked again.
   */
  accepted(activityId: number, state: LiveChangeEvent | null): void;
  /** The access token the push connection sends as its bearer (null: logged out); a change reopens it. */
  setAccessToken(token: string | null): void;
  /**
   * The rows of list stream `key` (streamKey) that its view shows now (null: every row). Changes of other
   * rows between ticks wait for the next tick's frame (frames.ts, focus); a new focus sends at once what
   * waited for rows it brings on screen.
   */
  focus(key: string, activityIds: readonly number[] | null): void;
}

/**
 * What the main-thread client accepts: `LiveApi` itself (tests, in-process) or `Comlink.Remote<LiveApi>`
 * (every call async). Deliberately loose: the client is the typed boundary.
 */
export interface LiveRemote {
  configure(config: LiveConfig): unknown;
  subscribe(
    name: StreamName,
    params: StreamParams<StreamName>,
    sink: LiveSink<StreamWire<StreamName>> | LiveSinkPort,
  ): LiveUnsubscribe | Promise<LiveUnsubscribe>;
  setVisibility(visible: boolean): unknown;
  resync?(activityId: number): unknown;
  accepted?(activityId: number, state: LiveChangeEvent | null): unknown;
  setAccessToken?(token: string | null): unknown;
  focus?(key: string, activityIds: readonly number[] | null): unknown;
}

/**
 * Identity of a (name, params) pair, the same on both sides: key order does not matter,
 * `undefined` params equal `{}`.
 */
export function streamKey(name: StreamName, params: unknown): string {
  return `${name}:${stableJson(params ?? {})}`;
}

function stableJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
}
