/**
 * The content model: plate source types and front-page news, stored files and attachments,
 * downloads, ads, partners, page modules, site notices, recruitment, content columns, position titles.
 * Portable subset only (bigint, integer, text; 0/1 flags; epoch-ms times). Natural keys are unique so the
 * seed can insert with ON CONFLICT DO NOTHING.
 */
import type { Kysely } from 'kysely';
import { withId } from './portable.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  // 1 news plate (articles), 2 notice plate (lists the notices of notice_type).
  await db.schema.alterTable('news_plate').addColumn('source_type', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.alterTable('news_plate').addColumn('notice_type', 'integer').execute();
  await db.schema.alterTable('news').addColumn('is_front_page', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.createIndex('news_front_publish_idx').on('news').columns(['is_front_page', 'publish_at']).execute();

  await withId(db, db.schema.createTable('content_file'))
    .addColumn('ref_code', 'text', (c) => c.notNull().unique())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('stored_name', 'text', (c) => c.notNull().unique())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('content_attachment'))
    .addColumn('owner_type', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'bigint', (c) => c.notNull())
    .addColumn('file_id', 'bigint', (c) => c.notNull().references('content_file.id').onDelete('cascade'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('content_attachment_owner_file_uq', ['owner_type', 'owner_id', 'file_id'])
    .execute();

  await withId(db, db.schema.createTable('download_file'))
    .addColumn('ref_code', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('file_id', 'bigint', (c) => c.notNull().references('content_file.id'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('publish_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('download_file_category_idx').on('download_file').columns(['category', 'sort']).execute();

  await withId(db, db.schema.createTable('ad'))
    .addColumn('ref_code', 'text', (c) => c.notNull().unique())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('img_src', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('assets_id', 'bigint', (c) => c.references('project.id').onDelete('set null'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ad_code_sort_idx').on('ad').columns(['code', 'sort']).execute();

  await withId(db, db.schema.createTable('partner'))
    .addColumn('ref_code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('img_src', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('position_type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('partner_position_idx').on('partner').columns(['position_type', 'sort']).execute();

  await withId(db, db.schema.createTable('page_module'))
    .addColumn('ref_code', 'text', (c) => c.notNull().unique())
    .addColumn('modules_code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('has_more_button', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('more_button_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('source_type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('plate_code', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('notice_type', 'integer')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('page_module_code_idx').on('page_module').columns(['modules_code', 'sort']).execute();

  await withId(db, db.schema.createTable('notice_info'))
    .addColumn('ref_code', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('category', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_top', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('publish_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notice_info_publish_idx').on('notice_info').columns(['is_top', 'publish_at']).execute();

  await withId(db, db.schema.createTable('recruit'))
    .addColumn('ref_code', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('department', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('headcount', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('location', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('education', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('publish_at', 'bigint', (c) => c.notNull())
    .addColumn('deadline_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('content_column'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('img_src', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db, db.schema.createTable('column_content'))
    .addColumn('ref_code', 'text', (c) => c.notNull().unique())
    .addColumn('column_id', 'bigint', (c) => c.notNull().references('content_column.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('img_src', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('link_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('publish_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('column_content_column_idx').on('column_content').columns(['column_id', 'sort']).execute();

  await withId(db, db.schema.createTable('title_config'))
    .addColumn('position', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('sub_title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('more_url', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'title_config',
    'column_content',
    'content_column',
    'recruit',
    'notice_info',
    'page_module',
    'partner',
    'ad',
    'download_file',
    'content_attachment',
    'content_file',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.dropIndex('news_front_publish_idx').execute();
  await db.schema.alterTable('news').dropColumn('is_front_page').execute();
  await db.schema.alterTable('news_plate').dropColumn('notice_type').execute();
  await db.schema.alterTable('news_plate').dropColumn('source_type').execute();
}
