/**
 * Enrolment: a bidder's enrolment in a listed asset (or package), its deposit, the deposit's
 * bank-transfer proofs, online payment orders and the gateway's notifications (idempotency log), and the
 * user's messages. Portable subset only; amounts in fen, times in epoch ms.
 */
import type { Kysely } from 'kysely';
import { withId } from './portable.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('enrolment'))
    .addColumn('enrol_code', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('project_id', 'bigint', (c) => c.notNull().references('project.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('bidder_type', 'integer', (c) => c.notNull())
    .addColumn('bidder_name', 'text', (c) => c.notNull())
    .addColumn('id_masked', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('contact_name', 'text', (c) => c.notNull())
    .addColumn('contact_phone', 'text', (c) => c.notNull())
    .addColumn('contact_email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('attachments', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('commitments', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('deposit_fen', 'bigint', (c) => c.notNull())
    .addColumn('reject_reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('reviewer', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('activity_id', 'bigint', (c) => c.references('bid_activity.id'))
    .addColumn('bid_code', 'text')
    .addColumn('submitted_at', 'bigint', (c) => c.notNull())
    .addColumn('reviewed_at', 'bigint')
    .addColumn('qualified_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('enrolment_user_project_uq', ['user_id', 'project_id'])
    .execute();
  await db.schema.createIndex('enrolment_user_idx').on('enrolment').columns(['user_id', 'submitted_at']).execute();
  await db.schema.createIndex('enrolment_status_idx').on('enrolment').columns(['status', 'submitted_at']).execute();
  await db.schema.createIndex('enrolment_project_idx').on('enrolment').column('project_id').execute();

  await withId(db, db.schema.createTable('deposit'))
    .addColumn('deposit_code', 'text', (c) => c.notNull().unique())
    .addColumn('enrolment_id', 'bigint', (c) => c.notNull().unique().references('enrolment.id'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('project_id', 'bigint', (c) => c.notNull().references('project.id'))
    .addColumn('amount_fen', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('confirmed_at', 'bigint')
    .addColumn('settled_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('deposit_user_idx').on('deposit').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('deposit_project_status_idx').on('deposit').columns(['project_id', 'status']).execute();

  await withId(db, db.schema.createTable('deposit_proof'))
    .addColumn('deposit_id', 'bigint', (c) => c.notNull().references('deposit.id'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('file_id', 'text', (c) => c.notNull())
    .addColumn('payer_name', 'text', (c) => c.notNull())
    // Encrypted at rest (accounts field key); answers show payer_account_masked (first 6 + last 4).
    .addColumn('payer_account_enc', 'text', (c) => c.notNull())
    .addColumn('payer_account_masked', 'text', (c) => c.notNull())
    .addColumn('bank_name', 'text', (c) => c.notNull())
    .addColumn('amount_fen', 'bigint', (c) => c.notNull())
    .addColumn('paid_at', 'bigint', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reject_reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('reviewed_at', 'bigint')
    .execute();
  await db.schema.createIndex('deposit_proof_deposit_idx').on('deposit_proof').column('deposit_id').execute();

  await withId(db, db.schema.createTable('payment_order'))
    .addColumn('order_no', 'text', (c) => c.notNull().unique())
    .addColumn('deposit_id', 'bigint', (c) => c.notNull().references('deposit.id'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('gateway', 'text', (c) => c.notNull())
    .addColumn('amount_fen', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('gateway_txn', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('paid_at', 'bigint')
    .execute();
  await db.schema.createIndex('payment_order_deposit_idx').on('payment_order').column('deposit_id').execute();
  await db.schema.createIndex('payment_order_status_idx').on('payment_order').columns(['status', 'created_at']).execute();

  await withId(db, db.schema.createTable('payment_notification'))
    .addColumn('gateway', 'text', (c) => c.notNull())
    .addColumn('notify_id', 'text', (c) => c.notNull())
    .addColumn('order_no', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('payment_notification_uq', ['gateway', 'notify_id'])
    .execute();

  // The sandbox bank's own ledger (payments/sandbox.ts): what it was paid and whether it has notified.
  await withId(db, db.schema.createTable('sandbox_bank_payment'))
    .addColumn('order_no', 'text', (c) => c.notNull().unique())
    .addColumn('txn_id', 'text', (c) => c.notNull().unique())
    .addColumn('amount_fen', 'bigint', (c) => c.notNull())
    .addColumn('paid_at', 'bigint', (c) => c.notNull())
    .addColumn('notified_at', 'bigint')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db, db.schema.createTable('message'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('read_at', 'bigint')
    .execute();
  await db.schema.createIndex('message_user_idx').on('message').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['message', 'sandbox_bank_payment', 'payment_notification', 'payment_order', 'deposit_proof', 'deposit', 'enrolment']) {
    await db.schema.dropTable(table).execute();
  }
}
