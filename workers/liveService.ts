/**
 * The worker's API, pure and in-process: `createLiveService(env)` is what `live.worker.ts` exposes through
 * comlink and what tests call directly.
 *
 * Adding a stream: its types in `LiveStreams` (workers/protocol/protocol.ts), its producer in `producers` below.
 */
import { BehaviorSubject, Subject, defer, distinctUntilChanged, finalize, map, of, type Observable, type Subscription } from 'rxjs';
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
  createStreamEncoder,
  type StreamName,
  type StreamParams,
  type StreamWire,
} from './protocol/protocol';
import type { FrameEncoder } from './protocol/frames';
import type { LiveChangeEvent } from '#domain/contract/liveEvents';
import { createBiddingData$ } from './biddingData';
import { createClock$ } from './clock';
import { createDesk$ } from './desk';
import type { ProducerContext, Producers } from './context';
import type { LiveEnv } from './env';
import { createHall$ } from './hall';
import { createMaxRate$ } from './maxRate';
import { createMine$ } from './mine';
import { createLivePush, parseChangeEvent } from './push';
import { shareLatest } from './rx';
import { createTokenCheck$ } from './token';
import { createUpcoming$ } from './upcoming';
import { createVersion$ } from './version';
import { createWatch$ } from './watch';

/** Stream name → producer. One entry per `LiveStreams` key (the type makes a missing one an error). */
export const producers: Producers = {
  // The one clock of the worker: every countdown stream ticks on this same shared instance.
  clock: (_params, ctx) => ctx.clock$,
  pushLink: (_params, ctx) => (ctx.push?.healthy$ ?? of(false)).pipe(map((push) => ({ push }))),
  version: (_params, ctx) => createVersion$(ctx),
  token: (params, ctx) => createTokenCheck$(params, ctx),
  hall: (params, ctx) => createHall$(params, ctx),
  upcoming: (params, ctx) => createUpcoming$(params, ctx),
  maxRate: (params, ctx) => createMaxRate$(params, ctx),
  biddingData: (params, ctx) => createBiddingData$(params, ctx),
  mine: (params, ctx) => createMine$(params, ctx),
  desk: (params, ctx) => createDesk$(params, ctx),
  watch: (params, ctx) => createWatch$(params, ctx),
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
  const partial = {
    env,
    config: () => config,
    visible$: visibility.pipe(distinctUntilChanged()),
  };
  // Lazy and refcounted (shareLatest): the clock runs while any stream that needs it is watched.
  // The one push connection: opened while a stream watches its changes, closed when none does.
  const push = createLivePush(partial);
  const own = new Subject<number>();
  const ctx: ProducerContext = {
    ...partial,
    clock$: createClock$(partial),
    push,
    own$: own.asObservable(),
    // Shared with the stream's other subscribers (the room's own biddingData), held while subscribed.
    stream: (name, params) =>
      defer(() => {
        const [observable, release] = acquire(name, params);
        return observable.pipe(finalize(release));
      }) as Observable<never>,
  };
  /** One shared Observable per (name, params) while someone is subscribed. */
  const entries = new Map<string, Entry>();
  const live = new Set<Subscription>();
  /** The rows each list stream's view shows (LiveApi.focus), by stream key; absent: every row. */
  const focused = new Map<string, ReadonlySet<number>>();
  /** Per stream key, the sinks' flush functions: a new focus sends what the old one held back. */
  const flushers = new Map<string, Set<() => void>>();

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
        if (held.refs === 0 && entries.get(key) === held) {
          entries.delete(key);
          focused.delete(key);
        }
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
    sink: LiveSink<StreamWire<K>>,
  ): LiveUnsubscribe => {
    const anySink = sink as LiveSink<unknown>;
    if (!isStreamName(name)) {
      deliver(String(name), anySink, { type: 'error', message: `unknown live stream '${String(name)}'` });
      return () => {};
    }
    const [observable, release] = acquire(name, params);
    const key = streamKey(name, params);
    // Per sink: its first frame is full whatever the shared stream already replayed to others.
    const encode = createStreamEncoder(name) as FrameEncoder<unknown, unknown>;
    const hold = (id: number) => !(focused.get(key)?.has(id) ?? true);
    /** The latest value, when the encoder held it back (focus). */
    let waiting: { value: unknown } | null = null;
    const send = (value: unknown) => {
      if (focused.has(key) && encode.holds?.(value, hold)) {
        waiting = { value };
        return;
      }
      waiting = null;
      deliver(name, anySink, { type: 'value', value: encode(value) });
    };
    const flush = () => {
      if (waiting) send(waiting.value);
    };
    let sinks = flushers.get(key);
    if (!sinks) flushers.set(key, (sinks = new Set()));
    sinks.add(flush);
    let released = false;
    const subscription = observable.subscribe({
      next: send,
      error: (error: unknown) => {
        env.log(`${name}: stream failed`, error);
        deliver(name, anySink, { type: 'error', message: error instanceof Error ? error.message : String(error) });
      },
      complete: () => deliver(name, anySink, { type: 'complete' }),
    });
    const unsubscribe = () => {
      if (released) return;
      released = true;
      sinks.delete(flush);
      if (sinks.size === 0 && flushers.get(key) === sinks) flushers.delete(key);
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
    resync(activityId: number) {
      if (typeof activityId === 'number' && Number.isFinite(activityId)) push.resync(activityId);
    },
    accepted(activityId: number, state: LiveChangeEvent | null) {
      if (typeof activityId !== 'number' || !Number.isFinite(activityId)) return;
      // What crossed the thread boundary is checked as a pushed event is.
      const event = state && typeof state === 'object' ? parseChangeEvent(JSON.stringify(state)) : null;
      if (event && event.activityId === activityId) push.inject(event);
      else push.resync(activityId);
      own.next(activityId);
    },
    setAccessToken(token: string | null) {
      push.setAccessToken(typeof token === 'string' && token ? token : null);
    },
    focus(key: string, activityIds: readonly number[] | null) {
      if (typeof key !== 'string') return;
      if (activityIds === null || !Array.isArray(activityIds)) focused.delete(key);
      else focused.set(key, new Set(activityIds.filter((id) => typeof id === 'number' && Number.isFinite(id))));
      for (const flush of flushers.get(key) ?? []) flush();
    },
    dispose() {
      push.close();
      for (const subscription of [...live]) subscription.unsubscribe();
      live.clear();
      entries.clear();
    },
  };
}
