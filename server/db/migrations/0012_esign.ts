/**
 * Digital signatures. The installation's own CA (one root, created once and shared by every
 * server process), the certificates it issued to signers (kept for reuse), organisations' seal
 * applications, and the one-time face-verification challenges. Times in epoch ms.
 */
import type { Kysely } from 'kysely';
import { withId } from './portable.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per CA ('root'); insert-if-absent then re-read, so concurrent first uses agree on one root.
  await db.schema
    .createTable('esign_ca')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('key_pem', 'text', (c) => c.notNull())
    .addColumn('cert_pem', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  // A signer's certificate: one per (kind, user, verified name); a new name gets a new certificate.
  await withId(db, db.schema.createTable('esign_certificate'))
    .addColumn('signer_kind', 'text', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('serial', 'text', (c) => c.notNull().unique())
    .addColumn('key_pem', 'text', (c) => c.notNull())
    .addColumn('cert_pem', 'text', (c) => c.notNull())
    .addColumn('not_after', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('esign_certificate_signer_uq', ['signer_kind', 'user_id', 'name'])
    .execute();

  await withId(db, db.schema.createTable('seal_application'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('seal_name', 'text', (c) => c.notNull())
    // The seal image, PNG bytes base64 (checked by magic bytes, at most SEAL_MAX_BYTES).
    .addColumn('png_base64', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('handler', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('decided_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('seal_application_user_idx').on('seal_application').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('seal_application_status_idx').on('seal_application').columns(['status', 'created_at']).execute();

  await withId(db, db.schema.createTable('face_challenge'))
    // sha256 of the one-time token in the QR link (the token itself is never stored).
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('ref_id', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('confirmed_at', 'bigint')
    .addColumn('consumed_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('face_challenge_user_idx').on('face_challenge').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['face_challenge', 'seal_application', 'esign_certificate', 'esign_ca']) {
    await db.schema.dropTable(table).execute();
  }
}
