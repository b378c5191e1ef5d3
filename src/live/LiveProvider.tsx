import { useState, type ReactNode } from 'react';
import type { LiveClient } from './liveClient';
import type { LiveConfig } from '../../workers/protocol/protocol';
import { LiveContext } from './useLive';
import { getLiveClient } from './worker';

export type LiveProviderProps =
  | { client: LiveClient; config?: undefined; children?: ReactNode }
  | { client?: undefined; config: LiveConfig; children?: ReactNode };

/**
 * Provides the live client: `config` → the app's worker singleton (started on first render);
 * `client` → any other client (tests: `createLiveClient(createLiveService(fakeEnv))`).
 */
export function LiveProvider(props: LiveProviderProps) {
  const [client] = useState<LiveClient>(() => props.client ?? getLiveClient(props.config as LiveConfig));
  return <LiveContext.Provider value={client}>{props.children}</LiveContext.Provider>;
}
