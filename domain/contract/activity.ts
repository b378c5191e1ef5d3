/** A bidding activity's status and outcome, and an accepted bid as the public sees it: what the hall, the room, the push events and the lot state all read. */
/** scheduled → live → ended (sold or 流拍 is `outcome`). */
export type ActivityStatus = 'scheduled' | 'live' | 'ended';

export type ActivityOutcome = 'sold' | 'failed';

/** An accepted bid as the public sees it: bid codes only, never names. */
export interface BidRecord {
  /** Per-activity sequence, gap-free from 1. */
  seq: number;
  bidCode: string;
  amount: number;
  /** Server receipt time, epoch ms. */
  time: number;
}
