/**
 * Pure rules of the bidding modes (README "Live bidding hall" › Modes) on integer fen and server epoch
 * ms: tiered increments, pre-emptive rights, the dutch price at a time, the phase of a phased auction and
 * the sealed ranking of onceOff, and the phases of final, two-stage and v-shaped. The engine runs them
 * inside its transaction; the bidding room pre-checks with them, and the replay (server/bidding/replay.ts)
 * recomputes an activity from its bid log with them.
 */

/** Mode parameters kept in bid_activity.settings (JSON; the server validates it when read). */
export interface IncrementTier {
  /** The tier applies from this current price on (fen). */
  fromFen: number;
  incrementFen: number;
}

export interface PhasedSettings {
  /** End of the free period (自由报价期); timed cycles follow. */
  freeEndAt: number;
  /** Length T of one timed cycle (限时报价期), 90–300 s. */
  cycleMs: number;
}

export interface DutchSettings {
  /** Price drop per interval. */
  decrementFen: number;
  intervalMs: number;
  /** The lowest price; once it has been offered for one interval without acceptance: 流拍. */
  floorFen: number;
}

/** final (最终报价): the window for sealed final offers that opens when a bid reaches the cap. */
export interface FinalSettings {
  windowMs: number;
}

/**
 * two-stage (先一次报价后多次报价): sealed quotes until stage1EndAt, then a confirmation window of
 * joinWindowMs for the bidders with a quote, then stage 2: timed cycles of cycleMs (each valid bid restarts
 * the cycle) opening at the highest stage-1 quote.
 */
export interface TwoStageSettings {
  stage1EndAt: number;
  joinWindowMs: number;
  cycleMs: number;
}

/**
 * v-shaped (V 型): descending as `dutch` until the first acceptance, then ascending bidding from the accepted
 * price for ascendingMs (with the activity's soft close).
 */
export interface VShapedSettings {
  ascendingMs: number;
}

export interface ActivitySettings {
  /** theToneInterval 2: the increment depends on the price band (tiers sorted by fromFen). */
  tiers?: IncrementTier[] | undefined;
  /** phased; also final, whose open bidding may be free + timed periods. */
  phased?: PhasedSettings | undefined;
  /** dutch-auction and the descending phase of v-shaped. */
  dutch?: DutchSettings | undefined;
  final?: FinalSettings | undefined;
  twoStage?: TwoStageSettings | undefined;
  vShaped?: VShapedSettings | undefined;
}

/** Every phase a mode can be in, as the room reads it. */
export type ModePhase =
  /** ongoing (and final's open bidding without periods) */
  | 'open'
  /** phased (and final with periods): 自由报价期 / 限时报价期 */
  | 'free'
  | 'timed'
  /** onceOff before its end */
  | 'sealed'
  /** dutch-auction, and v-shaped before the first acceptance */
  | 'descending'
  /** v-shaped after the first acceptance */
  | 'ascending'
  /** final: the cap was reached, sealed final offers */
  | 'final'
  /** two-stage: sealed quotes, the confirmation window, the timed cycles */
  | 'stage1'
  | 'join'
  | 'stage2'
  /** first-come-first-served: a fixed price waiting for its first acceptance */
  | 'fixed'
  | 'ended';

/** What the room shows about the mode's state (BiddingData.modeState). */
export interface ModeState {
  /** onceOff before its end: amounts and the leader are hidden. */
  sealed: boolean;
  /**
   * phased: 'free' (自由报价期) or 'timed' (限时报价期); ongoing 'open'; dutch 'descending'; onceOff 'sealed';
   * final 'final' once the cap is reached; two-stage 'stage1' → 'join' → 'stage2'; v-shaped 'descending' →
   * 'ascending'; first-come-first-served 'fixed'.
   */
  phase: ModePhase;
  /** dutch: when the price drops next (server ms), null at the floor. */
  nextDropAt: number | null;
  /** dutch: the floor price in yuan. */
  floorPrice: number | null;
  /** The increment that applies to the next bid, yuan (tiered increments change it). */
  nextIncrement: number;
  /** The cap (封顶价) in yuan when the activity has one (a bid above it is refused; final: it freezes the price). */
  capPrice?: number | null;
  /**
   * two-stage: when the current phase ends (stage 1: its deadline; the confirmation window: its end), so the
   * room turns the phase at that second without waiting for a poll. Null when the phase ends with the activity.
   */
  phaseEndsAt?: number | null;
}

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

/** The number of drops at time `at` (0 before the start). */
export function dutchStep(s: DutchSettings, startAt: number, at: number): number {
  return at <= startAt ? 0 : Math.floor((at - startAt) / s.intervalMs);
}

/** price(t) = max(floor, start − ⌊(t − t0) / interval⌋ × decrement). */
export function dutchPriceAt(s: DutchSettings, startFen: number, startAt: number, at: number): number {
  return Math.max(s.floorFen, startFen - dutchStep(s, startAt, at) * s.decrementFen);
}

/** When the floor has been offered for one full interval: the end of a dutch auction without acceptance. */
export function dutchEndAt(s: DutchSettings, startFen: number, startAt: number): number {
  const drops = s.decrementFen > 0 ? Math.max(0, Math.ceil((startFen - s.floorFen) / s.decrementFen)) : 0;
  return startAt + (drops + 1) * s.intervalMs;
}

/** The next drop after `at`, null once the floor is reached. */
export function dutchNextDropAt(s: DutchSettings, startFen: number, startAt: number, at: number): number | null {
  if (dutchPriceAt(s, startFen, startAt, at) <= s.floorFen) return null;
  return startAt + (dutchStep(s, startAt, at) + 1) * s.intervalMs;
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
