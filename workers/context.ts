import type { Observable } from 'rxjs';
import type { ClockValue, ResolvedLiveConfig, StreamName, StreamParams, StreamValue } from './protocol/protocol';
import type { LiveEnv } from './env';
import type { LiveChangeEvent } from '#domain/contract/liveEvents';

/** Which activities' change events a watcher wants. */
export type PushFilter = readonly number[] | 'all';

/** The worker's one push connection (workers/push.ts), as the producers see it. */
export interface LivePush {
  /** True while the push stream is healthy; replays the current state, distinct values only. */
  healthy$: Observable<boolean>;
  /** The change events of these activities (or all); watching keeps the connection open. */
  changes(filter: PushFilter): Observable<LiveChangeEvent>;
  /** Re-sync requests: an activity id, or null for every activity (push (re)connected). */
  resync$: Observable<number | null>;
  /** Ask the streams of one activity to re-sync now (a change known of, with no state in hand). */
  resync(activityId: number): void;
  /** A state in hand (the bidder's own accepted bid's answer) goes to the watchers as a pushed event would. */
  inject(event: LiveChangeEvent): void;
  /** The bearer sent with the stream (null: anonymous); a change reopens an open stream. */
  setAccessToken(token: string | null): void;
  /** Closes the connection and every timer (service dispose). */
  close(): void;
}

/** What every producer gets from the live service. */
export interface ProducerContext {
  env: LiveEnv;
  /** The current configuration (read it when a fetch starts, so `configure` applies to the next fetch). */
  config(): ResolvedLiveConfig;
  /** Tab visibility as the main thread reports it; replays the current state, distinct values only. */
  visible$: Observable<boolean>;
  /** The worker's one server-aligned 1 s clock (shared, refcounted): every countdown ticks on it. */
  clock$: Observable<ClockValue>;
  /** The worker's one push connection (absent: polling only, as in tests of a single producer). */
  push?: LivePush;
  /** Activities whose bidder's own change was just accepted (LiveApi.accepted). */
  own$?: Observable<number>;
  /** Another stream of the service, shared with its other subscribers (absent in tests of a single producer). */
  stream?<K extends StreamName>(name: K, params: StreamParams<K>): Observable<StreamValue<K>>;
}

/** What a producer that needs no clock takes (the clock itself, the version poll, the token check). */
export type BaseContext = Omit<ProducerContext, 'clock$' | 'push' | 'own$' | 'stream'>;

/** Builds the (cold) Observable of one stream for one set of params; the service shares it per key. */
export type Producer<K extends StreamName> = (params: StreamParams<K>, ctx: ProducerContext) => Observable<StreamValue<K>>;

/** Exactly one producer per stream of `LiveStreams`: the compiler enforces completeness. */
export type Producers = { [K in StreamName]: Producer<K> };
