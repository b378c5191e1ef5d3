/**
 * startLiveWorker with a stand-in Worker (jsdom has none): the stand-in runs the real worker stack
 * (service → toComlinkApi → Comlink.expose) at the other end of a MessageChannel.
 */
import * as Comlink from 'comlink';
import { afterEach, describe, expect, it } from 'vitest';
import type { LiveConfig } from '../../workers/protocol/protocol';
import { startLiveWorker, type LiveWorkerClient } from '../../src/live/worker';
import { toComlinkApi } from '../../workers/comlinkApi';
import { createLiveService, type LiveService } from '../../workers/liveService';
import { fakeServer } from '../workers/helpers';

let service: LiveService;
const created: Array<{ url: string; options: WorkerOptions | undefined; terminated: boolean }> = [];

class StandInWorker {
  private readonly channel = new MessageChannel();
  private readonly record: (typeof created)[number];
  constructor(url: URL | string, options?: WorkerOptions) {
    this.record = { url: String(url), options, terminated: false };
    created.push(this.record);
    Comlink.expose(toComlinkApi(service), this.channel.port2);
  }
  postMessage(message: unknown, transfer: Transferable[] = []) {
    this.channel.port1.postMessage(message, transfer as never);
  }
  addEventListener(type: string, listener: EventListenerOrEventListenerObject) {
    this.channel.port1.addEventListener(type, listener as never);
    this.channel.port1.start();
  }
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject) {
    this.channel.port1.removeEventListener(type, listener as never);
  }
  terminate() {
    this.record.terminated = true;
    this.channel.port1.close();
    this.channel.port2.close();
  }
}

let client: LiveWorkerClient | undefined;
afterEach(() => {
  client?.terminate();
  client = undefined;
  created.length = 0;
  vi.unstubAllGlobals();
  Reflect.deleteProperty(document, 'visibilityState');
});

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('startLiveWorker', () => {
  it('starts the module worker, configures it and wires visibilitychange → setVisibility', async () => {
    service = createLiveService(fakeServer({ aheadMs: 0 }).env);
    const configure = vi.spyOn(service, 'configure');
    const visibility = vi.spyOn(service, 'setVisibility');
    vi.stubGlobal('Worker', StandInWorker);
    const config: LiveConfig = { apiBase: '/api', versionUrl: '/version.json', clientId: 'hbcq' };

    client = startLiveWorker(config);
    expect(created).toHaveLength(1);
    expect(created[0]!.url).toMatch(/\/workers\/live\.worker\.ts(\?|$)/); // Vite rewrites it as a worker entry
    expect(created[0]!.options).toMatchObject({ type: 'module' });
    await vi.waitFor(() => expect(configure).toHaveBeenCalledWith(config));
    await vi.waitFor(() => expect(visibility).toHaveBeenLastCalledWith(true));

    setVisibility('hidden');
    await vi.waitFor(() => expect(visibility).toHaveBeenLastCalledWith(false));
    setVisibility('visible');
    await vi.waitFor(() => expect(visibility).toHaveBeenLastCalledWith(true));

    const calls = visibility.mock.calls.length;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    client.terminate();
    expect(created[0]!.terminated).toBe(true);
    setVisibility('hidden');
    await new Promise((r) => setTimeout(r, 20));
    expect(visibility.mock.calls.length).toBe(calls);
    expect(warn).not.toHaveBeenCalled(); // the listener is gone (it would hit the released proxy)
    warn.mockRestore();
    client = undefined;
  });
});
