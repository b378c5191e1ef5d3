/**
 * Portal content and listings. Portable subset only: bigint, integer, text; 0/1 flags; epoch-ms times;
 * amounts in fen. Indexes follow the list queries in server/services.
 */
import type { Kysely } from 'kysely';
import { withId } from './portable.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('navigation'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('parent_id', 'bigint', (c) => c.references('navigation.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('in_station', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('open_page', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('menu_flag', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('navigation_parent_sort_idx').on('navigation').columns(['parent_id', 'sort']).execute();

  await withId(db, db.schema.createTable('news_plate'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('parent_id', 'bigint', (c) => c.references('news_plate.id'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('news_plate_parent_idx').on('news_plate').column('parent_id').execute();

  await withId(db, db.schema.createTable('news'))
    .addColumn('ref_code', 'text', (c) => c.notNull().unique())
    .addColumn('plate_id', 'bigint', (c) => c.notNull().references('news_plate.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('img_src', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_outer_link', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('outer_link_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('source', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('publish_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('news_plate_publish_idx').on('news').columns(['plate_id', 'publish_at']).execute();
  await db.schema.createIndex('news_publish_idx').on('news').column('publish_at').execute();

  await withId(db, db.schema.createTable('project'))
    .addColumn('project_code', 'text', (c) => c.notNull().unique())
    .addColumn('assets_name', 'text', (c) => c.notNull())
    .addColumn('type_code', 'integer')
    .addColumn('type_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('association_id', 'integer')
    .addColumn('project_nature', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('project_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('price_type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('start_price_fen', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('the_tone_interval', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('the_tone_max_fen', 'bigint')
    .addColumn('price_unit', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('price_other', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('deposit_fen', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('announcement_start_at', 'bigint', (c) => c.notNull())
    .addColumn('announcement_end_at', 'bigint', (c) => c.notNull())
    .addColumn('province', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('county', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('org_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('img_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // Lists are "newest first" within a type, within an association, or overall.
  await db.schema
    .createIndex('project_type_start_idx')
    .on('project')
    .columns(['type_code', 'announcement_start_at'])
    .execute();
  await db.schema
    .createIndex('project_association_start_idx')
    .on('project')
    .columns(['association_id', 'announcement_start_at'])
    .execute();
  await db.schema.createIndex('project_start_idx').on('project').column('announcement_start_at').execute();

  await withId(db, db.schema.createTable('notice'))
    .addColumn('notice_code', 'text', (c) => c.notNull().unique())
    .addColumn('notice_type', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('assets_id', 'bigint', (c) => c.references('project.id').onDelete('set null'))
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('publish_at', 'bigint', (c) => c.notNull())
    .addColumn('is_front_page', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('notice_type_publish_idx')
    .on('notice')
    .columns(['notice_type', 'publish_at'])
    .execute();
  await db.schema.createIndex('notice_publish_idx').on('notice').column('publish_at').execute();
  await db.schema.createIndex('notice_assets_idx').on('notice').column('assets_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['notice', 'project', 'news', 'news_plate', 'navigation']) {
    await db.schema.dropTable(table).execute();
  }
}
