/**
 * The work system's lots and content: a lot prepared by staff is a draft (lot_draft, its files in
 * lot_draft_file) until a second member approves its publication, which creates the listing (project and
 * its disclosure rows) — so no public query ever sees a draft. The disclosure keeps the timeline facts the
 * project row has no column for (asset class, deposit deadline). News, site notices and trading notices get
 * a `hidden` flag (unpublished by staff); the public lists show only rows not hidden and published at or
 * before the server's clock (scheduled items wait). Portable subset only; times in epoch ms.
 */
import type { Kysely } from 'kysely';
import { withId } from './portable.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('lot_draft'))
    // Natural key (LOT-… for staff drafts; the demo's LOT-DEMO-…).
    .addColumn('draft_code', 'text', (c) => c.notNull().unique())
    // JSON of the lot's fields (services/staff/lots.ts LotFieldsStored): amounts in fen, times epoch ms.
    .addColumn('data', 'text', (c) => c.notNull())
    // The listing once published; null while a draft.
    .addColumn('project_id', 'bigint')
    .addColumn('created_by', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('published_at', 'bigint')
    .execute();

  await withId(db, db.schema.createTable('lot_draft_file'))
    .addColumn('draft_id', 'bigint', (c) => c.notNull().references('lot_draft.id'))
    // 'attachment' (a disclosure file) or 'photo' (the cover).
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    // Bytes in <dataDir>/project-files/<stored_name>, as listing attachments.
    .addColumn('stored_name', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lot_draft_file_draft_idx').on('lot_draft_file').column('draft_id').execute();

  // The lot timeline's facts (domain/rules/lotTimeline.ts): '' = derived from type and nature; null = the enrolment deadline.
  await db.schema.alterTable('project_detail').addColumn('asset_class', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('project_detail').addColumn('deposit_end_at', 'bigint').execute();

  for (const table of ['news', 'notice_info', 'notice']) {
    await db.schema.alterTable(table).addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['news', 'notice_info', 'notice']) await db.schema.alterTable(table).dropColumn('hidden').execute();
  await db.schema.alterTable('project_detail').dropColumn('deposit_end_at').execute();
  await db.schema.alterTable('project_detail').dropColumn('asset_class').execute();
  await db.schema.dropTable('lot_draft_file').execute();
  await db.schema.dropTable('lot_draft').execute();
}
