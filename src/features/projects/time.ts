/**
 * Wire times are 'YYYY-MM-DD HH:mm:ss' in China time (UTC+8, no daylight saving); countdowns compare them
 * with the live worker's server clock (epoch ms).
 */
const WIRE_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;
const CHINA_OFFSET_HOURS = 8;

/** Epoch ms of a wire time; null when it is not one. */
export function chinaTimeToEpoch(text: string | null | undefined): number | null {
  const match = WIRE_TIME.exec(text?.trim() ?? '');
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as [number, number, number, number, number, number, number];
  return Date.UTC(y, mo - 1, d, h - CHINA_OFFSET_HOURS, mi, Number.isNaN(s) ? 0 : s);
}

const pad2 = (value: number) => String(value).padStart(2, '0');

/** Whole seconds as '3天04时05分06秒' (days only when > 0); null when nothing is left. */
export function countdownText(leftSeconds: number): string | null {
  const left = Math.floor(leftSeconds);
  if (!Number.isFinite(left) || left <= 0) return null;
  const days = Math.floor(left / 86_400);
  const clock = `${pad2(Math.floor((left % 86_400) / 3_600))}时${pad2(Math.floor((left % 3_600) / 60))}分${pad2(left % 60)}秒`;
  return days > 0 ? `${days}天${clock}` : clock;
}

/** 'YYYY-MM-DD HH:mm' (ux guide: dates without seconds); '--' when missing. */
export function minuteText(text: string | null | undefined): string {
  return text && text.length >= 16 ? text.slice(0, 16) : text || '--';
}
