import { describe, expect, it } from 'vitest';
import { addWorkingDays, amountDueFen, buyerFeeFen, DEFAULT_FEE_SCHEDULE } from '#domain/rules/settlement';
import { type FeeSchedule } from '#domain/contract/settlement';
import { chinaTimeToEpoch, formatChinaTime } from '#domain/rules/chinaTime';

describe('buyer fee by price band (progressive)', () => {
  it.each([
    [0, 0],
    [1_000_00, 1_000_00], // the minimum of 1,000 元
    [100_000_000, 1_500_000], // 100 万 × 1.5 %
    [300_000_000, 1_500_000 + 2_000_000], // + 200 万 × 1 %
    [800_000_000, 1_500_000 + 4_000_000 + 1_500_000], // + 300 万 × 0.5 %
    [2_000_000_000, 1_500_000 + 4_000_000 + 2_500_000 + 2_000_000], // + 1000 万 × 0.2 %
  ])('price %d fen → fee %d fen', (price, fee) => {
    expect(buyerFeeFen(price)).toBe(fee);
  });
  it('rounds half up to the fen and follows a schedule passed in', () => {
    const flat: FeeSchedule = { bands: [{ uptoFen: null, ratePermille: 3 }], minFen: 0 };
    expect(buyerFeeFen(12_345, flat)).toBe(37); // 37.035
    expect(buyerFeeFen(500, flat)).toBe(2); // 1.5 → 2
    expect(DEFAULT_FEE_SCHEDULE.bands.at(-1)!.uptoFen).toBeNull();
    expect(() => buyerFeeFen(-1)).toThrow(RangeError);
  });
  it('amount due never goes below zero', () => {
    expect(amountDueFen(1_000_000, 15_000, 200_000)).toBe(815_000);
    expect(amountDueFen(100_000, 1_000, 500_000)).toBe(0);
  });
});

describe('working days (China time, Monday–Friday)', () => {
  it('skips the weekend', () => {
    const thursday = chinaTimeToEpoch('2026-11-19 15:30:00')!;
    expect(formatChinaTime(addWorkingDays(thursday, 3))).toBe('2026-11-24 15:30:00');
    const saturday = chinaTimeToEpoch('2026-11-21 12:00:00')!;
    expect(formatChinaTime(addWorkingDays(saturday, 1))).toBe('2026-11-23 12:00:00');
    expect(addWorkingDays(saturday, 0)).toBe(saturday);
  });
});
