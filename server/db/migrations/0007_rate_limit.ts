/**
 * Request limits that hold across server processes: one counter per (rule, key) in a fixed
 * window, bumped by one conditional upsert (services/common/rate-limit.ts). Rows whose window has run out are
 * restarted by the next hit and purged as they go stale. Portable subset only; times in epoch ms.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limit')
    .addColumn('rule', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_limit_pk', ['rule', 'key'])
    .execute();
  await db.schema.createIndex('rate_limit_window_idx').on('rate_limit').column('window_start').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limit').execute();
}
