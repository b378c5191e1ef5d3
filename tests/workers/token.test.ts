import { BehaviorSubject, distinctUntilChanged } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TOKEN_CHECK_INTERVAL_MS, TOKEN_REFRESH_AGE_SECONDS } from '#domain/rules/constants';
import { resolveLiveConfig, type LiveEvent, type TokenCheckValue } from '../../workers/protocol/protocol';
import type { BaseContext } from '../../workers/context';
import { createLiveService } from '../../workers/liveService';
import { checkToken, createTokenCheck$, tokenAgeSeconds } from '../../workers/token';
import { fakeServer } from './helpers';

const T0 = Date.UTC(2026, 10, 21, 2, 0, 0);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
});

function setup(storedAt: number) {
  const server = fakeServer({ aheadMs: 0 });
  const visible = new BehaviorSubject(true);
  const ctx: BaseContext = {
    env: server.env,
    config: () => resolveLiveConfig({}),
    visible$: visible.pipe(distinctUntilChanged()),
  };
  const seen: TokenCheckValue[] = [];
  const sub = createTokenCheck$({ storedAt }, ctx).subscribe((value) => seen.push(value));
  return { server, visible, seen, sub };
}

describe('token age (pure)', () => {
  it('counts whole seconds, clamps the future to 0 and reads a corrupt time as very old', () => {
    expect(tokenAgeSeconds(T0, T0)).toBe(0);
    expect(tokenAgeSeconds(T0, T0 + 2_999_999)).toBe(2999);
    expect(tokenAgeSeconds(T0, T0 + 3_000_000)).toBe(3000);
    expect(tokenAgeSeconds(T0 + 60_000, T0)).toBe(0);
    expect(tokenAgeSeconds(Number.NaN, T0)).toBeGreaterThan(TOKEN_REFRESH_AGE_SECONDS);
    expect(tokenAgeSeconds(-1, T0)).toBeGreaterThan(TOKEN_REFRESH_AGE_SECONDS);
  });

  it('is due exactly when the age reaches 3000 s (spec section 9)', () => {
    expect(TOKEN_REFRESH_AGE_SECONDS).toBe(3000);
    expect(checkToken(T0, T0 + 2_999_999)).toEqual({ ageSeconds: 2999, due: false, checkedAt: T0 + 2_999_999 });
    expect(checkToken(T0, T0 + 3_000_000)).toEqual({ ageSeconds: 3000, due: true, checkedAt: T0 + 3_000_000 });
  });
});

describe('createTokenCheck$', () => {
  it('checks on subscription and then every 10 s, without any fetch', async () => {
    const { server, seen, sub } = setup(T0);
    expect(seen).toEqual([{ ageSeconds: 0, due: false, checkedAt: T0 }]);
    await vi.advanceTimersByTimeAsync(TOKEN_CHECK_INTERVAL_MS * 3);
    expect(TOKEN_CHECK_INTERVAL_MS).toBe(10_000);
    expect(seen.map((v) => v.ageSeconds)).toEqual([0, 10, 20, 30]);
    expect(server.calls).toHaveLength(0);
    sub.unsubscribe();
  });

  it('emits due at the first check at or after 3000 s of age, and keeps saying so until the token changes', async () => {
    // Stored 2975 s ago: checks at ages 2975, 2985, 2995 (not due), 3005 (due), 3015 (due).
    const { seen, sub } = setup(T0 - 2_975_000);
    await vi.advanceTimersByTimeAsync(40_000);
    expect(seen.map((v) => [v.ageSeconds, v.due])).toEqual([
      [2975, false],
      [2985, false],
      [2995, false],
      [3005, true],
      [3015, true],
    ]);
    sub.unsubscribe();
  });

  it('is due at once for a token already old enough', () => {
    const { seen, sub } = setup(T0 - 3_600_000);
    expect(seen).toEqual([{ ageSeconds: 3600, due: true, checkedAt: T0 }]);
    sub.unsubscribe();
  });

  it('pauses while the tab is hidden and checks at once when it becomes visible', async () => {
    const { visible, seen, sub } = setup(T0 - 2_000_000);
    await vi.advanceTimersByTimeAsync(5_000);
    visible.next(false);
    await vi.advanceTimersByTimeAsync(1_200_000);
    expect(seen).toHaveLength(1);
    visible.next(true);
    expect(seen).toHaveLength(2);
    expect(seen[1]).toEqual({ ageSeconds: 3205, due: true, checkedAt: T0 + 1_205_000 });
    // The 10 s cadence restarts from the visible moment.
    await vi.advanceTimersByTimeAsync(9_999);
    expect(seen).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen).toHaveLength(3);
    sub.unsubscribe();
  });

  it('stops its timer when the last subscriber leaves', async () => {
    const { seen, sub } = setup(T0);
    sub.unsubscribe();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(seen).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does not check while it starts hidden; the first check comes when the tab becomes visible', async () => {
    const server = fakeServer({ aheadMs: 0 });
    const hidden = new BehaviorSubject(false);
    const seen: TokenCheckValue[] = [];
    const ctx: BaseContext = { env: server.env, config: () => resolveLiveConfig({}), visible$: hidden };
    const sub = createTokenCheck$({ storedAt: T0 }, ctx).subscribe((v) => seen.push(v));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(seen).toEqual([]);
    hidden.next(true);
    expect(seen).toEqual([{ ageSeconds: 60, due: false, checkedAt: T0 + 60_000 }]);
    sub.unsubscribe();
  });
});

describe('the token stream through the live service', () => {
  it('is one shared check per storedAt; a new token (new params) starts a fresh stream', async () => {
    const server = fakeServer({ aheadMs: 0 });
    const service = createLiveService(server.env);
    const a: TokenCheckValue[] = [];
    const b: TokenCheckValue[] = [];
    const sink = (into: TokenCheckValue[]) => (event: LiveEvent<TokenCheckValue>) => {
      if (event.type === 'value') into.push(event.value);
    };
    const endA = service.subscribe('token', { storedAt: T0 - 3_000_000 }, sink(a));
    expect(a).toEqual([{ ageSeconds: 3000, due: true, checkedAt: T0 }]);
    const endB = service.subscribe('token', { storedAt: T0 }, sink(b));
    expect(b).toEqual([{ ageSeconds: 0, due: false, checkedAt: T0 }]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(a.map((v) => v.ageSeconds)).toEqual([3000, 3010]);
    expect(b.map((v) => v.ageSeconds)).toEqual([0, 10]);

    service.setVisibility(false);
    await vi.advanceTimersByTimeAsync(100_000);
    expect(a).toHaveLength(2);
    service.setVisibility(true);
    expect(a.map((v) => v.ageSeconds)).toEqual([3000, 3010, 3110]);
    void endA();
    void endB();
    service.dispose();
    expect(vi.getTimerCount()).toBe(0);
  });
});
