/**
 * The auction floor (中止 / 恢复 / 终结; bidding.md "The floor"): staff suspend a live activity with a reason
 * (no bid is taken and its clock stops), resume it with a new end, or terminate it without a result.
 *
 * bid_activity gains the floor's state, read by the engine inside the activity's lock and by the live
 * rows: when the last suspension began and (once resumed) ended, its reason, the time that was left when
 * the clock stopped, and the reason of a termination. Its status takes a fourth value, 'suspended'
 * (status is text: no constraint to change), and its outcome a third, 'terminated'.
 *
 * bid_activity_floor is the floor's log, one row per step: who (the staff member's id and login), when,
 * why, the end before and after, and the activity's state before and after as JSON (the audit trail, and
 * what the replay reads to follow a resumption's new end). Append-only, as the audit log.
 * (Number 0014 is another change's; migrations run in name order.) Portable subset; times epoch ms.
 */
import { sql, type Kysely } from 'kysely';
import { isPostgres, withId } from './portable.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bid_activity').addColumn('suspended_at', 'bigint').execute();
  await db.schema.alterTable('bid_activity').addColumn('resumed_at', 'bigint').execute();
  await db.schema.alterTable('bid_activity').addColumn('suspend_reason', 'text').execute();
  await db.schema.alterTable('bid_activity').addColumn('remaining_ms', 'bigint').execute();
  await db.schema.alterTable('bid_activity').addColumn('terminate_reason', 'text').execute();

  await withId(db, db.schema.createTable('bid_activity_floor'))
    .addColumn('activity_id', 'bigint', (c) => c.notNull().references('bid_activity.id'))
    // suspend | resume | terminate
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('staff_id', 'bigint', (c) => c.notNull())
    .addColumn('staff_login', 'text', (c) => c.notNull())
    .addColumn('end_before', 'bigint', (c) => c.notNull())
    .addColumn('end_after', 'bigint', (c) => c.notNull())
    .addColumn('state_before', 'text', (c) => c.notNull())
    .addColumn('state_after', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bid_activity_floor_activity_idx').on('bid_activity_floor').columns(['activity_id', 'at']).execute();
  if (isPostgres(db)) {
    await sql`create function bid_activity_floor_append_only() returns trigger language plpgsql as $$
      begin raise exception 'bid_activity_floor is append-only'; end $$`.execute(db);
    await sql`create trigger bid_activity_floor_no_change before update or delete on bid_activity_floor
      for each row execute function bid_activity_floor_append_only()`.execute(db);
  } else {
    await sql`create trigger bid_activity_floor_no_update before update on bid_activity_floor
      begin select raise(abort, 'bid_activity_floor is append-only'); end`.execute(db);
    await sql`create trigger bid_activity_floor_no_delete before delete on bid_activity_floor
      begin select raise(abort, 'bid_activity_floor is append-only'); end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('bid_activity_floor').execute();
  if (isPostgres(db)) await sql`drop function if exists bid_activity_floor_append_only()`.execute(db);
  for (const column of ['terminate_reason', 'remaining_ms', 'suspend_reason', 'resumed_at', 'suspended_at']) {
    await db.schema.alterTable('bid_activity').dropColumn(column).execute();
  }
}
