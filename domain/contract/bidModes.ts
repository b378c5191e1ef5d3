/** The bidding modes' parameters and live state as they travel and are stored: settings per mode, the phase and the state a room shows (the rules are domain/rules/bidModes.ts). */
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
  /**
   * The time the descent counts from: absent, the activity's start; after a suspension (中止) the start
   * moved later by the time the activity stood suspended, so the price resumes where it stopped.
   */
  originAt?: number | undefined;
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
