import type { Observable } from 'rxjs';
import type { ClockValue, ResolvedLiveConfig, StreamName, StreamParams, StreamValue } from '../src/live/protocol';
import type { LiveEnv } from './env';
import type { LivePush } from './push';

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
}

/** What a producer that needs no clock takes (the clock itself, the version poll, the token check). */
export type BaseContext = Omit<ProducerContext, 'clock$' | 'push'>;

/** Builds the (cold) Observable of one stream for one set of params; the service shares it per key. */
export type Producer<K extends StreamName> = (params: StreamParams<K>, ctx: ProducerContext) => Observable<StreamValue<K>>;

/** Exactly one producer per stream of `LiveStreams`: the compiler enforces completeness. */
export type Producers = { [K in StreamName]: Producer<K> };
