/**
 * The bid record's hash chain (docs/bidding.md "The bid record", domain/rules/bidChain.ts): every bid gets
 * `prev_hash` and `hash` (SHA-256 hex of the canonical {activityId, seq, bidCode, amountFen, serverTime,
 * prevHash}) and `sealed` (1: a sealed offer — onceOff, two-stage's stage 1, final's offers once the cap
 * was reached — whose receipt signs the hash instead of the amount).
 *
 * Existing bids are back-filled in seq order per activity. The bid table refuses updates by trigger
 * (0004): the back-fill lifts it for its own transaction only (PostgreSQL: the trigger disabled and enabled
 * again; SQLite: dropped and re-created), so the table is append-only again when the migration commits.
 * Portable subset; hashes are text, nullable for a row written by hand without one (`bidlog verify`
 * reports it).
 */
import { sql, type Kysely } from 'kysely';
import { bidChainHash, GENESIS_HASH } from '#domain/rules/bidChain';
import { isPostgres } from './portable.ts';

interface OldBid {
  id: number;
  activity_id: number;
  seq: number;
  bid_code: string;
  amount_fen: number | string;
  placed_at: number | string;
}

interface OldActivity {
  id: number;
  mode: string;
  cap_fen: number | string | null;
  settings: string;
}

/** stage1EndAt of a two-stage activity's settings, or null. */
function stage1EndAt(settings: string): number | null {
  try {
    const parsed = JSON.parse(settings) as { twoStage?: { stage1EndAt?: unknown } };
    const at = parsed.twoStage?.stage1EndAt;
    return typeof at === 'number' ? at : null;
  } catch {
    return null;
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bid').addColumn('prev_hash', 'text').execute();
  await db.schema.alterTable('bid').addColumn('hash', 'text').execute();
  await db.schema.alterTable('bid').addColumn('sealed', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await backfillBidChain(db);
}

/** Chains every bid in seq order per activity (exported for the test of the back-fill on both dialects). */
export async function backfillBidChain(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  if (pg) await sql`alter table bid disable trigger bid_no_change`.execute(db);
  else await sql`drop trigger if exists bid_no_update`.execute(db);

  const activities = (await sql<OldActivity>`select id, mode, cap_fen, settings from bid_activity`.execute(db)).rows;
  const byId = new Map(activities.map((a) => [Number(a.id), a]));
  const bids = (await sql<OldBid>`select id, activity_id, seq, bid_code, amount_fen, placed_at from bid order by activity_id, seq`.execute(db)).rows;
  let activityId = -1;
  let prev = GENESIS_HASH;
  let capReached = false;
  for (const b of bids) {
    if (Number(b.activity_id) !== activityId) {
      activityId = Number(b.activity_id);
      prev = GENESIS_HASH;
      capReached = false;
    }
    const amountFen = Number(b.amount_fen);
    const placedAt = Number(b.placed_at);
    const hash = bidChainHash({ activityId, seq: Number(b.seq), bidCode: b.bid_code, amountFen, serverTime: placedAt, prevHash: prev });
    const a = byId.get(activityId);
    const cap = a?.cap_fen === null || a?.cap_fen === undefined ? null : Number(a.cap_fen);
    const stage1 = a?.mode === 'two-stage' ? stage1EndAt(a.settings) : null;
    const sealed = a?.mode === 'onceOff' || (stage1 !== null && placedAt < stage1) || (a?.mode === 'final' && capReached);
    if (cap !== null && amountFen >= cap) capReached = true;
    await sql`update bid set prev_hash = ${prev}, hash = ${hash}, sealed = ${sealed ? 1 : 0} where id = ${b.id}`.execute(db);
    prev = hash;
  }

  if (pg) await sql`alter table bid enable trigger bid_no_change`.execute(db);
  else await sql`create trigger bid_no_update before update on bid begin select raise(abort, 'bid is append-only'); end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['sealed', 'hash', 'prev_hash']) await db.schema.alterTable('bid').dropColumn(column).execute();
}
