/**
 * An activity's row lock outside the bid path (the sweep, two-stage's join, the floor): an update first —
 * lock_version + 1, the snapshot's tag — so SQLite takes the write lock at once and PostgreSQL the row
 * lock, then everything else of the transaction reads the row it holds (engine.ts explains the bid path's
 * own lock statement). Returns the locked row, undefined when there is no such activity.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { ActivityRow } from '../../bidding-modes/types.ts';

export async function lockActivity(trx: Kysely<Database>, activityId: number): Promise<ActivityRow | undefined> {
  return trx
    .updateTable('bid_activity')
    .set((eb) => ({ lock_version: eb('lock_version', '+', 1) }))
    .where('id', '=', activityId)
    .returningAll()
    .executeTakeFirst();
}
