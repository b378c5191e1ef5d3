/**
 * The few places where the two dialects must differ in DDL, kept in one spot so the
 * migrations themselves read the same for SQLite and PostgreSQL.
 */
import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Surrogate key: SQLite's INTEGER PRIMARY KEY (rowid alias) or a PostgreSQL identity column. */
export function withId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
