/**
 * The worker's API, pure and in-process: `createLiveService(env)` is what `live.worker.ts` exposes through
 * comlink and what tests call directly.
 *
 * Adding a stream: its types in `LiveStreams` (src/live/protocol.ts), its producer in `producers` below.
 */
import { BehaviorSubject, defer, distinctUntilChanged, type Observable, type Subscription } from 'rxjs';
import {
  isStreamName,
  resolveLiveConfig,
  streamKey,
  type LiveApi,
  type LiveConfig,
  type LiveEvent,
  type LiveSink,
  type LiveUnsubscribe,
  type ResolvedLiveConfig,
  type StreamName,
  type StreamParams,
  type StreamValue,
} from '../src/live/protocol';
import { createClock$ } from './clock';
import type { ProducerContext, Producers } from './context';
import type { LiveEnv } from './env';
import { shareLatest } from './rx';
import { createTokenCheck$ } from './token';
import { createVersion$ } from './version';

/** Stream name → producer. One entry per `LiveStreams` key (the type makes a missing one an error). */
export const producers: Producers = {
  clock: (_params, ctx) => createClock$(ctx),
  version: (_params, ctx) => createVersion$(ctx),
  token: (params, ctx) => createTokenCheck$(params, ctx),
};

export interface LiveService extends LiveApi {
  /** Ends every subscription (tests; worker shutdown). */
  dispose(): void;
}

export interface LiveServiceOptions {
  /** Replace producers (tests). */
  producers?: Partial<Producers>;
}

interface Entry {
  observable: Observable<unknown>;
  refs: number;
}

export function createLiveService(env: LiveEnv, options: LiveServiceOptions = {}): LiveService {
  const table: Producers = { ...producers, ...options.producers };
  let config: ResolvedLiveConfig = resolveLiveConfig(undefined);
  const visibility = new BehaviorSubject<boolean>(true);
  const ctx: ProducerContext = {
    env,
    config: () => config,
    visible$: visibility.pipe(distinctUntilChanged()),
  };
  /** One shared Observable per (name, params) while someone is subscribed. */
  const entries = new Map<string, Entry>();
  const live = new Set<Subscription>();

  const acquire = (name: StreamName, params: unknown): [Observable<unknown>, () => void] => {
    const key = streamKey(name, params);
    let entry = entries.get(key);
    if (!entry) {
      const producer = table[name] as (p: unknown, c: ProducerContext) => Observable<unknown>;
      // `defer`: a producer that throws becomes an error of this stream, not of the worker.
      entry = { observable: defer(() => producer(params ?? {}, ctx)).pipe(shareLatest()), refs: 0 };
      entries.set(key, entry);
    }
    entry.refs += 1;
    const held = entry;
    return [
      held.observable,
      () => {
        held.refs -= 1;
        if (held.refs === 0 && entries.get(key) === held) entries.delete(key);
      },
    ];
  };

  const deliver = (name: string, sink: LiveSink<unknown>, event: LiveEvent<unknown>) => {
    try {
      const result = sink(event);
      if (result && typeof (result as Promise<void>).then === 'function') {
        (result as Promise<void>).then(undefined, (error: unknown) => env.log(`${name}: sink rejected`, error));
      }
    } catch (error) {
      env.log(`${name}: sink threw`, error);
    }
  };

  const subscribe = <K extends StreamName>(
    name: K,
    params: StreamParams<K>,
    sink: LiveSink<StreamValue<K>>,
  ): LiveUnsubscribe => {
    const anySink = sink as LiveSink<unknown>;
    if (!isStreamName(name)) {
      deliver(String(name), anySink, { type: 'error', message: `unknown live stream '${String(name)}'` });
      return () => {};
    }
    const [observable, release] = acquire(name, params);
    let released = false;
    const subscription = observable.subscribe({
      next: (value) => deliver(name, anySink, { type: 'value', value }),
      error: (error: unknown) => {
        env.log(`${name}: stream failed`, error);
        deliver(name, anySink, { type: 'error', message: error instanceof Error ? error.message : String(error) });
      },
      complete: () => deliver(name, anySink, { type: 'complete' }),
    });
    const unsubscribe = () => {
      if (released) return;
      released = true;
      live.delete(subscription);
      subscription.unsubscribe();
      release();
    };
    if (subscription.closed) unsubscribe();
    else live.add(subscription);
    return unsubscribe;
  };

  return {
    configure(next: LiveConfig) {
      config = resolveLiveConfig(next);
    },
    subscribe,
    setVisibility(visible: boolean) {
      visibility.next(Boolean(visible));
    },
    dispose() {
      for (const subscription of [...live]) subscription.unsubscribe();
      live.clear();
      entries.clear();
    },
  };
}
