/**
 * Bidding: activities, qualified bidders, the append-only bid log and bid idempotency records.
 * Indexes follow the hall snapshot (live/scheduled by time), the lifecycle sweep and the room's history.
 */
import { sql, type Kysely } from 'kysely';
import { isPostgres, withId } from './portable.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('bid_activity'))
    .addColumn('activity_code', 'text', (c) => c.notNull().unique())
    .addColumn('project_id', 'bigint', (c) => c.notNull().references('project.id'))
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text')
    .addColumn('start_at', 'bigint', (c) => c.notNull())
    .addColumn('end_at', 'bigint', (c) => c.notNull())
    .addColumn('original_end_at', 'bigint', (c) => c.notNull())
    .addColumn('start_price_fen', 'bigint', (c) => c.notNull())
    .addColumn('increment_fen', 'bigint', (c) => c.notNull())
    .addColumn('reserve_fen', 'bigint')
    .addColumn('cap_fen', 'bigint')
    .addColumn('extension_window_ms', 'bigint', (c) => c.notNull())
    .addColumn('extension_ms', 'bigint', (c) => c.notNull())
    .addColumn('allow_self_outbid', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('current_price_fen', 'bigint', (c) => c.notNull())
    .addColumn('max_price_fen', 'bigint', (c) => c.notNull())
    .addColumn('bid_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('extension_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('leader_user_id', 'bigint', (c) => c.references('app_user.id'))
    .addColumn('leader_bid_code', 'text')
    .addColumn('last_bid_at', 'bigint')
    .addColumn('org_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('lock_version', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('settled_at', 'bigint')
    .execute();
  await db.schema.createIndex('bid_activity_status_end_idx').on('bid_activity').columns(['status', 'end_at']).execute();
  await db.schema.createIndex('bid_activity_status_start_idx').on('bid_activity').columns(['status', 'start_at']).execute();
  await db.schema.createIndex('bid_activity_project_idx').on('bid_activity').column('project_id').execute();

  await withId(db, db.schema.createTable('bid_qualification'))
    .addColumn('activity_id', 'bigint', (c) => c.notNull().references('bid_activity.id'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('bid_code', 'text', (c) => c.notNull())
    .addColumn('pre_emptive_rank', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('bid_qualification_user_uq', ['activity_id', 'user_id'])
    .addUniqueConstraint('bid_qualification_code_uq', ['activity_id', 'bid_code'])
    .execute();
  await db.schema.createIndex('bid_qualification_user_idx').on('bid_qualification').column('user_id').execute();

  await withId(db, db.schema.createTable('bid'))
    .addColumn('activity_id', 'bigint', (c) => c.notNull().references('bid_activity.id'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('bid_code', 'text', (c) => c.notNull())
    .addColumn('amount_fen', 'bigint', (c) => c.notNull())
    .addColumn('placed_at', 'bigint', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    // The gap-free sequence is enforced by the engine; a duplicate seq is refused here.
    .addUniqueConstraint('bid_activity_seq_uq', ['activity_id', 'seq'])
    .execute();
  await db.schema.createIndex('bid_user_idx').on('bid').columns(['user_id', 'placed_at']).execute();
  // The bid log is append-only, enforced by the database (as audit_log).
  if (isPostgres(db)) {
    await sql`create function bid_append_only() returns trigger language plpgsql as $$
      begin raise exception 'bid is append-only'; end $$`.execute(db);
    await sql`create trigger bid_no_change before update or delete on bid
      for each row execute function bid_append_only()`.execute(db);
  } else {
    await sql`create trigger bid_no_update before update on bid
      begin select raise(abort, 'bid is append-only'); end`.execute(db);
    await sql`create trigger bid_no_delete before delete on bid
      begin select raise(abort, 'bid is append-only'); end`.execute(db);
  }

  await withId(db, db.schema.createTable('bid_request'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('activity_id', 'bigint', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('bid_request_key_uq', ['user_id', 'idempotency_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['bid_request', 'bid', 'bid_qualification', 'bid_activity']) {
    await db.schema.dropTable(table).execute();
  }
  if (isPostgres(db)) await sql`drop function if exists bid_append_only()`.execute(db);
}
