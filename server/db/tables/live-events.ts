/** The live event log (migration 0025, server/live/eventLog.ts): appended by triggers on bid_activity. */
import type { Generated } from 'kysely';

export interface LiveEventTable {
  /** The push event id of this change, the same in every server process. */
  id: Generated<number>;
  activity_id: number;
  /** The activity's lock version the change reached. */
  lock_version: number;
  /** Database clock, epoch ms. */
  at: number;
  /** PostgreSQL only: the writing transaction's id (xid8, read as text); the log's key there. */
  tx?: string;
}

export interface LiveEventTables {
  live_event: LiveEventTable;
}
