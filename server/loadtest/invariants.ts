/**
 * The bid log's invariants after a load: per lot a gap-free sequence 1…n, strictly increasing amounts,
 * bid_count = n and the current price = the last bid. Checked by `npm run loadtest` and `bench:poll`.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface BidLogCheck {
  lots: number;
  bids: number;
  violations: string[];
}

export async function checkBidLog(db: Kysely<Database>, lots: readonly number[]): Promise<BidLogCheck> {
  const violations: string[] = [];
  if (lots.length === 0) return { lots: 0, bids: 0, violations };
  const bids = await db.selectFrom('bid').select(['activity_id', 'seq', 'amount_fen']).where('activity_id', 'in', lots).orderBy('activity_id').orderBy('seq').execute();
  const acts = await db.selectFrom('bid_activity').select(['id', 'bid_count', 'current_price_fen']).where('id', 'in', lots).execute();
  const byLot = new Map<number, { seq: number; amount_fen: number }[]>();
  for (const b of bids) {
    const list = byLot.get(b.activity_id);
    if (list) list.push(b);
    else byLot.set(b.activity_id, [b]);
  }
  for (const a of acts) {
    const list = byLot.get(a.id) ?? [];
    list.forEach((b, i) => {
      if (b.seq !== i + 1) violations.push(`lot ${a.id}: seq ${b.seq} at position ${i + 1}`);
      if (i > 0 && b.amount_fen <= list[i - 1]!.amount_fen) violations.push(`lot ${a.id}: amount did not increase at seq ${b.seq}`);
    });
    if (list.length !== a.bid_count) violations.push(`lot ${a.id}: bid_count ${a.bid_count} ≠ ${list.length} bids`);
    if (list.length > 0 && list.at(-1)!.amount_fen !== a.current_price_fen) violations.push(`lot ${a.id}: price ≠ last bid`);
  }
  if (acts.length !== lots.length) violations.push(`${lots.length - acts.length} lots missing`);
  return { lots: acts.length, bids: bids.length, violations };
}
