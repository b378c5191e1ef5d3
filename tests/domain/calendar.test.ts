/**
 * The lot's .ics: parsed back as a calendar would read it (unfolded lines, TZID local times of
 * the VTIMEZONE's offset), the start and the end are the lot's instants and read as China time.
 */
import { describe, expect, it } from 'vitest';
import { calendarFileName, escapeText, foldLine, lotCalendar } from '#domain/rules/calendar';
import { chinaTimeToEpoch } from '#domain/rules/chinaTime';

/** A small RFC 5545 reader: unfolds, splits name;params:value, keeps the components' nesting. */
function parseIcs(text: string) {
  expect(text.endsWith('\r\n')).toBe(true);
  expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/); // CRLF only
  for (const line of text.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  const lines = text.replace(/\r\n /g, '').split('\r\n').filter(Boolean);
  const stack: { name: string; props: { name: string; params: Record<string, string>; value: string }[] }[] = [];
  const components: typeof stack = [];
  for (const line of lines) {
    const colon = line.indexOf(':');
    const [name, ...params] = line.slice(0, colon).split(';');
    const value = line.slice(colon + 1);
    if (name === 'BEGIN') stack.push({ name: value, props: [] });
    else if (name === 'END') {
      const done = stack.pop()!;
      expect(done.name).toBe(value);
      components.push(done);
    } else stack.at(-1)!.props.push({ name: name!, params: Object.fromEntries(params.map((p) => p.split('=') as [string, string])), value });
  }
  expect(stack).toHaveLength(0);
  return components;
}

/** A DATE-TIME with its TZID, resolved through the file's VTIMEZONE offset (or Z for UTC). */
function instant(prop: { params: Record<string, string>; value: string }, offsets: Record<string, string>): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(Z?)$/.exec(prop.value)!;
  const [, y, mo, d, h, mi, s, z] = m;
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  if (z) return wall;
  const offset = offsets[prop.params.TZID!]!;
  const sign = offset.startsWith('-') ? -1 : 1;
  return wall - sign * (Number(offset.slice(1, 3)) * 3_600_000 + Number(offset.slice(3, 5)) * 60_000);
}

describe('lotCalendar', () => {
  const start = chinaTimeToEpoch('2026-11-28 09:30:00')!;
  const end = chinaTimeToEpoch('2026-11-28 10:00:00')!;
  const ics = lotCalendar({
    uid: 'activity-25',
    title: '保定长城环保科技有限公司增资扩股项目（第二批，含设备；厂房）',
    start,
    end,
    description: '网络竞价，竞价室：https://example.cn/#/quoteHall?activityId=25',
    url: 'https://example.cn/#/projectDetail/25.html',
    now: Date.UTC(2026, 10, 24, 4, 5, 6),
  });

  it("opens with the lot's China-time start and end (Asia/Shanghai, +08:00)", () => {
    const components = parseIcs(ics);
    const zone = components.find((c) => c.name === 'VTIMEZONE')!;
    const standard = components.find((c) => c.name === 'STANDARD')!;
    const tzid = zone.props.find((p) => p.name === 'TZID')!.value;
    expect(tzid).toBe('Asia/Shanghai');
    const offsets = { [tzid]: standard.props.find((p) => p.name === 'TZOFFSETTO')!.value };
    expect(offsets[tzid]).toBe('+0800');

    const event = components.find((c) => c.name === 'VEVENT')!;
    const prop = (name: string) => event.props.find((p) => p.name === name)!;
    expect(prop('DTSTART').value).toBe('20261128T093000');
    expect(prop('DTEND').value).toBe('20261128T100000');
    expect(instant(prop('DTSTART'), offsets)).toBe(start);
    expect(instant(prop('DTEND'), offsets)).toBe(end);
    expect(new Date(instant(prop('DTSTART'), offsets)).toISOString()).toBe('2026-11-28T01:30:00.000Z');
    expect(instant(prop('DTSTAMP'), offsets)).toBe(Date.UTC(2026, 10, 24, 4, 5, 6));
    expect(prop('UID').value).toBe('activity-25@hbcq');
    // Text survives the escaping and the folding (a long Chinese summary is folded on character bounds).
    const unescape = (value: string) => value.replace(/\\n/g, '\n').replace(/\\([\\;,])/g, '$1');
    expect(unescape(prop('SUMMARY').value)).toBe('网络竞价：保定长城环保科技有限公司增资扩股项目（第二批，含设备；厂房）');
    expect(unescape(prop('DESCRIPTION').value)).toContain('activityId=25');
    expect(prop('URL').value).toBe('https://example.cn/#/projectDetail/25.html');
    const alarm = components.find((c) => c.name === 'VALARM')!;
    expect(alarm.props.find((p) => p.name === 'TRIGGER')!.value).toBe('-PT15M');
  });

  it('refuses an end before the start', () => {
    expect(() => lotCalendar({ uid: 'x', title: 'x', start: end, end: start, now: 0 })).toThrow('竞价时间无效');
  });
});

describe('ics text helpers', () => {
  it('escapes TEXT and folds at 75 octets without splitting a character', () => {
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    const folded = foldLine(`SUMMARY:${'竞'.repeat(60)}`);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(lines.slice(1).every((line) => line.startsWith(' '))).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(`SUMMARY:${'竞'.repeat(60)}`);
    expect(calendarFileName('唐山/某公司: 设备*一批')).toBe('唐山某公司设备一批.ics');
  });
});
