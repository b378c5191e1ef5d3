/**
 * Timestamps of the bid record's heads (docs/bidding.md "The bid record"): once an activity has ended, its
 * chain head {activityId, seq, hash} is stamped by a TSA (timestamp.ts: the installation's own, or a real
 * one by PORTAL_TSA_URL) and the stamp kept in bid_record_stamp (migration 0023), one per activity.
 *
 * Not inside the settlement: the sweep settles in its own transaction under the lot's lock, and a network
 * TSA has no place there. A small job stamps every ended activity without a stamp afterwards: each run
 * claims a lease (services/common/leased-job.ts claimLease) in a short transaction of its own, then stamps
 * outside any transaction; the insert is "if absent", so a second process or a run after a lease ran out
 * changes nothing. Idempotent: an activity is stamped once.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { GENESIS_HASH, headSigningText } from '#domain/rules/bidChain';
import type { BidRecordTimestamp } from '#domain/contract/bidReceipt';
import type { Database } from '../db/schema.ts';
import { claimLease } from '../services/common/leased-job.ts';
import { checkTimeStampToken, type TimeStamper } from './timestamp.ts';

export const BID_STAMPS_JOB = 'bid-record-stamps';
export const BID_STAMPS_INTERVAL_MS = 15_000;
/** Activities stamped per run (a backlog after an outage is worked off over a few runs). */
const BATCH = 50;

/** The digest a head's timestamp stamps: SHA-256 of the UTF-8 bytes of headSigningText. */
export function headImprint(head: { activityId: number; seq: number; hash: string }): Buffer {
  return createHash('sha256').update(headSigningText(head), 'utf8').digest();
}

/** The activity's head as stored: its last bid's seq and hash (seq 0 and GENESIS_HASH with no bid). */
export async function storedHead(db: Kysely<Database>, activityId: number): Promise<{ seq: number; hash: string }> {
  const last = await db.selectFrom('bid').select(['seq', 'hash']).where('activity_id', '=', activityId).orderBy('seq', 'desc').limit(1).executeTakeFirst();
  return last ? { seq: Number(last.seq), hash: last.hash ?? '' } : { seq: 0, hash: GENESIS_HASH };
}

/** Stamps one ended activity's head unless it has a stamp; true when this call stored one. */
export async function stampActivity(db: Kysely<Database>, stamper: TimeStamper, activityId: number, now: number): Promise<boolean> {
  const head = await storedHead(db, activityId);
  const imprint = headImprint({ activityId, ...head });
  const token = await stamper.stamp(imprint);
  const check = checkTimeStampToken(token);
  // A TSA that answers something else than what was asked is never stored.
  if (!check.valid) throw new Error(`竞价活动 #${activityId} 的时间戳无效：${check.problem}`);
  if (check.imprint !== imprint.toString('hex')) throw new Error(`竞价活动 #${activityId} 的时间戳盖的不是其链头`);
  const inserted = await db
    .insertInto('bid_record_stamp')
    .values({
      activity_id: activityId,
      head_seq: head.seq,
      head_hash: head.hash,
      hash_algorithm: 'SHA-256',
      imprint: check.imprint,
      gen_time: check.genTime,
      tsa: check.tsa,
      token: token.toString('base64'),
      certificate: check.certificate.toString('base64'),
      source: stamper.source,
      created_at: now,
    })
    .onConflict((oc) => oc.column('activity_id').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** Ended activities without a stamp, oldest end first. */
export async function unstamped(db: Kysely<Database>, limit = BATCH): Promise<number[]> {
  const rows = await db
    .selectFrom('bid_activity as a')
    .leftJoin('bid_record_stamp as s', 's.activity_id', 'a.id')
    .select('a.id')
    .where('a.status', '=', 'ended')
    .where('s.activity_id', 'is', null)
    .orderBy('a.end_at')
    .orderBy('a.id')
    .limit(limit)
    .execute();
  return rows.map((r) => Number(r.id));
}

/** One pass: stamps up to a batch of unstamped ended activities; one failure does not stop the others. */
export async function stampEnded(db: Kysely<Database>, stamper: TimeStamper, now: () => number, onError?: (error: unknown, activityId: number) => void): Promise<number> {
  let stamped = 0;
  for (const id of await unstamped(db)) {
    try {
      if (await stampActivity(db, stamper, id, now())) stamped += 1;
    } catch (error) {
      onError?.(error, id);
    }
  }
  return stamped;
}

/** The record's `timestamp` of an activity (null until taken). */
export async function recordTimestamp(db: Kysely<Database>, activityId: number): Promise<BidRecordTimestamp | null> {
  const s = await db.selectFrom('bid_record_stamp').selectAll().where('activity_id', '=', activityId).executeTakeFirst();
  if (!s) return null;
  return { hashAlgorithm: 'SHA-256', imprint: s.imprint, genTime: Number(s.gen_time), tsa: s.tsa, token: s.token, certificate: s.certificate };
}

export interface BidStampJob {
  /** One run now: how many activities it stamped, or null when another process holds the job. */
  runOnce(): Promise<number | null>;
  stop(): Promise<void>;
}

export interface BidStampJobOptions {
  db: Kysely<Database>;
  now: () => number;
  stamper: TimeStamper;
  intervalMs?: number | undefined;
  timers?: boolean | undefined;
  onError?: ((error: unknown, activityId?: number) => void) | undefined;
}

/** The leased job: one process at a time stamps (the lease's transaction is short; the TSA is called after it). */
export function createBidStampJob(options: BidStampJobOptions): BidStampJob {
  const holder = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const intervalMs = options.intervalMs ?? BID_STAMPS_INTERVAL_MS;
  let running: Promise<number | null> | null = null;
  const run = async () => {
    const claimed = await options.db.transaction().execute((trx) => claimLease(trx, BID_STAMPS_JOB, holder, options.now(), intervalMs));
    if (!claimed) return null;
    return stampEnded(options.db, options.stamper, options.now, options.onError);
  };
  const runOnce = () => {
    running ??= run().finally(() => {
      running = null;
    });
    return running;
  };
  const timer =
    options.timers === false
      ? undefined
      : setInterval(() => {
          runOnce().catch((error: unknown) => options.onError?.(error));
        }, intervalMs);
  timer?.unref();
  return {
    runOnce,
    async stop() {
      clearInterval(timer);
      await running?.catch(() => null);
    },
  };
}
