/**
 * What a screen reader hears of a countdown: never its seconds, only when it crosses one of a few
 * thresholds. The countdown itself is a `role="timer"` with `aria-live="off"`; the page's one polite live
 * region says these lines. Pure: the room feeds it the displayed remaining time of each tick.
 */

/** The thresholds announced, in seconds of displayed remaining time (5 min, 1 min, 30 s). */
/** The thresholds announced, in seconds of displayed remaining time (5 min, 1 min, 30 s). */
export const COUNTDOWN_THRESHOLDS_S = [300, 60, 30] as const;

export type CountdownTarget = 'start' | 'end';

/**
 * The threshold (seconds) crossed between two successive remaining times (ms), or null: the smallest one with
 * previous > threshold ≥ now. Null on the first reading (`previousMs` null, e.g. the room just opened with
 * 4 minutes left: nothing is announced until the next threshold) and when time went backwards (an extension).
 */
export function crossedThreshold(previousMs: number | null, nowMs: number): number | null {
  if (previousMs === null || nowMs >= previousMs) return null;
  let crossed: number | null = null;
  for (const seconds of COUNTDOWN_THRESHOLDS_S) {
    const at = seconds * 1000;
    if (previousMs > at && nowMs <= at && nowMs > 0) crossed = seconds;
  }
  return crossed;
}

/** '5分钟', '1分钟', '30秒'. */
export function thresholdText(seconds: number): string {
  return seconds % 60 === 0 ? `${seconds / 60}分钟` : `${seconds}秒`;
}

/** The line read out when a threshold is crossed: 距竞价结束还有1分钟. */
export function thresholdAnnouncement(target: CountdownTarget, seconds: number): string {
  return `距竞价${target === 'end' ? '结束' : '开始'}还有${thresholdText(seconds)}`;
}
