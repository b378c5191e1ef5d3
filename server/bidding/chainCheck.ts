/**
 * `npm run ops -- bidlog verify [activityId]` (docs/bidding.md "The bid record"): recomputes every
 * activity's hash chain from the database (domain/rules/bidChain.ts `checkChain`) and names each break —
 * a changed amount (or bid code, time), a deleted or inserted bid, a reordering — by activity and seq.
 * Read-only; one activity at a time, so a large database is never read whole into memory.
 */
import type { Kysely } from 'kysely';
import { checkChain, GENESIS_HASH, type ChainBreak } from '#domain/rules/bidChain';
import type { Database } from '../db/schema.ts';
import { notFound } from '../lib/envelope.ts';

export interface ActivityChainReport {
  activityId: number;
  activityCode: string;
  bids: number;
  /** The last bid's hash as stored (GENESIS_HASH with no bid). */
  head: string;
  breaks: ChainBreak[];
}

export async function verifyBidChains(db: Kysely<Database>, activityId?: number): Promise<ActivityChainReport[]> {
  let query = db.selectFrom('bid_activity').select(['id', 'activity_code', 'bid_count']).orderBy('id');
  if (activityId !== undefined) query = query.where('id', '=', activityId);
  const activities = await query.execute();
  if (activityId !== undefined && activities.length === 0) throw notFound('竞价活动不存在');
  const reports: ActivityChainReport[] = [];
  for (const a of activities) {
    const id = Number(a.id);
    const rows = await db
      .selectFrom('bid')
      .select(['seq', 'bid_code', 'amount_fen', 'placed_at', 'prev_hash', 'hash'])
      .where('activity_id', '=', id)
      .orderBy('seq')
      .orderBy('id')
      .execute();
    const bids = rows.map((r) => ({
      activityId: id,
      seq: Number(r.seq),
      bidCode: r.bid_code,
      amountFen: Number(r.amount_fen),
      serverTime: Number(r.placed_at),
      prevHash: r.prev_hash,
      hash: r.hash,
    }));
    reports.push({ activityId: id, activityCode: a.activity_code, bids: bids.length, head: bids.at(-1)?.hash ?? GENESIS_HASH, breaks: checkChain(bids, Number(a.bid_count)) });
  }
  return reports;
}
