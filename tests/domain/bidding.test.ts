import { COUNTDOWN_MARGIN_SECONDS, TICK_MS, displayRemaining, premiumRate, rowTone } from '#domain/rules/bidding';

describe('rowTone', () => {
  it('is green when the max price is still the start price and nobody bid', () => {
    expect(rowTone({ startPrice: 100, maxPrice: 100, biddingCount: 0 })).toBe('green');
    expect(rowTone({ startPrice: 0.3, maxPrice: 0.1 + 0.2, biddingCount: 0 })).toBe('green');
  });

  it('is red otherwise', () => {
    expect(rowTone({ startPrice: 100, maxPrice: 100, biddingCount: 1 })).toBe('red');
    expect(rowTone({ startPrice: 100, maxPrice: 101, biddingCount: 0 })).toBe('red');
    expect(rowTone({ startPrice: 100, maxPrice: 110, biddingCount: 3 })).toBe('red');
  });
});

describe('displayRemaining', () => {
  it('has the spec constants', () => {
    expect(COUNTDOWN_MARGIN_SECONDS).toBe(5);
    expect(TICK_MS).toBe(1000);
  });

  it.each([5, 5.9, 4, 0, -3, Number.NaN, Number.POSITIVE_INFINITY])('%j s → 请见标的详情', (left) => {
    expect(displayRemaining(left)).toEqual({
      over: true,
      days: 0,
      hours: 0,
      minutes: 0,
      seconds: 0,
      text: '请见标的详情',
    });
  });

  it.each([
    [6, '00时00分01秒'],
    [6.5, '00时00分01秒'],
    [65, '00时01分00秒'],
    [3605, '01时00分00秒'],
    [86404, '23时59分59秒'],
    [86405, '1天00时00分00秒'],
    [90061, '1天01时00分56秒'], // 90056 s after the margin
    [93789, '1天02时03分04秒'],
    [864005, '10天00时00分00秒'],
  ])('%j s → %s', (left, text) => {
    expect(displayRemaining(left).text).toBe(text);
  });

  it('returns the parts', () => {
    expect(displayRemaining(93789)).toEqual({
      over: false,
      days: 1,
      hours: 2,
      minutes: 3,
      seconds: 4,
      text: '1天02时03分04秒',
    });
  });
});

describe('premiumRate', () => {
  it('is --- without bids', () => {
    expect(premiumRate(100, 150, 0)).toBe('---');
    expect(premiumRate(100, 150, -1)).toBe('---');
    expect(premiumRate(100, 150, Number.NaN)).toBe('---');
  });

  it.each([
    [100, 123.456, '23.46%'], // current rounds to 123.46 yuan
    [3, 5, '66.67%'],
    [3, 4, '33.33%'],
    [100, 100, '0.00%'],
    [100, 80, '20.00%'], // absolute difference
    [200, 200.01, '0.01%'], // 0.005 % rounds half up
    [1000000, 1000000.01, '0.00%'],
    [1, 1000001, '100000000.00%'],
    [0.1 + 0.2, 0.6, '100.00%'],
  ])('start %j, current %j → %s', (start, current, expected) => {
    expect(premiumRate(start, current, 1)).toBe(expected);
  });

  it('is --- when the start price cannot divide', () => {
    expect(premiumRate(0, 100, 2)).toBe('---');
    expect(premiumRate(-5, 100, 2)).toBe('---');
    expect(premiumRate(Number.NaN, 100, 2)).toBe('---');
    expect(premiumRate(100, Number.NaN, 2)).toBe('---');
  });
});
