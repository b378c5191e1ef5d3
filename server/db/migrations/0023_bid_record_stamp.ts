/**
 * The bid record's timestamps and signed PDFs (docs/bidding.md "The bid record"):
 *
 * bid_record_stamp: one RFC 3161 timestamp per ended activity (the primary key: taken once, never again —
 * a head changed afterwards no longer matches it, which `bidlog verify` reports): the head it stamps
 * (head_seq, head_hash), imprint = SHA-256 hex of headSigningText({activityId, seq, hash}), the token (DER,
 * base64), the TSA's certificate (DER, base64), genTime (epoch ms), the TSA's CN, where it came from
 * ('local' or the TSA's URL).
 *
 * bid_record_pdf: the signed 电子竞价记录 of an ended, stamped activity (base64), made once and served as is.
 * Portable subset; times epoch ms. (Number 0022 is another change's; migrations run in name order.)
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bid_record_stamp')
    .addColumn('activity_id', 'bigint', (c) => c.primaryKey().references('bid_activity.id'))
    .addColumn('head_seq', 'bigint', (c) => c.notNull())
    .addColumn('head_hash', 'text', (c) => c.notNull())
    .addColumn('hash_algorithm', 'text', (c) => c.notNull())
    .addColumn('imprint', 'text', (c) => c.notNull())
    .addColumn('gen_time', 'bigint', (c) => c.notNull())
    .addColumn('tsa', 'text', (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('certificate', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('bid_record_pdf')
    .addColumn('activity_id', 'bigint', (c) => c.primaryKey().references('bid_activity.id'))
    .addColumn('pdf', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('bid_record_pdf').execute();
  await db.schema.dropTable('bid_record_stamp').execute();
}
