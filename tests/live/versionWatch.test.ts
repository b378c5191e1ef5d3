import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { VersionValue } from '../../workers/protocol/protocol';
import { decideVersion, VERSION_UPDATE_NOTICE, watchVersion } from '../../src/live/versionWatch';

function setup(initial: string | null) {
  let stored = initial;
  const hooks = {
    getStored: vi.fn(() => stored),
    setStored: vi.fn((v: string) => {
      stored = v;
    }),
    onUpdate: vi.fn(),
  };
  const versions$ = new Subject<VersionValue>();
  const subscription = watchVersion(versions$, hooks);
  return { hooks, versions$, subscription, stored: () => stored };
}

describe('watchVersion', () => {
  it('first fetch with nothing stored: stores it, no update', () => {
    const { hooks, versions$, stored } = setup(null);
    versions$.next({ version: 'v1' });
    expect(stored()).toBe('v1');
    expect(hooks.onUpdate).not.toHaveBeenCalled();
  });

  it('a different version: stores the new one and calls onUpdate', () => {
    const { hooks, versions$, stored } = setup('v1');
    versions$.next({ version: 'v2' });
    expect(stored()).toBe('v2');
    expect(hooks.onUpdate).toHaveBeenCalledTimes(1);
    expect(hooks.onUpdate).toHaveBeenCalledWith('v2');
    expect(hooks.setStored.mock.invocationCallOrder[0]).toBeLessThan(hooks.onUpdate.mock.invocationCallOrder[0]!);
  });

  it('the same version: nothing', () => {
    const { hooks, versions$ } = setup('v1');
    versions$.next({ version: 'v1' });
    expect(hooks.setStored).not.toHaveBeenCalled();
    expect(hooks.onUpdate).not.toHaveBeenCalled();
  });

  it('a stream error does not throw into the page', () => {
    const { versions$, subscription } = setup('v1');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(() => versions$.error(new Error('gone'))).not.toThrow();
    expect(subscription.closed).toBe(true);
    warn.mockRestore();
  });

  it('decideVersion and the notice text', () => {
    expect([decideVersion(null, 'a'), decideVersion('a', 'b'), decideVersion('a', 'a')]).toEqual(['store', 'update', 'same']);
    expect(VERSION_UPDATE_NOTICE).toBe('检测到版本更新，刷新页面');
  });
});
