/**
 * The hall's bidding table tells the live worker which rows are on screen (store.focus → live.focus), so
 * bids on other rows wait for the next tick: the rows on screen at first, a new set after a scroll, every row
 * when the list is short enough to render whole, and no focus once the table is gone.
 */
import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BiddingTable, LIVE_ROW_HEIGHT } from '../../src/features/hall/components/BiddingTable';
import type { LiveBidRow, LiveListMeta } from '../../workers/protocol/frames';
import { createLiveListStore } from '../../src/live/rowStore';

const meta = (total: number): LiveListMeta => ({ status: 'ready', error: null, total, current: 1, size: total, pages: 1 });
const row = (activityId: number): LiveBidRow => ({
  activityId,
  assetsId: activityId,
  assetsName: `标的${activityId}`,
  projectType: 3,
  orgName: '河北产权交易所',
  leaderBidCode: null,
  startTime: 0,
  status: 'live',
  endTime: 0,
  startPrice: 100,
  biddingPrice: 100,
  maxPrice: 0,
  biddingCount: 0,
  priceText: '100.00元',
  priceTooltip: null,
  tone: 'green',
  premiumRate: '---',
  outcome: null,
  suspendReason: null,
  remainingMs: null,
});

function tableOf(count: number) {
  const onFocus = vi.fn<(ids: readonly number[] | null) => void>();
  const store = createLiveListStore<LiveBidRow>({ onFocus });
  const rows = Array.from({ length: count }, (_, i) => row(i + 1));
  store.apply({ serverNow: 0, synced: true, meta: meta(count), rows, remaining: rows.map(() => '01时00分00秒') });
  return { store, onFocus };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('BiddingTable focus', () => {
  it('focuses the rows on screen of a windowed list, follows a scroll, and clears the focus on unmount', () => {
    const { store, onFocus } = tableOf(100);
    const onScreen = Math.ceil(window.innerHeight / LIVE_ROW_HEIGHT);
    const view = render(<BiddingTable store={store} caption="正在竞价的项目" />);
    expect(onFocus).toHaveBeenLastCalledWith(Array.from({ length: onScreen }, (_, i) => i + 1));

    // Scrolled by ten rows: the table body's top is ten rows above the viewport.
    const body = view.container.querySelector('tbody')!;
    vi.spyOn(body, 'getBoundingClientRect').mockReturnValue({ top: -10 * LIVE_ROW_HEIGHT } as DOMRect);
    const calls = onFocus.mock.calls.length;
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    expect(onFocus).toHaveBeenLastCalledWith(Array.from({ length: onScreen }, (_, i) => i + 11));
    act(() => {
      window.dispatchEvent(new Event('scroll')); // the same rows: not told again
    });
    expect(onFocus.mock.calls.length).toBe(calls + 1);

    view.unmount();
    expect(onFocus).toHaveBeenLastCalledWith(null);
  });

  it('a list rendered whole has no focus: every change crosses at once', () => {
    const { store, onFocus } = tableOf(30);
    render(<BiddingTable store={store} caption="正在竞价的项目" />);
    expect(onFocus).not.toHaveBeenCalled(); // the store starts unfocused and stays so
  });
});
