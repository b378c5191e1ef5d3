/**
 * 路演 (roadshows, docs/listings.md "Roadshows"): a lot's presentation — a scheduled live session or a
 * recorded video — and who follows it.
 *
 * roadshow: the lot (project), kind (live | recorded), title, presenter, start and end, where to watch
 * (video_url: a file served by our server, or '') and its poster, the transferor's materials as a JSON
 * list of the lot's attachment ids (project_attachment), who scheduled it, and cancelled_at (withdrawn from
 * the portal). ref_code is the demo seed's natural key (NULL for staff-made rows).
 *
 * roadshow_follow: one row per user and roadshow (unique); reminded_at is set in the same transaction
 * that writes the reminder message, by a conditional update (reminded_at IS NULL), so each follower is
 * reminded once however many job runs or processes race. Portable subset; times epoch ms.
 * (Numbers 0017–0019 are other changes'; migrations run in name order.)
 */
import type { Kysely } from 'kysely';
import { withId } from './portable.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('roadshow'))
    .addColumn('ref_code', 'text', (c) => c.unique())
    .addColumn('project_id', 'bigint', (c) => c.notNull().references('project.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('presenter', 'text', (c) => c.notNull())
    .addColumn('start_at', 'bigint', (c) => c.notNull())
    .addColumn('end_at', 'bigint', (c) => c.notNull())
    .addColumn('video_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('poster_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('material_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('cancelled_at', 'bigint')
    .execute();
  await db.schema.createIndex('roadshow_project_idx').on('roadshow').columns(['project_id', 'start_at']).execute();
  await db.schema.createIndex('roadshow_start_idx').on('roadshow').columns(['start_at']).execute();

  await withId(db, db.schema.createTable('roadshow_follow'))
    .addColumn('roadshow_id', 'bigint', (c) => c.notNull().references('roadshow.id'))
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('reminded_at', 'bigint')
    .addUniqueConstraint('roadshow_follow_user_uq', ['roadshow_id', 'user_id'])
    .execute();
  await db.schema.createIndex('roadshow_follow_due_idx').on('roadshow_follow').columns(['reminded_at', 'roadshow_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('roadshow_follow').execute();
  await db.schema.dropTable('roadshow').execute();
}
