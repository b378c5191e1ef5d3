/**
 * What one bidder sees of an activity beyond its public view: his bid code, and, while the mode keeps
 * offers sealed, his own offer (hidden from everyone else).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { fenToYuan } from '../../src/domain/money.ts';

export interface BidderView {
  myBidCode: string | null;
  /** Only for sealed modes: the bidder's own offer in yuan (null before he has made one). */
  myOffer?: number | null;
}

export async function bidderView(db: Kysely<Database>, activityId: number, userId: number | null, sealed: boolean): Promise<BidderView> {
  if (userId === null) return { myBidCode: null };
  const qualification = await db
    .selectFrom('bid_qualification')
    .select('bid_code')
    .where('activity_id', '=', activityId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!qualification) return { myBidCode: null };
  if (!sealed) return { myBidCode: qualification.bid_code };
  const offer = await db.selectFrom('bid').select('amount_fen').where('activity_id', '=', activityId).where('user_id', '=', userId).executeTakeFirst();
  return { myBidCode: qualification.bid_code, myOffer: offer ? fenToYuan(offer.amount_fen) : null };
}
