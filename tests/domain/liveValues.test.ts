/**
 * The one rule for a live lot's values (domain/rules/liveValues.ts): status, tone and premium rate in every
 * bidding mode, the countdown from the end (or start) and the server clock, and the order of two states.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COUNTDOWN_OVER_TEXT, displayRemaining } from '#domain/rules/bidding';
import { BIDDING_MODES } from '#domain/contract/hall';
import { ACTIVITY_STATUSES } from '#domain/contract/activity';
import { MODE_PREMIUM_RULE, countdownTarget, entryStatus, isSealedLot, leftTime, liveCountdown, liveValues, newerState, newestState, type LiveLot } from '#domain/rules/liveValues';

const lot = (over: Partial<LiveLot> = {}): LiveLot => ({
  mode: 'ongoing',
  status: 'live',
  startPrice: 10_000,
  maxPrice: 10_000,
  biddingCount: 0,
  ...over,
});

describe('liveValues: every mode has a rule', () => {
  it('names a premium rule for each of the eight modes', () => {
    expect(Object.keys(MODE_PREMIUM_RULE).sort()).toEqual([...BIDDING_MODES].sort());
  });
});

describe.each(['ongoing', 'phased', 'final', 'first-come-first-served'])('liveValues: %s (public amounts)', (mode) => {
  it('reads --- and green before any bid', () => {
    expect(liveValues(lot({ mode }))).toEqual({ status: 'live', sealed: false, tone: 'green', premiumRate: '---' });
  });

  it('reads |max − start| / start and red after bids', () => {
    expect(liveValues(lot({ mode, maxPrice: 12_345.67, biddingCount: 4 }))).toEqual({ status: 'live', sealed: false, tone: 'red', premiumRate: '23.46%' });
  });

  it('a bid at the start price: 0.00% and red', () => {
    expect(liveValues(lot({ mode, biddingCount: 1 }))).toMatchObject({ tone: 'red', premiumRate: '0.00%' });
  });

  it('keeps the rate after the end', () => {
    expect(liveValues(lot({ mode, status: 'ended', maxPrice: 15_000, biddingCount: 2 }))).toEqual({ status: 'ended', sealed: false, tone: 'red', premiumRate: '50.00%' });
  });
});

describe.each(['onceOff', 'two-stage'])('liveValues: %s (sealed until the end)', (mode) => {
  it('hides the rate while live: the public max is the start price, the count of offers is public', () => {
    expect(liveValues(lot({ mode, biddingCount: 3 }))).toEqual({ status: 'live', sealed: true, tone: 'red', premiumRate: '---' });
    // Even if a sealed amount reached the answer, the rate stays hidden.
    expect(liveValues(lot({ mode, maxPrice: 10_800, biddingCount: 3 })).premiumRate).toBe('---');
  });

  it('is sealed and green while scheduled or without offers', () => {
    expect(liveValues(lot({ mode, status: 'scheduled' }))).toEqual({ status: 'scheduled', sealed: true, tone: 'green', premiumRate: '---' });
    expect(liveValues(lot({ mode }))).toMatchObject({ sealed: true, tone: 'green', premiumRate: '---' });
  });

  it('shows the winner’s rate once ended (--- when nobody offered)', () => {
    expect(liveValues(lot({ mode, status: 'ended', maxPrice: 10_800, biddingCount: 3 }))).toEqual({ status: 'ended', sealed: false, tone: 'red', premiumRate: '8.00%' });
    expect(liveValues(lot({ mode, status: 'ended' }))).toMatchObject({ sealed: false, tone: 'green', premiumRate: '---' });
  });
});

describe.each(['dutch-auction', 'v-shaped'])('liveValues: %s (descending until an acceptance)', (mode) => {
  it('reads --- before the first drop (green)', () => {
    expect(liveValues(lot({ mode }))).toEqual({ status: 'live', sealed: false, tone: 'green', premiumRate: '---' });
  });

  it('a dropped price without an acceptance is no premium: --- (red: the price moved)', () => {
    expect(liveValues(lot({ mode, maxPrice: 8_000 }))).toEqual({ status: 'live', sealed: false, tone: 'red', premiumRate: '---' });
  });

  it('after an acceptance: the accepted price against the start price', () => {
    expect(liveValues(lot({ mode, maxPrice: 9_700, biddingCount: 1 }))).toMatchObject({ tone: 'red', premiumRate: '3.00%' });
    expect(liveValues(lot({ mode, status: 'ended', maxPrice: 9_700, biddingCount: 1 }))).toMatchObject({ status: 'ended', premiumRate: '3.00%' });
  });

  it('流拍 at the floor: ---', () => {
    expect(liveValues(lot({ mode, status: 'ended' })).premiumRate).toBe('---');
  });
});

describe('liveValues: defaults', () => {
  it('a mode word it does not know gets the spec rule', () => {
    expect(liveValues(lot({ mode: 'sealed-tender', maxPrice: 11_000, biddingCount: 1 }))).toMatchObject({ sealed: false, premiumRate: '10.00%' });
    expect(isSealedLot({ mode: 'nonsense', status: 'live' })).toBe(false);
  });

  it('a start price that cannot divide reads ---', () => {
    expect(liveValues(lot({ startPrice: 0, maxPrice: 100, biddingCount: 2 })).premiumRate).toBe('---');
  });

  it('passes the server’s status through (the clock never ends a lot)', () => {
    for (const status of ACTIVITY_STATUSES) expect(liveValues(lot({ status })).status).toBe(status);
  });
});

describe('the countdown', () => {
  const NOW = Date.UTC(2026, 0, 10, 2, 0, 0);

  it('counts to the end while live, less the 5 s margin', () => {
    const live = { status: 'live' as const, startTime: NOW - 60_000, endTime: NOW + 65_000 };
    expect(countdownTarget(live)).toBe(NOW + 65_000);
    expect(leftTime(live, NOW)).toBe(65);
    expect(liveCountdown(live, NOW).text).toBe('00时01分00秒');
    expect(leftTime(live, NOW + 500)).toBe(64); // whole seconds, dropped
    expect(liveCountdown(live, NOW + 60_000).text).toBe(COUNTDOWN_OVER_TEXT); // 5 s left − 5
    expect(leftTime(live, NOW + 70_000)).toBe(0);
  });

  it('counts to the start while scheduled', () => {
    const scheduled = { status: 'scheduled' as const, startTime: NOW + 3_605_000, endTime: NOW + 7_200_000 };
    expect(leftTime(scheduled, NOW)).toBe(3_605);
    expect(liveCountdown(scheduled, NOW).text).toBe('01时00分00秒');
    expect(liveCountdown({ status: 'scheduled', endTime: NOW + 7_200_000 }, NOW).over).toBe(true); // no start: nothing to count to
  });

  it('is over once ended, whatever the end says (a dutch acceptance, a late answer)', () => {
    const ended = { status: 'ended' as const, endTime: NOW + 3_600_000 };
    expect(countdownTarget(ended)).toBeNull();
    expect(leftTime(ended, NOW)).toBe(0);
    expect(liveCountdown(ended, NOW)).toMatchObject({ over: true, text: COUNTDOWN_OVER_TEXT });
  });

  it('stands still while suspended: the time that was left when the clock stopped, whatever the time now', () => {
    const suspended = { status: 'suspended' as const, startTime: NOW - 60_000, endTime: NOW - 3_600_000, remainingMs: 125_500 };
    expect(countdownTarget(suspended)).toBeNull();
    for (const at of [NOW, NOW + 86_400_000, NOW - 86_400_000]) {
      expect(leftTime(suspended, at)).toBe(125);
      expect(liveCountdown(suspended, at).text).toBe('00时02分00秒');
    }
    expect(leftTime({ status: 'suspended', endTime: NOW }, NOW)).toBe(0); // no time kept: nothing to show
    // A hall entry's status: suspended when it carries a reason, live otherwise; a watch entry says its own.
    expect(entryStatus({ suspendReason: '维护' })).toBe('suspended');
    expect(entryStatus({})).toBe('live');
    expect(entryStatus({ status: 'ended' })).toBe('ended');
    // Sealed stays sealed while suspended (only the end reveals).
    expect(isSealedLot({ mode: 'onceOff', status: 'suspended' })).toBe(true);
  });

  it('is what displayRemaining shows for the exact time left: leftTime is the countdown’s input', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100_000_000, max: 100_000_000 }), fc.integer({ min: 0, max: 2_000_000_000_000 }), (delta, now) => {
        const live = { status: 'live' as const, endTime: now + delta };
        expect(liveCountdown(live, now)).toEqual(displayRemaining(delta / 1000));
        expect(leftTime(live, now)).toBe(Math.max(0, Math.floor(delta / 1000)));
      }),
    );
  });

  it('is 0 / over for times that are not numbers', () => {
    expect(leftTime({ status: 'live', endTime: Number.NaN }, NOW)).toBe(0);
    expect(leftTime({ status: 'live', endTime: NOW + 10_000 }, Number.NaN)).toBe(0);
  });
});

describe('newerState: the order of an activity’s states', () => {
  it('the greater lockVersion is newer, whatever the times', () => {
    expect(newerState({ lockVersion: 5, serverTime: 1 }, { lockVersion: 4, serverTime: 9 })).toBe(true);
    expect(newerState({ lockVersion: 4, serverTime: 9 }, { lockVersion: 5, serverTime: 1 })).toBe(false);
  });

  it('at an equal lockVersion the later server time is newer; the same state is not', () => {
    expect(newerState({ lockVersion: 5, serverTime: 2 }, { lockVersion: 5, serverTime: 1 })).toBe(true);
    expect(newerState({ lockVersion: 5, serverTime: 1 }, { lockVersion: 5, serverTime: 2 })).toBe(false);
    expect(newerState({ lockVersion: 5, serverTime: 1 }, { lockVersion: 5, serverTime: 1 })).toBe(false);
  });

  it('anything is newer than nothing; an unversioned state ranks below every versioned one', () => {
    expect(newerState({ lockVersion: 0, serverTime: 0 }, undefined)).toBe(true);
    expect(newerState({ serverTime: 9 }, { lockVersion: 0, serverTime: 1 })).toBe(false);
    expect(newerState({ lockVersion: 0, serverTime: 1 }, { serverTime: 9 })).toBe(true);
    expect(newerState({ serverTime: 9 }, { serverTime: 1 })).toBe(true);
  });

  it('newestState picks the newest, the first one on a tie, and is independent of order otherwise', () => {
    const a = { id: 'a', lockVersion: 3, serverTime: 10 };
    const b = { id: 'b', lockVersion: 4, serverTime: 5 };
    const c = { id: 'c', lockVersion: 4, serverTime: 7 };
    const tie = { id: 'tie', lockVersion: 4, serverTime: 7 };
    expect(newestState([a, b, c])?.id).toBe('c');
    expect(newestState([c, b, undefined, a])?.id).toBe('c');
    expect(newestState([c, tie])?.id).toBe('c');
    expect(newestState([])).toBeUndefined();
  });
});
