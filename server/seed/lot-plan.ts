/**
 * The demo's lots planned through the one timeline rule (domain/rules/lotTimeline.ts), as staff
 * publication and auction creation run it (services/staff/*): a demo listing is "published" at its
 * announcement start (lotProblems at that moment) and its auction "planned" then too (auctionProblems), so
 * announcement start < enrolment end ≤ deposit end < auction start, with the deposit margin and the
 * disclosure minimums of the settings the server runs (config.lotTimeline). The seed moves a date only
 * where the rule needs it, and throws where it cannot satisfy the rule: it never writes an impossible lot.
 */
import { chinaDayStart } from '#domain/rules/chinaTime';
import { auctionProblems, depositDeadline, lotProblems, type AuctionPlan, type LotDates, type LotTimelineSettings } from '#domain/rules/lotTimeline';
import { addWorkingDays } from '#domain/rules/settlement';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** How far back the seed may move a date to satisfy the rule (a year of days). */
const MAX_STEPS = 400;

const isWeekend = (at: number) => {
  const weekday = new Date(at + 8 * HOUR).getUTCDay();
  return weekday === 0 || weekday === 6;
};

/** The rule's problems of a lot published at its announcement start (and of its auction, if any, planned then). */
export function demoLotProblems(lot: LotDates, settings: LotTimelineSettings, auction?: AuctionPlan): string[] {
  const problems = lotProblems(lot, lot.announcementStartAt, settings);
  if (auction) {
    problems.push(...auctionProblems(lot, auction, Math.min(lot.announcementStartAt, auction.startAt), settings));
    // The rule lets a zero margin open the auction as the deposit closes; the demo keeps them apart.
    if (depositDeadline(lot) >= auction.startAt) problems.push('保证金截止须早于竞价开始');
  }
  return problems;
}

/** Throws, naming the lot, when the rule refuses it (the seed never writes an impossible lot). */
export function assertDemoLot(code: string, lot: LotDates, settings: LotTimelineSettings, auction?: AuctionPlan): void {
  const problems = demoLotProblems(lot, settings, auction);
  if (problems.length > 0) throw new Error(`demo seed: lot ${code} breaks the lot timeline: ${problems.join('；')}`);
}

/**
 * The listing's announcement start, moved back (09:00 of a working day, a day at a time) until the rule
 * accepts the lot; the given start when it already does. Throws when no start within a year would.
 */
export function announcementStartFor(code: string, lot: LotDates, settings: LotTimelineSettings, auction?: AuctionPlan): number {
  if (demoLotProblems(lot, settings, auction).length === 0) return lot.announcementStartAt;
  let start = Math.min(chinaDayStart(lot.announcementStartAt), chinaDayStart(lot.enrolmentEndAt)) + 9 * HOUR;
  for (let step = 0; step < MAX_STEPS; step++, start -= DAY) {
    if (isWeekend(start)) continue;
    if (demoLotProblems({ ...lot, announcementStartAt: start }, settings, auction).length === 0) return start;
  }
  assertDemoLot(code, lot, settings, auction);
  return lot.announcementStartAt;
}

/**
 * The enrolment and deposit deadline of a lot whose auction opens at `auctionStartAt`: 17:00 of the latest
 * working day that leaves the deposit margin (settings.depositMarginWorkingDays) before the auction — in the
 * past for a live auction. Enrolment and the deposit close together (deposit_end_at stays null).
 */
export function enrolmentEndFor(auctionStartAt: number, settings: LotTimelineSettings): number {
  let end = chinaDayStart(auctionStartAt) + 17 * HOUR;
  for (let step = 0; step < MAX_STEPS; step++, end -= DAY) {
    if (isWeekend(end) || end >= auctionStartAt) continue;
    if (addWorkingDays(end, settings.depositMarginWorkingDays) <= auctionStartAt) return end;
  }
  throw new Error(`demo seed: no deposit deadline fits before an auction at ${new Date(auctionStartAt).toISOString()}`);
}
