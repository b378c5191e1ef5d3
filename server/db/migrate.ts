/**
 * Migrations at start, and the start-up lock that lets several processes start against one
 * database at once: the first migrates and seeds, the others wait and then find nothing to do.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import { Migrator, sql, type DatabaseIntrospector, type Kysely, type MigrationResult } from 'kysely';
import type { DatabaseHandle } from './connection.ts';
import { migrationProvider } from './migrations/index.ts';
import type { Database } from './schema.ts';

/** First key of the two-int advisory lock: "HBCQ". The second is the schema's hash. */
const ADVISORY_LOCK_KEY = 0x48424351;
const SQLITE_LOCK_WAIT_MS = 120_000;

export class MigrationError extends Error {}

/** Applies every pending migration. Returns what ran (empty when already up to date). */
export async function migrateToLatest(
  db: Kysely<Database>,
  schema: string | undefined,
): Promise<MigrationResult[]> {
  const { error, results = [] } = await createMigrator(db, schema).migrateToLatest();
  if (error) {
    const failed = results.find((r) => r.status === 'Error');
    throw new MigrationError(
      `数据库迁移失败${failed ? `（${failed.migrationName}）` : ''}: ${(error as Error).message ?? String(error)}`,
      { cause: error },
    );
  }
  return results;
}

/** Kysely's migrator for this database, looking only at `schema` (PostgreSQL) for its bookkeeping. */
export function createMigrator(db: Kysely<Database>, schema: string | undefined): Migrator {
  return new Migrator({
    db: schema ? withOwnSchemaIntrospection(db, schema) : db,
    provider: migrationProvider,
    // Kysely finds its own bookkeeping table in *any* schema unless told which one to look in.
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
}

/**
 * `db` whose introspection (what Kysely's migrator asks to find its bookkeeping tables) sees only `schema`.
 * Kysely's own lists every column of every schema in the database, with pg_get_serial_sequence on each:
 * slow where many schemas share a database, and it fails ("relation … does not exist") when another
 * schema is dropped while it reads (seen with the server tests' schemas running in parallel).
 */
function withOwnSchemaIntrospection(db: Kysely<Database>, schema: string): Kysely<Database> {
  const introspection: DatabaseIntrospector = {
    getSchemas: () => db.introspection.getSchemas(),
    getTables: async () => {
      const { rows } = await sql<{ name: string; type: string }>`
        select table_name as name, table_type as type from information_schema.tables where table_schema = ${schema}`.execute(db);
      return rows.map((r) => ({ name: r.name, schema, isView: r.type === 'VIEW', columns: [] }));
    },
    getMetadata: async () => ({ tables: await introspection.getTables() }),
  };
  return new Proxy(db, {
    get(target, property) {
      if (property === 'introspection') return introspection;
      const value: unknown = Reflect.get(target, property, target);
      // Kysely keeps its state in private fields: its methods must run on the instance itself.
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * Runs `work` while holding the start-up lock.
 * PostgreSQL: a session advisory lock on one pooled connection; `work` gets a Kysely bound to it.
 * SQLite: Kysely's migrator takes no lock there (it assumes one connection), so a write transaction
 * is held on a small side file. The OS drops it if the process dies, so it can never go stale.
 */
export async function withStartupLock<T>(
  handle: DatabaseHandle,
  work: (db: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (handle.dialect === 'sqlite') return withSqliteFileLock(`${handle.sqliteFile}.startup-lock`, () => work(handle.db));
  const schema = handle.schema ?? 'public';
  return handle.db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${sql.lit(ADVISORY_LOCK_KEY)}, hashtext(${schema}))`.execute(conn);
    try {
      return await work(conn);
    } finally {
      await sql`select pg_advisory_unlock(${sql.lit(ADVISORY_LOCK_KEY)}, hashtext(${schema}))`.execute(conn);
    }
  });
}

async function withSqliteFileLock<T>(lockFile: string, work: () => Promise<T>): Promise<T> {
  const lock = new SQLite(lockFile);
  try {
    // better-sqlite3 waits synchronously; poll instead, so other work in this process (and tests that
    // start several "processes" in one) keeps running while we wait.
    lock.pragma('busy_timeout = 0');
    const deadline = Date.now() + SQLITE_LOCK_WAIT_MS;
    for (;;) {
      try {
        lock.exec('BEGIN IMMEDIATE');
        break;
      } catch (err) {
        if ((err as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() > deadline) throw err;
        await sleep(25);
      }
    }
    try {
      return await work();
    } finally {
      lock.exec('ROLLBACK');
    }
  } finally {
    lock.close();
  }
}
