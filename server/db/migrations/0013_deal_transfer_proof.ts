/**
 * The buyer's bank-transfer proof of a deal's amount due (a file of his 我的文件 library), which
 * an operator confirms (the deal is paid) or rejects with a reason (the deal awaits payment again).
 * And the user's choice where a released deposit goes (the wallet, or back to the bound card).
 * Portable subset only; times in epoch ms.
 */
import type { Kysely } from 'kysely';
import { withId } from './portable.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('deal_proof'))
    .addColumn('deal_id', 'bigint', (c) => c.notNull().references('deal.id'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('file_id', 'text', (c) => c.notNull().references('uploaded_file.id'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('reviewed_at', 'bigint')
    .execute();
  await db.schema.createIndex('deal_proof_deal_idx').on('deal_proof').columns(['deal_id', 'created_at']).execute();

  await db.schema
    .createTable('money_preference')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('app_user.id').onDelete('cascade'))
    // DepositReleaseChoice: wallet | card.
    .addColumn('deposit_release', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('money_preference').execute();
  await db.schema.dropTable('deal_proof').execute();
}
