/**
 * The bidder's own fields of a room (the worker's `mine` stream) on fake timers: asked with the bearer
 * when the room opens, again after his own accepted bid (whose state shows at once, with no poll), and
 * not for the bids of others; `mineKey` says which public changes can move his fields.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BiddingData } from '#domain/contract/hall';
import type { BiddingDataFrame } from '../../workers/protocol/frames';
import { createStreamDecoder, type LiveEvent, type MineFrame } from '../../workers/protocol/protocol';
import type { BiddingDataWire } from '../../workers/protocol/frames';
import { BIDDING_DATA_POLL_MS } from '../../workers/biddingData';
import { createLiveService } from '../../workers/liveService';
import { mineKey } from '../../workers/mine';
import { changeEvent, fakeLiveServer, lot } from './liveServer';

const T0 = Date.UTC(2026, 0, 10, 2, 0, 0) + 300;
const SEALED = { sealed: true, phase: 'sealed', nextDropAt: null, floorPrice: null, nextIncrement: 1_000 } as const;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
});

function openRoom() {
  const sealedLot = { ...lot(0, T0, { mode: 'onceOff' }), modeState: SEALED };
  const server = fakeLiveServer({ live: [sealedLot] });
  const service = createLiveService(server.env);
  service.configure({ apiBase: '/api', versionUrl: '/version.json', clientId: 'hbcq' });
  const frames: BiddingDataFrame[] = [];
  const decode = createStreamDecoder('biddingData');
  const mine: MineFrame[] = [];
  const stops = [
    service.subscribe('biddingData', { activityId: 100 }, (event: LiveEvent<unknown>) => {
      if (event.type === 'value') frames.push(decode(event.value as BiddingDataWire));
    }),
    service.subscribe('mine', { activityId: 100, token: 'tok-1' }, (event: LiveEvent<MineFrame>) => {
      if (event.type === 'value') mine.push(event.value);
    }),
  ];
  const withBearer = () => server.callsTo('/bidding-data').filter((c) => new Headers(c.init?.headers).get('Authorization') === 'Bearer tok-1');
  const anonymous = () => server.callsTo('/bidding-data').filter((c) => !new Headers(c.init?.headers).has('Authorization'));
  const close = () => {
    for (const stop of stops) void stop();
    service.dispose();
  };
  return { server, service, frames, mine, withBearer, anonymous, close };
}

describe('mine stream', () => {
  it('asks with the bearer once when the room opens, not again for the bids of others', async () => {
    const room = openRoom();
    await vi.advanceTimersByTimeAsync(BIDDING_DATA_POLL_MS + 100);
    expect(room.withBearer()).toHaveLength(1);
    expect(room.mine.at(-1)).toMatchObject({ status: 'ready', mine: { myBidCode: null } });
    for (let i = 1; i <= 3; i++) {
      room.server.bid(100, 100_000 + i * 1_000);
      room.service.resync(100);
      await vi.advanceTimersByTimeAsync(200);
    }
    expect(room.frames.at(-1)!.data!.biddingCount).toBe(3);
    expect(room.withBearer()).toHaveLength(1);
    room.close();
  });

  it('his own accepted bid: its state shows at once without a poll, and his fields are asked again', async () => {
    const room = openRoom();
    await vi.advanceTimersByTimeAsync(BIDDING_DATA_POLL_MS + 100);
    const polls = room.anonymous().length;
    const held = room.frames.at(-1)!.data!;
    room.service.accepted(100, changeEvent(T0, { activityId: 100, lockVersion: held.lockVersion + 1, biddingCount: held.biddingCount + 1, leaderBidCode: undefined, biddingPrice: undefined, maxPrice: undefined, modeState: SEALED }));
    await vi.advanceTimersByTimeAsync(50);
    expect(room.frames.at(-1)!.data).toMatchObject({ lockVersion: held.lockVersion + 1, biddingCount: held.biddingCount + 1 });
    expect(room.anonymous()).toHaveLength(polls);
    expect(room.withBearer()).toHaveLength(2);
    // Another activity's answer: nothing for this room.
    room.service.accepted(999, null);
    await vi.advanceTimersByTimeAsync(50);
    expect(room.withBearer()).toHaveLength(2);
    room.close();
  });

  it('without a state in hand (a join), the activity re-syncs and his fields are asked again', async () => {
    const room = openRoom();
    await vi.advanceTimersByTimeAsync(BIDDING_DATA_POLL_MS + 100);
    const polls = room.anonymous().length;
    room.service.accepted(100, null);
    await vi.advanceTimersByTimeAsync(50);
    expect(room.anonymous()).toHaveLength(polls + 1);
    expect(room.withBearer()).toHaveLength(2);
    room.close();
  });
});

describe('mineKey', () => {
  const data = (over: Partial<BiddingData>) => ({ mode: 'onceOff', status: 'live', biddingCount: 1, modeState: undefined, ...over }) as Pick<BiddingData, 'mode' | 'status' | 'modeState' | 'biddingCount'>;
  const phase = (p: string) => ({ phase: p }) as BiddingData['modeState'];

  it('moves with the status and the phase in the modes with own fields, not with the count', () => {
    expect(mineKey(data({ biddingCount: 1 }), null)).toBe(mineKey(data({ biddingCount: 9 }), null));
    expect(mineKey(data({ status: 'ended' }), null)).not.toBe(mineKey(data({}), null));
    expect(mineKey(data({ mode: 'two-stage', modeState: phase('join') }), null)).not.toBe(mineKey(data({ mode: 'two-stage', modeState: phase('stage1') }), null));
  });

  it('never moves in the open modes (only the bid code, which does not change)', () => {
    expect(mineKey(data({ mode: 'ongoing', status: 'ended' }), null)).toBe(mineKey(data({ mode: 'ongoing' }), null));
  });

  it("in final's window, moves with the count only while he may match at the cap", () => {
    const window = (count: number) => data({ mode: 'final', modeState: phase('final'), biddingCount: count });
    expect(mineKey(window(3), { myBidCode: 'A', myCanMatch: true })).not.toBe(mineKey(window(4), { myBidCode: 'A', myCanMatch: true }));
    expect(mineKey(window(3), { myBidCode: 'A', myCanMatch: false })).toBe(mineKey(window(4), { myBidCode: 'A', myCanMatch: false }));
  });
});
