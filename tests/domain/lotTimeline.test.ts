import { describe, expect, it } from 'vitest';
import { chinaTimeToEpoch } from '#domain/rules/chinaTime';
import {
  auctionProblems,
  DEFAULT_LOT_TIMELINE_SETTINGS,
  lotAssetClass,
  lotProblems,
  lotStageAt,
  type AuctionPlan,
  type LotDates,
  type LotTimelineSettings,
} from '#domain/rules/lotTimeline';

const at = (text: string) => chinaTimeToEpoch(text)!;
// Monday 2026-11-23 09:00.
const NOW = at('2026-11-23 09:00:00');

const lot = (over: Partial<LotDates> = {}): LotDates => ({
  assetClass: 'stateEquity',
  announcementStartAt: NOW,
  // 20 working days from Monday 23 Nov: Monday 21 Dec.
  enrolmentEndAt: at('2026-12-21 17:00:00'),
  depositEndAt: null,
  ...over,
});
const auction = (over: Partial<AuctionPlan> = {}): AuctionPlan => ({
  startAt: at('2026-12-22 17:00:00'),
  endAt: at('2026-12-22 18:00:00'),
  startPriceFen: 100_000_00,
  openAuctions: 0,
  previousFailedStartFen: null,
  ...over,
});

describe('the lot on its own', () => {
  it('accepts state-owned equity disclosed for 20 working days and refuses 19', () => {
    expect(lotProblems(lot(), NOW)).toEqual([]);
    const short = lotProblems(lot({ enrolmentEndAt: at('2026-12-18 17:00:00') }), NOW);
    expect(short).toHaveLength(1);
    expect(short[0]).toMatch(/企业国有产权的信息披露期不得少于20个工作日/);
    expect(short[0]).toContain('2026-12-21 09:00:00');
  });

  it('counts the period from the publication when the start date has passed', () => {
    const later = NOW + 7 * 86_400_000;
    expect(lotProblems(lot(), later).join()).toMatch(/不得少于20个工作日/);
  });

  it('refuses a deadline before the start, in the past, and a deposit deadline before enrolment closes', () => {
    expect(lotProblems(lot({ enrolmentEndAt: NOW - 1 }), NOW)).toEqual(expect.arrayContaining(['报名截止时间须晚于公告开始时间', '报名截止时间须晚于当前时间']));
    expect(lotProblems(lot({ depositEndAt: at('2026-12-20 17:00:00') }), NOW)).toContain('保证金截止时间不得早于报名截止时间');
  });

  it('other lots need 10 working days; judicial ones count to the auction instead', () => {
    expect(lotProblems(lot({ assetClass: 'other', enrolmentEndAt: at('2026-12-07 09:00:00') }), NOW)).toEqual([]);
    expect(lotProblems(lot({ assetClass: 'other', enrolmentEndAt: at('2026-12-04 09:00:00') }), NOW)).toHaveLength(1);
    expect(lotProblems(lot({ assetClass: 'judicialMovable', enrolmentEndAt: NOW + 86_400_000 }), NOW)).toEqual([]);
  });

  it('takes the periods as configuration', () => {
    const custom: LotTimelineSettings = { ...DEFAULT_LOT_TIMELINE_SETTINGS, disclosure: { ...DEFAULT_LOT_TIMELINE_SETTINGS.disclosure, stateEquity: { minimum: 25, unit: 'workingDays', until: 'enrolmentEnd' } } };
    expect(lotProblems(lot(), NOW, custom).join()).toMatch(/不得少于25个工作日/);
  });

  it('derives the asset class from type and nature unless chosen', () => {
    expect(lotAssetClass(1, 1)).toBe('stateEquity');
    expect(lotAssetClass(1, 2)).toBe('other');
    expect(lotAssetClass(5, 2)).toBe('judicialMovable');
    expect(lotAssetClass(5, 2, 'judicialRealEstate')).toBe('judicialRealEstate');
    expect(lotAssetClass(2, 1, 'nonsense')).toBe('other');
  });
});

describe('the auction against its lot', () => {
  it('accepts an auction the working day after the deposit deadline', () => {
    expect(auctionProblems(lot(), auction(), NOW)).toEqual([]);
  });

  it('refuses bidding before enrolment and deposit close, with the margin of a working day', () => {
    expect(auctionProblems(lot(), auction({ startAt: at('2026-12-21 10:00:00') }), NOW)).toEqual(
      expect.arrayContaining([expect.stringMatching(/竞价开始时间须在报名截止（2026-12-21 17:00:00）之后/), expect.stringMatching(/须至少早于竞价开始1个工作日/)]),
    );
    // Deposit closes Friday 17:00: Saturday and Sunday are no working days, Monday 17:00 is.
    const friday = lot({ enrolmentEndAt: at('2026-12-25 17:00:00') });
    expect(auctionProblems(friday, auction({ startAt: at('2026-12-27 17:00:00'), endAt: at('2026-12-27 18:00:00') }), NOW).join()).toMatch(/不得早于 2026-12-28 17:00:00/);
    expect(auctionProblems(friday, auction({ startAt: at('2026-12-28 17:00:00'), endAt: at('2026-12-28 18:00:00') }), NOW)).toEqual([]);
    // An explicit deposit deadline moves the margin.
    const deposit = lot({ depositEndAt: at('2026-12-22 17:00:00') });
    expect(auctionProblems(deposit, auction(), NOW).join()).toMatch(/保证金截止（2026-12-22 17:00:00）/);
  });

  it('allows one open auction per lot', () => {
    expect(auctionProblems(lot(), auction({ openAuctions: 1 }), NOW)).toContain('该项目已有未结束的竞价活动，一个项目同时只能有一场竞价');
  });

  it('judicial notices: 15 days ahead for movables, 30 for real estate', () => {
    const movable = lot({ assetClass: 'judicialMovable', enrolmentEndAt: NOW + 10 * 86_400_000 });
    expect(auctionProblems(movable, auction({ startAt: NOW + 14 * 86_400_000, endAt: NOW + 15 * 86_400_000 }), NOW).join()).toMatch(/须在竞价开始15日前发布公告/);
    expect(auctionProblems(movable, auction({ startAt: NOW + 15 * 86_400_000, endAt: NOW + 16 * 86_400_000 }), NOW)).toEqual([]);
    const estate = { ...movable, assetClass: 'judicialRealEstate' as const };
    expect(auctionProblems(estate, auction({ startAt: NOW + 15 * 86_400_000, endAt: NOW + 16 * 86_400_000 }), NOW).join()).toMatch(/30日/);
  });

  it("a judicial lot's second auction cuts the price by at most 20 %", () => {
    const movable = lot({ assetClass: 'judicialMovable', enrolmentEndAt: NOW + 10 * 86_400_000 });
    const second = (price: number) => auction({ startAt: NOW + 20 * 86_400_000, endAt: NOW + 21 * 86_400_000, startPriceFen: price, previousFailedStartFen: 100_000_00 });
    expect(auctionProblems(movable, second(80_000_00), NOW)).toEqual([]);
    expect(auctionProblems(movable, second(79_999_99), NOW).join()).toMatch(/降价幅度不得超过上次起拍价的20%（不得低于 80000.00 元）/);
    // Not judicial: no such limit.
    expect(auctionProblems(lot(), { ...second(10_000_00), startAt: at('2026-12-22 17:00:00'), endAt: at('2026-12-22 18:00:00') }, NOW)).toEqual([]);
  });
});

describe('the stage a lot is in', () => {
  const dates = { announcementStartAt: NOW, enrolmentEndAt: NOW + 10 * 86_400_000, depositEndAt: NOW + 11 * 86_400_000 };
  it('walks 草稿 → 公告期 → 报名截止 → 保证金截止 → 竞价 → 成交/流拍 → 结果公示 → 交割', () => {
    expect(lotStageAt({ published: false }, NOW)).toBe('draft');
    expect(lotStageAt({ published: true, preDisclosure: true }, NOW)).toBe('preDisclosure');
    expect(lotStageAt({ published: true, ...dates }, NOW)).toBe('announcement');
    expect(lotStageAt({ published: true, ...dates }, NOW + 10 * 86_400_000)).toBe('enrolmentClosed');
    expect(lotStageAt({ published: true, ...dates }, NOW + 11 * 86_400_000)).toBe('depositClosed');
    const auction = { status: 'live' as const, outcome: null, startAt: 0, endAt: 1 };
    expect(lotStageAt({ published: true, ...dates, auction }, NOW)).toBe('bidding');
    expect(lotStageAt({ published: true, ...dates, auction: { ...auction, suspended: true } }, NOW)).toBe('suspended');
    expect(lotStageAt({ published: true, ...dates, auction: { ...auction, status: 'ended', outcome: 'sold' } }, NOW)).toBe('sold');
    expect(lotStageAt({ published: true, ...dates, auction: { ...auction, status: 'ended', outcome: 'failed' } }, NOW)).toBe('failed');
    expect(lotStageAt({ published: true, ...dates, auction: { ...auction, status: 'ended', outcome: 'sold' }, resultPublished: true }, NOW)).toBe('resultPublicity');
    expect(lotStageAt({ published: true, ...dates, resultPublished: true, handedOver: true }, NOW)).toBe('delivery');
  });
});
