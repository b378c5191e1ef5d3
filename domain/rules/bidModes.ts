/**
 * Pure rules of the bidding modes (README "Live bidding hall" › Modes) on integer fen and server epoch
 * ms: tiered increments, pre-emptive rights, the dutch price at a time, the phase of a phased auction and
 * the sealed ranking of onceOff, and the phases of final, two-stage and v-shaped. The engine runs them
 * inside its transaction; the bidding room pre-checks with them, and the replay (server/bidding/replay.ts)
 * recomputes an activity from its bid log with them.
 */
/** Mode parameters kept in bid_activity.settings (JSON; the server validates it when read). */
import { type IncrementTier, type PhasedSettings, type DutchSettings, type TwoStageSettings } from '../contract/bidModes';

/** The increment above `priceFen`: the tier with the greatest fromFen ≤ price, else the base increment. */
export function incrementAt(baseFen: number, tiers: readonly IncrementTier[] | undefined, priceFen: number): number {
  let step = baseFen;
  let from = -1;
  for (const tier of tiers ?? []) {
    if (tier.fromFen <= priceFen && tier.fromFen > from) {
      from = tier.fromFen;
      step = tier.incrementFen;
    }
  }
  return step;
}

/**
 * Pre-emptive rank order: a smaller rank number is the better right (第一顺位 = 1); ordinary bidders
 * (null) have none. True when `challenger` takes the lead at an equal price from `leader`.
 */
export function preEmptiveBeats(challenger: number | null, leader: number | null): boolean {
  if (challenger === null) return false;
  return leader === null || challenger < leader;
}

/** The time a descent counts from: the start, or later after a suspension (DutchSettings.originAt). */
export function dutchOrigin(s: DutchSettings, startAt: number): number {
  return s.originAt ?? startAt;
}

/** The number of drops at time `at` (0 before the descent's origin: the start, see dutchOrigin). */
export function dutchStep(s: DutchSettings, startAt: number, at: number): number {
  const origin = dutchOrigin(s, startAt);
  return at <= origin ? 0 : Math.floor((at - origin) / s.intervalMs);
}

/** price(t) = max(floor, start − ⌊(t − t0) / interval⌋ × decrement). */
export function dutchPriceAt(s: DutchSettings, startFen: number, startAt: number, at: number): number {
  return Math.max(s.floorFen, startFen - dutchStep(s, startAt, at) * s.decrementFen);
}

/** When the floor has been offered for one full interval: the end of a dutch auction without acceptance. */
export function dutchEndAt(s: DutchSettings, startFen: number, startAt: number): number {
  const drops = s.decrementFen > 0 ? Math.max(0, Math.ceil((startFen - s.floorFen) / s.decrementFen)) : 0;
  return dutchOrigin(s, startAt) + (drops + 1) * s.intervalMs;
}

/** The next drop after `at`, null once the floor is reached. */
export function dutchNextDropAt(s: DutchSettings, startFen: number, startAt: number, at: number): number | null {
  if (dutchPriceAt(s, startFen, startAt, at) <= s.floorFen) return null;
  return dutchOrigin(s, startAt) + (dutchStep(s, startAt, at) + 1) * s.intervalMs;
}

/** Phased: the free period until freeEndAt, timed cycles after. */
export function phaseAt(s: PhasedSettings, at: number): 'free' | 'timed' {
  return at < s.freeEndAt ? 'free' : 'timed';
}

/** Phased: a valid bid in the timed period restarts the cycle; in the free period the end stays. */
export function phasedEndAfterBid(s: PhasedSettings, endAt: number, at: number): number {
  return phaseAt(s, at) === 'timed' ? Math.max(endAt, at + s.cycleMs) : endAt;
}

/** A sealed offer as the ranking needs it. */
export interface SealedOffer {
  seq: number;
  userId: number;
  amountFen: number;
  preEmptiveRank: number | null;
}

/**
 * The sealed ranking (onceOff): highest amount first; at an equal amount a better pre-emptive right,
 * then the earliest receipt (lowest seq).
 */
export function compareSealed(a: SealedOffer, b: SealedOffer): number {
  if (a.amountFen !== b.amountFen) return b.amountFen - a.amountFen;
  if (preEmptiveBeats(a.preEmptiveRank, b.preEmptiveRank)) return -1;
  if (preEmptiveBeats(b.preEmptiveRank, a.preEmptiveRank)) return 1;
  return a.seq - b.seq;
}

export function sealedRanking<T extends SealedOffer>(offers: readonly T[]): T[] {
  return [...offers].sort(compareSealed);
}

/** two-stage: the end of the confirmation window (stage 2 opens then). */
export function twoStageJoinEnd(s: TwoStageSettings): number {
  return s.stage1EndAt + s.joinWindowMs;
}

/** two-stage: the phase at `at` (stage 2 only happens when somebody joined; the engine checks that). */
export function twoStagePhaseAt(s: TwoStageSettings, at: number): 'stage1' | 'join' | 'stage2' {
  if (at < s.stage1EndAt) return 'stage1';
  return at < twoStageJoinEnd(s) ? 'join' : 'stage2';
}

/** final: open bidding has reached the cap (the price is frozen, final offers are sealed). */
export function finalPhaseReached(capFen: number | null, maxFen: number, bidCount: number): boolean {
  return capFen !== null && bidCount > 0 && maxFen >= capFen;
}
