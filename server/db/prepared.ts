/**
 * Prepared statements on the driver under Kysely, for the one hot path that runs the same few statements
 * thousands of times a second (the bidding engine). Kysely builds and compiles a query on every call and
 * its SQLite driver prepares it again on every call; here a statement is prepared once: one
 * better-sqlite3 Statement per text, or a named PostgreSQL prepared statement (parsed and planned once per
 * connection). Everything else keeps talking to Kysely.
 *
 * A transaction here uses Kysely's own connections: on SQLite it holds Kysely's single connection for its
 * whole length (so no Kysely query or transaction interleaves with it) and takes the write lock at BEGIN
 * (IMMEDIATE); on PostgreSQL it takes a client of the same pool. Only databases opened by
 * `openDatabase` (connection.ts registers their driver) can run them.
 */
import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type pg from 'pg';

/**
 * One statement of one dialect: SQLite texts use `?`, PostgreSQL texts `$1, $2 …`. `name` is unique
 * across the code base: it names the PostgreSQL prepared statement.
 */
export interface Statement {
  readonly name: string;
  readonly text: string;
}

export type PreparedDialect = 'sqlite' | 'postgres';

export interface PreparedTx {
  readonly dialect: PreparedDialect;
  /** The rows of a query (or of a statement with RETURNING). */
  all<R>(statement: Statement, params: readonly unknown[]): Promise<R[]>;
  /** Runs a statement; resolves to the number of rows it changed. */
  run(statement: Statement, params: readonly unknown[]): Promise<number>;
}

type Driver = { dialect: 'sqlite'; database: SQLite.Database } | { dialect: 'postgres'; pool: pg.Pool };

const drivers = new WeakMap<object, Driver>();
const sqliteStatements = new WeakMap<SQLite.Database, Map<Statement, SQLite.Statement>>();

/** connection.ts: the driver under a Kysely instance it opened. */
export function registerDriver<DB>(db: Kysely<DB>, driver: Driver): void {
  drivers.set(db, driver);
}

function driverOf<DB>(db: Kysely<DB>): Driver {
  const driver = drivers.get(db);
  if (!driver) throw new Error('prepared statements need a database opened by openDatabase (server/db/connection.ts)');
  return driver;
}

export function preparedDialect<DB>(db: Kysely<DB>): PreparedDialect {
  return driverOf(db).dialect;
}

const BEGIN: Statement = { name: 'begin_immediate', text: 'begin immediate' };
const COMMIT: Statement = { name: 'commit', text: 'commit' };

function sqliteStatement(database: SQLite.Database, statement: Statement): SQLite.Statement {
  let cache = sqliteStatements.get(database);
  if (!cache) sqliteStatements.set(database, (cache = new Map()));
  let prepared = cache.get(statement);
  if (!prepared) cache.set(statement, (prepared = database.prepare(statement.text)));
  return prepared;
}

function sqliteTx(database: SQLite.Database): PreparedTx {
  return {
    dialect: 'sqlite',
    all: async <R>(statement: Statement, params: readonly unknown[]) => {
      const prepared = sqliteStatement(database, statement);
      if (prepared.reader) return prepared.all(...params) as R[];
      prepared.run(...params);
      return [];
    },
    run: async (statement, params) => sqliteStatement(database, statement).run(...params).changes,
  };
}

function postgresTx(client: pg.PoolClient): PreparedTx {
  return {
    dialect: 'postgres',
    all: async <R>(statement: Statement, params: readonly unknown[]) =>
      (await client.query({ name: statement.name, text: statement.text, values: params as unknown[] })).rows as R[],
    run: async (statement, params) => (await client.query({ name: statement.name, text: statement.text, values: params as unknown[] })).rowCount ?? 0,
  };
}

/**
 * Runs `fn` in one transaction of prepared statements: committed when it resolves, rolled back when it
 * throws. Resolves only after the commit is durable (SQLite synchronous=FULL, PostgreSQL's commit).
 */
export async function preparedTransaction<DB, T>(db: Kysely<DB>, fn: (tx: PreparedTx) => Promise<T>): Promise<T> {
  const driver = driverOf(db);
  if (driver.dialect === 'sqlite') {
    const { database } = driver;
    // Kysely's single connection, held: nothing else runs on it until this transaction ends.
    return db.connection().execute(async () => {
      sqliteStatement(database, BEGIN).run();
      try {
        const result = await fn(sqliteTx(database));
        sqliteStatement(database, COMMIT).run();
        return result;
      } catch (error) {
        if (database.inTransaction) database.exec('rollback');
        throw error;
      }
    });
  }
  const client = await driver.pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('begin');
    const result = await fn(postgresTx(client));
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch((rollbackError: unknown) => {
      // The connection itself failed: it is destroyed, not returned to the pool.
      broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
    });
    throw error;
  } finally {
    client.release(broken);
  }
}
