import { clampDecimals, fenToChineseUpper, fenToYuan, fenToYuanText, formatAmount, formatInUnit, formatMoney, formatTableMoney, panelUnit, formatTrimmedAmount, formatYuan, sanitizeMoneyInput, yuanToFen } from '#domain/rules/money';

describe('sanitizeMoneyInput', () => {
  it.each([
    ['1234567890123', ''], // 13 integer digits
    ['123456789012', '123456789012'], // 12 integer digits
    ['123456789012.5', '123456789012.5'],
    ['12.1234567', '12.123456'], // truncated, not rounded
    ['12.9999999', '12.999999'],
    ['12.123456', '12.123456'],
    ['12.5', '12.5'],
    ['0', '0'],
    ['007', '007'], // kept as typed
    ['12.', '12.'], // still typing
    [' 12.5 ', '12.5'],
    ['-1', ''],
    ['+1', ''],
    ['abc', ''],
    ['12a', ''],
    ['', ''],
    ['.5', ''],
    ['1e5', ''],
    ['1,000', ''],
    ['12.3.4', ''],
  ])('%j → %j', (raw, expected) => {
    expect(sanitizeMoneyInput(raw)).toBe(expected);
  });

  it('reads numbers through their text and treats null as empty', () => {
    expect(sanitizeMoneyInput(12.5)).toBe('12.5');
    expect(sanitizeMoneyInput(1e21)).toBe('');
    expect(sanitizeMoneyInput(null)).toBe('');
    expect(sanitizeMoneyInput(undefined)).toBe('');
  });
});

describe('yuanToFen / fenToYuan', () => {
  it.each([
    [19.99, 1999], // 19.99 * 100 === 1998.9999999999998 in floats
    [1.005, 101], // half away from zero on the decimal value
    [-1.005, -101],
    ['0.125', 13],
    ['-0.125', -13],
    [0.1 + 0.2, 30],
    [123456789.12, 12345678912],
    ['12.344', 1234],
    [' 7 ', 700],
    [0, 0],
    [-0.004, 0],
  ])('yuanToFen(%j) → %i', (yuan, fen) => {
    expect(yuanToFen(yuan)).toBe(fen);
  });

  it('never returns -0', () => {
    expect(Object.is(yuanToFen(-0.004), 0)).toBe(true);
  });

  it('throws on what is not an amount', () => {
    expect(() => yuanToFen('abc')).toThrow(RangeError);
    expect(() => yuanToFen(Number.NaN)).toThrow(RangeError);
    expect(() => yuanToFen(1e21)).toThrow(RangeError); // beyond safe integer fen
  });

  it('fenToYuan gives the nearest number', () => {
    expect(fenToYuan(1999)).toBe(19.99);
    expect(fenToYuan(12345678912)).toBe(123456789.12);
    expect(fenToYuan(-5)).toBe(-0.05);
    expect(() => fenToYuan(1.5)).toThrow(RangeError);
  });

  it('fenToYuanText is exact', () => {
    expect(fenToYuanText(12345)).toBe('123.45');
    expect(fenToYuanText(-5)).toBe('-0.05');
    expect(fenToYuanText(0)).toBe('0.00');
    expect(fenToYuanText(123456789012345678901n)).toBe('1234567890123456789.01');
  });
});

describe('formatAmount', () => {
  it('defaults to 3 decimals with thousands separators', () => {
    expect(formatAmount(1234.5)).toBe('1,234.500');
    expect(formatAmount(1234567.891)).toBe('1,234,567.891');
    expect(formatAmount('1234567.8915')).toBe('1,234,567.892');
  });

  it.each([
    [1.005, 2, '1.01'],
    [-1234.5678, 2, '-1,234.57'],
    [-0.001, 2, '0.00'],
    [999.995, 2, '1,000.00'],
    [1234.5, -1, '1,235'], // clamped to 0
    [1234.4, 0, '1,234'],
    [2.55, 1.7, '2.6'], // decimals truncated to 1
    [0.1, 25, '0.10000000000000000000'], // clamped to 20, exact decimal
    [1e21, 0, '1,000,000,000,000,000,000,000'],
    [100, 2, '100.00'],
  ])('formatAmount(%j, %j) → %s', (value, decimals, expected) => {
    expect(formatAmount(value, decimals)).toBe(expected);
  });

  it('returns an empty string for non-numbers', () => {
    expect(formatAmount(Number.NaN)).toBe('');
    expect(formatAmount(Number.POSITIVE_INFINITY)).toBe('');
    expect(formatAmount('abc')).toBe('');
    expect(formatAmount(null)).toBe('');
  });

  it('clampDecimals', () => {
    expect(clampDecimals(-1)).toBe(0);
    expect(clampDecimals(25)).toBe(20);
    expect(clampDecimals(20)).toBe(20);
    expect(clampDecimals(0)).toBe(0);
    expect(clampDecimals(3.9)).toBe(3);
    expect(clampDecimals(Number.NaN)).toBe(3);
  });
});

describe('formatTrimmedAmount', () => {
  it.each([
    [12.5, '12.5'],
    [1234, '1,234'],
    [0.1234567, '0.123457'],
    [2.1, '2.1'],
    [Number.NaN, ''],
  ])('%j → %j', (value, expected) => {
    expect(formatTrimmedAmount(value)).toBe(expected);
  });
});

describe('formatMoney', () => {
  it('shows amounts below 10000 yuan in 元 with a yuan tooltip', () => {
    expect(formatMoney(9999.99)).toEqual({
      text: '9,999.99',
      unit: '元',
      label: '9,999.99元',
      yuanTooltip: '9,999.99元',
    });
    expect(formatMoney('500')).toEqual({ text: '500.00', unit: '元', label: '500.00元', yuanTooltip: '500.00元' });
    expect(formatMoney(0)?.label).toBe('0.00元');
    expect(formatMoney(0.01)?.label).toBe('0.01元');
  });

  it('shows 10000 yuan and more in 万元 without a tooltip', () => {
    expect(formatMoney(10000)).toEqual({ text: '1', unit: '万元', label: '1万元', yuanTooltip: null });
    expect(formatMoney(12345000)).toEqual({ text: '1,234.5', unit: '万元', label: '1,234.5万元', yuanTooltip: null });
    expect(formatMoney(10000.01)?.label).toBe('1.000001万元');
    expect(formatMoney(100000000000)?.label).toBe('10,000,000万元');
  });

  it('divides exactly: 123456789.12 yuan is 12,345.678912 万元', () => {
    expect(formatMoney(123456789.12)).toEqual({
      text: '12,345.678912',
      unit: '万元',
      label: '12,345.678912万元',
      yuanTooltip: null,
    });
    expect(formatMoney('123456789.12')?.text).toBe('12,345.678912');
  });

  it('rounds to the fen before choosing the unit', () => {
    expect(formatMoney(9999.995)?.label).toBe('1万元');
    expect(formatMoney(9999.994)?.label).toBe('9,999.99元');
  });

  it('uses the absolute amount for the threshold', () => {
    expect(formatMoney(-20000)?.label).toBe('-2万元');
    expect(formatMoney(-9999.99)?.label).toBe('-9,999.99元');
  });

  it('returns null for non-numbers', () => {
    expect(formatMoney(null)).toBeNull();
    expect(formatMoney(undefined)).toBeNull();
    expect(formatMoney('abc')).toBeNull();
    expect(formatMoney(Number.NaN)).toBeNull();
  });
});

describe('formatYuan', () => {
  it('always shows yuan with 2 decimals', () => {
    expect(formatYuan(123456789.12)).toBe('123,456,789.12元');
    expect(formatYuan(12000)).toBe('12,000.00元');
    expect(formatYuan('x')).toBe('');
  });
});

describe('the table rule and the panel unit', () => {
  it('formatTableMoney: 万元 with 2 decimals from 10000 yuan, yuan below, the full yuan on hover', () => {
    expect(formatTableMoney(63_310.63)).toEqual({ text: '6.33', unit: '万元', label: '6.33万元', yuanTooltip: '63,310.63元' });
    expect(formatTableMoney(405_500_000)!.label).toBe('40,550.00万元');
    expect(formatTableMoney(14_425)!.label).toBe('1.44万元');
    expect(formatTableMoney(14_450)!.label).toBe('1.45万元'); // half away from zero
    expect(formatTableMoney(9_999.99)).toEqual({ text: '9,999.99', unit: '元', label: '9,999.99元', yuanTooltip: '9,999.99元' });
    expect(formatTableMoney('abc')).toBeNull();
  });
  it('panelUnit and formatInUnit: one unit for every amount of a panel', () => {
    expect(panelUnit([9_800, 10_200])).toBe('万元');
    expect(panelUnit([9_800, 9_900, null])).toBe('元');
    expect(formatInUnit(9_800, '万元')).toEqual({ text: '0.98', unit: '万元', label: '0.98万元', yuanTooltip: '9,800.00元' });
    expect(formatInUnit(1_234_567.89, '万元')!.label).toBe('123.456789万元');
    expect(formatInUnit(1_234_567.89, '元')!.label).toBe('1,234,567.89元');
  });
});

describe('fenToChineseUpper (大写 on the 成交确认书 and invoices)', () => {
  it.each([
    [1234567, '壹万贰仟叁佰肆拾伍元陆角柒分'],
    [100000, '壹仟元整'],
    [1005, '壹拾元零伍分'],
    [0, '零元整'],
    [5, '伍分'],
    [50, '伍角'],
    [123450, '壹仟贰佰叁拾肆元伍角'],
    [1000100, '壹万零壹元整'],
    [100010000, '壹佰万零壹佰元整'],
    [200000000, '贰佰万元整'],
    [10000000000, '壹亿元整'],
    [10000000100, '壹亿零壹元整'],
    [12000000000, '壹亿贰仟万元整'],
  ])('%i fen → %s', (fen, text) => {
    expect(fenToChineseUpper(fen)).toBe(text);
  });
});
