/**
 * The push hub: every open server-sent-events stream of this process, the fan-out of
 * change events to them, heartbeats, backpressure and connection limits. Pure Node, no HTTP: a stream is
 * anything with `write`/`end`/`destroy`/`writableLength` (an `http.ServerResponse` in production, a fake
 * in unit tests).
 *
 * - Fan-out: a published batch is coalesced per activity (latest wins) until the next turn of the event
 *   loop (or `coalesceMs`), each event is serialised ONCE, and every stream gets one write per batch: the
 *   same string for every hall stream (no filter), the activity's frame for streams filtering on it
 *   (found through an index by activity id, not by scanning every stream).
 * - Backpressure: nothing is queued here. A stream whose unsent bytes (Node's buffer plus the socket's)
 *   exceed `maxBufferedBytes` at its next write (an event or the heartbeat) is destroyed, freeing its
 *   buffer; the client reconnects and re-syncs. Memory per slow client: that bound plus one batch.
 * - Heartbeats: one timer for the hub (running only while streams are open) writes `: hb` to every
 *   stream; a dead peer is then noticed by TCP (the socket closes) or by the buffer bound.
 * - Limits: per user (bearer), per address (anonymous), and a global cap; `admit()` answers before the
 *   route commits to a stream, `open()` enforces the same.
 * - Ids (docs/live.md "Events that resume"): every change arrives with the id of its row in the event log
 *   (live/eventLog.ts), the same in every process; the heartbeat carries the position the hub has written
 *   up to, so a stream that follows a few activities moves on too. A stream opened with `Last-Event-ID`
 *   (`open(…, { resume: true })`) holds what is published meanwhile until `resume()` hands it the replay
 *   of what it missed: then `ready`, the replay, the held changes that are newer — in id order, none twice.
 * - Drain (graceful shutdown, `drain()`): new streams are refused ('draining'); every open stream gets
 *   `retry: <ms>` and an `event: reconnect`, then ends, so its client reconnects (to another process
 *   behind the balancer) after that short delay instead of waiting for a dead connection.
 */
import {
  LIVE_EVENT_CHANGE,
  LIVE_EVENT_READY,
  LIVE_EVENT_RECONNECT,
  LIVE_EVENT_RESYNC,
  type LiveChangeEvent,
  type LiveReadyEvent,
  type LiveResyncEvent,
} from '#domain/contract/liveEvents';

/**
 * A change event and its id: a position in the event log (live/eventLog.ts) — every row keyed below it was
 * delivered once this event is — the same in every process.
 */
export interface LoggedChange {
  id: number;
  event: LiveChangeEvent;
}

/** What a resuming stream is handed: the changes from its id (in id order) up to the position `upTo`, or a re-sync. */
export type ResumeOutcome = { changes: readonly LoggedChange[]; upTo: number } | { resync: LiveResyncEvent['reason'] };

/** What the hub writes to: `http.ServerResponse` fits. */
export interface PushSink {
  write(chunk: string): boolean;
  end(): void;
  destroy(): void;
  /** Bytes accepted by write() and not yet handed to the kernel. */
  readonly writableLength: number;
}

export interface PushHubOptions {
  /** Comment line interval. Default 15,000 ms. */
  heartbeatMs?: number;
  /** A stream with more unsent bytes than this is dropped. Default 256 kB. */
  maxBufferedBytes?: number;
  /** Open streams per logged-in user. Default 8. */
  perUser?: number;
  /** Open anonymous streams per client address. Default 32. */
  perIp?: number;
  /** Open streams in this process. Default 20,000. */
  maxConnections?: number;
  /** Extra wait to coalesce a burst (per activity, latest wins). Default 0: the same event-loop turn. */
  coalesceMs?: number;
  /** The `retry:` hint sent to clients (EventSource reconnection delay), spread ±OPEN_RETRY_SPREAD_MS / 2. Default DEFAULT_RETRY_MS. */
  retryMs?: number;
  /** Server clock for the ready event. */
  now?: () => number;
  /** Told when a stream is dropped for being slow (logging, metrics). */
  onDrop?: (client: PushClient, bufferedBytes: number) => void;
  /** Told after a batch of change events was written to every stream that follows them (push-lag metric). */
  onWritten?: (events: readonly LiveChangeEvent[]) => void;
}

export interface PushClient {
  /** The bearer's user id; null for anonymous clients. */
  userId: number | null;
  /** Client address (the per-address limit of anonymous clients). */
  ip: string;
  /** The activities this stream follows; null: every live activity (the hall). */
  activityIds: readonly number[] | null;
}

/** Why a stream was refused: too many for this user, for this address, or for the process; or the process is stopping. */
export type PushRefusal = 'user' | 'ip' | 'global' | 'draining';

/** The `retry:` hint of the drain notice: the client reconnects after about this long… */
export const DRAIN_RETRY_MS = 1000;
/**
 * The `retry:` hint at open, about which a client whose stream broke (its node died) comes back: 1–3 s with
 * the spread below. Re-attached and caught up within 5 s of a node's death with 5,000 of its streams
 * moving at once (bench:nodes); EventSource's customary 3 s put the slowest past it.
 */
export const DEFAULT_RETRY_MS = 2000;
/**
 * The `retry:` hint at open is spread this wide around retryMs (stream by stream, in turn): when a node
 * dies, its streams' clients come back over this long, not all in one instant (with thousands, the node
 * that takes them refused connections from its full backlog and the clients' backoff doubled: bench:nodes).
 */
export const OPEN_RETRY_SPREAD_MS = 2000;
/** …plus up to this, spread over the streams: a node's thousands of streams reach the others over seconds, not at once. */
export const DRAIN_SPREAD_MS = 5000;

export interface PushConnection {
  readonly client: PushClient;
  /** Removes the stream (idempotent); called when the request closes. Does not touch the sink. */
  close(): void;
}

export interface PushStats {
  connections: number;
  /** Streams dropped as slow consumers since start. */
  dropped: number;
  /** Change events fanned out since start (each serialised once). */
  events: number;
}

interface Connection extends PushConnection {
  readonly sink: PushSink;
  readonly key: string;
  closed: boolean;
  /** Resuming: its Last-Event-ID and the batches published until resume() (written then, or dropped). */
  catchUp?: { after: number; held: LoggedChange[][] };
}

const HEARTBEAT = ': hb\n\n';

const frameOf = (change: LoggedChange): string => `id: ${change.id}\nevent: ${LIVE_EVENT_CHANGE}\ndata: ${JSON.stringify(change.event)}\n\n`;

/** Whether a stream gets an activity's event: the hall every live or just-ended one, a room its own. */
function follows(client: PushClient, event: LiveChangeEvent): boolean {
  return client.activityIds === null ? event.status !== 'scheduled' : client.activityIds.includes(event.activityId);
}

export class PushHub {
  private readonly heartbeatMs: number;
  private readonly maxBuffered: number;
  private readonly perUser: number;
  private readonly perIp: number;
  private readonly maxConnections: number;
  private readonly coalesceMs: number;
  private readonly retryMs: number;
  /** Streams opened so far (each one's retry hint takes the next step of the spread). */
  private opened = 0;
  /** Every open stream. */
  private readonly connections = new Set<Connection>();
  /** Streams without a filter (the hall). */
  private readonly everything = new Set<Connection>();
  /** Filtered streams by the activity ids they follow. */
  private readonly byActivity = new Map<number, Set<Connection>>();
  /** Open streams per limit key (`u:<id>` or `ip:<address>`). */
  private readonly perKey = new Map<string, number>();
  private readonly pending = new Map<number, LoggedChange>();
  /** The event log position of the pending batch, and the one written: every change up to it was written. */
  private pendingPosition = 0;
  private position = 0;
  private flushScheduled = false;
  private heartbeat: NodeJS.Timeout | undefined;
  private dropped = 0;
  private events = 0;
  private closed = false;
  private draining = false;

  constructor(private readonly options: PushHubOptions = {}) {
    this.heartbeatMs = options.heartbeatMs ?? 15_000;
    this.maxBuffered = options.maxBufferedBytes ?? 256 * 1024;
    this.perUser = options.perUser ?? 8;
    this.perIp = options.perIp ?? 32;
    this.maxConnections = options.maxConnections ?? 20_000;
    this.coalesceMs = options.coalesceMs ?? 0;
    this.retryMs = options.retryMs ?? DEFAULT_RETRY_MS;
  }

  get size(): number {
    return this.connections.size;
  }

  stats(): PushStats {
    return { connections: this.connections.size, dropped: this.dropped, events: this.events };
  }

  /** null when a stream for this client may open now; otherwise which limit refuses it. */
  admit(client: PushClient): PushRefusal | null {
    if (this.draining) return 'draining';
    if (this.closed || this.connections.size >= this.maxConnections) return 'global';
    const key = keyOf(client);
    const open = this.perKey.get(key) ?? 0;
    if (client.userId !== null) return open >= this.perUser ? 'user' : null;
    return open >= this.perIp ? 'ip' : null;
  }

  /**
   * Starts a stream on `sink` (headers already sent): the retry hint and the ready event, then changes.
   * With `resume` (the client sent Last-Event-ID `after`): only the retry hint; what is published is held
   * until `resume()`. Throws when `admit()` would refuse (call it first, in the same turn).
   */
  open(sink: PushSink, client: PushClient, resume?: { after: number }): PushConnection {
    const refusal = this.admit(client);
    if (refusal) throw new Error(`push: stream refused (${refusal})`);
    const key = keyOf(client);
    const connection: Connection = { sink, client, key, closed: false, close: () => this.remove(connection) };
    if (resume) connection.catchUp = { after: resume.after, held: [] };
    this.connections.add(connection);
    this.perKey.set(key, (this.perKey.get(key) ?? 0) + 1);
    if (client.activityIds === null) this.everything.add(connection);
    else
      for (const id of new Set(client.activityIds)) {
        let set = this.byActivity.get(id);
        if (!set) this.byActivity.set(id, (set = new Set()));
        set.add(connection);
      }
    const step = OPEN_RETRY_SPREAD_MS / 20;
    const retry = Math.max(step, this.retryMs - OPEN_RETRY_SPREAD_MS / 2 + (this.opened++ % 20) * step);
    if (resume) this.send(connection, `retry: ${retry}\n\n`);
    else this.send(connection, `retry: ${retry}\n${this.readyFrame()}`);
    this.startHeartbeat();
    return connection;
  }

  private readyFrame(resumed?: boolean): string {
    const ready: LiveReadyEvent = { serverTime: (this.options.now ?? Date.now)(), heartbeatMs: this.heartbeatMs, ...(resumed === undefined ? {} : { resumed }) };
    return `event: ${LIVE_EVENT_READY}\ndata: ${JSON.stringify(ready)}\n\n`;
  }

  /**
   * A resuming stream (`open(…, { resume })`) gets `ready` and either the replay (changes after its id up
   * to `upTo`, in id order) or `event: resync`; then what was published meanwhile that is newer than both
   * its id and the replay. From then on it is an ordinary stream. No-op for a stream already closed.
   */
  resume(handle: PushConnection, outcome: ResumeOutcome): void {
    const connection = handle as Connection;
    const catchUp = connection.catchUp;
    if (connection.closed || !catchUp) return;
    connection.catchUp = undefined;
    const { client } = connection;
    let chunk: string;
    // Held changes the client may lack: those of rows keyed from `seen` on. An id is at most its key + 1,
    // so `id >= seen` keeps all of them (and at worst one it has: the newer state wins, no harm).
    let seen = catchUp.after;
    if ('resync' in outcome) {
      const resync: LiveResyncEvent = { reason: outcome.resync };
      chunk = this.readyFrame(false) + `event: ${LIVE_EVENT_RESYNC}\ndata: ${JSON.stringify(resync)}\n\n`;
      seen = -Infinity; // the client re-syncs from scratch: everything held is news to it
    } else {
      chunk = this.readyFrame(true) + outcome.changes.filter((c) => follows(client, c.event)).map(frameOf).join('');
      seen = Math.max(seen, outcome.upTo);
    }
    for (const batch of catchUp.held) for (const c of batch) if (c.id >= seen && follows(client, c.event)) chunk += frameOf(c);
    this.send(connection, chunk);
  }
  /** Whether a publish would reach anyone (callers skip building events otherwise). */
  get listening(): boolean {
    return this.connections.size > 0;
  }

  /**
   * Queues changes (in id order) for the next flush; a later change of the same activity replaces an
   * earlier one. `upTo`: the event log position they complete (the heartbeat's id once written).
   */
  publish(changes: readonly LoggedChange[], upTo = changes.at(-1)?.id ?? 0): void {
    if (this.closed) return;
    if (this.connections.size === 0 && this.pending.size === 0) {
      this.position = Math.max(this.position, upTo);
      return;
    }
    this.pendingPosition = Math.max(this.pendingPosition, upTo);
    for (const change of changes) {
      this.pending.delete(change.event.activityId); // re-inserted last: events go out in the order of their latest change
      this.pending.set(change.event.activityId, change);
    }
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    if (this.coalesceMs > 0) setTimeout(() => this.flush(), this.coalesceMs);
    else setImmediate(() => this.flush());
  }

  /** Writes the pending events now (publish schedules this; tests may call it). */
  flush(): void {
    this.flushScheduled = false;
    this.position = Math.max(this.position, this.pendingPosition);
    if (this.pending.size === 0) return;
    const batch = [...this.pending.values()];
    this.pending.clear();
    if (this.closed) return;
    this.write(batch);
    this.options.onWritten?.(batch.map((c) => c.event));
  }

  private write(changes: LoggedChange[]): void {
    const batch = changes.map((c) => c.event);
    const frames = changes.map(frameOf);
    this.events += frames.length;
    // Resuming streams hold the batch (resume() writes what their replay did not cover).
    for (const connection of this.connections) connection.catchUp?.held.push(changes);

    // The hall: every live or just-ended activity, one string for every such stream.
    const hall = frames.filter((_, i) => batch[i]!.status !== 'scheduled').join('');
    if (hall !== '') for (const connection of [...this.everything]) if (!connection.catchUp) this.send(connection, hall);

    // Filtered streams: one write per stream, of the frames it follows.
    if (this.byActivity.size === 0) return;
    if (batch.length === 1) {
      for (const connection of [...(this.byActivity.get(batch[0]!.activityId) ?? [])]) if (!connection.catchUp) this.send(connection, frames[0]!);
      return;
    }
    const chunks = new Map<Connection, string>();
    batch.forEach((event, i) => {
      for (const connection of this.byActivity.get(event.activityId) ?? [])
        if (!connection.catchUp) chunks.set(connection, (chunks.get(connection) ?? '') + frames[i]!);
    });
    for (const [connection, chunk] of chunks) this.send(connection, chunk);
  }

  /**
   * Graceful shutdown, before the server stops accepting: refuses new streams from now on, writes what is
   * pending, then tells every stream to reconnect (`retry: ms` + `event: reconnect`, which the live worker
   * treats as the end of a stream: it reconnects after `ms`) and ends it; `ms` runs from retryMs to
   * retryMs + spreadMs over the streams, so they do not all arrive at another node in one instant. Idempotent.
   */
  drain(retryMs = DRAIN_RETRY_MS, spreadMs = DRAIN_SPREAD_MS): void {
    if (this.draining || this.closed) return;
    this.draining = true;
    this.flush();
    const notice = (ms: number) => `retry: ${ms}\nevent: ${LIVE_EVENT_RECONNECT}\ndata: ${JSON.stringify({ reason: 'draining', retryMs: ms })}\n\n`;
    this.stopHeartbeat();
    const streams = [...this.connections];
    for (const [i, connection] of streams.entries()) {
      const { sink } = connection;
      const buffered = sink.writableLength;
      this.remove(connection);
      // A stream that stopped reading would hold the socket open: destroyed as a slow one would be.
      if (buffered > this.maxBuffered) {
        sink.destroy();
        continue;
      }
      sink.write(notice(retryMs + Math.round((spreadMs * i) / streams.length)));
      sink.end();
    }
  }

  /** Ends every stream (app shutdown): `app.close()` must not wait for clients that never hang up. */
  close(): void {
    this.closed = true;
    this.pending.clear();
    this.stopHeartbeat();
    for (const connection of [...this.connections]) {
      this.remove(connection);
      // A stream with unsent bytes may never drain (a client that stopped reading): destroy it.
      if (connection.sink.writableLength > 0) connection.sink.destroy();
      else connection.sink.end();
    }
  }

  private send(connection: Connection, chunk: string): void {
    if (connection.closed) return;
    const { sink } = connection;
    // What the previous writes left unsent. write() returning false alone only means "above the socket's
    // high-water mark" (16 kB), which one batch of a hall stream may pass; the bound is on what stays
    // unsent, so a stream holds at most maxBufferedBytes plus one batch.
    const buffered = sink.writableLength;
    if (buffered > this.maxBuffered) {
      this.remove(connection);
      this.dropped += 1;
      this.options.onDrop?.(connection.client, buffered);
      sink.destroy();
      return;
    }
    sink.write(chunk);
  }

  private remove(connection: Connection): void {
    if (connection.closed) return;
    connection.closed = true;
    this.connections.delete(connection);
    this.everything.delete(connection);
    for (const id of connection.client.activityIds ?? []) {
      const set = this.byActivity.get(id);
      set?.delete(connection);
      if (set?.size === 0) this.byActivity.delete(id);
    }
    const left = (this.perKey.get(connection.key) ?? 1) - 1;
    if (left > 0) this.perKey.set(connection.key, left);
    else this.perKey.delete(connection.key);
    if (this.connections.size === 0) this.stopHeartbeat();
  }

  private startHeartbeat(): void {
    if (this.heartbeat || this.heartbeatMs <= 0) return;
    this.heartbeat = setInterval(() => {
      // Every change up to `position` was written to every stream that follows it: the id moves them all.
      // (An empty data line: a message with an id alone is dropped by some parsers before its id is kept.)
      const marked = this.position > 0 ? `: hb\nid: ${this.position}\ndata:\n\n` : HEARTBEAT;
      for (const connection of [...this.connections]) this.send(connection, connection.catchUp ? HEARTBEAT : marked);
    }, this.heartbeatMs);
    this.heartbeat.unref();
  }

  private stopHeartbeat(): void {
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }
}

function keyOf(client: PushClient): string {
  return client.userId !== null ? `u:${client.userId}` : `ip:${client.ip}`;
}
