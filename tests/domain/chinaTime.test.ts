/**
 * China time (domain/rules/chinaTime.ts): every layout, parsing, the China day, and the same answers in
 * whatever zone the machine or the browser is in (the functions must never read it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHINA_UTC_OFFSET_MS, chinaDayStart, chinaTimeToEpoch, formatChinaTime, minuteText } from '#domain/rules/chinaTime';

/** 2026-01-01 16:30:05 UTC is 2026-01-02 00:30:05 in China: the China day differs from the UTC day. */
const NEW_YEAR_NIGHT = Date.UTC(2026, 0, 1, 16, 30, 5);

function checkAll() {
  it('formats epoch ms in every layout', () => {
    expect(formatChinaTime(NEW_YEAR_NIGHT)).toBe('2026-01-02 00:30:05');
    expect(formatChinaTime(NEW_YEAR_NIGHT, 'YYYY-MM-DD HH:mm:ss')).toBe('2026-01-02 00:30:05');
    expect(formatChinaTime(NEW_YEAR_NIGHT, 'YYYY-MM-DD HH:mm')).toBe('2026-01-02 00:30');
    expect(formatChinaTime(NEW_YEAR_NIGHT, 'YYYY-MM-DD')).toBe('2026-01-02');
    expect(formatChinaTime(NEW_YEAR_NIGHT, 'MM-DD HH:mm')).toBe('01-02 00:30');
    expect(formatChinaTime(NEW_YEAR_NIGHT, 'HH:mm:ss')).toBe('00:30:05');
    expect(formatChinaTime(0)).toBe('1970-01-01 08:00:00');
    expect(formatChinaTime(Date.UTC(2026, 11, 31, 16, 0, 0), 'YYYY-MM-DD')).toBe('2027-01-01');
    // A date on which many zones change their clocks (US and EU summer time): China does not.
    expect(formatChinaTime(Date.UTC(2026, 2, 8, 7, 0, 0))).toBe('2026-03-08 15:00:00');
    expect(formatChinaTime(Date.UTC(2026, 9, 25, 1, 0, 0))).toBe('2026-10-25 09:00:00');
  });

  it('refuses a time that is not one', () => {
    expect(() => formatChinaTime(Number.NaN)).toThrow(RangeError);
    expect(() => formatChinaTime(Number.POSITIVE_INFINITY, 'HH:mm:ss')).toThrow(RangeError);
  });

  it('parses China-time text, with or without seconds', () => {
    expect(chinaTimeToEpoch('2026-01-02 00:30:05')).toBe(NEW_YEAR_NIGHT);
    expect(chinaTimeToEpoch('2026-11-28 17:00:00')).toBe(Date.UTC(2026, 10, 28, 9, 0, 0));
    expect(chinaTimeToEpoch('2026-11-28 07:30')).toBe(Date.UTC(2026, 10, 27, 23, 30, 0));
    expect(chinaTimeToEpoch('2026-11-28T07:30:00')).toBe(Date.UTC(2026, 10, 27, 23, 30, 0));
    expect(chinaTimeToEpoch('  2026-11-28 07:30:00 ')).toBe(Date.UTC(2026, 10, 27, 23, 30, 0));
    expect(chinaTimeToEpoch('1970-01-01 08:00:00')).toBe(0);
  });

  it('answers null for text that is not a China time', () => {
    for (const text of ['明天', '', '2026-11-28', '2026/11/28 07:30', '2026-11-28 7:30', '2026-11-28 07:30:00Z', null, undefined]) {
      expect(chinaTimeToEpoch(text)).toBeNull();
    }
  });

  it('round-trips with the wire format', () => {
    for (const ms of [0, NEW_YEAR_NIGHT, Date.UTC(2026, 2, 8, 7, 0, 0), Date.UTC(2031, 5, 30, 23, 59, 59)]) {
      expect(chinaTimeToEpoch(formatChinaTime(ms))).toBe(ms);
    }
  });

  it('finds the start of the China day', () => {
    const chinaMidnight = Date.UTC(2026, 0, 1, 16, 0, 0); // 2026-01-02 00:00 in China
    expect(chinaDayStart(NEW_YEAR_NIGHT)).toBe(chinaMidnight);
    expect(chinaDayStart(chinaMidnight)).toBe(chinaMidnight);
    expect(chinaDayStart(chinaMidnight - 1)).toBe(chinaMidnight - 86_400_000);
    expect(formatChinaTime(chinaDayStart(NEW_YEAR_NIGHT))).toBe('2026-01-02 00:00:00');
  });

  it('shows wire times without their seconds', () => {
    expect(minuteText('2026-11-28 07:30:59')).toBe('2026-11-28 07:30');
    expect(minuteText('2026-11-28 07:30')).toBe('2026-11-28 07:30');
    expect(minuteText('2026-11-28')).toBe('2026-11-28');
    expect(minuteText('')).toBe('--');
    expect(minuteText(null)).toBe('--');
  });
}

it('China is UTC+8 all year', () => {
  expect(CHINA_UTC_OFFSET_MS).toBe(8 * 3_600_000);
});

// Node reads TZ again whenever it changes, so each block runs in that zone (the browser's or the server's).
describe.each([
  ['Asia/Shanghai', -480],
  ['UTC', 0],
  ['America/New_York', 300],
  ['Pacific/Honolulu', 600],
  ['Asia/Kathmandu', -345],
  ['Pacific/Kiritimati', -840],
])('in the zone %s', (zone, januaryOffsetMinutes) => {
  const before = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = zone;
  });
  afterAll(() => {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  });

  it('is really in that zone', () => {
    expect(new Date(NEW_YEAR_NIGHT).getTimezoneOffset()).toBe(januaryOffsetMinutes);
  });

  checkAll();
});
