/**
 * The real wire: service → toComlinkApi → Comlink.expose on one end of a MessageChannel (Node's, which
 * vitest's jsdom environment leaves in place), Comlink.wrap on the other → createLiveClient.
 */
import * as Comlink from 'comlink';
import { firstValueFrom, Observable, Subject } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { createLiveClient } from '../../src/live/liveClient';
import type { HallFrame, LiveApi, LiveConfig, VersionValue } from '../../workers/protocol/protocol';
import { toComlinkApi } from '../../workers/comlinkApi';
import { createLiveService } from '../../workers/liveService';
import { fakeServer } from './helpers';
import { fakeLiveServer, lot } from './liveServer';

const channels: MessageChannel[] = [];
afterEach(() => {
  for (const c of channels.splice(0)) {
    c.port1.close();
    c.port2.close();
  }
  vi.useRealTimers();
});

function connect(service: LiveApi, options: { sinkPorts?: boolean } = {}) {
  const channel = new MessageChannel();
  channels.push(channel);
  Comlink.expose(toComlinkApi(service), channel.port1);
  return createLiveClient(Comlink.wrap<LiveApi>(channel.port2), options);
}

describe('comlink round trip', () => {
  it('streams values, then unsubscribes in the worker and releases the sink when the view leaves', async () => {
    const server = fakeServer({ aheadMs: 0 });
    const source = new Subject<VersionValue>();
    let teardowns = 0;
    const produce = vi.fn(
      () =>
        new Observable<VersionValue>((s) => {
          const sub = source.subscribe(s);
          return () => {
            teardowns += 1;
            sub.unsubscribe();
          };
        }),
    );
    const service = createLiveService(server.env, { producers: { version: produce } });
    const configure = vi.spyOn(service, 'configure');
    const live = connect(service);

    const config: LiveConfig = { apiBase: '/api', versionUrl: '/v.json', clientId: 'hbcq' };
    await live.configure(config);
    expect(configure).toHaveBeenCalledWith(config);

    const got: VersionValue[] = [];
    const a = live.stream('version').subscribe((v) => got.push(v));
    const b = live.stream('version').subscribe();
    await vi.waitFor(() => expect(produce).toHaveBeenCalledTimes(1));
    source.next({ version: 'v1' });
    await vi.waitFor(() => expect(got).toEqual([{ version: 'v1' }]));

    a.unsubscribe();
    b.unsubscribe();
    await vi.waitFor(() => expect(teardowns).toBe(1));
    expect(source.observed).toBe(false);
    expect(produce).toHaveBeenCalledTimes(1); // two views, one worker subscription
  });

  it('streams over a transferred MessagePort per subscription (sinkPorts: no reply per event), and ends it', async () => {
    const server = fakeServer({ aheadMs: 0 });
    const source = new Subject<VersionValue>();
    let teardowns = 0;
    const produce = vi.fn(
      () =>
        new Observable<VersionValue>((s) => {
          const sub = source.subscribe(s);
          return () => {
            teardowns += 1;
            sub.unsubscribe();
          };
        }),
    );
    const live = connect(createLiveService(server.env, { producers: { version: produce } }), { sinkPorts: true });
    const got: VersionValue[] = [];
    const a = live.stream('version').subscribe((v) => got.push(v));
    await vi.waitFor(() => expect(produce).toHaveBeenCalledTimes(1));
    source.next({ version: 'v1' });
    source.next({ version: 'v2' });
    await vi.waitFor(() => expect(got).toEqual([{ version: 'v1' }, { version: 'v2' }]));
    a.unsubscribe();
    await vi.waitFor(() => expect(teardowns).toBe(1));
    expect(source.observed).toBe(false);
  });

  it('delivers the real clock through the worker API', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(Date.UTC(2025, 0, 1, 0, 0, 0, 700));
    const server = fakeServer({ aheadMs: 0 });
    const live = connect(createLiveService(server.env));
    const first = await firstValueFrom(live.stream('clock'));
    expect(first).toEqual({ serverNow: Date.UTC(2025, 0, 1), offsetMs: 0, rttMs: null, synced: false });
  });

  it('turns a worker-side stream error into an Observable error on the main thread', async () => {
    const server = fakeServer({ aheadMs: 0 });
    const live = connect(
      createLiveService(server.env, {
        producers: {
          version: () => {
            throw new Error('bad producer');
          },
        },
      }),
    );
    await expect(firstValueFrom(live.stream('version'))).rejects.toThrow(/bad producer/);
  });

  it('carries the hall across the real wire: deltas decoded into full frames on the main side', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(Date.UTC(2026, 0, 10, 2, 0, 0, 500));
    const server = fakeLiveServer({ latencyMs: 0, live: [lot(0, Date.now()), lot(1, Date.now())] });
    const live = connect(createLiveService(server.env));
    await live.configure({ apiBase: '/api', versionUrl: '/version.json', clientId: '' });
    const frames: HallFrame[] = [];
    const sub = live.stream('hall', { current: 1, size: 30 }).subscribe((f) => frames.push(f));
    await vi.waitFor(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
      expect(frames.length).toBeGreaterThanOrEqual(3);
    });
    for (const frame of frames) {
      expect(frame.rows.map((r) => r.assetsName)).toEqual(['拍品0', '拍品1']);
      expect(frame.remaining).toHaveLength(2);
      expect(frame.meta).toMatchObject({ status: 'ready', total: 2 });
    }
    sub.unsubscribe();
  });
});

describe('toComlinkApi', () => {
  function serviceWithSubject() {
    const source = new Subject<VersionValue>();
    const service = createLiveService(fakeServer({ aheadMs: 0 }).env, { producers: { version: () => source } });
    return { source, api: toComlinkApi(service) };
  }

  it('returns a proxy-marked handle that ends the subscription and releases the sink proxy once', () => {
    const { source, api } = serviceWithSubject();
    const release = vi.fn();
    const sink = Object.assign(vi.fn(), { [Comlink.releaseProxy]: release });
    const handle = api.subscribe('version', {}, sink);
    expect((handle as unknown as Record<symbol, unknown>)[Comlink.proxyMarker]).toBe(true);
    expect(source.observed).toBe(true);
    void handle();
    void handle();
    expect(source.observed).toBe(false);
    expect(release).toHaveBeenCalledTimes(1);
  });

  it('ends the subscription when the main side only releases (or loses) the handle', () => {
    const { source, api } = serviceWithSubject();
    const handle = api.subscribe('version', {}, vi.fn()) as unknown as Record<symbol, () => void>;
    expect(source.observed).toBe(true);
    handle[Comlink.finalizer]!();
    expect(source.observed).toBe(false);
  });
});
