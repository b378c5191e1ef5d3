/**
 * The schedule of an activity the floor resumes (services/auctions/floor.ts; bidding.md "The floor"). The
 * clock stood still from the suspension (`suspendedAt`) to the resumption (`resumeAt`); staff give the new
 * end (`endAt`, after `resumeAt`). What moves, per setting rather than per mode (the settings are the
 * schedule; every mode reads its phases from them):
 *
 * - the end: `end_at` becomes `endAt` (Δ = endAt − the old end; the countdown, the sweep and the soft
 *   close read it);
 * - every phase boundary still ahead at the suspension keeps its distance to the end: it moves by Δ, so
 *   the current phase ends as far before the new end as it did before the old one — phased (and final with
 *   periods): the end of the free period; two-stage: the stage-1 deadline (in stage 1 it is the end), or in
 *   the confirmation window its end (joinWindowMs + Δ). A boundary that would then fall at or before
 *   `resumeAt` refuses the new end: the activity resumes in the phase it was suspended in, and the answer
 *   says the earliest end that allows it. Boundaries already passed stay where they are;
 * - a falling price (dutch-auction, v-shaped before its first acceptance) resumes where it stopped: the
 *   descent's origin (DutchSettings.originAt) moves by the pause, so the price and the next drop stand
 *   exactly as they did at the suspension; the new end is then the end (the floor may be offered longer,
 *   or the lot may end before reaching it, 流拍).
 *
 * Pure; the service checks the result against the settings' limits (parseSettings).
 */
import { dutchOrigin, twoStageJoinEnd } from '#domain/rules/bidModes';
import type { ActivitySettings } from '#domain/contract/bidModes';
import type { ActivityRow } from './types.ts';

export interface ResumeInput {
  activity: Pick<ActivityRow, 'start_at' | 'end_at' | 'bid_count'>;
  settings: ActivitySettings;
  suspendedAt: number;
  resumeAt: number;
  /** The new end; must be after resumeAt (the service checks it first). */
  endAt: number;
}

export type ResumeSchedule =
  | { ok: true; endAt: number; settings: ActivitySettings }
  /** The new end is too early for the phase the activity resumes in: it must be after `endAfter`. */
  | { ok: false; endAfter: number; phase: string };

export function resumeSchedule(input: ResumeInput): ResumeSchedule {
  const { activity: a, settings: s, suspendedAt, resumeAt, endAt } = input;
  const delta = endAt - a.end_at;
  const pause = resumeAt - suspendedAt;
  const next: ActivitySettings = { ...s };
  /** Boundaries ahead at the suspension (they move by delta): when, and the phase they end. */
  const ahead: Array<{ at: number; phase: string }> = [];
  if (s.phased && s.phased.freeEndAt > suspendedAt) {
    next.phased = { ...s.phased, freeEndAt: s.phased.freeEndAt + delta };
    ahead.push({ at: s.phased.freeEndAt, phase: '自由报价期' });
  }
  if (s.twoStage) {
    const t = s.twoStage;
    if (t.stage1EndAt > suspendedAt) {
      // Stage 1: its deadline is the end; the confirmation window follows it as before.
      next.twoStage = { ...t, stage1EndAt: t.stage1EndAt + delta };
      ahead.push({ at: t.stage1EndAt, phase: '第一阶段报价' });
    } else if (twoStageJoinEnd(t) > suspendedAt) {
      next.twoStage = { ...t, joinWindowMs: t.joinWindowMs + delta };
      ahead.push({ at: twoStageJoinEnd(t), phase: '第二阶段确认期' });
    }
  }
  if (s.dutch && a.bid_count === 0) next.dutch = { ...s.dutch, originAt: dutchOrigin(s.dutch, a.start_at) + pause };
  let endAfter = -Infinity;
  let phase = '';
  for (const b of ahead) {
    // b + delta > resumeAt ⟺ endAt > resumeAt + (end − b).
    const bound = resumeAt + (a.end_at - b.at);
    if (b.at + delta <= resumeAt && bound > endAfter) {
      endAfter = bound;
      phase = b.phase;
    }
  }
  if (phase !== '') return { ok: false, endAfter, phase };
  return { ok: true, endAt, settings: next };
}
