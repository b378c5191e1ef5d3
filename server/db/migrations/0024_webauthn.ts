/**
 * Security keys and passkeys (WebAuthn, docs/accounts.md "Security keys").
 *
 * webauthn_credential: one row per registered key — its credential id (base64url, unique across users:
 * a login finds the user by it), COSE public key (base64url), signature counter, transports (JSON list),
 * the bidder's name for it, whether it is a synced passkey, created and last used (epoch ms).
 *
 * webauthn_challenge: every ceremony's challenge, server-side, so any process may finish what another
 * began: purpose (register | login | bid), bound to the user and session that asked (login: the user of a
 * username-first login, else none), the bid's activity and amount (purpose bid), expires_at and used_at —
 * used by one conditional update (used_at IS NULL), so a challenge is used once whichever process races.
 *
 * webauthn_bid_setting: 大额出价需安全密钥确认 per user — threshold_fen (0 = off) and updated_at, which
 * each process's cache of thresholds reads "changed since" by (indexed).
 *
 * webauthn_bid_confirmation: a verified bid assertion's one-time confirmation for (user, activity,
 * amount), valid for a minute; used_key is the bid's idempotency key (a network retry of that same bid
 * passes again, any other bid does not). Portable subset; times epoch ms, amounts fen.
 * (Numbers 0022–0023 are other changes'; migrations run in name order.)
 */
import type { Kysely } from 'kysely';
import { withId } from './portable.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('webauthn_credential'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('credential_id', 'text', (c) => c.notNull().unique())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('transports', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('synced', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .execute();
  await db.schema.createIndex('webauthn_credential_user_idx').on('webauthn_credential').columns(['user_id']).execute();

  await db.schema
    .createTable('webauthn_challenge')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('challenge', 'text', (c) => c.notNull())
    .addColumn('user_id', 'bigint')
    .addColumn('session_id', 'text')
    .addColumn('activity_id', 'bigint')
    .addColumn('amount_fen', 'bigint')
    .addColumn('rp_id', 'text', (c) => c.notNull())
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('webauthn_challenge_expiry_idx').on('webauthn_challenge').columns(['expires_at']).execute();

  await db.schema
    .createTable('webauthn_bid_setting')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('app_user.id'))
    .addColumn('threshold_fen', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webauthn_bid_setting_updated_idx').on('webauthn_bid_setting').columns(['updated_at']).execute();

  await db.schema
    .createTable('webauthn_bid_confirmation')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('activity_id', 'bigint', (c) => c.notNull())
    .addColumn('amount_fen', 'bigint', (c) => c.notNull())
    .addColumn('credential_id', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('used_key', 'text')
    .execute();
  await db.schema.createIndex('webauthn_bid_confirmation_expiry_idx').on('webauthn_bid_confirmation').columns(['expires_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webauthn_bid_confirmation').execute();
  await db.schema.dropTable('webauthn_bid_setting').execute();
  await db.schema.dropTable('webauthn_challenge').execute();
  await db.schema.dropTable('webauthn_credential').execute();
}
