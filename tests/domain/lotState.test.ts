/**
 * The one lot state (domain/rules/lotState.ts): which activity a listing follows, the stage it reads as, the
 * price it shows, and the stages a state filter word picks.
 */
import { currentActivity, listingOnlyLot, lotPriceDisplay, lotStage, lotStatus, stagesMatching } from '#domain/rules/lotState';
import { type LotActivity } from '#domain/contract/lotState';
import { listingStatusLabel } from '#domain/rules/listing';

const T0 = Date.UTC(2026, 10, 21, 4, 0, 0);
const activity = (over: Partial<LotActivity> = {}): LotActivity => ({
  activityId: 7,
  status: 'live',
  outcome: null,
  mode: 'ongoing',
  startTime: T0 - 3_600_000,
  endTime: T0 + 3_600_000,
  currentPrice: 123_800,
  biddingCount: 4,
  ...over,
});

describe('lotStage: the activity decides, else the listing', () => {
  it.each([
    ['正在报名', null, 'enrolling'],
    ['预披露', null, 'preDisclosure'],
    ['报名已截止', null, 'enrolmentClosed'],
    ['已成交', null, 'dealDone'],
    ['已结束', null, 'ended'],
    ['中止', null, 'unknown'],
    // Live: 竞价中 whatever the listing says (the 预披露 / 正在报名 on live lots).
    ['预披露', { status: 'live', outcome: null }, 'bidding'],
    ['正在报名', { status: 'live', outcome: null }, 'bidding'],
    ['已结束', { status: 'live', outcome: null }, 'bidding'],
    // Scheduled: still enrolling, or waiting for the auction.
    ['正在报名', { status: 'scheduled', outcome: null }, 'enrolling'],
    ['报名已截止', { status: 'scheduled', outcome: null }, 'upcoming'],
    ['预披露', { status: 'scheduled', outcome: null }, 'upcoming'],
    ['已结束', { status: 'scheduled', outcome: null }, 'upcoming'],
    // Ended: the result.
    ['正在报名', { status: 'ended', outcome: 'sold' }, 'dealDone'],
    ['已结束', { status: 'ended', outcome: 'failed' }, 'failed'],
    ['正在报名', { status: 'ended', outcome: null }, 'ended'],
    // The floor: suspended by the exchange (中止), terminated without a result (终结, not 流拍).
    ['正在报名', { status: 'suspended', outcome: null }, 'suspended'],
    ['已结束', { status: 'ended', outcome: 'terminated' }, 'terminated'],
    ['已终结', null, 'terminated'],
  ] as const)('%s with %j → %s', (state, a, stage) => {
    expect(lotStage(state, a)).toBe(stage);
  });
});

describe('lotStatus', () => {
  it('while bidding: 竞价中 with the current price and the activity facts', () => {
    expect(lotStatus('预披露', activity())).toEqual({
      status: 'bidding',
      label: '竞价中',
      activityId: 7,
      activityStatus: 'live',
      mode: 'ongoing',
      biddingStartTime: '2026-11-21 11:00:00',
      biddingEndTime: '2026-11-21 13:00:00',
      price: 123_800,
      priceLabel: '当前价',
      biddingCount: 4,
    });
  });

  it('hides the price of a sealed lot until its end, then shows the result', () => {
    expect(lotStatus('正在报名', activity({ mode: 'onceOff' }))).toMatchObject({ label: '竞价中', price: null, priceLabel: null });
    expect(lotStatus('正在报名', activity({ mode: 'onceOff', status: 'ended', outcome: 'sold' }))).toMatchObject({ label: '已成交', price: 123_800, priceLabel: '成交价' });
    expect(lotStatus('已结束', activity({ status: 'ended', outcome: 'failed' }))).toMatchObject({ label: '流拍', price: null });
  });

  it('suspended: 已中止 with the price frozen as it was (none while sealed); terminated: 已终结, no price', () => {
    expect(lotStatus('正在报名', activity({ status: 'suspended' }))).toMatchObject({ status: 'suspended', label: '已中止', activityStatus: 'suspended', price: 123_800, priceLabel: '当前价' });
    expect(lotStatus('正在报名', activity({ status: 'suspended', mode: 'onceOff' }))).toMatchObject({ label: '已中止', price: null, priceLabel: null });
    expect(lotStatus('正在报名', activity({ status: 'ended', outcome: 'terminated' }))).toMatchObject({ status: 'terminated', label: '已终结', price: null, priceLabel: null });
  });

  it('before the auction: no price, the bidding start is known', () => {
    expect(lotStatus('正在报名', activity({ status: 'scheduled', startTime: T0 + 86_400_000 }))).toMatchObject({
      status: 'enrolling',
      label: '正在报名',
      price: null,
      biddingStartTime: '2026-11-22 12:00:00',
    });
  });

  it('without an activity: the listing word, nothing else', () => {
    expect(listingOnlyLot('已成交')).toEqual({
      status: 'dealDone',
      label: '已成交',
      activityId: null,
      activityStatus: null,
      mode: null,
      biddingStartTime: null,
      biddingEndTime: null,
      price: null,
      priceLabel: null,
      biddingCount: 0,
    });
    // Every label reads back as itself (lists show `state`, the label).
    for (const s of ['竞价中', '即将竞价', '流拍', '正在报名', '已成交', '已中止', '已终结']) expect(listingStatusLabel(s)).toBe(s);
  });
});

describe('currentActivity: live, else the soonest scheduled, else the latest ended', () => {
  const ended1 = activity({ activityId: 1, status: 'ended', endTime: T0 - 1000 });
  const ended2 = activity({ activityId: 2, status: 'ended', endTime: T0 - 500 });
  const soon = activity({ activityId: 3, status: 'scheduled', startTime: T0 + 1000 });
  const later = activity({ activityId: 4, status: 'scheduled', startTime: T0 + 9000 });
  const live = activity({ activityId: 5, status: 'live' });
  const suspended = activity({ activityId: 6, status: 'suspended' });
  it.each([
    [[ended1, ended2, later, soon, live], 5],
    // A suspended auction is still the lot's open one (before anything scheduled or ended).
    [[ended1, soon, suspended, ended2], 6],
    [[ended1, later, ended2, soon], 3],
    [[ended1, ended2], 2],
    [[ended2, ended1], 2],
    [[], null],
  ] as const)('%#', (list, id) => {
    expect(currentActivity(list)?.activityId ?? null).toBe(id);
  });
  it('a tie goes to the greater id', () => {
    expect(currentActivity([activity({ activityId: 8 }), activity({ activityId: 9 })])?.activityId).toBe(9);
  });
});

describe('lotPriceDisplay', () => {
  const listing = { state: '竞价中', priceType: 1, startPrice: 100_000, theToneInterval: 1, theToneMax: null, priceUnit: '', priceOther: '' };
  it('shows the current price while bidding, the listing price otherwise', () => {
    expect(lotPriceDisplay({ ...listing, lot: lotStatus('正在报名', activity()) })).toEqual({ text: '12.38万元', tooltip: '123,800.00元', label: '当前价' });
    expect(lotPriceDisplay({ ...listing, lot: lotStatus('正在报名', null) })).toEqual({ text: '10.00万元', tooltip: '100,000.00元', label: null });
    expect(lotPriceDisplay({ ...listing, state: '预披露', lot: listingOnlyLot('预披露') })).toEqual({ text: '面议', tooltip: null, label: null });
    // A priceType 2 listing keeps its unit.
    expect(lotPriceDisplay({ ...listing, priceType: 2, priceUnit: '元/年', lot: lotStatus('正在报名', activity({ currentPrice: 52_000 })) }).text).toBe('5.20万元/年');
  });
});

describe('stagesMatching (the search filter words)', () => {
  it.each([
    ['竞价中', ['bidding']],
    ['报名', ['enrolmentClosed', 'enrolling']],
    // 流拍 and 终结 are ended auctions too.
    ['已结束', ['failed', 'ended', 'terminated']],
    ['流拍', ['failed']],
    ['即将竞价', ['upcoming']],
    ['中止', ['suspended']],
    ['终结', ['terminated']],
    ['暂缓', []],
    ['  ', []],
  ] as const)('%s → %j', (word, stages) => {
    expect(stagesMatching(word).sort()).toEqual([...stages].sort());
  });
});
