import { memo } from 'react';
import { displayRemaining } from '#domain/rules/bidding';
import { chinaTimeToEpoch } from '#domain/rules/chinaTime';
import { useLiveStream } from '@/live';

/**
 * A deadline's countdown: whole seconds as '3天04时05分06秒' (days only when > 0), without the bid rows'
 * 5 s margin; null when nothing is left.
 */
export function countdownText(leftSeconds: number): string | null {
  const countdown = displayRemaining(leftSeconds, { marginSeconds: 0 });
  return countdown.over ? null : countdown.text;
}

/**
 * Time left to a lot's deadline (the enrolment's, the auction's start or end; wire time in China time),
 * ticking on the live worker's server-aligned clock (no timer here). Only this small element re-renders
 * each second; `over` is what it reads once the deadline has passed.
 */
export const DeadlineCountdown = memo(function DeadlineCountdown({ deadline, over = '报名已截止' }: { deadline: string; over?: string }) {
  const clock = useLiveStream('clock', null);
  const end = chinaTimeToEpoch(deadline);
  if (end === null) return <span className="enrol-countdown">--</span>;
  if (clock === null) return <span className="enrol-countdown tabular">--天--时--分--秒</span>;
  const text = countdownText((end - clock.serverNow) / 1000);
  return (
    <span className="enrol-countdown tabular" data-testid="enrol-countdown">
      {text ?? over}
    </span>
  );
});
