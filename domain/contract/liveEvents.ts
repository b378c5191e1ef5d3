/**
 * The live push contract (README "Push"): a server-sent-events stream the live
 * worker holds open. Shared by the server (which writes it), the worker (which reads it with an
 * `EventSource` or a streamed `fetch` and this parser) and the tests/benchmarks.
 *
 * GET `/api/dscq-sync/v1/live/events` `?activityIds=1,2,3` (absent: every live activity, for the hall),
 * optional bearer. `text/event-stream`:
 * - first `retry: <ms>` and one `event: ready` (`LiveReadyEvent`): the stream is open; events from now on
 *   reach this client, so a client re-syncs once (poll with ETag) and then applies events;
 * - `event: change` (`LiveChangeEvent`), one per changed activity, `id:` a position in the database's
 *   event log ("every change before it was delivered") — the same on every server process, never
 *   decreasing along the stream. A reconnect to any process with `Last-Event-ID: <id>` (header, or
 *   `?lastEventId=`) gets `ready` with `resumed: true` and then, in order, one `change` (the current
 *   state) for every activity that changed from that position on; when the log no longer reaches back
 *   that far (or it is not an id), `ready` with `resumed: false` and one `event: resync`
 *   (`LiveResyncEvent`): re-sync by polling, as after a fresh connection;
 * - `: hb` comment lines every 15 s (any bytes received mean the stream is alive), once the process has
 *   a position with `id: <n>` and an empty `data:` line (an unnamed, empty message: ignore it; its id
 *   moves the client past changes of activities this stream does not follow);
 * - when the server process stops (graceful shutdown): `retry: <ms>`, one `event: reconnect`
 *   (`{ reason: 'draining', retryMs }`) and the end of the stream: reconnect after `retryMs` (another
 *   process behind the balancer answers); a new stream is refused with 503 while the process drains.
 * A refused stream answers the usual envelope: 429 (too many streams for this user or address) or 503
 * (the server's cap). Amounts are yuan, times are server epoch ms (as in hall.ts).
 */
import type { ModeState } from './bidModes';
import type { ActivityOutcome, ActivityStatus, BidRecord, FloorFields } from './activity';

export const LIVE_EVENTS_PATH = '/dscq-sync/v1/live/events';

/** The most activities one stream may filter on (a hall page holds at most HALL_MAX_PAGE_SIZE rows). */
export const LIVE_EVENTS_MAX_IDS = 2000;

export const LIVE_EVENT_CHANGE = 'change';

export const LIVE_EVENT_READY = 'ready';

/** The server is stopping: the stream ends right after; reconnect after the `retry:` hint. */
export const LIVE_EVENT_RECONNECT = 'reconnect';

/** Sent after `ready` when `Last-Event-ID` could not be replayed: re-sync everything by polling. */
export const LIVE_EVENT_RESYNC = 'resync';

/** Why a resume was refused: the id is older than the log keeps, is not an id, or the log could not be read. */
export interface LiveResyncEvent {
  reason: 'expired' | 'invalid' | 'unavailable';
}

/**
 * One activity changed (a bid, an extension, a start or an end; the floor's suspension, resumption or
 * termination, with its FloorFields). Field names as in hall.ts
 * (`BiddingEntry`, `BiddingData`). Sealed (onceOff before its end): no `biddingPrice`, `maxPrice` or
 * `leaderBidCode`, exactly as the public snapshot hides them. Apply an event only when its `lockVersion`
 * is above the one last applied for that activity (several processes, a re-sync poll in between).
 */
export interface LiveChangeEvent extends FloorFields {
  activityId: number;
  /** Bumped by every committed change of the activity (the same number in every server process). */
  lockVersion: number;
  status: ActivityStatus;
  outcome: ActivityOutcome | null;
  /** The current price (yuan); absent while sealed (final's window of sealed offers: the frozen cap). */
  biddingPrice?: number;
  /** The highest accepted bid (yuan; the premium rate's numerator); absent while sealed (final's window: the cap). */
  maxPrice?: number;
  biddingCount: number;
  /** Absent while sealed; null before any bid. */
  leaderBidCode?: string | null;
  /**
   * The newest bid (its `seq` is `biddingCount`), so a room shows who bid when without a poll; absent
   * while sealed, before any bid, and when one load changed too many rows to look them up.
   */
  lastBid?: BidRecord;
  /** The mode's public state after the change (phase, next increment, dutch drop…), as bidding-data has it. */
  modeState?: ModeState;
  /** Current end after extensions, server epoch ms. */
  endTime: number;
  extensionCount: number;
  /** Server time when the change was read (for the clock offset, as in every answer). */
  serverTime: number;
}

/** The first event of every stream. */
export interface LiveReadyEvent {
  serverTime: number;
  /** Heartbeat interval: a client that hears nothing for ~2 of these treats the stream as dead. */
  heartbeatMs: number;
  /**
   * Only on a reconnect with `Last-Event-ID`: true when what followed it is replayed next (no re-sync
   * poll needed); false when an `event: resync` follows.
   */
  resumed?: boolean;
}
