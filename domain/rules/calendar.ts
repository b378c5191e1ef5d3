/**
 * "Add to calendar": an iCalendar file (RFC 5545) of a lot's bidding, from its start to its end,
 * in China time. Pure: text in, text out; the page turns it into a download.
 *
 * Times are written as local times of the Asia/Shanghai zone (`DTSTART;TZID=Asia/Shanghai:…`) with the
 * zone's own VTIMEZONE (UTC+8, no daylight saving since 1991), so a calendar anywhere shows the right
 * instant and a calendar in China shows the exchange's wall clock. DTSTAMP is in UTC, as the RFC asks.
 */
import { CHINA_UTC_OFFSET_MS } from './chinaTime';

export const CALENDAR_TIME_ZONE = 'Asia/Shanghai';

/** Minutes before the start that the calendar reminds. */
export const CALENDAR_REMINDER_MINUTES = 15;

export interface LotCalendarEvent {
  /** Stable across downloads (the same lot replaces itself in the calendar): e.g. the activity id. */
  uid: string;
  title: string;
  /** Epoch ms. */
  start: number;
  end: number;
  description?: string;
  /** The lot's page. */
  url?: string;
  /** When the file is made (epoch ms). */
  now: number;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** Epoch ms → 'YYYYMMDDTHHmmss' of the wall clock shifted by `offsetMs`. */
function stamp(epochMs: number, offsetMs: number): string {
  const d = new Date(epochMs + offsetMs);
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
}

/** A TEXT value: backslash, semicolon, comma and new lines escaped (RFC 5545 3.3.11). */
export function escapeText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

const encoder = new TextEncoder();

/** A content line folded at 75 octets (UTF-8), never inside a character; continuation lines start with a space. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    const limit = parts.length === 0 ? 75 : 74; // a continuation's leading space counts
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** The .ics text of one lot's bidding (CRLF line ends, folded lines). Throws on an end before the start. */
export function lotCalendar(event: LotCalendarEvent): string {
  if (!Number.isFinite(event.start) || !Number.isFinite(event.end) || event.end < event.start) {
    throw new RangeError('竞价时间无效，无法生成日历');
  }
  const local = (epoch: number) => stamp(epoch, CHINA_UTC_OFFSET_MS);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//河北产权交易所//网络竞价//ZH',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VTIMEZONE',
    `TZID:${CALENDAR_TIME_ZONE}`,
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    'TZOFFSETFROM:+0800',
    'TZOFFSETTO:+0800',
    'TZNAME:CST',
    'END:STANDARD',
    'END:VTIMEZONE',
    'BEGIN:VEVENT',
    `UID:${event.uid}@hbcq`,
    `DTSTAMP:${stamp(event.now, 0)}Z`,
    `DTSTART;TZID=${CALENDAR_TIME_ZONE}:${local(event.start)}`,
    `DTEND;TZID=${CALENDAR_TIME_ZONE}:${local(event.end)}`,
    `SUMMARY:${escapeText(`网络竞价：${event.title}`)}`,
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    `DESCRIPTION:${escapeText(`${event.title}：竞价即将开始`)}`,
    `TRIGGER:-PT${CALENDAR_REMINDER_MINUTES}M`,
    'END:VALARM',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** A file name for the download: the lot's name without characters file systems refuse, and .ics. */
export function calendarFileName(title: string): string {
  const safe = title.replace(/[\\/:*?"<>|\s]+/g, '').slice(0, 40);
  return `${safe || '竞价'}.ics`;
}
