/**
 * Two processes bidding on one lot at once (PostgreSQL; on SQLite one writer at a time cannot meet it):
 * here two engines on two connection pools to one database, so each has its own lanes, as two nodes do.
 * A bid whose FOR UPDATE waited for the other's commit must still read the bid just committed — the chain
 * links every accepted bid to the one before it — and a ceiling set meanwhile must answer it
 * (statements.ts lockForBid). Found by bench:nodes: with two nodes the record of a lot broke at a bid
 * whose prev_hash was the snapshot's, not the last bid's.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeBid, type EngineDeps } from '../../server/bidding/engine.ts';
import { verifyBidChains } from '../../server/bidding/chainCheck.ts';
import { setProxy } from '../../server/bidding/proxy.ts';
import type { DatabaseHandle } from '../../server/db/connection.ts';
import { seedLoad } from '../../server/loadtest/seed.ts';
import { prepareDatabase } from '../../server/seed/prepare.ts';
import { DIALECT } from './helpers.ts';
import { createProcessDatabase, type ProcessDatabase } from './process-database.ts';

describe.skipIf(DIALECT !== 'postgres')('two processes bidding on one lot (PostgreSQL)', () => {
  let database: ProcessDatabase;
  const handles: DatabaseHandle[] = [];
  let activityId = 0;
  let lots: number[] = [];
  let users: number[] = [];
  let startFen = 0;
  let stepFen = 0;
  const engine = (handle: DatabaseHandle): EngineDeps => ({ db: handle.db, now: Date.now, notifyChannel: null, afterCommit: () => {} });
  let keySeq = 0;

  beforeAll(async () => {
    database = await createProcessDatabase('bidlock');
    handles.push(database.open(), database.open());
    await prepareDatabase(handles[0]!, { seed: false, now: Date.now() });
    const seeded = await seedLoad(handles[0]!.db, { lots: 2, bidders: 5, now: Date.now(), minEndMs: 3_600_000, maxEndMs: 7_200_000, dataDir: database.dataDir, runId: 'bl' });
    lots = seeded.activityIds;
    activityId = lots[0]!;
    const a = await handles[0]!.db.selectFrom('bid_activity').select(['start_price_fen', 'increment_fen']).where('id', '=', activityId).executeTakeFirstOrThrow();
    startFen = a.start_price_fen;
    stepFen = a.increment_fen;
    users = (await handles[0]!.db.selectFrom('bid_qualification').select('user_id').where('activity_id', '=', activityId).orderBy('user_id').execute()).map((r) => r.user_id);
  }, 60_000);
  afterAll(async () => {
    for (const h of handles) await h.close();
    await database?.dispose();
  });

  const bid = (process: 0 | 1, user: number, amountFen: number, lot = activityId) =>
    placeBid(engine(handles[process]!), { userId: user, mode: 'ongoing', activityId: lot, amountFen, idempotencyKey: `bl-${++keySeq}`, receivedAt: Date.now(), ip: '127.0.0.1' });

  /** A third connection holding the lot's row lock until `release` (commit: no change of its own). */
  async function holdLock(lot: number) {
    const client = new pg.Client({ connectionString: database.databaseUrl });
    await client.connect();
    await client.query('begin');
    await client.query('select id from bid_activity where id = $1 for update', [lot]);
    return {
      client,
      release: async () => {
        await client.query('commit');
        await client.end();
      },
    };
  }
  /** Until a session of this database waits for a row lock (the bid's lock statement is queued behind ours). */
  async function lockWaiters(client: pg.Client, n: number) {
    for (let i = 0; i < 200; i++) {
      // Statistics views are a snapshot per transaction (this client holds one open): drop it each time.
      await client.query('select pg_stat_clear_snapshot()');
      const { rows } = await client.query<{ n: string }>("select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'");
      if (Number(rows[0]!.n) >= n) return;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('no bid waited for the lock');
  }

  it('keeps the chain whole when a bid waited for the other process’s commit', async () => {
    const price = async () => (await handles[0]!.db.selectFrom('bid_activity').select(['current_price_fen', 'bid_count']).where('id', '=', activityId).executeTakeFirstOrThrow());
    expect((await bid(0, users[0]!, startFen)).status).toBe(200);
    // Both bids' statements start (their snapshots taken) while a third session holds the lock; when it
    // lets go, one commits first and the other's FOR UPDATE gets the row as that commit left it.
    const lock = await holdLock(activityId);
    const pending = [bid(0, users[1]!, startFen + stepFen), bid(1, users[2]!, startFen + 2 * stepFen)];
    await lockWaiters(lock.client, 2);
    await lock.release();
    const answers = await Promise.all(pending);
    // users[2]'s higher bid is accepted whichever goes first; users[1]'s too when it went first.
    expect(answers[1]!.status).toBe(200);
    expect([200, 400]).toContain(answers[0]!.status);
    expect((await price()).bid_count).toBe(1 + answers.filter((a) => a.status === 200).length);
    const [report] = await verifyBidChains(handles[0]!.db, activityId);
    expect(report!.breaks).toEqual([]);
  });

  it('a bid that waited for a ceiling being set is answered by that ceiling', async () => {
    const lot = lots[1]!;
    const { start_price_fen: startFen, increment_fen: stepFen } = await handles[0]!.db.selectFrom('bid_activity').select(['start_price_fen', 'increment_fen']).where('id', '=', lot).executeTakeFirstOrThrow();
    const row = async () => handles[0]!.db.selectFrom('bid_activity').select(['current_price_fen', 'leader_user_id', 'bid_count']).where('id', '=', lot).executeTakeFirstOrThrow();
    const opening = await bid(0, users[4]!, startFen, lot);
    expect(opening.status, JSON.stringify(opening.body)).toBe(200);
    // The ceiling is set (users[4], leading) in a transaction that commits while users[3]'s bid waits on its lock.
    const lock = await holdLock(lot);
    const ceiling = setProxy(engine(handles[0]!), { userId: users[4]!, activityId: lot, ip: '127.0.0.1', ceilingFen: startFen + 100 * stepFen });
    await lockWaiters(lock.client, 1);
    const outbid = bid(1, users[3]!, startFen + stepFen, lot);
    await lockWaiters(lock.client, 2);
    await lock.release();
    expect((await ceiling).status).toBe(200);
    expect((await outbid).status).toBe(200);
    // The ceiling answered the bid in its transaction: users[4] leads one increment above it.
    const after = await row();
    expect(Number(after.leader_user_id)).toBe(users[4]);
    expect(after.bid_count).toBe(3);
    expect(after.current_price_fen).toBe(startFen + 2 * stepFen);
    const [report] = await verifyBidChains(handles[0]!.db, lot);
    expect(report!.breaks).toEqual([]);
  });
});
