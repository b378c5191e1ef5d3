/**
 * The user's document library (folders and the uploads placed in them), appeals with their
 * history, and investors' demands with the listings matched to them. Portable subset only; times in
 * epoch ms, prices in fen, JSON as text.
 */
import type { Kysely } from 'kysely';
import { withId } from './portable.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('file_folder'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('parent_id', 'bigint', (c) => c.references('file_folder.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('file_folder_user_parent_idx').on('file_folder').columns(['user_id', 'parent_id']).execute();

  // One row per upload placed in the library (uploaded_file keeps the bytes' facts and the owner).
  await db.schema
    .createTable('library_file')
    .addColumn('file_id', 'text', (c) => c.primaryKey().references('uploaded_file.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('folder_id', 'bigint', (c) => c.references('file_folder.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('library_file_user_folder_idx').on('library_file').columns(['user_id', 'folder_id']).execute();

  await withId(db, db.schema.createTable('appeal'))
    .addColumn('appeal_code', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'bigint', (c) => c.notNull())
    .addColumn('subject_title', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    // JSON array of { fileId, name }: the user's own uploads.
    .addColumn('attachments', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('handler', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('appeal_user_idx').on('appeal').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('appeal_status_idx').on('appeal').columns(['status', 'created_at']).execute();

  await withId(db, db.schema.createTable('appeal_event'))
    .addColumn('appeal_id', 'bigint', (c) => c.notNull().references('appeal.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('appeal_event_appeal_idx').on('appeal_event').column('appeal_id').execute();

  await withId(db, db.schema.createTable('demand'))
    .addColumn('demand_code', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('type_code', 'integer')
    .addColumn('province', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('min_price_fen', 'bigint')
    .addColumn('max_price_fen', 'bigint')
    // JSON array of strings.
    .addColumn('keywords', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('answered_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('demand_user_idx').on('demand').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('demand_status_idx').on('demand').column('status').execute();

  await withId(db, db.schema.createTable('demand_match'))
    .addColumn('demand_id', 'bigint', (c) => c.notNull().references('demand.id'))
    .addColumn('project_id', 'bigint', (c) => c.notNull().references('project.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('demand_match_uq', ['demand_id', 'project_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['demand_match', 'demand', 'appeal_event', 'appeal', 'library_file', 'file_folder']) {
    await db.schema.dropTable(table).execute();
  }
}
