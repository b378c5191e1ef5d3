/**
 * The main-thread face of the live worker: `live.stream(name, params)` is a typed RxJS Observable.
 *
 * - One worker subscription per distinct (name, params), however many views watch it: streams are
 *   multicast here (refcount; the latest value replayed to late subscribers) and cached by key, so the
 *   same call returns the same Observable (stable identity for `useObservable`).
 * - The first subscriber calls the remote `subscribe` with a `Comlink.proxy` callback; the last one leaving
 *   calls the returned handle and releases it (closing its MessagePort pair).
 * - No `observeOn(asyncScheduler)`: over comlink every value already arrives in its own MessagePort task,
 *   so there is no re-entrancy to break; `asyncScheduler` would add a main-thread `setTimeout` per message
 *   (the design forbids live main-thread timers) and delay every tick. With the in-process service (tests)
 *   delivery is synchronous, which RxJS and `useSyncExternalStore` both handle.
 * - Delta-encoded streams (frames.ts) are decoded here, per worker subscription, before multicasting: every
 *   value a view sees, and the one replayed to a late subscriber, is a full frame.
 * - The cache keeps one cold Observable per key ever requested (no connection while unobserved): a few
 *   hundred bytes per hall filter/page, in exchange for identity that stays stable across re-renders.
 */
import * as Comlink from 'comlink';
import { Observable, ReplaySubject, share } from 'rxjs';
import {
  createStreamDecoder,
  streamKey,
  type LiveConfig,
  type LiveEvent,
  type LiveRemote,
  type LiveSink,
  type LiveSinkPort,
  type LiveUnsubscribe,
  type StreamName,
  type StreamParams,
  type StreamParamsArgs,
  type StreamValue,
} from '../../workers/protocol/protocol';
import type { LiveChangeEvent } from '#domain/contract/liveEvents';

export interface LiveClient {
  /** The stream `name` for `params`; shared with every other caller of the same (name, params). */
  stream<K extends StreamName>(name: K, ...params: StreamParamsArgs<K>): Observable<StreamValue<K>>;
  /** Tab visibility (the worker re-syncs on `true`). Fire and forget. */
  setVisibility(visible: boolean): void;
  configure(config: LiveConfig): Promise<void>;
  /** One immediate re-sync poll of an activity (a change known of, with no state in hand). Fire and forget. */
  resync(activityId: number): void;
  /**
   * The bidder's own bid or join was accepted: the public state its answer carries (null: none) shows at
   * once, and his own fields (the `mine` stream) are asked again. Fire and forget.
   */
  accepted(activityId: number, state: LiveChangeEvent | null): void;
  /** The bearer of the worker's push connection (null: logged out). Fire and forget. */
  setAccessToken(token: string | null): void;
  /**
   * The rows of the list `name`/`params` its view shows now (null: every row): changes of the others between
   * ticks wait for the next tick (LiveApi.focus). Fire and forget.
   */
  focus<K extends StreamName>(name: K, params: StreamParams<K>, activityIds: readonly number[] | null): void;
}

/** A stream ended in the worker with an error (unknown name, failing producer). */
export class LiveStreamError extends Error {
  constructor(
    readonly stream: string,
    message: string,
  ) {
    super(`live stream '${stream}': ${message}`);
    this.name = 'LiveStreamError';
  }
}

export interface LiveClientOptions {
  /** Where failures of fire-and-forget calls go. Default `console.warn`. */
  onError?: (message: string, error: unknown) => void;
  /**
   * Stream events over a MessagePort per subscription, transferred to the worker (workers/comlinkApi.ts),
   * instead of a comlink proxy callback: one message per event, no reply. The app's worker client sets it;
   * the in-process service (tests) keeps the callback (synchronous delivery).
   */
  sinkPorts?: boolean;
}

export function createLiveClient(remote: LiveRemote, options: LiveClientOptions = {}): LiveClient {
  const onError = options.onError ?? ((message, error) => console.warn(`[live] ${message}`, error));
  const cache = new Map<string, Observable<unknown>>();

  /** Calls `fn` now; a throw or a rejection goes to `onError`. Resolves when it settled. */
  const attempt = (label: string, fn: () => unknown): Promise<void> => {
    let result: unknown;
    try {
      result = fn();
    } catch (error) {
      onError(label, error);
      return Promise.resolve();
    }
    return Promise.resolve(result).then(
      () => undefined,
      (error: unknown) => onError(label, error),
    );
  };

  const end = (name: string, unsubscribe: LiveUnsubscribe) => {
    // A comlink handle is a proxy with its own MessagePort pair: release it once the call went through.
    const release = (unsubscribe as Partial<Comlink.ProxyMethods>)[Comlink.releaseProxy];
    void attempt(`${name}: unsubscribe failed`, () => unsubscribe()).then(() => {
      if (typeof release === 'function') release();
    });
  };

  const connect = (name: StreamName, params: unknown): Observable<unknown> =>
    new Observable<unknown>((subscriber) => {
      let closed = false;
      let handle: LiveUnsubscribe | undefined;
      // One decoder per worker subscription: its first message is a full frame, later ones deltas.
      const decode = createStreamDecoder(name) as (wire: unknown) => unknown;
      const onEvent = (event: LiveEvent<unknown>) => {
        // After teardown the subscriber is closed and ignores late messages still in flight.
        if (event.type === 'value') {
          if (subscriber.closed) return;
          let value: unknown;
          try {
            value = decode(event.value);
          } catch (error) {
            subscriber.error(new LiveStreamError(name, error instanceof Error ? error.message : String(error)));
            return;
          }
          subscriber.next(value);
        } else if (event.type === 'error') subscriber.error(new LiveStreamError(name, event.message));
        else subscriber.complete();
      };
      let port: MessagePort | null = null;
      let sink: LiveSink<unknown> | LiveSinkPort;
      if (options.sinkPorts) {
        const channel = new MessageChannel();
        port = channel.port1;
        port.onmessage = (message: MessageEvent<LiveEvent<unknown>>) => onEvent(message.data);
        sink = Comlink.transfer(channel.port2, [channel.port2]);
      } else {
        sink = Comlink.proxy(onEvent);
      }
      let pending: LiveUnsubscribe | Promise<LiveUnsubscribe>;
      try {
        pending = remote.subscribe(name, (params ?? {}) as never, sink as never);
      } catch (error) {
        subscriber.error(error);
        return undefined;
      }
      const accept = (unsubscribe: LiveUnsubscribe) => {
        if (closed) end(name, unsubscribe);
        else handle = unsubscribe;
      };
      if (pending instanceof Promise) {
        pending.then(accept, (error: unknown) => {
          if (!closed) subscriber.error(error);
        });
      } else {
        accept(pending);
      }
      return () => {
        closed = true;
        if (handle) end(name, handle);
        handle = undefined;
        port?.close();
      };
    });

  return {
    stream<K extends StreamName>(name: K, ...args: StreamParamsArgs<K>): Observable<StreamValue<K>> {
      const params = args[0] ?? {};
      const key = streamKey(name, params);
      let shared = cache.get(key);
      if (!shared) {
        shared = connect(name, params).pipe(
          share({
            connector: () => new ReplaySubject<unknown>(1),
            resetOnError: true,
            resetOnComplete: true,
            resetOnRefCountZero: true,
          }),
        );
        cache.set(key, shared);
      }
      return shared as Observable<StreamValue<K>>;
    },
    setVisibility(visible: boolean) {
      void attempt('setVisibility failed', () => remote.setVisibility(visible));
    },
    async configure(config: LiveConfig) {
      await remote.configure(config);
    },
    resync(activityId: number) {
      void attempt('resync failed', () => remote.resync?.(activityId));
    },
    accepted(activityId: number, state: LiveChangeEvent | null) {
      void attempt('accepted failed', () => remote.accepted?.(activityId, state));
    },
    setAccessToken(token: string | null) {
      void attempt('setAccessToken failed', () => remote.setAccessToken?.(token));
    },
    focus(name, params, activityIds) {
      void attempt('focus failed', () => remote.focus?.(streamKey(name, params ?? {}), activityIds));
    },
  };
}
