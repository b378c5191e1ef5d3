/**
 * The live event log (docs/live.md "Events that resume"): one row per committed change of an activity
 * (its lock version or status moved, or it was created), appended by a trigger on bid_activity in the
 * same transaction as the change — on SQLite and PostgreSQL alike, whichever code path committed it (the
 * engine, the sweep, the floor, staff) — so a change cannot commit without its row, and no process has to
 * survive the commit for it to be logged. Its key — the id on SQLite, the writing transaction's id `tx`
 * on PostgreSQL (whose ids are not commit order; server/live/eventLog.ts) — makes the push event id every
 * server process gives that change; a client reconnecting with `Last-Event-ID` is replayed from it.
 * Bounded: the oldest rows are pruned (PORTAL_LIVE_LOG_ROWS). `at`: the database clock, epoch ms
 * (operators' view of how far back the log reaches).
 */
import { sql, type Kysely } from 'kysely';
import { isPostgres, withId } from './portable.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('live_event'))
    .addColumn('activity_id', 'bigint', (c) => c.notNull())
    .addColumn('lock_version', 'bigint', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  if (isPostgres(db)) {
    // The transaction already has its id (it updated bid_activity): the default assigns none.
    await sql`alter table live_event add column tx xid8 not null default pg_current_xact_id()`.execute(db);
    await sql`create index live_event_tx on live_event (tx)`.execute(db);
    await sql`create function live_event_append() returns trigger language plpgsql as $$
      begin
        insert into live_event (activity_id, lock_version, at)
          values (new.id, new.lock_version, (extract(epoch from clock_timestamp()) * 1000)::bigint);
        return null;
      end $$`.execute(db);
    await sql`create trigger bid_activity_live_event_insert after insert on bid_activity
      for each row execute function live_event_append()`.execute(db);
    await sql`create trigger bid_activity_live_event_update after update of lock_version, status on bid_activity
      for each row when (new.lock_version is distinct from old.lock_version or new.status is distinct from old.status)
      execute function live_event_append()`.execute(db);
    return;
  }
  const now = sql.raw(`cast((julianday('now') - 2440587.5) * 86400000 as integer)`);
  await sql`create trigger bid_activity_live_event_insert after insert on bid_activity begin
      insert into live_event (activity_id, lock_version, at) values (new.id, new.lock_version, ${now});
    end`.execute(db);
  await sql`create trigger bid_activity_live_event_update after update of lock_version, status on bid_activity
      when new.lock_version is not old.lock_version or new.status is not old.status begin
      insert into live_event (activity_id, lock_version, at) values (new.id, new.lock_version, ${now});
    end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists bid_activity_live_event_insert${isPostgres(db) ? sql` on bid_activity` : sql``}`.execute(db);
  await sql`drop trigger if exists bid_activity_live_event_update${isPostgres(db) ? sql` on bid_activity` : sql``}`.execute(db);
  if (isPostgres(db)) await sql`drop function if exists live_event_append()`.execute(db);
  await db.schema.dropTable('live_event').execute();
}
