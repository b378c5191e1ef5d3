/** A bidding activity's status and outcome, and an accepted bid as the public sees it: what the hall, the room, the push events and the lot state all read. */
/**
 * scheduled → live → ended (sold, 流拍 or 终结 is `outcome`). The floor (ours; bidding.md "The floor"):
 * staff may suspend a live activity (live → suspended: no bid is taken and the clock stops), resume it
 * with a new end (suspended → live), or terminate a scheduled, live or suspended one (→ ended, outcome
 * 'terminated': no result, no deal).
 */
export type ActivityStatus = 'scheduled' | 'live' | 'suspended' | 'ended';

/** Every status, in the order of the lifecycle (for exhaustive tests and lists). */
export const ACTIVITY_STATUSES: readonly ActivityStatus[] = ['scheduled', 'live', 'suspended', 'ended'];

/** The statuses of an activity that has not ended: its lot has an open auction (one per lot). */
export const OPEN_ACTIVITY_STATUSES: readonly ActivityStatus[] = ['scheduled', 'live', 'suspended'];

/** sold (成交), failed (流拍: no bid, or below the reserve) or terminated (终结 by the exchange: no result). */
export type ActivityOutcome = 'sold' | 'failed' | 'terminated';

/**
 * What the floor adds to an activity's public state (ours), on every answer and push event that carries
 * a status: the hall row, bidding-rate, bidding-data, the watch board and the change event. Each field is
 * present only while it applies, so an activity the floor never touched reads as before.
 */
export interface FloorFields {
  /** While `status` is 'suspended': why the exchange suspended the auction (中止原因). */
  suspendReason?: string;
  /** While suspended: the ms that were left when the clock stopped (the countdown shows them, frozen). */
  remainingMs?: number;
  /** Once `outcome` is 'terminated': why the exchange terminated it (终结原因). */
  terminateReason?: string;
}

/** An accepted bid as the public sees it: bid codes only, never names. */
export interface BidRecord {
  /** Per-activity sequence, gap-free from 1. */
  seq: number;
  bidCode: string;
  amount: number;
  /** Server receipt time, epoch ms. */
  time: number;
  /** Placed by the server under the bidder's ceiling (代理出价); absent for a bid the bidder sent. */
  proxy?: true;
}
