/**
 * Accounts: users, sessions, captchas, SMS codes, lockout/throttle state, the append-only audit log,
 * login codes, real-name verifications, uploaded files, per-install secrets. Portable subset only.
 */
import { sql, type Kysely } from 'kysely';
import { isPostgres, withId } from './portable.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('app_user'))
    .addColumn('login_name', 'text', (c) => c.notNull().unique())
    .addColumn('login_key', 'text', (c) => c.notNull().unique())
    .addColumn('user_type', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'text', (c) => c.unique())
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('head_img', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('auth_status', 'integer', (c) => c.notNull().defaultTo(3))
    .addColumn('is_allowed', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('agreement_version_read', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('auth_session')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('current_jti', 'text', (c) => c.notNull())
    .addColumn('generation', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('grant_type', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('revoked_reason', 'text')
    .execute();
  await db.schema.createIndex('auth_session_user_idx').on('auth_session').column('user_id').execute();

  await db.schema
    .createTable('captcha')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('answer_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('captcha_expires_idx').on('captcha').column('expires_at').execute();

  await withId(db, db.schema.createTable('sms_code'))
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('purpose', 'integer', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_at', 'bigint')
    .addColumn('sent_at', 'bigint', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('sms_code_phone_purpose_idx').on('sms_code').columns(['phone', 'purpose', 'sent_at']).execute();

  await db.schema
    .createTable('sms_throttle')
    .addColumn('phone', 'text', (c) => c.primaryKey())
    .addColumn('last_sent_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('login_lock')
    .addColumn('login_key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_failure_at', 'bigint', (c) => c.notNull())
    .addColumn('locked_until', 'bigint')
    .execute();

  await db.schema
    .createTable('login_throttle')
    .addColumn('ip', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db, db.schema.createTable('audit_log'))
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'bigint')
    .addColumn('login_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('object', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').column('at').execute();
  await db.schema.createIndex('audit_log_user_idx').on('audit_log').columns(['user_id', 'at']).execute();
  // Append-only, enforced by the database itself.
  if (isPostgres(db)) {
    await sql`create function audit_log_append_only() returns trigger language plpgsql as $$
      begin raise exception 'audit_log is append-only'; end $$`.execute(db);
    await sql`create trigger audit_log_no_change before update or delete on audit_log
      for each row execute function audit_log_append_only()`.execute(db);
  } else {
    await sql`create trigger audit_log_no_update before update on audit_log
      begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
    await sql`create trigger audit_log_no_delete before delete on audit_log
      begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
  }

  await db.schema
    .createTable('login_code')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('uploaded_file')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('stored_name', 'text', (c) => c.notNull().unique())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uploaded_file_user_idx').on('uploaded_file').column('user_id').execute();

  await withId(db, db.schema.createTable('verification'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('id_type', 'integer')
    .addColumn('id_number_enc', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('id_number_index', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('id_number_last4', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('org_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('credit_code_enc', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('credit_code_index', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('credit_code_last4', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('legal_person', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('legal_id_type', 'integer')
    .addColumn('legal_id_number_enc', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('legal_id_number_last4', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('licence_file_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('provider', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('reviewer', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('submitted_at', 'bigint', (c) => c.notNull())
    .addColumn('reviewed_at', 'bigint')
    .execute();
  await db.schema.createIndex('verification_user_idx').on('verification').columns(['user_id', 'submitted_at']).execute();
  await db.schema.createIndex('verification_state_idx').on('verification').columns(['state', 'submitted_at']).execute();
  await db.schema.createIndex('verification_id_index_idx').on('verification').column('id_number_index').execute();
  await db.schema.createIndex('verification_credit_index_idx').on('verification').column('credit_code_index').execute();

  await db.schema
    .createTable('install_secret')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sso_ticket_used')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('used_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'sso_ticket_used',
    'install_secret',
    'verification',
    'uploaded_file',
    'login_code',
    'audit_log',
    'login_throttle',
    'login_lock',
    'sms_throttle',
    'sms_code',
    'captcha',
    'auth_session',
    'app_user',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  if (isPostgres(db)) await sql`drop function if exists audit_log_append_only()`.execute(db);
}
