/**
 * Crash loop: the real server (server/main.ts) under a bid load is killed with SIGKILL at random
 * moments and restarted, a few times. Every bid whose acceptance was answered (200) must still be in
 * the log, and every activity's state must replay from its bid log to the same result.
 * SQLite in a temp data dir; PostgreSQL (a fresh database) when TEST_DATABASE_URL is set.
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killTree } from '../../server/bench/process-tree.ts';
import { replayActivity } from '../../server/bidding/replay.ts';
import type { DatabaseHandle } from '../../server/db/connection.ts';
import { createClient, freePort, spawnServer, waitForServer } from '../../server/loadtest/run.ts';
import { seedLoad } from '../../server/loadtest/seed.ts';
import { prepareDatabase } from '../../server/seed/prepare.ts';
import { DIALECT } from './helpers.ts';
import { createProcessDatabase, type ProcessDatabase } from './process-database.ts';

const CYCLES = 4;
let dataDir: string;
let databaseUrl: string | undefined;
let database: ProcessDatabase;
let handle: DatabaseHandle;

beforeAll(async () => {
  database = await createProcessDatabase('crash');
  ({ dataDir, databaseUrl } = database);
  handle = database.open();
  await prepareDatabase(handle, { seed: false, now: Date.now() });
}, 120_000);

afterAll(async () => {
  await handle?.close();
  await database?.dispose();
});

/** A crash: SIGKILL to the server process itself (and the tsx wrapper), no chance to clean up. */
const crash = (child: ChildProcess): void => killTree(child.pid!);

interface Ack {
  activityId: number;
  seq: number;
  amountFen: number;
  key: string;
}

describe(`crash loop on ${DIALECT}`, () => {
  it('loses no acknowledged bid across SIGKILLs and replays every activity to its stored state', async () => {
    const seeded = await seedLoad(handle.db, { lots: 3, bidders: 6, now: Date.now(), minEndMs: 3_600_000, maxEndMs: 7_200_000, dataDir, runId: `c${Date.now().toString(36)}` });
    const acks: Ack[] = [];
    const price = new Map<number, { fen: number; step: number }>();
    for (const id of seeded.activityIds) {
      const a = await handle.db.selectFrom('bid_activity').select(['start_price_fen', 'increment_fen']).where('id', '=', id).executeTakeFirstOrThrow();
      price.set(id, { fen: a.start_price_fen - a.increment_fen, step: a.increment_fen });
    }
    let keySeq = 0;
    let sent = 0;
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const child: ChildProcess = spawnServer(port, dataDir, { DATABASE_URL: databaseUrl ?? '' });
      const exited = new Promise((resolve) => child.once('exit', resolve));
      try {
        await waitForServer(base, child);
        const call = createClient(base);
        let running = true;
        const bidder = async (index: number) => {
          while (running) {
            const id = seeded.activityIds[(index + keySeq) % seeded.activityIds.length]!;
            const known = price.get(id)!;
            const amountFen = known.fen + known.step * (1 + (keySeq % 2));
            const key = `crash-${cycle}-${index}-${++keySeq}`;
            sent += 1;
            try {
              const res = await call(`/api/dscq-sync/v1/bidding/ongoing/bid?activityId=${id}&amount=${(amountFen / 100).toFixed(2)}&idempotencyKey=${key}`, {
                authorization: `Bearer ${seeded.tokens[index]}`,
              });
              if (res.status === 200) {
                const data = JSON.parse(res.body).data as { seq: number; amount: number };
                acks.push({ activityId: id, seq: data.seq, amountFen: Math.round(data.amount * 100), key });
                if (amountFen > known.fen) price.set(id, { fen: amountFen, step: known.step });
              } else if (res.status === 400) {
                const row = await handle.db.selectFrom('bid_activity').select('current_price_fen').where('id', '=', id).executeTakeFirstOrThrow();
                price.set(id, { fen: row.current_price_fen, step: known.step });
              }
            } catch {
              return; // the server is gone
            }
          }
        };
        const load = Promise.all(seeded.tokens.map((_, i) => bidder(i)));
        // Kill at a random moment of the load.
        await new Promise((r) => setTimeout(r, 300 + Math.floor(Math.random() * 1200)));
        crash(child);
        await exited;
        running = false;
        await load;
        // Really down: nothing answers on the port any more.
        await expect(fetch(`${base}/api/dscq-sync/v1/server-time`)).rejects.toThrow();
      } finally {
        if (child.exitCode === null && child.signalCode === null) {
          crash(child);
          await exited;
        }
      }
    }
    expect(sent).toBeGreaterThan(0);
    expect(acks.length).toBeGreaterThan(CYCLES);

    const rows = await handle.db.selectFrom('bid').select(['activity_id', 'seq', 'amount_fen', 'idempotency_key']).where('activity_id', 'in', seeded.activityIds).execute();
    const byKey = new Map(rows.map((r) => [r.idempotency_key, r]));
    for (const ack of acks) {
      expect(byKey.get(ack.key), `acknowledged bid ${ack.key}`).toMatchObject({ activity_id: ack.activityId, seq: ack.seq, amount_fen: ack.amountFen });
    }
    for (const id of seeded.activityIds) {
      const bids = rows.filter((r) => r.activity_id === id).sort((a, b) => a.seq - b.seq);
      expect(bids.map((b) => b.seq)).toEqual(bids.map((_, i) => i + 1));
      const row = await handle.db.selectFrom('bid_activity').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const replayed = await replayActivity(handle.db, id);
      expect(replayed).toMatchObject({ count: row.bid_count, priceFen: row.current_price_fen, maxFen: row.max_price_fen, leaderUserId: row.leader_user_id, endAt: row.end_at, extensions: row.extension_count });
    }
  }, 240_000);
});
