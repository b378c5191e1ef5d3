/**
 * Opens the database: embedded SQLite by default, PostgreSQL when DATABASE_URL is set.
 * Everything above this file talks to `Kysely<Database>` and never to a driver (the bidding engine's
 * prepared statements go through prepared.ts, which finds the driver registered here).
 */
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import { registerDriver } from './prepared.ts';
import type { Database } from './schema.ts';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** PostgreSQL schema holding our tables (the search path); undefined on SQLite. */
  schema: string | undefined;
  /** SQLite database file; undefined on PostgreSQL. */
  sqliteFile: string | undefined;
  /** PostgreSQL: the pool (its use is a metric); undefined on SQLite. */
  pool?: pg.Pool | undefined;
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl?: string | undefined;
  sqliteFile?: string;
  /** PostgreSQL only: the schema to use as search_path (tests isolate themselves this way). */
  searchPath?: string;
  /** PostgreSQL pool size. */
  poolMax?: number;
  /**
   * PostgreSQL: an idle pooled connection was closed by the server (restart, pg_terminate_backend, a
   * proxy's idle timeout). The pool drops it and opens another when needed; default: a warning on stderr.
   */
  onIdleConnectionError?: (error: Error) => void;
}

// BIGINT (int8) comes back as a string by default; our BIGINTs (fen, epoch ms) stay far below 2^53.
pg.types.setTypeParser(20, (value) => Number(value));

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

export function openDatabase(options: OpenOptions): DatabaseHandle {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options);
  if (!options.sqliteFile) throw new Error('openDatabase: sqliteFile is required without databaseUrl');
  return openSqlite(options.sqliteFile);
}

function openSqlite(file: string): DatabaseHandle {
  const sqlite = new SQLite(file);
  // WAL for concurrent readers; FULL so an acknowledged commit survives power loss
  // (the build's default WAL synchronous is NORMAL, so this must be set explicitly).
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: preparingOnce(sqlite) }) });
  registerDriver(db, { dialect: 'sqlite', database: sqlite });
  return {
    db,
    dialect: 'sqlite',
    schema: undefined,
    sqliteFile: file,
    close: () => db.destroy(),
  };
}

/**
 * Kysely's SQLite driver prepares every query again on every call (a few µs to tens of µs each, a
 * noticeable part of a short request); this keeps the prepared statements by SQL text. Kysely runs one
 * query at a time on its single connection, so a statement is never used by two queries at once.
 * Bounded: the least recently used statement goes first.
 */
function preparingOnce(sqlite: SQLite.Database, max = 500): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text) {
      let statement = statements.get(text);
      if (statement) {
        statements.delete(text);
      } else {
        statement = sqlite.prepare(text);
        if (statements.size >= max) statements.delete(statements.keys().next().value!);
      }
      statements.set(text, statement);
      return statement;
    },
  };
}

function openPostgres(url: string, options: OpenOptions): DatabaseHandle {
  const schema = options.searchPath ?? 'public';
  if (!IDENTIFIER.test(schema)) throw new Error(`openDatabase: invalid searchPath ${JSON.stringify(schema)}`);
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolMax ?? 10,
    // Names the schema's sessions: the live event log waits only for its own writers and unknown sessions,
    // not for another schema's portal on the same database (tests; live/eventLog.ts).
    application_name: `hbcq:${schema}`,
    // Every pooled connection starts with our schema first, so unqualified names resolve there.
    ...(options.searchPath ? { options: `-c search_path=${schema}` } : {}),
  });
  // Without a listener such an error would be thrown from the pool and end the whole process.
  // Once closing, a connection terminated while it closes (a database dropped with force) is nothing.
  let closing = false;
  const onIdleConnectionError = options.onIdleConnectionError
    ?? ((error: Error) => console.warn(`数据库空闲连接已断开，连接池将重新建立: ${error.message}`));
  pool.on('error', (error) => {
    if (!closing) onIdleConnectionError(error);
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  registerDriver(db, { dialect: 'postgres', pool });
  return {
    db,
    dialect: 'postgres',
    schema,
    sqliteFile: undefined,
    pool,
    close: () => {
      closing = true;
      return db.destroy();
    },
  };
}
