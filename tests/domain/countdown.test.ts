/** The one countdown formatter (displayRemaining): the spec's 5 s margin by default, or another margin. */
import { describe, expect, it } from 'vitest';
import { COUNTDOWN_MARGIN_SECONDS, COUNTDOWN_OVER_TEXT, displayRemaining } from '#domain/rules/bidding';

describe('displayRemaining with the default margin (the bid rows, the bidding room)', () => {
  it('takes off the spec margin', () => {
    expect(COUNTDOWN_MARGIN_SECONDS).toBe(5);
    expect(displayRemaining(65).text).toBe('00时01分00秒');
    expect(displayRemaining(65, {}).text).toBe('00时01分00秒');
    expect(displayRemaining(65, { marginSeconds: COUNTDOWN_MARGIN_SECONDS }).text).toBe('00时01分00秒');
    expect(displayRemaining(6).text).toBe('00时00分01秒');
  });

  it('is over once nothing is left after the margin', () => {
    expect(COUNTDOWN_OVER_TEXT).toBe('请见标的详情');
    for (const left of [5, 5.99, 1, 0, -10, Number.NaN]) {
      expect(displayRemaining(left)).toMatchObject({ over: true, text: '请见标的详情' });
    }
  });
});

describe('displayRemaining without a margin (the enrolment deadline)', () => {
  it.each([
    [1, '00时00分01秒'],
    [1.9, '00时00分01秒'],
    [59, '00时00分59秒'],
    [60, '00时01分00秒'],
    [3_600, '01时00分00秒'],
    [86_399, '23时59分59秒'],
    [86_400, '1天00时00分00秒'],
    [3 * 86_400 + 4 * 3_600 + 5 * 60 + 6, '3天04时05分06秒'],
  ])('%j s → %s', (left, text) => {
    expect(displayRemaining(left, { marginSeconds: 0 })).toMatchObject({ over: false, text });
  });

  it('is over at zero, below, and for what is not a number', () => {
    for (const left of [0, 0.5, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(displayRemaining(left, { marginSeconds: 0 })).toEqual({ over: true, days: 0, hours: 0, minutes: 0, seconds: 0, text: '请见标的详情' });
    }
  });

  it('splits into parts', () => {
    expect(displayRemaining(93_784, { marginSeconds: 0 })).toEqual({ over: false, days: 1, hours: 2, minutes: 3, seconds: 4, text: '1天02时03分04秒' });
  });
});

describe('displayRemaining with another margin', () => {
  it('takes off that many seconds', () => {
    expect(displayRemaining(70, { marginSeconds: 10 }).text).toBe('00时01分00秒');
    expect(displayRemaining(10, { marginSeconds: 10 }).over).toBe(true);
    expect(displayRemaining(10.5, { marginSeconds: 10 }).over).toBe(true);
    expect(displayRemaining(11, { marginSeconds: 10 }).text).toBe('00时00分01秒');
  });
});
