import { createContext, useContext } from 'react';
import type { Observable } from 'rxjs';
import type { LiveClient } from './liveClient';
import type { StreamName, StreamParamsArgs, StreamValue } from '../../workers/protocol/protocol';
import { useObservable } from './useObservable';

export const LiveContext = createContext<LiveClient | null>(null);

/** The live client of the nearest `<LiveProvider>`. */
export function useLive(): LiveClient {
  const client = useContext(LiveContext);
  if (!client) throw new Error('useLive() needs a <LiveProvider> above it');
  return client;
}

/**
 * The latest value of a live stream, `initial` until the first one. Stable: `live.stream` returns the
 * same Observable for the same (name, params), so this subscribes once per mount.
 */
export function useLiveStream<K extends StreamName, I = StreamValue<K>>(
  name: K,
  initial: StreamValue<K> | I,
  ...params: StreamParamsArgs<K>
): StreamValue<K> | I {
  const live = useLive();
  const observable: Observable<StreamValue<K> | I> = live.stream(name, ...params);
  return useObservable(observable, initial);
}
