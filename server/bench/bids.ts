/**
 * `npm run bench:bids`: bid throughput of the real server (HTTP → engine → database) at 1, 10, 50 and 200
 * concurrent connections, on one hot activity and spread over 1,000, on SQLite and on PostgreSQL, next
 * to a bare transaction of the same shape (lock update, insert, update) on the same database in the
 * same run. Prints one table with accepted bids/s, p50/p99 and the ratio to the bare transaction.
 *
 * PostgreSQL: DATABASE_URL, or postgres://postgres@127.0.0.1:5432/test. The server has no schema
 * setting, so the run creates a database of its own next to that one and drops it at the end.
 * Options: --seconds 4 (per cell) --only sqlite|postgres.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../db/connection.ts';
import type { Database } from '../db/schema.ts';
import { createClient, freePort, spawnServer, waitForServer } from '../loadtest/run.ts';
import { seedLoad } from '../loadtest/seed.ts';
import { prepareDatabase } from '../seed/prepare.ts';
import { killTree } from './process-tree.ts';

const CONNECTIONS = [1, 10, 50, 200];
const SPREAD_LOTS = 1000;
const BIDDERS = 200;

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '4' }, only: { type: 'string' } } });
const seconds = Number(values.seconds);

interface Cell {
  db: string;
  scenario: 'hot' | 'spread';
  connections: number;
  bidsPerSecond: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  bare: { perSecond: number; p50: number; p99: number };
}

const percentile = (sorted: number[], p: number) => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!);

/** Runs `once` from `connections` loops for `ms`; returns latencies and the count of successes. */
async function drive(connections: number, ms: number, once: (worker: number, n: number) => Promise<boolean>) {
  const latencies: number[] = [];
  let ok = 0;
  let errors = 0;
  let n = 0;
  const deadline = performance.now() + ms;
  await Promise.all(
    Array.from({ length: connections }, async (_, worker) => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        try {
          if (await once(worker, n++)) ok += 1;
        } catch {
          errors += 1;
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { ok, total: latencies.length, errors, p50: percentile(latencies, 50), p99: percentile(latencies, 99), seconds: ms / 1000 };
}

/** The bare transaction: the engine's shape without HTTP, auth, validation, idempotency or audit. */
async function bareBid(db: Kysely<Database>, activityId: number, userId: number, key: string): Promise<boolean> {
  await db.transaction().execute(async (trx) => {
    const a = await trx
      .updateTable('bid_activity')
      .set((eb) => ({ lock_version: eb('lock_version', '+', 1) }))
      .where('id', '=', activityId)
      .returning(['bid_count', 'current_price_fen', 'increment_fen'])
      .executeTakeFirstOrThrow();
    const amount = a.current_price_fen + a.increment_fen;
    const at = Date.now();
    await trx.insertInto('bid').values({ activity_id: activityId, seq: a.bid_count + 1, user_id: userId, bid_code: '100000', amount_fen: amount, placed_at: at, idempotency_key: key }).execute();
    await trx
      .updateTable('bid_activity')
      .set({ bid_count: a.bid_count + 1, current_price_fen: amount, max_price_fen: amount, leader_user_id: userId, leader_bid_code: '100000', last_bid_at: at, updated_at: at })
      .where('id', '=', activityId)
      .execute();
  });
  return true;
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => killTree(child.pid!), 10_000);
  await exited;
  clearTimeout(timer);
}

async function benchDatabase(label: string, dataDir: string, databaseUrl: string | undefined): Promise<Cell[]> {
  const handle: DatabaseHandle = openDatabase({ databaseUrl, sqliteFile: path.join(dataDir, 'portal.sqlite'), poolMax: 10 });
  const cells: Cell[] = [];
  let child: ChildProcess | null = null;
  try {
    await prepareDatabase(handle, { seed: false, now: Date.now() });
    const now = Date.now();
    const runId = now.toString(36);
    console.log(`[${label}] 准备数据：${SPREAD_LOTS} 个标的 × ${BIDDERS} 个竞买人…`);
    const served = await seedLoad(handle.db, { lots: SPREAD_LOTS, bidders: BIDDERS, now, minEndMs: 3 * 3_600_000, maxEndMs: 4 * 3_600_000, dataDir, runId: `${runId}s` });
    const bare = await seedLoad(handle.db, { lots: SPREAD_LOTS, bidders: 1, now, minEndMs: 3 * 3_600_000, maxEndMs: 4 * 3_600_000, dataDir, runId: `${runId}b` });
    const bareUser = (await handle.db.selectFrom('bid_qualification').select('user_id').where('activity_id', '=', bare.activityIds[0]!).executeTakeFirstOrThrow()).user_id;
    const lots = new Map<number, { next: number; step: number; bidder: number }>();
    for (const a of await handle.db.selectFrom('bid_activity').select(['id', 'start_price_fen', 'increment_fen']).where('id', 'in', served.activityIds).execute()) {
      lots.set(a.id, { next: a.start_price_fen - a.increment_fen, step: a.increment_fen, bidder: 0 });
    }

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    child = spawnServer(port, dataDir, { DATABASE_URL: databaseUrl ?? '' });
    await waitForServer(base, child);
    const call = createClient(base);
    let keySeq = 0;
    for (const connections of CONNECTIONS) {
      for (const scenario of ['hot', 'spread'] as const) {
        const pick = (n: number, ids: number[]) => (scenario === 'hot' ? ids[0]! : ids[n % ids.length]!);
        // Every request offers the lot's next price (amounts rise in send order; a reordered one is refused as too low).
        const http = await drive(connections, seconds * 1000, async (_worker, n) => {
          const id = pick(n, served.activityIds);
          const lot = lots.get(id)!;
          lot.next += lot.step;
          // Another bidder than the lot's last one (the leader may not outbid himself).
          lot.bidder = (lot.bidder + 1 + Math.floor(Math.random() * (served.tokens.length - 1))) % served.tokens.length;
          const res = await call(`/api/dscq-sync/v1/bidding/ongoing/bid?activityId=${id}&amount=${(lot.next / 100).toFixed(2)}&idempotencyKey=bb-${runId}-${++keySeq}`, {
            authorization: `Bearer ${served.tokens[lot.bidder]}`,
          });
          if (res.status !== 200 && res.status !== 400) throw new Error(`HTTP ${res.status}`);
          return res.status === 200;
        });
        const bareRun = await drive(connections, seconds * 1000, (_worker, n) => bareBid(handle.db, pick(n, bare.activityIds), bareUser, `bare-${runId}-${++keySeq}`));
        const cell: Cell = {
          db: label,
          scenario,
          connections,
          bidsPerSecond: http.ok / http.seconds,
          requestsPerSecond: http.total / http.seconds,
          p50: http.p50,
          p99: http.p99,
          errors: http.errors,
          bare: { perSecond: bareRun.ok / bareRun.seconds, p50: bareRun.p50, p99: bareRun.p99 },
        };
        cells.push(cell);
        console.log(`[${label}] ${scenario} ×${connections}: ${cell.bidsPerSecond.toFixed(0)} 出价/s（请求 ${cell.requestsPerSecond.toFixed(0)}/s），裸事务 ${cell.bare.perSecond.toFixed(0)}/s`);
      }
    }
  } finally {
    if (child) await stopServer(child);
    await handle.close();
  }
  return cells;
}

function printTable(cells: Cell[]) {
  const f = (n: number, d = 1) => n.toFixed(d);
  const header = ['数据库', '场景', '连接', '成交出价/s', '请求/s', 'p50 ms', 'p99 ms', '错误', '裸事务/s', '裸 p50', '裸 p99', '出价/裸事务'];
  const rows = cells.map((c) => [
    c.db,
    c.scenario === 'hot' ? '单一热门标的' : `${SPREAD_LOTS} 个标的`,
    String(c.connections),
    f(c.bidsPerSecond, 0),
    f(c.requestsPerSecond, 0),
    f(c.p50),
    f(c.p99),
    String(c.errors),
    f(c.bare.perSecond, 0),
    f(c.bare.p50),
    f(c.bare.p99),
    c.bare.perSecond > 0 ? `${f((c.requestsPerSecond / c.bare.perSecond) * 100, 0)} %` : '—',
  ]);
  console.log(`\n| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|`);
  for (const r of rows) console.log(`| ${r.join(' | ')} |`);
  console.log('\n出价/裸事务 = 服务器处理的出价请求数（含被规则拒绝的）÷ 同形裸事务数，同一数据库、同一次运行。');
}

async function main() {
  const cells: Cell[] = [];
  if (values.only !== 'postgres') {
    const dir = mkdtempSync(path.join(tmpdir(), 'hbcq-bench-bids-'));
    try {
      cells.push(...(await benchDatabase('SQLite', dir, undefined)));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (values.only !== 'sqlite') {
    const adminUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
    const name = `bench_bids_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const dir = mkdtempSync(path.join(tmpdir(), 'hbcq-bench-bids-'));
    try {
      cells.push(...(await benchDatabase('PostgreSQL', dir, url.toString())));
    } finally {
      rmSync(dir, { recursive: true, force: true });
      const drop = new pg.Client({ connectionString: adminUrl });
      await drop.connect();
      await drop.query(`drop database if exists ${name} with (force)`);
      await drop.end();
    }
  }
  printTable(cells);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
