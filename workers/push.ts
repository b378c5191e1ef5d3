/**
 * The worker's one push connection (guide/performance.md "Push"): a streamed `fetch` of
 * `GET …/live/events[?activityIds=…]` read with `SseParser` (not `EventSource`: it cannot send the bearer).
 *
 * - open while any stream watches `changes(…)`, closed when none does; it follows the union of the
 *   watched activity ids, or every activity when one watcher asks for 'all' (the hall); a change of that
 *   filter (or of the token) reopens it on the next turn;
 * - healthy (`healthy$` true) from `event: ready` on, as long as some bytes (an event or a `: hb`) arrive
 *   within 2 × heartbeatMs + HEARTBEAT_MARGIN_MS; the polls slow down while it is, and return to their
 *   normal rate the moment it is not;
 * - failure (connection error, HTTP error, end of stream, silence) → unhealthy at once, reconnect with
 *   backoff (the server's `retry:` as the first delay, doubling up to PUSH_MAX_BACKOFF_MS);
 * - a reconnect of the same stream (same filter and token) sends `Last-Event-ID`, the last id received:
 *   the server replays what changed meanwhile, on whichever process answers (docs/live.md "Events that
 *   resume"); a stream with another filter starts fresh;
 * - every `ready` asks the polls for one immediate re-sync (`resync$` emits null: every activity);
 *   `resync(id)` asks the streams of one activity; `inject(event)` hands them a state already in hand
 *   (the bidder's own accepted bid's answer) as if it had been pushed.
 * Every timer goes through the injected env (fake timers in tests).
 */
import { BehaviorSubject, distinctUntilChanged, Observable, Subject } from 'rxjs';
import { LIVE_EVENT_CHANGE, LIVE_EVENT_READY, LIVE_EVENTS_MAX_IDS, LIVE_EVENTS_PATH, type LiveChangeEvent, type LiveReadyEvent } from '#domain/contract/liveEvents';
import { SseParser } from './sse';
import type { BaseContext, LivePush, PushFilter } from './context';
import type { TimerId } from './env';
import { apiHeaders, HttpStatusError } from './http';
import { backoffDelay } from './poller';

/** Heartbeat assumed until the stream's `ready` says otherwise (the server's default). */
export const DEFAULT_HEARTBEAT_MS = 15_000;
/** Slack on top of 2 × heartbeat before silence counts as a dead stream. */
export const HEARTBEAT_MARGIN_MS = 2_000;
export const PUSH_INITIAL_BACKOFF_MS = 1_000;
export const PUSH_MAX_BACKOFF_MS = 30_000;

/** `?activityIds=…` of a filter ('' for all); ids sorted so equal sets give equal URLs. */
export function pushQuery(ids: ReadonlySet<number> | 'all'): string {
  if (ids === 'all') return '';
  const sorted = [...ids].sort((a, b) => a - b).slice(0, LIVE_EVENTS_MAX_IDS);
  return `?activityIds=${sorted.join(',')}`;
}

/** A change event from a `data:` line, or null when it is not one. */
export function parseChangeEvent(data: string): LiveChangeEvent | null {
  try {
    const event = JSON.parse(data) as Partial<LiveChangeEvent> | null;
    if (!event || typeof event.activityId !== 'number' || typeof event.lockVersion !== 'number') return null;
    return event as LiveChangeEvent;
  } catch {
    return null;
  }
}

export function createLivePush(ctx: BaseContext): LivePush {
  const { env } = ctx;
  const healthy = new BehaviorSubject(false);
  const events = new Subject<LiveChangeEvent>();
  const resyncs = new Subject<number | null>();
  const watchers = new Map<symbol, PushFilter>();
  let token: string | null = null;

  /** The open (or opening) connection: its URL + token, and the abort of its fetch. */
  let current: { key: string; controller: AbortController } | null = null;
  /** The last event id received, and the stream (URL + token) it belongs to. */
  let resumeFrom: { key: string; id: string } | null = null;
  let failures = 0;
  let retryMs = PUSH_INITIAL_BACKOFF_MS;
  let heartbeatMs = DEFAULT_HEARTBEAT_MS;
  let reconnectTimer: TimerId | undefined;
  let watchdog: TimerId | undefined;
  let syncTimer: TimerId | undefined;

  const clear = (timer: TimerId | undefined) => {
    if (timer !== undefined) env.clearTimeout(timer);
  };

  const wantedKey = (): string | null => {
    if (watchers.size === 0) return null;
    let ids: Set<number> | 'all' = new Set<number>();
    for (const filter of watchers.values()) {
      if (filter === 'all') {
        ids = 'all';
        break;
      }
      for (const id of filter) ids.add(id);
    }
    if (ids !== 'all' && ids.size === 0) return null;
    return `${pushQuery(ids)}#${token ?? ''}`;
  };

  const disconnect = () => {
    clear(watchdog);
    watchdog = undefined;
    clear(reconnectTimer);
    reconnectTimer = undefined;
    current?.controller.abort();
    current = null;
    healthy.next(false);
  };

  const fail = (controller: AbortController, error: unknown) => {
    if (current?.controller !== controller) return; // an old connection's late failure
    disconnect();
    failures += 1;
    const delay = backoffDelay(failures, retryMs, { maxMs: PUSH_MAX_BACKOFF_MS });
    env.log(`push: stream failed (${failures} in a row), reconnecting in ${delay} ms`, error);
    reconnectTimer = env.setTimeout(() => {
      reconnectTimer = undefined;
      sync();
    }, delay);
  };

  /** Bytes arrived: the stream is alive for another 2 × heartbeat + margin. */
  const alive = (controller: AbortController) => {
    clear(watchdog);
    watchdog = env.setTimeout(
      () => fail(controller, new Error(`push: no data for ${2 * heartbeatMs + HEARTBEAT_MARGIN_MS} ms`)),
      2 * heartbeatMs + HEARTBEAT_MARGIN_MS,
    );
  };

  const connect = (key: string) => {
    const controller = new AbortController();
    current = { key, controller };
    const query = key.slice(0, key.indexOf('#'));
    const { apiBase, clientId } = ctx.config();
    const url = `${apiBase}${LIVE_EVENTS_PATH}${query}`;
    const headers: Record<string, string> = { Accept: 'text/event-stream', ...apiHeaders(clientId) };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (resumeFrom?.key === key) headers['Last-Event-ID'] = resumeFrom.id;
    heartbeatMs = DEFAULT_HEARTBEAT_MS;
    alive(controller); // a connection that never answers is a failure too
    void (async () => {
      const response = await env.fetch(url, { method: 'GET', headers, cache: 'no-store', signal: controller.signal });
      if (!response.ok || !response.body) throw new HttpStatusError(url, response.status);
      const reader = response.body.getReader();
      controller.signal.addEventListener('abort', () => void reader.cancel().catch(() => undefined), { once: true });
      const decoder = new TextDecoder();
      const parser = new SseParser();
      for (;;) {
        const { done, value } = await reader.read();
        if (current?.controller !== controller) {
          void reader.cancel().catch(() => undefined);
          return;
        }
        if (done) throw new Error('push: the stream ended');
        alive(controller);
        for (const message of parser.push(decoder.decode(value, { stream: true }))) {
          if (parser.retry !== undefined) retryMs = Math.max(PUSH_INITIAL_BACKOFF_MS, parser.retry);
          if (message.id !== undefined) resumeFrom = { key, id: message.id };
          if (message.event === LIVE_EVENT_READY) {
            const ready = JSON.parse(message.data) as Partial<LiveReadyEvent>;
            if (typeof ready.heartbeatMs === 'number' && ready.heartbeatMs > 0) heartbeatMs = ready.heartbeatMs;
            alive(controller);
            failures = 0;
            healthy.next(true);
            resyncs.next(null); // events reach us from now on: one re-sync poll closes the gap
          } else if (message.event === LIVE_EVENT_CHANGE) {
            const event = parseChangeEvent(message.data);
            if (event) events.next(event);
          }
        }
      }
    })().catch((error: unknown) => fail(controller, error));
  };

  /** Opens, reopens or closes the connection to match the watchers (and the token). */
  const sync = () => {
    const key = wantedKey();
    if (key === null) {
      failures = 0;
      disconnect();
      return;
    }
    if (current?.key === key || reconnectTimer !== undefined) return; // open, or waiting out a backoff
    if (current) disconnect();
    connect(key);
  };

  /** Watchers come and go in bursts (a page of streams): settle once, on the next turn. */
  const syncSoon = () => {
    if (syncTimer !== undefined) return;
    syncTimer = env.setTimeout(() => {
      syncTimer = undefined;
      sync();
    }, 0);
  };

  return {
    healthy$: healthy.pipe(distinctUntilChanged()),
    changes(filter: PushFilter) {
      return new Observable<LiveChangeEvent>((subscriber) => {
        const id = Symbol('watcher');
        const ids = filter === 'all' ? null : new Set(filter);
        watchers.set(id, filter);
        syncSoon();
        const subscription = events.subscribe((event) => {
          if (ids === null || ids.has(event.activityId)) subscriber.next(event);
        });
        return () => {
          subscription.unsubscribe();
          watchers.delete(id);
          syncSoon();
        };
      });
    },
    resync$: resyncs.asObservable(),
    resync(activityId: number) {
      resyncs.next(activityId);
    },
    inject(event: LiveChangeEvent) {
      events.next(event);
    },
    setAccessToken(next: string | null) {
      if ((next || null) === token) return;
      token = next || null;
      syncSoon();
    },
    close() {
      watchers.clear();
      resumeFrom = null;
      clear(syncTimer);
      syncTimer = undefined;
      failures = 0;
      disconnect();
    },
  };
}
