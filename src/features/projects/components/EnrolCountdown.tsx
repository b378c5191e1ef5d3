import { memo } from 'react';
import { chinaTimeToEpoch } from '#domain/rules/chinaTime';
import { useLiveStream } from '@/live';
import { countdownText } from '../time';

/**
 * Time left to the enrolment deadline, ticking on the live worker's server-aligned clock (no timer here).
 * Only this small element re-renders each second.
 */
export const EnrolCountdown = memo(function EnrolCountdown({ deadline }: { deadline: string }) {
  const clock = useLiveStream('clock', null);
  const end = chinaTimeToEpoch(deadline);
  if (end === null) return <span className="enrol-countdown">--</span>;
  if (clock === null) return <span className="enrol-countdown tabular">--天--时--分--秒</span>;
  const text = countdownText((end - clock.serverNow) / 1000);
  return (
    <span className="enrol-countdown tabular" data-testid="enrol-countdown">
      {text ?? '报名已截止'}
    </span>
  );
});
