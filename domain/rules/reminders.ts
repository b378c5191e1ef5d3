/**
 * Reminders before a watched lot's bidding starts and ends: the bidder chooses how many minutes
 * before (one or more of REMINDER_CHOICES); the desk's lots (favourites, enrolments, rooms) are watched.
 * Pure: the browser calls it on each tick of the live worker's server clock.
 */
import { formatChinaTime } from './chinaTime';

export const REMINDER_CHOICES = [30, 10, 5, 1] as const;

export type ReminderMinutes = (typeof REMINDER_CHOICES)[number];

export const DEFAULT_REMINDERS: readonly ReminderMinutes[] = [10, 1];

export interface ReminderLot {
  activityId: number;
  name: string;
  /** Epoch ms of the bidding start and (current) end. */
  startTime: number;
  endTime: number;
}

export interface DueReminder {
  /** Once per lot, moment and chosen lead: `activityId:start|end:minutes`. */
  key: string;
  activityId: number;
  kind: 'start' | 'end';
  title: string;
  body: string;
}

const MINUTE = 60_000;

/** "3 分钟" / "45 秒": the time left, rounded up to the unit (never reads 0). */
function leftText(ms: number): string {
  return ms >= MINUTE ? `${Math.ceil(ms / MINUTE)} 分钟` : `${Math.max(1, Math.ceil(ms / 1000))} 秒`;
}

/**
 * The reminders due at `serverNow` and not yet in `fired`. For each lot and moment (start, end) only the
 * nearest chosen lead whose window has opened counts (opening the page 3 minutes before the end gives one
 * reminder, not one per lead): with leads [10, 1] the 10-minute one is due from 10 minutes before until the
 * 1-minute window opens, then the 1-minute one until the moment. The text says the real time left.
 */
export function dueReminders(
  lots: readonly ReminderLot[],
  serverNow: number,
  leads: readonly number[],
  fired: ReadonlySet<string>,
): DueReminder[] {
  const ascending = [...new Set(leads)].filter((m) => m > 0).sort((a, b) => a - b);
  const due: DueReminder[] = [];
  for (const lot of lots) {
    for (const kind of ['start', 'end'] as const) {
      const at = kind === 'start' ? lot.startTime : lot.endTime;
      const left = at - serverNow;
      if (left <= 0) continue;
      const lead = ascending.find((m) => left <= m * MINUTE);
      if (lead === undefined) continue;
      const key = `${lot.activityId}:${kind}:${lead}`;
      if (fired.has(key)) continue;
      const verb = kind === 'start' ? '开始' : '结束';
      due.push({
        key,
        activityId: lot.activityId,
        kind,
        title: `「${lot.name}」${leftText(left)}后${verb}竞价`,
        body: `竞价${verb}时间 ${formatChinaTime(at, 'HH:mm:ss')}${kind === 'start' ? '，请提前进入竞价室' : '，如需出价请抓紧'}。`,
      });
    }
  }
  return due;
}
