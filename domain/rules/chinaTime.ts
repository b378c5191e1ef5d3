/**
 * China time (UTC+8, no daylight saving): the wall clock of every time the portal shows or reads.
 *
 * Times are stored and computed as epoch ms; they travel as 'YYYY-MM-DD HH:mm:ss' China-time text (README
 * "API paths"). Every function here is pure arithmetic on the epoch (no DOM, no Node APIs) and never reads
 * the machine's or the browser's time zone, so the server, the worker and the page all show the same text.
 */

/** China is 8 hours ahead of UTC, all year. */
/** China is 8 hours ahead of UTC, all year. */
export const CHINA_UTC_OFFSET_MS = 8 * 3_600_000;

const DAY_MS = 86_400_000;

/** Where each layout sits in the ISO text of the shifted epoch ('YYYY-MM-DDTHH:mm:ss.sssZ'). */
const LAYOUTS = {
  /** The wire format, and the default. */
  'YYYY-MM-DD HH:mm:ss': [0, 19],
  /** Dates without seconds (listings, activities). */
  'YYYY-MM-DD HH:mm': [0, 16],
  'YYYY-MM-DD': [0, 10],
  /** The upcoming-bid rows. */
  'MM-DD HH:mm': [5, 16],
  /** The bidding room's extension notice. */
  'HH:mm:ss': [11, 19],
} as const satisfies Record<string, readonly [number, number]>;

export type ChinaTimeLayout = keyof typeof LAYOUTS;

/**
 * Epoch ms → China-time text in `layout` ('YYYY-MM-DD HH:mm:ss' by default):
 * formatChinaTime(0) → '1970-01-01 08:00:00', formatChinaTime(0, 'HH:mm:ss') → '08:00:00'.
 * Throws a RangeError when `epochMs` is not a finite time (callers that show '--' check first).
 */
export function formatChinaTime(epochMs: number, layout: ChinaTimeLayout = 'YYYY-MM-DD HH:mm:ss'): string {
  const [start, end] = LAYOUTS[layout];
  return new Date(epochMs + CHINA_UTC_OFFSET_MS).toISOString().slice(start, end).replace('T', ' ');
}

const CHINA_TIME_TEXT = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * China-time text 'YYYY-MM-DD HH:mm[:ss]' (a 'T' may stand for the space; surrounding white space is
 * ignored) → epoch ms; null when the text is not one. '2026-11-28 07:30' → Date.UTC(2026, 10, 27, 23, 30).
 */
export function chinaTimeToEpoch(text: string | null | undefined): number | null {
  const match = CHINA_TIME_TEXT.exec(text?.trim() ?? '');
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as [number, number, number, number, number, number, number];
  return Date.UTC(y, mo - 1, d, h, mi, Number.isNaN(s) ? 0 : s) - CHINA_UTC_OFFSET_MS;
}

/** Epoch ms of 00:00 China time on the China day that contains `epochMs`. */
export function chinaDayStart(epochMs: number): number {
  return Math.floor((epochMs + CHINA_UTC_OFFSET_MS) / DAY_MS) * DAY_MS - CHINA_UTC_OFFSET_MS;
}

/** China-time text without its seconds: 'YYYY-MM-DD HH:mm:ss' → 'YYYY-MM-DD HH:mm'; '--' when missing. */
export function minuteText(text: string | null | undefined): string {
  return text && text.length >= 16 ? text.slice(0, 16) : text || '--';
}
