/**
 * Wire times are 'YYYY-MM-DD HH:mm:ss' in China time (domain/rules/chinaTime.ts); countdowns compare them
 * with the live worker's server clock (epoch ms).
 */
import { displayRemaining } from '#domain/rules/bidding';

/**
 * The enrolment countdown: whole seconds as '3天04时05分06秒' (days only when > 0), without the bid rows'
 * 5 s margin; null when nothing is left.
 */
export function countdownText(leftSeconds: number): string | null {
  const countdown = displayRemaining(leftSeconds, { marginSeconds: 0 });
  return countdown.over ? null : countdown.text;
}
