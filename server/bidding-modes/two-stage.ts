/**
 * 先一次报价后多次报价 (two-stage), settings.twoStage = { stage1EndAt, joinWindowMs, cycleMs }:
 * - stage 1 [start, stage1EndAt): sealed quotes as onceOff (end_at = stage1EndAt);
 * - then, when there were quotes, the sweep moves the end to the end of the confirmation window
 *   (continueAt): the bidders with a quote confirm joining stage 2 (engine.joinStage), and the first
 *   confirmation moves the end to one cycle after the window;
 * - stage 2 [joinEnd, end): ascending timed cycles (each valid bid restarts the cycle, as phased) from the
 *   highest stage-1 quote, its bidder leading, open to the bidders who joined.
 * Nobody joins: the end stays at the window's end and the highest stage-1 quote ≥ reserve wins (the row's
 * leader); no quote at all: 流拍 at stage1EndAt. Stage 1 is sealed to the public; once it is over, its
 * quotes are public as onceOff's are at its end.
 */
import { twoStageJoinEnd, twoStagePhaseAt } from '#domain/rules/bidModes';
import { decideAscending, decideSealed, plainView, sealedView, settleByLeader } from './common.ts';
import type { ModeRules } from './types.ts';

export const twoStage: ModeRules = {
  mode: 'two-stage',
  // The confirmation window takes no bids (also in its first second, before the sweep moved the end).
  refuseFirst: (a, settings, _userId, at) =>
    a.status !== 'ended' && settings.twoStage && at >= a.start_at && twoStagePhaseAt(settings.twoStage, at) === 'join' ? 'stage1Closed' : null,
  async decide(ctx) {
    const s = ctx.settings.twoStage!;
    const phase = twoStagePhaseAt(s, ctx.at);
    if (phase === 'stage1') return decideSealed(ctx);
    if (phase === 'join') return { rejection: 'stage1Closed' };
    if (!(await ctx.joined())) return { rejection: 'notJoined' };
    return decideAscending(ctx, (endAt, at) => Math.max(endAt, at + s.cycleMs));
  },
  // Only stage 2 (stage 1 is sealed; the confirmation window takes no bids); the engine checks joining.
  acceptsProxy: (_a, settings, at) => settings.twoStage !== undefined && twoStagePhaseAt(settings.twoStage, at) === 'stage2',
  view(row, settings, now) {
    const s = settings.twoStage;
    if (!s || row.status === 'ended') return plainView(row, settings, 'stage2');
    const phase = twoStagePhaseAt(s, Math.max(now, row.start_at));
    // The phase moves with time alone: a tag part per phase makes the snapshot re-present the row.
    const tagPart = `s${phase}`;
    if (phase === 'stage1') {
      const view = sealedView(row, settings, 'stage1');
      return { ...view, modeState: { ...view.modeState, phaseEndsAt: s.stage1EndAt }, tagPart };
    }
    const view = plainView(row, settings, phase);
    return { ...view, modeState: { ...view.modeState, phaseEndsAt: phase === 'join' ? twoStageJoinEnd(s) : null }, tagPart };
  },
  continueAt(a, settings) {
    const s = settings.twoStage;
    if (!s) return null;
    const joinEnd = twoStageJoinEnd(s);
    // Stage 1 is over with quotes: the confirmation window follows (a confirmation moves the end further).
    return a.bid_count > 0 && a.end_at < joinEnd ? joinEnd : null;
  },
  settle: settleByLeader,
};
