/**
 * How long work has waited, in words and as a tone (rules as data): the dashboard's cards, each queue's
 * rows (the review pages' 等待 column, the 财务 pages' submit cell) read the same thresholds and words.
 */
export type WaitTone = 'calm' | 'attention' | 'late';

/** Upper bounds in minutes: within the working hour calm, within half a day attention, then late. */
export const WAIT_TONES: readonly { below: number; tone: WaitTone; label: string; colour: string }[] = [
  { below: 60, tone: 'calm', label: '正常', colour: 'green' },
  { below: 4 * 60, tone: 'attention', label: '请尽快处理', colour: 'orange' },
  { below: Infinity, tone: 'late', label: '已积压', colour: 'red' },
];

export function waitTone(minutes: number): WaitTone {
  return WAIT_TONES.find((row) => minutes < row.below)!.tone;
}

/** A tone's row: its words (正常 …) and its tag colour. */
export function waitToneRow(tone: WaitTone): (typeof WAIT_TONES)[number] {
  return WAIT_TONES.find((row) => row.tone === tone)!;
}

/** '2 小时 15 分' (the dashboard's), or compact '2小时15分' (a table cell's). */
export function formatWait(minutes: number, compact = false): string {
  const sep = compact ? '' : ' ';
  if (minutes < 1) return '不到 1 分钟';
  if (minutes < 60) return `${Math.floor(minutes)}${sep}分钟`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}${sep}小时${sep}${Math.floor(minutes % 60)}${sep}分`;
  return `${Math.floor(hours / 24)}${sep}天${sep}${hours % 24}${sep}小时`;
}

/** A queue item's wait as its row says it: '等待 2小时15分', '—' when the server gives none. */
export const waitText = (minutes: number | null): string => (minutes === null ? '—' : `等待${minutes < 1 ? '' : ' '}${formatWait(minutes, true)}`);
