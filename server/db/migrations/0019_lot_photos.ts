/**
 * Lot photos (issue 26): a gallery per lot. A photo belongs to a staff draft (draft_id) until the draft's
 * publication moves it to the listing (project_id); only photos with a project are public. The bytes are
 * not in the database: each photo has derived sizes in <dataDir>/lot-photos/<photo_key>-<size>.webp
 * (services/projects/photos.ts). A demo photo (demo 1, captioned 示意图) keeps the drawing's recipe and is
 * rendered from it. Portable subset only; times in epoch ms.
 */
import type { Kysely } from 'kysely';
import { withId } from './portable.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('lot_photo'))
    // The immutable name of its files (hex): a new picture is a new key, so its URLs are cached for good.
    .addColumn('photo_key', 'text', (c) => c.notNull().unique())
    .addColumn('project_id', 'bigint')
    .addColumn('draft_id', 'bigint')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_cover', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('caption', 'text', (c) => c.notNull().defaultTo(''))
    // 1: an illustration drawn for the demo (示意图), rendered from `recipe` (JSON).
    .addColumn('demo', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('recipe', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('file_name', 'text', (c) => c.notNull().defaultTo(''))
    // The upload as received (its type and size); the stored sizes are WebP.
    .addColumn('mime', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('size', 'bigint', (c) => c.notNull().defaultTo(0))
    // The display size's pixels (the thumbnail is always the fixed LOT_PHOTO_THUMB).
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lot_photo_project_idx').on('lot_photo').columns(['project_id', 'sort']).execute();
  await db.schema.createIndex('lot_photo_draft_idx').on('lot_photo').columns(['draft_id', 'sort']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('lot_photo').execute();
}
