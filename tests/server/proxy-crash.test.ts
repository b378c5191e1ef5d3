/**
 * 代理出价 across crashes: the real server (server/main.ts) under a bid load on lots where ceilings answer
 * every bid is killed with SIGKILL at random moments and restarted, a few times. Every acknowledged bid
 * must still be in the log together with the ceilings' bids its answer reported (one transaction), every
 * ceiling's bid within its ceiling, with its deterministic key, the ceilings still answering after each
 * restart, and each activity replaying from its log to its stored state.
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

const CYCLES = 3;
let dataDir: string;
let databaseUrl: string | undefined;
let database: ProcessDatabase;
let handle: DatabaseHandle;

beforeAll(async () => {
  database = await createProcessDatabase('proxycrash');
  ({ dataDir, databaseUrl } = database);
  handle = database.open();
  await prepareDatabase(handle, { seed: false, now: Date.now() });
}, 120_000);

afterAll(async () => {
  await handle?.close();
  await database?.dispose();
});

interface Ack {
  activityId: number;
  seq: number;
  key: string;
  /** The count the answer reported: the bid and the ceilings' bids of its transaction. */
  count: number;
}

describe(`代理出价 crash loop on ${DIALECT}`, () => {
  it('loses no acknowledged bid nor the ceilings\' bids committed with it across SIGKILLs', async () => {
    const runId = `p${Date.now().toString(36)}`;
    const seeded = await seedLoad(handle.db, { lots: 2, bidders: 6, now: Date.now(), minEndMs: 3_600_000, maxEndMs: 7_200_000, dataDir, runId });
    const users = (await handle.db.selectFrom('app_user').select('id').where('login_name', 'like', `load${runId}b%`).orderBy('login_name').execute()).map((u) => u.id);
    const ceilings = new Map<string, number>();
    // Two ceilings per lot, owned by bidders 1 and 2 (who never bid by hand): they resolve at the first bid,
    // then the higher one answers every bid of the others.
    for (const id of seeded.activityIds) {
      const a = await handle.db.selectFrom('bid_activity').select(['start_price_fen', 'increment_fen']).where('id', '=', id).executeTakeFirstOrThrow();
      for (const [owner, steps] of [[users[0]!, 5_000], [users[1]!, 100]] as const) {
        const ceiling = a.start_price_fen + steps * a.increment_fen;
        ceilings.set(`${id}:${owner}`, ceiling);
        const at = Date.now();
        await handle.db.insertInto('proxy_bid').values({ activity_id: id, user_id: owner, ceiling_fen: ceiling, status: 'active', set_at: at, created_at: at, updated_at: at }).execute();
      }
    }
    const acks: Ack[] = [];
    const proxyAnswered = new Set<number>();
    let keySeq = 0;
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const child: ChildProcess = spawnServer(port, dataDir, { DATABASE_URL: databaseUrl ?? '' });
      const exited = new Promise((resolve) => child.once('exit', resolve));
      try {
        await waitForServer(base, child);
        const call = createClient(base);
        let running = true;
        // Bidders 3 … 6 bid by hand: the next valid amount as the last answer or a fresh read says.
        const bidder = async (index: number) => {
          while (running) {
            const id = seeded.activityIds[(index + keySeq) % seeded.activityIds.length]!;
            const row = await handle.db.selectFrom('bid_activity').select(['current_price_fen', 'increment_fen', 'bid_count']).where('id', '=', id).executeTakeFirstOrThrow();
            const amountFen = row.bid_count === 0 ? row.current_price_fen : row.current_price_fen + row.increment_fen;
            const key = `pcrash-${cycle}-${index}-${++keySeq}`;
            try {
              const res = await call(`/api/dscq-sync/v1/bidding/ongoing/bid?activityId=${id}&amount=${(amountFen / 100).toFixed(2)}&idempotencyKey=${key}`, {
                authorization: `Bearer ${seeded.tokens[index]}`,
              });
              if (res.status === 200) {
                const data = JSON.parse(res.body).data as { seq: number; state: { biddingCount: number } };
                acks.push({ activityId: id, seq: data.seq, key, count: data.state.biddingCount });
                if (data.state.biddingCount > data.seq) proxyAnswered.add(cycle);
              }
            } catch {
              return; // the server is gone
            }
          }
        };
        const load = Promise.all([2, 3, 4, 5].map((i) => bidder(i)));
        // Kill at a random moment once the ceilings have answered in this life (a loaded machine may be slow to).
        const waitUntil = Date.now() + 60_000;
        while (!proxyAnswered.has(cycle) && Date.now() < waitUntil) await new Promise((r) => setTimeout(r, 50));
        await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 1000)));
        crash(child);
        await exited;
        running = false;
        await load;
        await expect(fetch(`${base}/api/dscq-sync/v1/server-time`)).rejects.toThrow();
      } finally {
        if (child.exitCode === null && child.signalCode === null) {
          crash(child);
          await exited;
        }
      }
    }
    expect(acks.length).toBeGreaterThan(CYCLES);
    // The ceilings answered in every life of the server (they live in the database, not in a process).
    expect([...proxyAnswered].sort()).toEqual([...Array(CYCLES).keys()]);

    const rows = await handle.db.selectFrom('bid').select(['activity_id', 'seq', 'user_id', 'amount_fen', 'idempotency_key', 'proxy']).where('activity_id', 'in', seeded.activityIds).execute();
    const byKey = new Map(rows.map((r) => [r.idempotency_key, r]));
    for (const ack of acks) {
      expect(byKey.get(ack.key), `acknowledged bid ${ack.key}`).toMatchObject({ activity_id: ack.activityId, seq: ack.seq, proxy: 0 });
      // The ceilings' bids its answer reported are there too, after it.
      for (let seq = ack.seq + 1; seq <= ack.count; seq++) {
        expect(rows.find((r) => r.activity_id === ack.activityId && r.seq === seq), `proxy bid ${seq} after ${ack.key}`).toMatchObject({ proxy: 1 });
      }
    }
    for (const r of rows.filter((x) => x.proxy === 1)) {
      expect(r.amount_fen).toBeLessThanOrEqual(ceilings.get(`${r.activity_id}:${r.user_id}`)!);
      expect(r.idempotency_key).toMatch(new RegExp(`^proxy:\\d+:${r.seq}$`));
    }
    for (const id of seeded.activityIds) {
      const bids = rows.filter((r) => r.activity_id === id).sort((a, b) => a.seq - b.seq);
      expect(bids.map((b) => b.seq)).toEqual(bids.map((_, i) => i + 1));
      const row = await handle.db.selectFrom('bid_activity').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      // The higher ceiling leads; the lower was exceeded at the first exchange.
      expect(row.leader_user_id).toBe(users[0]);
      const statuses = await handle.db.selectFrom('proxy_bid').select(['user_id', 'status']).where('activity_id', '=', id).orderBy('user_id').execute();
      expect(Object.fromEntries(statuses.map((s) => [s.user_id, s.status]))).toEqual({ [users[0]!]: 'active', [users[1]!]: 'exceeded' });
      const replayed = await replayActivity(handle.db, id);
      expect(replayed).toMatchObject({ count: row.bid_count, priceFen: row.current_price_fen, maxFen: row.max_price_fen, leaderUserId: row.leader_user_id, endAt: row.end_at, extensions: row.extension_count });
    }
  }, 240_000);
});

/** A crash: SIGKILL to the server process itself (and the tsx wrapper), no chance to clean up. */
function crash(child: ChildProcess): void {
  killTree(child.pid!);
}
