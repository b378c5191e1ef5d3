import { act, render, screen } from '@testing-library/react';
import { defer, Subject } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { LiveProvider } from '../../src/live/LiveProvider';
import { createLiveClient } from '../../src/live/liveClient';
import { useLiveStream } from '../../src/live/useLive';
import { useObservable } from '../../src/live/useObservable';
import { createLiveService } from '../../workers/liveService';
import { fakeServer } from '../workers/helpers';

function Show({ source, initial }: { source: ReturnType<typeof counted>['observable']; initial: string }) {
  const value = useObservable(source, initial);
  return <output>{value}</output>;
}

function counted() {
  const subject = new Subject<string>();
  let subscriptions = 0;
  const observable = defer(() => {
    subscriptions += 1;
    return subject;
  });
  return { subject, observable, count: () => subscriptions };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('useObservable', () => {
  it('renders the initial value, then the latest value', () => {
    const { subject, observable } = counted();
    render(<Show source={observable} initial="…" />);
    expect(screen.getByRole('status')).toHaveTextContent('…');
    act(() => subject.next('一'));
    act(() => subject.next('二'));
    expect(screen.getByRole('status')).toHaveTextContent('二');
  });

  it('subscribes once per observable, not per render, and unsubscribes on unmount', () => {
    const { subject, observable, count } = counted();
    const { rerender, unmount } = render(<Show source={observable} initial="a" />);
    rerender(<Show source={observable} initial="b" />);
    act(() => subject.next('x'));
    rerender(<Show source={observable} initial="c" />);
    expect(count()).toBe(1);
    expect(screen.getByRole('status')).toHaveTextContent('x');
    unmount();
    expect(subject.observed).toBe(false);
  });

  it('switches subscription when the observable changes', () => {
    const first = counted();
    const second = counted();
    const { rerender } = render(<Show source={first.observable} initial="-" />);
    rerender(<Show source={second.observable} initial="-" />);
    expect(first.subject.observed).toBe(false);
    act(() => second.subject.next('second'));
    expect(screen.getByRole('status')).toHaveTextContent('second');
  });
});

describe('useLiveStream through LiveProvider (in-process service, fake timers)', () => {
  function Clock() {
    const clock = useLiveStream('clock', null);
    return <output>{clock ? new Date(clock.serverNow).toISOString() : '同步中'}</output>;
  }

  it('renders the server-aligned clock and follows its ticks', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.UTC(2025, 0, 1, 0, 0, 0, 200));
    const server = fakeServer({ aheadMs: 3_600_000, legs: [[10, 10]] });
    const live = createLiveClient(createLiveService(server.env));
    const { unmount } = render(
      <LiveProvider client={live}>
        <Clock />
        <Clock />
      </LiveProvider>,
    );
    const outputs = () => screen.getAllByRole('status').map((o) => o.textContent);
    expect(outputs()).toEqual(['2025-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z']);
    await act(() => vi.advanceTimersByTimeAsync(100)); // synced: +1 h
    expect(outputs()).toEqual(['2025-01-01T01:00:00.000Z', '2025-01-01T01:00:00.000Z']);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(outputs()).toEqual(['2025-01-01T01:00:01.000Z', '2025-01-01T01:00:01.000Z']);
    expect(server.timeCalls()).toHaveLength(3); // two views, one clock, one burst
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('useLive outside a provider fails loudly', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Clock />)).toThrow(/LiveProvider/);
    spy.mockRestore();
  });
});
