/**
 * The other live streams on fake timers: upcoming (countdown to the start), maxRate (溢价领先)
 * and biddingData (the bidding room's poll, with its delta encoding).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COUNTDOWN_OVER_TEXT } from '#domain/rules/bidding';
import type { BiddingDataWire } from '../../workers/protocol/frames';
import { createStreamDecoder } from '../../workers/protocol/protocol';
import { BIDDING_DATA_POLL_MS, createBiddingData$, roomCountdown } from '../../workers/biddingData';
import { createLiveService } from '../../workers/liveService';
import { createMaxRate$ } from '../../workers/maxRate';
import { chinaMonthDayTime } from '../../workers/rows';
import { createUpcoming$ } from '../../workers/upcoming';
import { watch } from './helpers';
import { fakeLiveServer, lot } from './liveServer';

const T0 = Date.UTC(2026, 0, 10, 2, 0, 0) + 300;
const S0 = T0 - 300;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('upcoming', () => {
  it('lists scheduled activities with start price, China start time and a countdown to the start', async () => {
    const server = fakeLiveServer({
      upcoming: [
        {
          activityId: 9,
          assetsId: 90,
          assetsName: '衡水市某粮库仓储设备',
          projectType: 0,
          orgName: '衡水市产权交易中心',
          startTime: S0 + 2 * 3_600_000 + 5_000 + 1_000,
          endTime: S0 + 4 * 3_600_000,
          startPrice: 86_000,
          priceType: 1,
          priceUnitName: '',
          mode: 'ongoing',
        },
      ],
    });
    const upcoming = watch(createUpcoming$({ current: 1, size: 8 }, server.ctx));
    await vi.advanceTimersByTimeAsync(1_000);
    const frame = upcoming.last();
    expect(frame.rows).toEqual([
      expect.objectContaining({ assetsName: '衡水市某粮库仓储设备', startPriceText: '8.60万元', startTimeText: '01-10 12:00' }),
    ]);
    expect(frame.remaining).toEqual(['02时00分00秒']); // 2 h 6 s before the start at S0 + 1 s, less the 5 s margin
    expect(JSON.parse(String(server.callsTo('/upcoming-bid')[0]!.init?.body))).toEqual({ current: 1, size: 8 });
    upcoming.stop();
  });

  it('formats start times in China time whatever the machine zone', () => {
    expect(chinaMonthDayTime(Date.UTC(2026, 11, 31, 16, 30))).toBe('01-01 00:30');
    expect(chinaMonthDayTime(Number.NaN)).toBe('--');
  });
});

describe('maxRate (溢价领先)', () => {
  it('turns the bare list into rows with premium, tone and countdown', async () => {
    const server = fakeLiveServer({
      live: [lot(0, T0), lot(1, T0, { startPrice: 100_000, biddingPrice: 180_000, maxPrice: 180_000, biddingCount: 9, endTime: S0 + 70_000 })],
    });
    const maxRate = watch(createMaxRate$({ size: 8 }, server.ctx));
    await vi.advanceTimersByTimeAsync(1_000);
    const frame = maxRate.last();
    expect(frame.meta).toMatchObject({ status: 'ready', total: 1 });
    expect(frame.rows).toEqual([expect.objectContaining({ activityId: 101, premiumRate: '80.00%', tone: 'red', priceText: '18.00万元' })]);
    expect(frame.remaining).toEqual(['00时01分04秒']);
    expect(JSON.parse(String(server.callsTo('/assets-max-rate')[0]!.init?.body))).toEqual({ size: 8 });
    maxRate.stop();
  });
});

describe('biddingData', () => {
  it('polls every second, counts down to the end, and keeps the data object while the answer is unchanged', async () => {
    const server = fakeLiveServer({ live: [lot(0, T0, { endTime: S0 + 12_000 })] });
    const room = watch(createBiddingData$({ activityId: 100 }, server.ctx));
    await vi.advanceTimersByTimeAsync(1_000);
    const first = room.last();
    expect(first.data).toMatchObject({ activityId: 100, assetsName: '拍品0', biddingCount: 0 });
    expect(first.remaining).toBe('00时00分06秒');
    expect(first.over).toBe(false);
    await vi.advanceTimersByTimeAsync(3 * BIDDING_DATA_POLL_MS);
    expect(server.callsTo('/bidding-data').length).toBeGreaterThanOrEqual(4);
    expect(room.last().data).toBe(first.data); // 304s: the same object

    server.bid(100, 101_000);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(room.last().data).toMatchObject({ biddingPrice: 101_000, biddingCount: 1, leaderBidCode: 'B003' });
    await vi.advanceTimersByTimeAsync(3_000);
    expect(room.last()).toMatchObject({ remaining: COUNTDOWN_OVER_TEXT, over: true });
    room.stop();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('renders a polled change on arrival, between ticks (not at the next tick)', async () => {
    const server = fakeLiveServer({ live: [lot(0, T0)] });
    server.state.latencyMs = 0;
    const room = watch(createBiddingData$({ activityId: 100 }, server.ctx));
    await vi.advanceTimersByTimeAsync(1_000);
    server.bid(100, 101_000);
    const polls = server.callsTo('/bidding-data').length;
    let polledAt: number | null = null;
    let shownAt: number | null = null;
    for (let t = 0; t < 2 * BIDDING_DATA_POLL_MS && shownAt === null; t += 10) {
      await vi.advanceTimersByTimeAsync(10);
      if (polledAt === null && server.callsTo('/bidding-data').length > polls) polledAt = Date.now();
      if (room.last().data?.biddingCount === 1) shownAt = Date.now();
    }
    expect(polledAt).not.toBeNull();
    expect(shownAt! - polledAt!).toBeLessThanOrEqual(10); // the answer's frame, not the next tick's
    expect(room.last().serverNow % 1000).toBe(0); // stamped with the current tick
    room.stop();
  });

  it('sends the data only when it changed (full first frame per sink) and decodes back to full frames', async () => {
    const server = fakeLiveServer({ live: [lot(0, T0)] });
    const service = createLiveService(server.env);
    service.configure({ apiBase: '/api', versionUrl: '/version.json', clientId: '' });
    const wires: BiddingDataWire[] = [];
    service.subscribe('biddingData', { activityId: 100 }, (e) => {
      if (e.type === 'value') wires.push(e.value);
    });
    await vi.advanceTimersByTimeAsync(4_000);
    expect(wires[0]).toMatchObject({ f: 1, m: { status: 'ready' }, d: { v: expect.objectContaining({ activityId: 100 }) } });
    expect(wires.slice(1).every((w) => w.d === undefined && w.m === undefined)).toBe(true);
    const decode = createStreamDecoder('biddingData');
    const frames = wires.map(decode);
    expect(frames.every((f) => f.data?.activityId === 100)).toBe(true);
    expect(frames.at(-1)!.remaining).toMatch(/^00时59分\d\d秒$/);
    service.dispose();
  });

  it('reports a missing activity with the server msg', async () => {
    const server = fakeLiveServer({ latencyMs: 0 });
    const room = watch(createBiddingData$({ activityId: 404 }, server.ctx));
    await vi.advanceTimersByTimeAsync(0);
    expect(room.last()).toMatchObject({ meta: { status: 'error', error: '竞价活动不存在' }, data: null, remaining: '' });
    room.stop();
  });

  it('counts down to the start while scheduled and shows 请见标的详情 once ended', () => {
    const base = { startTime: 100_000, endTime: 200_000 } as const;
    const data = (status: 'scheduled' | 'live' | 'ended') => ({ ...base, status }) as Parameters<typeof roomCountdown>[0];
    expect(roomCountdown(data('scheduled'), 40_000)).toBe('00时00分55秒');
    expect(roomCountdown(data('live'), 140_000)).toBe('00时00分55秒');
    expect(roomCountdown(data('ended'), 140_000)).toBe(COUNTDOWN_OVER_TEXT);
    expect(roomCountdown(null, 0)).toBe('');
  });
});
