import { auctionRoundLabel, isPackageProject, listingPriceDisplay, listingStatusLabel, listingStatusOf, type ListingPriceFields } from '#domain/rules/listing';

describe('listingStatusLabel', () => {
  it.each([
    ['正在报名', '正在报名'],
    ['项目正在报名中', '正在报名'],
    ['预披露', '预披露'],
    ['预披露中', '预披露'],
    ['已结束', '已结束'],
    ['已成交', '已成交'],
    ['报名已截止', '报名已截止'],
    ['报名已截止，等待竞价', '报名已截止'],
    // several words: the later stage wins
    ['报名已截止（已结束）', '已结束'],
    ['已结束/已成交', '已成交'],
    ['预披露→正在报名', '正在报名'],
    // anything else
    ['', '--'],
    ['待发布', '--'],
    ['报名', '--'],
    ['截止', '--'],
    ['结束', '--'],
    ['成交', '--'],
  ])('%j → %s', (state, label) => {
    expect(listingStatusLabel(state)).toBe(label);
  });

  it('shows -- for missing states', () => {
    expect(listingStatusLabel(null)).toBe('--');
    expect(listingStatusLabel(undefined)).toBe('--');
  });

  it('names the status', () => {
    expect(listingStatusOf('正在报名')).toBe('enrolling');
    expect(listingStatusOf('预披露')).toBe('preDisclosure');
    expect(listingStatusOf('已结束')).toBe('ended');
    expect(listingStatusOf('已成交')).toBe('dealDone');
    expect(listingStatusOf('报名已截止')).toBe('enrolmentClosed');
    expect(listingStatusOf('其他')).toBe('unknown');
  });
});

describe('listingPriceDisplay', () => {
  const asset = (overrides: Partial<ListingPriceFields>): ListingPriceFields => ({
    state: '正在报名',
    priceType: 1,
    startPrice: 9000,
    theToneInterval: 1,
    theToneMax: null,
    priceUnit: '',
    priceOther: '',
    ...overrides,
  });

  it('shows 面议 for pre-disclosure whatever the price', () => {
    expect(listingPriceDisplay(asset({ state: '预披露' }))).toEqual({ text: '面议', tooltip: null });
    expect(listingPriceDisplay(asset({ state: '预披露', priceType: 3, priceOther: '详见公告' }))).toEqual({
      text: '面议',
      tooltip: null,
    });
  });

  it('shows priceOther for priceType 3', () => {
    expect(listingPriceDisplay(asset({ priceType: 3, priceOther: '详见公告' }))).toEqual({
      text: '详见公告',
      tooltip: null,
    });
    expect(listingPriceDisplay(asset({ priceType: 3, priceOther: '  ' })).text).toBe('--');
  });

  it('shows the amount with its unit for priceType 2', () => {
    expect(listingPriceDisplay(asset({ priceType: 2, startPrice: 12.5, priceUnit: '元/平方米/月' }))).toEqual({
      text: '12.5元/平方米/月',
      tooltip: null,
    });
    expect(
      listingPriceDisplay(
        asset({ priceType: 2, startPrice: 12.5, priceUnit: '元/平方米/月', theToneInterval: 2, theToneMax: 20 }),
      ).text,
    ).toBe('12.5 – 20元/平方米/月');
    // From 10,000 yuan a yuan unit price follows the money rule: 万元 with two decimals, the exact yuan on hover.
    expect(listingPriceDisplay(asset({ priceType: 2, startPrice: 15000, priceUnit: '元/年' }))).toEqual({ text: '1.50万元/年', tooltip: '15,000.00元/年' });
    expect(listingPriceDisplay(asset({ priceType: 2, startPrice: 9800, priceUnit: '元/年' })).text).toBe('9,800元/年');
    expect(listingPriceDisplay(asset({ priceType: 2, startPrice: 15000, priceUnit: '吨' })).text).toBe('15,000吨');
  });

  it('shows yuan through the table rule otherwise: 万元 with 2 decimals, the full yuan on hover', () => {
    expect(listingPriceDisplay(asset({ startPrice: 9999.99 }))).toEqual({
      text: '9,999.99元',
      tooltip: '9,999.99元',
    });
    expect(listingPriceDisplay(asset({ startPrice: 10000 }))).toEqual({ text: '1.00万元', tooltip: '10,000.00元' });
    expect(listingPriceDisplay(asset({ startPrice: 123456789.12 }))).toEqual({
      text: '12,345.68万元',
      tooltip: '123,456,789.12元',
    });
    // The column: one width for every row.
    expect([63310.63, 14420, 405_500_000].map((startPrice) => listingPriceDisplay(asset({ startPrice })).text)).toEqual(['6.33万元', '1.44万元', '40,550.00万元']);
  });

  it('shows a range for theToneInterval 2', () => {
    expect(listingPriceDisplay(asset({ startPrice: 20000, theToneInterval: 2, theToneMax: 30000 }))).toEqual({
      text: '2.00万元 – 3.00万元',
      tooltip: '20,000.00元 – 30,000.00元',
    });
    expect(listingPriceDisplay(asset({ startPrice: 9000, theToneInterval: 2, theToneMax: 12000 }))).toEqual({
      text: '9,000.00元 – 1.20万元',
      tooltip: '9,000.00元 – 12,000.00元',
    });
  });

  it('shows only the start without theToneMax, and -- without a price', () => {
    expect(listingPriceDisplay(asset({ startPrice: 20000, theToneInterval: 2, theToneMax: null })).text).toBe('2.00万元');
    expect(listingPriceDisplay(asset({ startPrice: Number.NaN }))).toEqual({ text: '--', tooltip: null });
  });
});

describe('isPackageProject', () => {
  it.each([
    [0, false],
    [1, true],
    [2, true],
    [3, false],
  ])('projectType %i → %s', (projectType, expected) => {
    expect(isPackageProject(projectType)).toBe(expected);
  });
});

describe('auctionRoundLabel', () => {
  it.each([
    [0, '变卖'],
    [1, '一拍'],
    [2, '二拍'],
    ['0', '变卖'],
    ['2', '二拍'],
    [3, '--'],
    [-1, '--'],
    ['', '--'],
    [null, '--'],
  ])('%j → %s', (round, label) => {
    expect(auctionRoundLabel(round)).toBe(label);
  });
});
