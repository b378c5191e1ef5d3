import { useState } from 'react';
import { crossedThreshold, thresholdAnnouncement, type CountdownTarget } from '#domain/rules/countdownAlerts';
import type { BiddingData } from '#domain/contract/hall';
import { suspendedBidMessage } from '#domain/rules/bidRules';
import { formatChinaTime } from '#domain/rules/chinaTime';
import { liveCountdown } from '#domain/rules/liveValues';
import { pricePanelMoney, roomResult, type MyStanding } from '../room';

/** The target the room counts down to, or null once it has ended. */
function targetOf(data: Pick<BiddingData, 'status'>): CountdownTarget | null {
  return data.status === 'scheduled' ? 'start' : data.status === 'live' ? 'end' : null;
}

/** The displayed remaining time in ms (what the timer shows: the 5 s margin off), or null when not counting. */
export function displayedRemainingMs(data: BiddingData, serverNow: number): number | null {
  if (targetOf(data) === null) return null;
  const shown = liveCountdown(data, serverNow);
  if (shown.over) return 0;
  return (((shown.days * 24 + shown.hours) * 60 + shown.minutes) * 60 + shown.seconds) * 1000;
}

interface Seen {
  target: CountdownTarget | null;
  remainingMs: number | null;
  standing: MyStanding | null;
  ended: boolean;
  suspended: boolean;
}

interface Said {
  /** What the region says now. */
  text: string;
  /** Bumped with each announcement, so that saying the same words again replaces the node (re-read). */
  count: number;
}

/**
 * The room's one polite live region. The countdown itself is a `role="timer"` that is never read
 * out; this region speaks only when something happens:
 * - the displayed countdown crosses 5 minutes, 1 minute or 30 seconds (domain/rules/countdownAlerts);
 * - the bidder is outbid (his standing goes from 领先 to 出局);
 * - the activity ends (its result).
 * Nothing is said on opening the room: the page itself shows the state. Computed on render from the tick's
 * frame (the worker's clock), no timer of its own.
 */
export function RoomAnnouncer({ data, serverNow, standing }: { data: BiddingData; serverNow: number; standing: MyStanding | null }) {
  const now: Seen = {
    target: targetOf(data),
    remainingMs: displayedRemainingMs(data, serverNow),
    standing,
    ended: data.status === 'ended',
    suspended: data.status === 'suspended',
  };
  const [seen, setSeen] = useState<Seen | null>(null);
  const [said, setSaid] = useState<Said>({ text: '', count: 0 });
  const changed =
    seen === null ||
    seen.target !== now.target ||
    seen.remainingMs !== now.remainingMs ||
    seen.standing !== now.standing ||
    seen.ended !== now.ended ||
    seen.suspended !== now.suspended;
  if (changed) {
    // React's "information from previous renders" pattern: compare with what the last render saw.
    setSeen(now);
    const lines: string[] = [];
    if (seen !== null) {
      const result = roomResult(data);
      if (now.ended && !seen.ended && result) lines.push(result.kind === 'terminated' ? `竞价${result.title}。${result.detail}` : `竞价已结束，${result.title}。${result.detail}`);
      if (now.suspended && !seen.suspended) lines.push(suspendedBidMessage(data.suspendReason));
      if (!now.suspended && seen.suspended && data.status === 'live') lines.push(`竞价已恢复，结束时间 ${formatChinaTime(data.endTime, 'HH:mm:ss')}`);
      if (now.standing === '出局' && seen.standing === '领先') {
        lines.push(`您的出价已被超越，当前价${pricePanelMoney(data)(data.biddingPrice).label}${data.leaderBidCode ? `，竞买号${data.leaderBidCode}领先` : ''}`);
      }
      if (now.target !== null && now.target === seen.target && now.remainingMs !== null) {
        const threshold = crossedThreshold(seen.remainingMs, now.remainingMs);
        if (threshold !== null) lines.push(thresholdAnnouncement(now.target, threshold));
      }
    }
    if (lines.length > 0) setSaid({ text: lines.join('。'), count: said.count + 1 });
  }
  return (
    <div role="status" aria-live="polite" aria-atomic="true" className="room-sr-only" data-testid="room-announcer">
      <span key={said.count}>{said.text}</span>
    </div>
  );
}

/**
 * The room's countdown text as a timer: `role="timer"` (what it is), `aria-live="off"` (a timer's implicit
 * default, said out loud so that no wrapper turns it on): a screen reader reads it when the user goes to
 * it, never on its own each second. Named by the card's heading.
 */
export function RoomTimer({ text, labelledBy }: { text: string; labelledBy: string }) {
  return (
    <div className="room-countdown__value tabular" data-testid="room-countdown" role="timer" aria-live="off" aria-atomic="true" aria-labelledby={labelledBy}>
      {text}
    </div>
  );
}
