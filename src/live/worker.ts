/**
 * Starts the one live worker and returns its client. The app uses `getLiveClient(config)` (a lazily
 * created singleton) through `<LiveProvider>`; tests give `<LiveProvider client={…}>` an in-process client.
 */
import * as Comlink from 'comlink';
import { createLiveClient, type LiveClient } from './liveClient';
import type { LiveApi, LiveConfig } from '../../workers/protocol/protocol';

export interface LiveWorkerClient extends LiveClient {
  /** Stops the worker and the visibility wiring (tests, HMR). */
  terminate(): void;
}

export function startLiveWorker(config: LiveConfig): LiveWorkerClient {
  const worker = new Worker(new URL('../../workers/live.worker.ts', import.meta.url), {
    type: 'module',
    name: 'live',
  });
  const remote = Comlink.wrap<LiveApi>(worker);
  // Events stream over one transferred MessagePort per subscription (no reply per event).
  const client = createLiveClient(remote, { sinkPorts: true });
  void client.configure(config).catch((error: unknown) => console.warn('[live] configure failed', error));
  const onVisibility = () => client.setVisibility(document.visibilityState === 'visible');
  document.addEventListener('visibilitychange', onVisibility);
  onVisibility();
  return {
    ...client,
    terminate() {
      document.removeEventListener('visibilitychange', onVisibility);
      remote[Comlink.releaseProxy]();
      worker.terminate();
    },
  };
}

let singleton: LiveWorkerClient | undefined;

/** The app's live client; the worker starts on the first call (later calls ignore `config`). */
export function getLiveClient(config: LiveConfig): LiveClient {
  singleton ??= startLiveWorker(config);
  return singleton;
}
