/** Join the caller's transaction or open one: a service step that writes several rows runs whole whether or not its caller already holds a transaction. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export async function inTransaction<T>(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
