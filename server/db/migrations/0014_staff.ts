/**
 * The exchange's staff (the work system): accounts with roles, their sessions (short, idle-limited),
 * four-eyes approvals and the staff audit trail (append-only, enforced by the database as audit_log's).
 * Portable subset only; times in epoch ms.
 */
import { sql, type Kysely } from 'kysely';
import { isPostgres, withId } from './portable.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('staff'))
    .addColumn('login_name', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    // Comma-separated StaffRole list.
    .addColumn('roles', 'text', (c) => c.notNull())
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed_logins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'bigint')
    .addColumn('last_login_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('staff_session')
    // sha256 of the token: a database dump carries no usable session.
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('staff_id', 'bigint', (c) => c.notNull().references('staff.id'))
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('confirmed_until', 'bigint')
    .addColumn('ended_at', 'bigint')
    .execute();
  await db.schema.createIndex('staff_session_staff_idx').on('staff_session').column('staff_id').execute();

  await withId(db, db.schema.createTable('staff_approval'))
    // FourEyesKind.
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    // ApprovalState.
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('prepared_by', 'bigint', (c) => c.notNull().references('staff.id'))
    .addColumn('prepared_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_by', 'bigint', (c) => c.references('staff.id'))
    .addColumn('decided_at', 'bigint')
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('result', 'text')
    .execute();
  await db.schema.createIndex('staff_approval_state_idx').on('staff_approval').columns(['state', 'prepared_at']).execute();
  await db.schema.createIndex('staff_approval_subject_idx').on('staff_approval').columns(['kind', 'subject', 'state']).execute();

  await withId(db, db.schema.createTable('staff_audit'))
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('staff_id', 'bigint')
    .addColumn('staff_login', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('approval_id', 'bigint')
    .execute();
  await db.schema.createIndex('staff_audit_at_idx').on('staff_audit').column('at').execute();
  await db.schema.createIndex('staff_audit_staff_idx').on('staff_audit').columns(['staff_id', 'at']).execute();
  await db.schema.createIndex('staff_audit_subject_idx').on('staff_audit').columns(['subject', 'at']).execute();
  if (isPostgres(db)) {
    await sql`create function staff_audit_append_only() returns trigger language plpgsql as $$
      begin raise exception 'staff_audit is append-only'; end $$`.execute(db);
    await sql`create trigger staff_audit_no_change before update or delete on staff_audit
      for each row execute function staff_audit_append_only()`.execute(db);
  } else {
    await sql`create trigger staff_audit_no_update before update on staff_audit
      begin select raise(abort, 'staff_audit is append-only'); end`.execute(db);
    await sql`create trigger staff_audit_no_delete before delete on staff_audit
      begin select raise(abort, 'staff_audit is append-only'); end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('staff_audit').execute();
  if (isPostgres(db)) await sql`drop function if exists staff_audit_append_only()`.execute(db);
  await db.schema.dropTable('staff_approval').execute();
  await db.schema.dropTable('staff_session').execute();
  await db.schema.dropTable('staff').execute();
}
