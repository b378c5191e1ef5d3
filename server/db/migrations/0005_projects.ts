/**
 * The trading centre: pinyin search keys and packages on `project`; disclosure details and
 * sections, feature tags, attachments (tickets, download log), favourites, the filter-bar configuration,
 * and the judicial-auction service's courts and items. Portable subset only; natural keys are unique so
 * the seed can insert with ON CONFLICT DO NOTHING.
 */
import { sql, type Kysely } from 'kysely';
// A frozen copy, not services/projects/search-keys.ts: what this migration writes must never change.
import { searchKeys0005 } from './frozen/0005-search-keys.ts';
import { withId } from './portable.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('project').addColumn('name_pinyin', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('project').addColumn('name_initials', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('project').addColumn('search_text', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('project').addColumn('parent_id', 'bigint', (c) => c.references('project.id')).execute();
  // Lists show top-level listings (parent_id null) in one of three orders; these keep every page,
  // however deep, an index walk (package children are found by the same indexes' parent_id prefix).
  // The first also carries search_text, so a keyword scan reads the index, not the rows.
  await db.schema.createIndex('project_parent_start_idx').on('project').columns(['parent_id', 'announcement_start_at', 'search_text']).execute();
  await db.schema.createIndex('project_parent_price_idx').on('project').columns(['parent_id', 'start_price_fen']).execute();
  await db.schema.createIndex('project_parent_views_idx').on('project').columns(['parent_id', 'view_count']).execute();
  await db.schema.createIndex('project_nature_start_idx').on('project').columns(['project_nature', 'announcement_start_at']).execute();

  // Rows written before this migration get their search keys now.
  const rows = await sql<{ id: number; assets_name: string; project_code: string }>`select id, assets_name, project_code from project`.execute(db);
  for (const row of rows.rows) {
    const keys = searchKeys0005(row.assets_name, row.project_code);
    await sql`update project set name_pinyin = ${keys.name_pinyin}, name_initials = ${keys.name_initials}, search_text = ${keys.search_text} where id = ${row.id}`.execute(db);
  }
  // The contract's projectNature is 1 state-owned, 2 private; the first seed used 2 for administrative
  // (state-owned too) and 3 for "other" (judicial, collective, private).
  await sql`update project set project_nature = 1 where project_nature = 2`.execute(db);
  await sql`update project set project_nature = 2 where project_nature = 3`.execute(db);

  await withId(db, db.schema.createTable('project_detail'))
    .addColumn('project_id', 'bigint', (c) => c.notNull().unique().references('project.id').onDelete('cascade'))
    .addColumn('transferor_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('contact_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('contact_phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('appraised_value_fen', 'bigint')
    .addColumn('managed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('project_section'))
    .addColumn('project_id', 'bigint', (c) => c.notNull().references('project.id').onDelete('cascade'))
    .addColumn('section_key', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addUniqueConstraint('project_section_key_uq', ['project_id', 'section_key'])
    .execute();

  await withId(db, db.schema.createTable('assets_feature'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db, db.schema.createTable('project_feature'))
    .addColumn('project_id', 'bigint', (c) => c.notNull().references('project.id').onDelete('cascade'))
    .addColumn('feature_id', 'bigint', (c) => c.notNull().references('assets_feature.id').onDelete('cascade'))
    .addUniqueConstraint('project_feature_uq', ['project_id', 'feature_id'])
    .execute();
  await db.schema.createIndex('project_feature_feature_idx').on('project_feature').columns(['feature_id', 'project_id']).execute();

  await withId(db, db.schema.createTable('project_attachment'))
    .addColumn('ref_code', 'text', (c) => c.notNull().unique())
    .addColumn('project_id', 'bigint', (c) => c.notNull().references('project.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('stored_name', 'text', (c) => c.notNull().unique())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('project_attachment_project_idx').on('project_attachment').columns(['project_id', 'sort']).execute();

  await withId(db, db.schema.createTable('attachment_ticket'))
    .addColumn('ticket_hash', 'text', (c) => c.notNull().unique())
    .addColumn('attachment_id', 'bigint', (c) => c.notNull().references('project_attachment.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('attachment_ticket_expires_idx').on('attachment_ticket').column('expires_at').execute();

  await withId(db, db.schema.createTable('attachment_log'))
    .addColumn('assets_id', 'bigint', (c) => c.notNull().references('project.id').onDelete('cascade'))
    .addColumn('attachment_id', 'bigint', (c) => c.notNull().references('project_attachment.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('attachment_log_assets_idx').on('attachment_log').columns(['assets_id', 'created_at']).execute();

  await withId(db, db.schema.createTable('collect_asset'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('project_id', 'bigint', (c) => c.notNull().references('project.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('collect_asset_user_project_uq', ['user_id', 'project_id'])
    .execute();
  await db.schema.createIndex('collect_asset_user_time_idx').on('collect_asset').columns(['user_id', 'created_at']).execute();

  await withId(db, db.schema.createTable('filter_query_config'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('options', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('filter_query_config_code_field_uq', ['code', 'field'])
    .execute();

  await withId(db, db.schema.createTable('judicial_court'))
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('city_code', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('judicial_court_city_idx').on('judicial_court').columns(['city_code', 'sort']).execute();

  await withId(db, db.schema.createTable('judicial_item'))
    .addColumn('pk_houseproject', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('projecttype', 'text', (c) => c.notNull())
    .addColumn('upset_price_fen', 'bigint', (c) => c.notNull())
    .addColumn('appraised_fen', 'bigint', (c) => c.notNull())
    .addColumn('deposit_fen', 'bigint', (c) => c.notNull())
    .addColumn('increment_fen', 'bigint', (c) => c.notNull())
    .addColumn('auction_at', 'bigint', (c) => c.notNull())
    .addColumn('round', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('court_id', 'bigint', (c) => c.notNull().references('judicial_court.id'))
    .addColumn('city_code', 'text', (c) => c.notNull())
    .addColumn('img_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('case_number', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('contact_phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('judicial_item_auction_idx').on('judicial_item').column('auction_at').execute();
  await db.schema.createIndex('judicial_item_city_idx').on('judicial_item').columns(['city_code', 'auction_at']).execute();
  await db.schema.createIndex('judicial_item_court_idx').on('judicial_item').columns(['court_id', 'auction_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'judicial_item',
    'judicial_court',
    'filter_query_config',
    'collect_asset',
    'attachment_log',
    'attachment_ticket',
    'project_attachment',
    'project_feature',
    'assets_feature',
    'project_section',
    'project_detail',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  for (const index of ['project_nature_start_idx', 'project_parent_views_idx', 'project_parent_price_idx', 'project_parent_start_idx']) {
    await db.schema.dropIndex(index).execute();
  }
  for (const column of ['parent_id', 'search_text', 'name_initials', 'name_pinyin']) {
    await db.schema.alterTable('project').dropColumn(column).execute();
  }
}
