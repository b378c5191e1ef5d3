import { BehaviorSubject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveLiveConfig, type VersionValue } from '../../workers/protocol/protocol';
import type { BaseContext } from '../../workers/context';
import { createVersion$, parseVersionFile } from '../../workers/version';
import { fakeServer } from './helpers';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(0);
});
afterEach(() => {
  vi.useRealTimers();
});

function setup() {
  const server = fakeServer({ aheadMs: 0, version: '2025.06.01-1' });
  const visible$ = new BehaviorSubject(true);
  const ctx: BaseContext = {
    env: server.env,
    config: () => resolveLiveConfig({ versionUrl: '/version.json', versionPollMs: 60_000 }),
    visible$,
  };
  const seen: VersionValue[] = [];
  const sub = createVersion$(ctx).subscribe((v) => seen.push(v));
  return { server, visible$, seen, sub };
}

describe('parseVersionFile', () => {
  it('accepts {version} and rejects anything else', () => {
    expect(parseVersionFile({ version: 'abc' })).toEqual({ version: 'abc' });
    expect(() => parseVersionFile({ version: '' })).toThrow();
    expect(() => parseVersionFile({ v: 'abc' })).toThrow();
    expect(() => parseVersionFile(null)).toThrow();
  });
});

describe('createVersion$', () => {
  it('fetches {versionUrl}?n=… with no-store and emits the first version', async () => {
    const { server, seen, sub } = setup();
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual([{ version: '2025.06.01-1' }]);
    const [call] = server.versionCalls();
    expect(call?.url.searchParams.get('n')).toMatch(/^[0-9a-z]+$/);
    expect(call?.init?.cache).toBe('no-store');
    sub.unsubscribe();
  });

  it('ignores the same version on later polls and emits a changed one', async () => {
    const { server, seen, sub } = setup();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(server.versionCalls()).toHaveLength(3);
    expect(seen).toEqual([{ version: '2025.06.01-1' }]);
    server.state.version = '2025.06.02-1';
    await vi.advanceTimersByTimeAsync(60_000);
    expect(seen).toEqual([{ version: '2025.06.01-1' }, { version: '2025.06.02-1' }]);
    sub.unsubscribe();
  });

  it('survives a failing version file (backoff) without ending the stream', async () => {
    const { server, seen, sub } = setup();
    await vi.advanceTimersByTimeAsync(0);
    server.state.failVersion = true;
    await vi.advanceTimersByTimeAsync(60_000 + 60_000 + 120_000);
    expect(server.versionCalls().map((c) => c.at)).toEqual([0, 60_000, 120_000, 240_000]);
    expect(server.env.log).toHaveBeenCalledTimes(3);
    server.state.failVersion = false;
    server.state.version = 'next';
    await vi.advanceTimersByTimeAsync(240_000);
    expect(seen.map((v) => v.version)).toEqual(['2025.06.01-1', 'next']);
    expect(sub.closed).toBe(false);
    sub.unsubscribe();
  });

  it('checks at once when the tab becomes visible', async () => {
    const { server, visible$, seen, sub } = setup();
    await vi.advanceTimersByTimeAsync(0);
    visible$.next(false);
    server.state.version = 'deployed-while-away';
    await vi.advanceTimersByTimeAsync(600_000);
    expect(server.versionCalls()).toHaveLength(1);
    visible$.next(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(server.versionCalls()).toHaveLength(2);
    expect(seen.at(-1)).toEqual({ version: 'deployed-while-away' });
    sub.unsubscribe();
  });
});
