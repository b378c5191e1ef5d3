/**
 * What one bidder sees of an activity beyond its public view: his bid code, and what his mode tells him
 * alone: his own sealed offer while offers are sealed (onceOff; two-stage's stage-1 quote, and whether he
 * joined stage 2; final once the cap is reached: his final offer, whether he is at the cap, whether his
 * pre-emptive right lets him match it).
 */
import type { Kysely } from 'kysely';
import { finalPhaseReached, preEmptiveBeats } from '#domain/rules/bidModes';
import type { Database } from '../db/schema.ts';
import { fenToYuan } from '#domain/rules/money';

export interface BidderView {
  myBidCode: string | null;
  /** The bidder's own sealed offer in yuan (null before he has made one). */
  myOffer?: number | null;
  myJoined?: boolean;
  myAtCap?: boolean;
  myCanMatch?: boolean;
}

/** The public state the bidder's view depends on. */
export interface BidderViewInput {
  mode: string;
  sealed: boolean;
}

export async function bidderView(db: Kysely<Database>, activityId: number, userId: number | null, data: BidderViewInput): Promise<BidderView> {
  if (userId === null) return { myBidCode: null };
  const qualification = await db
    .selectFrom('bid_qualification')
    .select(['bid_code', 'pre_emptive_rank'])
    .where('activity_id', '=', activityId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!qualification) return { myBidCode: null };
  const mine = { myBidCode: qualification.bid_code };
  if (data.mode === 'two-stage') {
    const [quote, joined] = await Promise.all([
      db.selectFrom('bid').select('amount_fen').where('activity_id', '=', activityId).where('user_id', '=', userId).orderBy('seq').executeTakeFirst(),
      db.selectFrom('bid_stage_join').select('id').where('activity_id', '=', activityId).where('user_id', '=', userId).executeTakeFirst(),
    ]);
    return { ...mine, myOffer: quote ? fenToYuan(quote.amount_fen) : null, myJoined: joined !== undefined };
  }
  if (data.mode === 'final') {
    const a = await db.selectFrom('bid_activity').select(['cap_fen', 'max_price_fen', 'bid_count', 'status']).where('id', '=', activityId).executeTakeFirst();
    if (!a || a.cap_fen === null || !finalPhaseReached(a.cap_fen, a.max_price_fen, a.bid_count)) return mine;
    const cap = a.cap_fen;
    const log = await db
      .selectFrom('bid as b')
      .leftJoin('bid_qualification as q', (j) => j.onRef('q.activity_id', '=', 'b.activity_id').onRef('q.user_id', '=', 'b.user_id'))
      .select(['b.user_id', 'b.amount_fen', 'q.pre_emptive_rank'])
      .where('b.activity_id', '=', activityId)
      .where('b.amount_fen', '>=', cap)
      .orderBy('b.seq')
      .execute();
    const atCap = log.filter((b) => b.amount_fen === cap);
    const offer = log.find((b) => b.user_id === userId && b.amount_fen > cap);
    const myAtCap = atCap.some((b) => b.user_id === userId);
    return {
      ...mine,
      myOffer: offer ? fenToYuan(offer.amount_fen) : null,
      myAtCap,
      myCanMatch: a.status === 'live' && !myAtCap && preEmptiveBeats(qualification.pre_emptive_rank, atCap.at(-1)?.pre_emptive_rank ?? null),
    };
  }
  if (!data.sealed) return mine;
  const offer = await db.selectFrom('bid').select('amount_fen').where('activity_id', '=', activityId).where('user_id', '=', userId).executeTakeFirst();
  return { ...mine, myOffer: offer ? fenToYuan(offer.amount_fen) : null };
}
