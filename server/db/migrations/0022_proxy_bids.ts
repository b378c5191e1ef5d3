/**
 * 代理出价 (proxy bidding, docs/bidding.md "Proxy bidding"): a bidder's private ceiling per activity, and
 * the mark of the bids the server placed for it.
 *
 * proxy_bid: one row per (activity, user): the ceiling in fen, its status (active | cancelled | exceeded),
 * set_at — when the current ceiling was set (the tie rule: at equal ceilings the earlier one leads) — and
 * created_at / updated_at. Setting a ceiling again after a cancellation or an exceedance reuses the row
 * (a new set_at). The index (activity_id, status) serves the bid's lock statement, which asks whether the
 * activity has any active ceiling (one indexed probe per bid, in the same round trip).
 *
 * bid.proxy: 1 for a bid the server placed under a ceiling (shown as 代理 in the room and the record).
 * Adding a column with a default is no update of existing rows, so the append-only triggers are untouched.
 * Portable subset; times epoch ms.
 */
import type { Kysely } from 'kysely';
import { withId } from './portable.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('proxy_bid'))
    .addColumn('activity_id', 'bigint', (c) => c.notNull().references('bid_activity.id'))
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('ceiling_fen', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('set_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('proxy_bid_user_uq', ['activity_id', 'user_id'])
    .execute();
  await db.schema.createIndex('proxy_bid_active_idx').on('proxy_bid').columns(['activity_id', 'status']).execute();
  await db.schema.alterTable('bid').addColumn('proxy', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('proxy_bid').execute();
  await db.schema.alterTable('bid').dropColumn('proxy').execute();
}
