/** Storage ⇄ wire conversions: China time without depending on the machine's zone; fen ⇄ yuan. */
import { formatChinaTime } from '#domain/rules/chinaTime';
import { fenToYuan, yuanToFen } from '#domain/rules/money';
import { containsPattern } from '../../server/services/common/like.ts';

it('formats epoch ms as China time (UTC+8), whatever TZ is', () => {
  expect(formatChinaTime(Date.UTC(2026, 0, 1, 16, 30, 5))).toBe('2026-01-02 00:30:05');
  expect(formatChinaTime(Date.UTC(2026, 10, 21, 4, 0, 0))).toBe('2026-11-21 12:00:00');
  expect(formatChinaTime(0)).toBe('1970-01-01 08:00:00');
});

it('converts fen and yuan exactly for money-sized values', () => {
  expect(fenToYuan(480_200_000)).toBe(4_802_000);
  expect(fenToYuan(1_084_000_000_86)).toBe(1_084_000_000.86);
  expect(yuanToFen(0.1 + 0.2)).toBe(30);
  expect(yuanToFen(1234567.89)).toBe(123456789);
  expect(yuanToFen(-2.005)).toBe(-201);
  expect(() => yuanToFen(Number.NaN)).toThrow(RangeError);
});

it('escapes LIKE wildcards in keywords', () => {
  expect(containsPattern('35%股权')).toBe('%35\\%股权%');
  expect(containsPattern('a_b\\c')).toBe('%a\\_b\\\\c%');
});
