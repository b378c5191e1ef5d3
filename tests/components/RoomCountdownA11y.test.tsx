/**
 * What a screen reader gets of the bidding room's countdown: the countdown is a timer that is
 * never read out by itself (role="timer", aria-live="off"); the room's one polite live region speaks only
 * when the displayed countdown crosses 5 minutes, 1 minute and 30 seconds, when the bidder is outbid and
 * when the activity ends. Driven by fake timers: a 1 s clock stands in for the live worker's tick.
 */
import { act, render, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { crossedThreshold, thresholdAnnouncement } from '#domain/rules/countdownAlerts';
import type { BiddingData } from '#domain/contract/hall';
import { liveCountdown } from '#domain/rules/liveValues';
import { RoomAnnouncer, RoomTimer } from '@/features/quote-room/components/RoomAnnouncer';
import type { MyStanding } from '@/features/quote-room/room';

const T0 = Date.UTC(2026, 10, 24, 2, 0, 0);

function lot(over: Partial<BiddingData> = {}): BiddingData {
  return {
    activityId: 1, lockVersion: 1, assetsId: 1, assetsName: '石家庄某公司闲置设备一批', projectType: 3, mode: 'ongoing',
    status: 'live', outcome: null, serverTime: T0, startTime: T0 - 3_600_000, endTime: T0 + 6 * 60_000,
    originalEndTime: T0 + 6 * 60_000, extensionCount: 0, startPrice: 100_000, increment: 1_000, biddingPrice: 100_000,
    maxPrice: 0, biddingCount: 0, leaderBidCode: null, bids: [], myBidCode: null, ...over,
  };
}

/** The room's countdown card and announcer on a 1 s clock (the worker's tick, here a fake-timer interval). */
function Room({ data, standing }: { data: BiddingData; standing: MyStanding | null }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  return (
    <>
      <h2 id="title">距结束</h2>
      <RoomTimer text={liveCountdown(data, now).text} labelledBy="title" />
      <RoomAnnouncer data={data} serverNow={now} standing={standing} />
    </>
  );
}

const said = () => screen.getByRole('status').textContent;
const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('room countdown for screen readers', () => {
  it('is a timer that is never live, named by its heading', () => {
    render(<Room data={lot()} standing={null} />);
    const timer = screen.getByRole('timer', { name: '距结束' });
    expect(timer.getAttribute('aria-live')).toBe('off');
    expect(timer.textContent).toBe('00时05分55秒');
    // One live region in all, polite and atomic; nothing said on opening.
    const regions = document.querySelectorAll('[aria-live]:not([aria-live="off"])');
    expect(regions).toHaveLength(1);
    expect(regions[0]!.getAttribute('aria-live')).toBe('polite');
    expect(regions[0]!.getAttribute('aria-atomic')).toBe('true');
    expect(said()).toBe('');
  });

  it('speaks at 5 minutes, 1 minute and 30 seconds, and not on the seconds between', () => {
    render(<Room data={lot()} standing={null} />);
    tick(54_000);
    expect(screen.getByRole('timer').textContent).toBe('00时05分01秒');
    expect(said()).toBe('');
    tick(1_000);
    expect(screen.getByRole('timer').textContent).toBe('00时05分00秒');
    expect(said()).toBe('距竞价结束还有5分钟');
    // The region keeps its words; the next seconds add nothing.
    const node = screen.getByRole('status').firstChild;
    tick(10_000);
    expect(screen.getByRole('status').firstChild).toBe(node);
    tick(230_000 - 1_000);
    expect(screen.getByRole('timer').textContent).toBe('00时01分01秒');
    expect(said()).toBe('距竞价结束还有5分钟');
    tick(1_000);
    expect(said()).toBe('距竞价结束还有1分钟');
    tick(30_000);
    expect(screen.getByRole('timer').textContent).toBe('00时00分30秒');
    expect(said()).toBe('距竞价结束还有30秒');
    expect(screen.getByRole('status').firstChild).not.toBe(node);
  });

  it('says nothing when opened below a threshold, and counts to the start of a scheduled lot', () => {
    render(<Room data={lot({ status: 'scheduled', startTime: T0 + 95_000, endTime: T0 + 3_600_000 })} standing={null} />);
    tick(20_000);
    expect(said()).toBe('');
    tick(10_000); // 95 − 5 − 30 = 60 s shown
    expect(said()).toBe('距竞价开始还有1分钟');
  });

  it('says when the bidder is outbid and when the activity ends', () => {
    const view = render(<Room data={lot({ biddingCount: 1, biddingPrice: 101_000, leaderBidCode: '1001' })} standing="领先" />);
    expect(said()).toBe('');
    view.rerender(<Room data={lot({ biddingCount: 2, biddingPrice: 102_000, leaderBidCode: '2002' })} standing="出局" />);
    expect(said()).toBe('您的出价已被超越，当前价10.2万元，竞买号2002领先');
    view.rerender(<Room data={lot({ biddingCount: 2, biddingPrice: 102_000, leaderBidCode: '2002', status: 'ended', outcome: 'sold' })} standing="未竞得" />);
    expect(said()).toMatch(/^竞价已结束，成交/);
  });
});

describe('countdown thresholds (pure)', () => {
  it('finds the threshold crossed between two readings, none on the first reading or when time goes back', () => {
    expect(crossedThreshold(null, 299_000)).toBeNull();
    expect(crossedThreshold(301_000, 300_000)).toBe(300);
    expect(crossedThreshold(300_000, 299_000)).toBeNull();
    expect(crossedThreshold(61_000, 29_000)).toBe(30);
    expect(crossedThreshold(20_000, 400_000)).toBeNull();
    expect(crossedThreshold(31_000, 0)).toBeNull();
    expect(thresholdAnnouncement('end', 60)).toBe('距竞价结束还有1分钟');
    expect(thresholdAnnouncement('start', 30)).toBe('距竞价开始还有30秒');
  });
});
