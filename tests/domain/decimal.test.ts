import { decimalToText, groupThousands, parseDecimal, roundDecimal, toScaledInteger } from '#domain/rules/decimal';

describe('parseDecimal', () => {
  it.each([
    ['12', { negative: false, int: '12', frac: '' }],
    ['-0.50', { negative: true, int: '0', frac: '50' }],
    ['.5', { negative: false, int: '0', frac: '5' }],
    ['1.', { negative: false, int: '1', frac: '' }],
    ['007.1', { negative: false, int: '7', frac: '1' }],
    ['1.5e3', { negative: false, int: '1500', frac: '' }],
    ['12.5e-3', { negative: false, int: '0', frac: '0125' }],
  ])('%j', (text, parts) => {
    expect(parseDecimal(text)).toEqual(parts);
  });

  it('reads numbers through their shortest text, expanding exponents', () => {
    expect(parseDecimal(1e21)).toEqual({ negative: false, int: `1${'0'.repeat(21)}`, frac: '' });
    expect(parseDecimal(1.5e-7)).toEqual({ negative: false, int: '0', frac: '00000015' });
    expect(parseDecimal(0.1 + 0.2)).toEqual({ negative: false, int: '0', frac: '30000000000000004' });
  });

  it.each(['', ' ', 'abc', '1,000', '1.2.3', '--1', '1e', 'e5', '.', '1e999'])('refuses %j', (text) => {
    expect(parseDecimal(text)).toBeNull();
  });

  it('refuses non-finite numbers and missing values', () => {
    expect(parseDecimal(Number.NaN)).toBeNull();
    expect(parseDecimal(Number.NEGATIVE_INFINITY)).toBeNull();
    expect(parseDecimal(null)).toBeNull();
    expect(parseDecimal(undefined)).toBeNull();
  });
});

describe('rounding and rendering', () => {
  const round = (text: string, places: number) => decimalToText(roundDecimal(parseDecimal(text)!, places));

  it.each([
    ['1.005', 2, '1.01'],
    ['-1.005', 2, '-1.01'],
    ['1.004', 2, '1.00'],
    ['0.5', 0, '1'],
    ['-0.5', 0, '-1'],
    ['-0.4', 0, '0'],
    ['9.995', 2, '10.00'],
    ['1234567.5', 0, '1,234,568'],
  ])('%s to %i places → %s', (text, places, expected) => {
    expect(round(text, places)).toBe(expected);
  });

  it('scales to integers', () => {
    expect(toScaledInteger(parseDecimal('12.345')!, 2)).toBe(1235n);
    expect(toScaledInteger(parseDecimal('-12.345')!, 2)).toBe(-1235n);
  });

  it('groups thousands', () => {
    expect(groupThousands('1')).toBe('1');
    expect(groupThousands('123')).toBe('123');
    expect(groupThousands('1234')).toBe('1,234');
    expect(groupThousands('1234567')).toBe('1,234,567');
  });
});
