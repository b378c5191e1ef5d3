/**
 * Push latency (issue 12, a first instrument; `npm run bench:push` later): the real server (server/main.ts)
 * on a fresh database, N server-sent-events clients in a SEPARATE process (half hall streams without a
 * filter, half room streams on one lot each; 8 per bidder token, the server's per-user limit), bids placed
 * over HTTP by this process one at a time, and for every (bid, stream that should hear it) the lag
 * event received − bid acknowledged (both clocks are `performance.timeOrigin + now()` on one machine; a
 * negative lag is an event that arrived before the bid's own answer). Prints p50/p99/max per N, missing
 * events, and the server's RSS (idle → with N streams) and CPU over the bidding phase.
 *
 *   npx tsx server/bench/push.ts [--clients 100,2000] [--bids 40] [--interval 250] [--db sqlite|postgres]
 *
 * PostgreSQL: DATABASE_URL or postgres://postgres@127.0.0.1:5432/test; the run creates and drops a
 * database of its own.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { LIVE_EVENTS_PATH, SseParser, type LiveChangeEvent } from '../../src/domain/liveEvents.ts';
import { openDatabase } from '../db/connection.ts';
import { createClient, freePort, spawnServer, waitForServer } from '../loadtest/run.ts';
import { seedLoad } from '../loadtest/seed.ts';
import { prepareDatabase } from '../seed/prepare.ts';
import { killTree, processTree } from './process-tree.ts';

const LOTS = 20;
const WARMUP = 5;
const PER_TOKEN = 8;
const here = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(here), '../..');
const clock = () => performance.timeOrigin + performance.now();

const percentile = (sorted: number[], p: number) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!);

// ------------------------------------------------------------------ the client process

interface ClientsStart {
  port: number;
  n: number;
  tokens: string[];
  lots: number[];
}
type ToClients = ({ type: 'start' } & ClientsStart) | { type: 'acks'; acks: Array<[string, number]> } | { type: 'stop' };
type FromClients =
  | { type: 'hello' }
  | { type: 'ready'; refused: number; ms: number }
  | { type: 'result'; lags: number[]; expected: number; received: number; dropped: number };

async function clientsMain(): Promise<void> {
  const send = (message: FromClients) => process.send!(message);
  /** Per stream: the lots it follows (null: all) and, per "activity:count", the receive time. */
  const streams: Array<{ lot: number | null; seen: Map<string, number>; ended: boolean; req: http.ClientRequest }> = [];
  let refused = 0;
  process.on('message', (message: ToClients) => {
    if (message.type === 'start') void open(message);
    else if (message.type === 'acks') void finish(message.acks);
    else process.exit(0);
  });
  send({ type: 'hello' }); // listening now: messages sent before this could be lost

  async function open(o: ClientsStart) {
    const t0 = clock();
    let ready = 0;
    await new Promise<void>((resolve) => {
      for (let i = 0; i < o.n; i++) {
        const lot = i % 2 === 0 ? null : o.lots[Math.floor(i / 2) % o.lots.length]!;
        const token = o.tokens[Math.floor(i / PER_TOKEN)]!;
        const query = lot === null ? '' : `?activityIds=${lot}`;
        const stream = { lot, seen: new Map<string, number>(), ended: false, req: null as unknown as http.ClientRequest };
        streams.push(stream);
        const parser = new SseParser();
        stream.req = http.get({ host: '127.0.0.1', port: o.port, path: `/api${LIVE_EVENTS_PATH}${query}`, agent: false, headers: { authorization: `Bearer ${token}` } }, (res) => {
          if (res.statusCode !== 200) {
            refused += 1;
            res.resume();
            if (++ready === o.n) resolve();
            return;
          }
          res.setEncoding('utf8');
          let counted = false;
          res.on('data', (chunk: string) => {
            const at = clock();
            for (const m of parser.push(chunk)) {
              if (m.event === 'ready' && !counted) {
                counted = true;
                if (++ready === o.n) resolve();
              } else if (m.event === 'change') {
                const e = JSON.parse(m.data) as LiveChangeEvent;
                const k = `${e.activityId}:${e.biddingCount}`;
                if (!stream.seen.has(k)) stream.seen.set(k, at);
              }
            }
          });
          res.on('close', () => (stream.ended = true));
        });
        stream.req.on('error', () => {
          stream.ended = true;
          refused += 1;
          if (++ready === o.n) resolve();
        });
      }
    });
    send({ type: 'ready', refused, ms: clock() - t0 });
  }

  async function finish(acks: Array<[string, number]>) {
    const lotOf = (k: string) => Number(k.split(':')[0]);
    const wanted = (s: (typeof streams)[number], k: string) => s.lot === null || s.lot === lotOf(k);
    // Wait (bounded) for the last events to arrive: this measures lag, so only the bound is a time.
    const deadline = clock() + 5000;
    const missing = () => streams.some((s) => !s.ended && acks.some(([k]) => wanted(s, k) && !s.seen.has(k)));
    while (missing() && clock() < deadline) await sleep(50);
    const lags: number[] = [];
    let expected = 0;
    for (const s of streams) {
      if (s.ended && s.seen.size === 0) continue;
      for (const [k, ackAt] of acks) {
        if (!wanted(s, k)) continue;
        expected += 1;
        const at = s.seen.get(k);
        if (at !== undefined) lags.push(at - ackAt);
      }
    }
    lags.sort((a, b) => a - b);
    send({ type: 'result', lags, expected, received: lags.length, dropped: streams.filter((s) => s.ended).length });
  }
}

// ------------------------------------------------------------------ the driver

interface Row {
  db: string;
  n: number;
  refused: number;
  connectMs: number;
  bids: number;
  expected: number;
  received: number;
  dropped: number;
  p50: number;
  p99: number;
  max: number;
  rssIdle: number;
  rssStreams: number;
  cpuPercent: number;
}

/** The server's own process (tsx runs it in a child): the largest resident process of the tree. */
function serverStats(pid: number): { rssMb: number; cpuTicks: number } {
  let best = { rssMb: 0, cpuTicks: 0 };
  for (const p of processTree(pid)) {
    try {
      const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0) / 1024;
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = Number(fields[11]) + Number(fields[12]); // utime + stime
      if (rss > best.rssMb) best = { rssMb: rss, cpuTicks: ticks };
    } catch {
      /* gone */
    }
  }
  return best;
}

function spawnClients(): ChildProcess {
  return spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), here, '--role', 'clients'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

const nextMessage = <T extends FromClients['type']>(child: ChildProcess, type: T) =>
  new Promise<Extract<FromClients, { type: T }>>((resolve, reject) => {
    const onMessage = (m: FromClients) => {
      if (m.type !== type) return;
      child.off('message', onMessage);
      resolve(m as Extract<FromClients, { type: T }>);
    };
    child.on('message', onMessage);
    child.once('exit', (code) => reject(new Error(`client process exited (${code})`)));
  });

async function run(label: string, databaseUrl: string | undefined, counts: number[], bids: number, intervalMs: number): Promise<Row[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hbcq-bench-push-'));
  const handle = openDatabase({ databaseUrl, sqliteFile: path.join(dataDir, 'portal.sqlite'), poolMax: 4 });
  const rows: Row[] = [];
  let server: ChildProcess | null = null;
  try {
    await prepareDatabase(handle, { seed: false, now: Date.now() });
    const tokenCount = counts.reduce((sum, n) => sum + Math.ceil(n / PER_TOKEN), 0) + 2;
    console.log(`[${label}] 准备数据：${LOTS} 个标的 × ${tokenCount} 个竞买人…`);
    const seeded = await seedLoad(handle.db, { lots: LOTS, bidders: tokenCount, now: Date.now(), minEndMs: 3 * 3_600_000, maxEndMs: 4 * 3_600_000, dataDir, runId: Date.now().toString(36) });
    const lots = new Map<number, { next: number; step: number; last: number }>();
    for (const a of await handle.db.selectFrom('bid_activity').select(['id', 'start_price_fen', 'increment_fen']).where('id', 'in', seeded.activityIds).execute()) {
      lots.set(a.id, { next: a.start_price_fen - a.increment_fen, step: a.increment_fen, last: -1 });
    }
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = spawnServer(port, dataDir, { DATABASE_URL: databaseUrl ?? '' });
    await waitForServer(base, server);
    const call = createClient(base);
    let tokenAt = 0;
    let keySeq = 0;
    for (const n of counts) {
      const tokens = seeded.tokens.slice(tokenAt, tokenAt + Math.ceil(n / PER_TOKEN));
      tokenAt += tokens.length;
      await sleep(500); // let the previous round's sockets close on the server
      const rssIdle = serverStats(server.pid!).rssMb;
      const clients = spawnClients();
      try {
        await nextMessage(clients, 'hello');
        const readyP = nextMessage(clients, 'ready');
        clients.send({ type: 'start', port, n, tokens, lots: seeded.activityIds } satisfies ToClients);
        const ready = await readyP;
        console.log(`[${label}] N=${n}: ${n - ready.refused} 个推送连接就绪（${ready.ms.toFixed(0)} ms，拒绝 ${ready.refused}）`);
        let cpu0 = serverStats(server.pid!).cpuTicks;
        let t0 = clock();
        const acks: Array<[string, number]> = [];
        const bidders = seeded.tokens.slice(-2);
        // The first bids warm the server's and the clients' code paths (JIT): placed, not measured.
        for (let b = 0; b < WARMUP + bids; b++) {
          const id = seeded.activityIds[b % seeded.activityIds.length]!;
          const lot = lots.get(id)!;
          lot.next += lot.step;
          lot.last = (lot.last + 1) % bidders.length; // alternate: the leader may not outbid himself
          const res = await call(`/api/dscq-sync/v1/bidding/ongoing/bid?activityId=${id}&amount=${(lot.next / 100).toFixed(2)}&idempotencyKey=bp-${n}-${++keySeq}-${Date.now().toString(36)}`, {
            authorization: `Bearer ${bidders[lot.last]}`,
          });
          const ackAt = clock();
          if (res.status !== 200) throw new Error(`bid refused: ${res.status} ${res.body}`);
          const answer = JSON.parse(res.body) as { data: { seq: number } };
          if (b >= WARMUP) acks.push([`${id}:${answer.data.seq}`, ackAt]);
          await sleep(intervalMs);
          if (b === WARMUP - 1) {
            cpu0 = serverStats(server.pid!).cpuTicks;
            t0 = clock();
          }
        }
        const resultP = nextMessage(clients, 'result');
        clients.send({ type: 'acks', acks } satisfies ToClients);
        const result = await resultP;
        const seconds = (clock() - t0) / 1000;
        const after = serverStats(server.pid!);
        const ticksPerSecond = 100; // USER_HZ on Linux
        rows.push({
          db: label,
          n,
          refused: ready.refused,
          connectMs: ready.ms,
          bids,
          expected: result.expected,
          received: result.received,
          dropped: result.dropped,
          p50: percentile(result.lags, 50),
          p99: percentile(result.lags, 99),
          max: result.lags.at(-1) ?? NaN,
          rssIdle,
          rssStreams: after.rssMb,
          cpuPercent: ((after.cpuTicks - cpu0) / ticksPerSecond / seconds) * 100,
        });
        clients.send({ type: 'stop' } satisfies ToClients);
      } finally {
        if (clients.exitCode === null) clients.kill('SIGKILL');
      }
    }
  } finally {
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server!.once('exit', r));
      server.kill('SIGTERM');
      const timer = setTimeout(() => killTree(server!.pid!), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

function printTable(rows: Row[], bids: number, intervalMs: number) {
  const f = (x: number, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : '—');
  const header = ['数据库', '推送连接 N', '出价', '应收事件', '实收', '丢弃连接', 'p50 ms', 'p99 ms', 'max ms', '服务器 RSS MB（空闲 → N 连接）', '服务器 CPU %'];
  console.log(`\n| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|`);
  for (const r of rows) {
    console.log(
      `| ${[r.db, String(r.n - r.refused), String(r.bids), String(r.expected), String(r.received), String(r.dropped), f(r.p50), f(r.p99), f(r.max), `${f(r.rssIdle, 0)} → ${f(r.rssStreams, 0)}`, f(r.cpuPercent, 0)].join(' | ')} |`,
    );
  }
  console.log(`\n延迟 = 客户端进程收到事件 − 出价进程收到出价应答（同一台机器的时钟）；预热 ${WARMUP} 次后 ${bids} 次出价，间隔 ${intervalMs} ms，一半连接为大厅（全部标的），一半为单一标的的竞价室。`);
}

async function main() {
  const { values } = parseArgs({
    options: {
      role: { type: 'string', default: 'driver' },
      clients: { type: 'string', default: '100,2000' },
      bids: { type: 'string', default: '40' },
      interval: { type: 'string', default: '250' },
      db: { type: 'string', default: 'sqlite' },
    },
  });
  if (values.role === 'clients') return clientsMain();
  const counts = values.clients.split(',').map(Number);
  const bids = Number(values.bids);
  const intervalMs = Number(values.interval);
  if (values.db === 'postgres') {
    const adminUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
    const name = `bench_push_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    try {
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      printTable(await run('PostgreSQL', url.toString(), counts, bids, intervalMs), bids, intervalMs);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  } else {
    printTable(await run('SQLite', undefined, counts, bids, intervalMs), bids, intervalMs);
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
