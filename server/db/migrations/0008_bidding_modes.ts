/**
 * The other four bidding modes and the demo that stays alive: two-stage's confirmations to join
 * stage 2, and a small lease table that lets one of several server processes claim a periodic job (the
 * demo scheduler) for a while.
 */
import type { Kysely } from 'kysely';
import { withId } from './portable.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('bid_stage_join'))
    .addColumn('activity_id', 'bigint', (c) => c.notNull().references('bid_activity.id'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('joined_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('bid_stage_join_uq', ['activity_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('job_lease')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('until_at', 'bigint', (c) => c.notNull())
    .addColumn('runs', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_lease').execute();
  await db.schema.dropTable('bid_stage_join').execute();
}
