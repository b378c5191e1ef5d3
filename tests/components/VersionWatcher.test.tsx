import { render, screen, waitFor } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { Subject } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { VersionWatcher } from '@/app/VersionWatcher';
import { LiveProvider, type LiveClient, type VersionValue } from '@/live';
import { getStore, setStore } from '@/lib/storage';

function liveWithVersions(versions: Subject<VersionValue>): LiveClient {
  return {
    stream: ((name: string) => {
      if (name !== 'version') throw new Error(`unexpected stream ${name}`);
      return versions.asObservable();
    }) as LiveClient['stream'],
    setVisibility: () => {},
    configure: async () => {},
    resync: () => {},
    accepted: () => {},
    setAccessToken: () => {},
    focus: () => {},
  };
}

function mount(versions: Subject<VersionValue>, reload: () => void) {
  return render(
    <AntdApp>
      <LiveProvider client={liveWithVersions(versions)}>
        <VersionWatcher reload={reload} />
      </LiveProvider>
    </AntdApp>,
  );
}

describe('version check (spec section 1)', () => {
  it('stores the first version and does not reload for the same one', () => {
    const versions = new Subject<VersionValue>();
    const reload = vi.fn();
    mount(versions, reload);
    versions.next({ version: 'v1' });
    versions.next({ version: 'v1' });
    expect(getStore('version')).toBe('v1');
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads when the fetched version differs from the stored one, then shows the notice', async () => {
    setStore('version', 'v1');
    const versions = new Subject<VersionValue>();
    const reload = vi.fn();
    const first = mount(versions, reload);
    versions.next({ version: 'v2' });
    expect(reload).toHaveBeenCalledTimes(1);
    expect(getStore('version')).toBe('v2');
    first.unmount();

    // The fresh page after the reload.
    mount(new Subject<VersionValue>(), vi.fn());
    await waitFor(() => expect(screen.getByText('检测到版本更新，刷新页面')).toBeInTheDocument());
  });
});
