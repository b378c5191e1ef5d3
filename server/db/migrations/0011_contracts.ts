/**
 * 产权交易合同 — one contract per paid deal, drafted from the template of the lot's type, its
 * parties (signatories, in signing order), and a version per save of the open fields. Portable subset
 * only; times in epoch ms, JSON as text, PDFs as base64 text (a few hundred kB at most, read whole).
 */
import type { Kysely } from 'kysely';
import { withId } from './portable.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('contract'))
    .addColumn('contract_code', 'text', (c) => c.notNull().unique())
    .addColumn('deal_id', 'bigint', (c) => c.notNull().unique().references('deal.id'))
    .addColumn('template', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    // drafting | confirming | signing | signed | sealed
    .addColumn('state', 'text', (c) => c.notNull())
    // JSON object: the values filled from the deal at drafting (fixed).
    .addColumn('facts', 'text', (c) => c.notNull())
    // JSON object: the open fields' sanitised HTML, as of the current version.
    .addColumn('open_fields', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    // The PDF frozen when every party has confirmed (base64), then the PDF as signed so far.
    .addColumn('frozen_pdf', 'text')
    .addColumn('signed_pdf', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('frozen_at', 'bigint')
    .addColumn('signed_at', 'bigint')
    .addColumn('sealed_at', 'bigint')
    .execute();
  await db.schema.createIndex('contract_state_idx').on('contract').column('state').execute();

  await withId(db, db.schema.createTable('contract_party'))
    .addColumn('contract_id', 'bigint', (c) => c.notNull().references('contract.id'))
    // null: the transferor's account is not known yet (an operator assigns it).
    .addColumn('user_id', 'bigint', (c) => c.references('app_user.id'))
    // transferor | buyer | added
    .addColumn('role', 'text', (c) => c.notNull())
    // person | org
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sign_order', 'integer', (c) => c.notNull())
    .addColumn('added_by', 'bigint')
    .addColumn('confirmed_at', 'bigint')
    .addColumn('signed_at', 'bigint')
    .addColumn('mark_kind', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('contract_party_order_uq', ['contract_id', 'sign_order'])
    .execute();
  await db.schema.createIndex('contract_party_user_idx').on('contract_party').columns(['user_id', 'contract_id']).execute();

  await withId(db, db.schema.createTable('contract_version'))
    .addColumn('contract_id', 'bigint', (c) => c.notNull().references('contract.id'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'bigint')
    .addColumn('actor_name', 'text', (c) => c.notNull())
    // JSON array of the open-field keys this save changed.
    .addColumn('changed', 'text', (c) => c.notNull())
    // JSON object: the open fields as saved.
    .addColumn('open_fields', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('contract_version_uq', ['contract_id', 'version'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['contract_version', 'contract_party', 'contract']) await db.schema.dropTable(table).execute();
}
