import type { Observable } from 'rxjs';
import type { ResolvedLiveConfig, StreamName, StreamParams, StreamValue } from '../src/live/protocol';
import type { LiveEnv } from './env';

/** What every producer gets from the live service. */
export interface ProducerContext {
  env: LiveEnv;
  /** The current configuration (read it when a fetch starts, so `configure` applies to the next fetch). */
  config(): ResolvedLiveConfig;
  /** Tab visibility as the main thread reports it; replays the current state, distinct values only. */
  visible$: Observable<boolean>;
}

/** Builds the (cold) Observable of one stream for one set of params; the service shares it per key. */
export type Producer<K extends StreamName> = (params: StreamParams<K>, ctx: ProducerContext) => Observable<StreamValue<K>>;

/** Exactly one producer per stream of `LiveStreams`: the compiler enforces completeness. */
export type Producers = { [K in StreamName]: Producer<K> };
