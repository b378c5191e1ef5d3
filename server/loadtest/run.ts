/**
 * `npm run loadtest -- --lots 500 --bidders 200 --watchers 2000 --minutes 5 [--warmup 0]`
 *
 * Seeds that many live lots and qualified bidders, then drives simulated bidders (each bids every
 * ~--bid-interval ms on a random lot at the price it last saw + 1–3 increments, as a person watching the
 * rates would) and hall watchers (each polls hall/page every --poll-interval ms with If-None-Match, as the
 * live worker does), printing bids/s, poll req/s, p50/p99 and errors every 10 s and a summary at the end,
 * then checks the bid log's invariants. The load comes from a process of its own (generator.ts), so this
 * process's work (seeding, printing, checking) is never timed as server latency.
 *
 * By default it starts its own server on a fresh embedded database (zero set-up) and prints the URL of
 * the hall so a browser can watch the lots move. `--url http://host:port` drives a running server
 * instead; it then needs that server's database to seed into: DATABASE_URL, or --data-dir for SQLite.
 *
 * Also the toolbox of the benchmarks and the crash-loop test: freePort, createClient, waitForServer,
 * spawnServer (and seed.ts: seedLoad).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import { openDatabase } from '../db/connection.ts';
import type { Database } from '../db/schema.ts';
import { prepareDatabase } from '../seed/prepare.ts';
import { startGenerator, type GeneratorLot, type ProcessHealth } from './generator.ts';
import { checkBidLog } from './invariants.ts';
import { seedLoad } from './seed.ts';

export interface LoadOptions {
  lots: number;
  bidders: number;
  watchers: number;
  minutes: number;
  pollIntervalMs: number;
  bidIntervalMs: number;
  pageSize: number;
  url?: string | undefined;
  dataDir?: string | undefined;
  quiet?: boolean;
  /** Load before the measured `minutes` (not counted). Default 0. */
  warmupSeconds?: number;
}

export interface LoadSummary {
  seconds: number;
  bids: { sent: number; accepted: number; refusedByRule: number; perSecond: number; p50: number; p99: number };
  polls: { sent: number; notModified: number; missed: number; perSecond: number; p50: number; p99: number };
  errors: number;
  errorRate: number;
  serverRssMb: { start: number | null; end: number | null };
  invariants: { lots: number; violations: string[] };
  /** The load generator's own health (its process's CPU, event-loop delay, GC). */
  generator: ProcessHealth;
}

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

function rssMb(pid: number | undefined): number | null {
  if (!pid || !existsSync(`/proc/${pid}/status`)) return null;
  const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : null;
}

interface Answer {
  status: number;
  etag: string | undefined;
  body: string;
}

/**
 * A keep-alive client for POST requests to `base` (the API's verbs). One pool per client: give polls
 * and bids clients of their own, or a burst of one queues the other inside this process.
 */
export function createClient(base: string, options: { maxSockets?: number; timeoutMs?: number; keepAlive?: boolean } = {}) {
  const url = new URL(base);
  // keepAlive false: a new connection per request (behind a cluster, each may reach another process).
  const agent = new http.Agent({ keepAlive: options.keepAlive ?? true, maxSockets: options.maxSockets ?? 256 });
  const timeoutMs = options.timeoutMs ?? 15_000;
  return (pathAndQuery: string, headers: Record<string, string> = {}): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const req = http.request(
        { host: url.hostname, port: url.port, path: pathAndQuery, method: 'POST', agent, headers: { 'client-id': 'loadtest', ...headers } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, etag: res.headers.etag, body: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', reject);
        },
      );
      req.setTimeout(timeoutMs, () => req.destroy(new Error('timeout')));
      req.on('error', reject);
      req.end();
    });
}

export async function waitForServer(base: string, child: ChildProcess | null): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (child && child.exitCode !== null) throw new Error('server exited during start-up');
    try {
      const res = await fetch(`${base}/api/dscq-sync/v1/server-time`);
      if (res.ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start in 60 s');
}

/** The environment of the real server on `port` over the database in `dataDir`: production, no demo seed, no payment gateway or SMS (production refuses the sandbox bank and the outbox); `env` adds to it. */
export function serverEnv(port: number, dataDir: string, env: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, PORT: String(port), HOST: '127.0.0.1', PORTAL_DATA_DIR: dataDir, PORTAL_DEMO_SEED: 'false', LOG_LEVEL: 'warn', NODE_ENV: 'production', PORTAL_PAYMENT_GATEWAY: 'none', PORTAL_SMS_SENDER: 'none', ...env };
}

/** The real server (server/main.ts) on `port` over the database in `dataDir`, no demo seed; `env` adds to it (the benchmarks: PORTAL_STATIC_DIR). */
export function spawnServer(port: number, dataDir: string, env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'server/main.ts')], {
    cwd: root,
    env: serverEnv(port, dataDir, env),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

export async function runLoad(o: LoadOptions): Promise<LoadSummary> {
  const log = (line: string) => {
    if (!o.quiet) console.log(line);
  };
  const own = !o.url;
  const dataDir = o.dataDir ?? (own ? mkdtempSync(path.join(tmpdir(), 'hbcq-load-')) : undefined);
  const databaseUrl = process.env.DATABASE_URL || undefined;
  if (!own && !databaseUrl && !dataDir) throw new Error('--url needs the server’s database: set DATABASE_URL or pass --data-dir');
  const handle = openDatabase({ databaseUrl, sqliteFile: path.join(dataDir ?? '.', 'portal.sqlite') });
  await prepareDatabase(handle, { seed: false, now: Date.now() });
  const runId = Date.now().toString(36);
  const warmupMs = (o.warmupSeconds ?? 0) * 1000;
  const durationMs = o.minutes * 60_000;
  log(`准备压测数据：${o.lots} 个竞价标的、${o.bidders} 个竞买人…`);
  const seeded = await seedLoad(handle.db, {
    lots: o.lots,
    bidders: o.bidders,
    now: Date.now(),
    // Long enough that lots stay live through the run; the soft close keeps extending busy ones.
    minEndMs: warmupMs + durationMs + 10 * 60_000,
    maxEndMs: warmupMs + durationMs + 60 * 60_000,
    dataDir: dataDir ?? tmpdir(),
    runId,
  });
  const lots = await loadLots(handle.db, seeded.activityIds);

  let child: ChildProcess | null = null;
  let base = o.url?.replace(/\/+$/, '') ?? '';
  if (own) {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    child = spawnServer(port, dataDir!);
  }
  const stop = async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child!.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await handle.close();
    if (own && !o.dataDir && dataDir) rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForServer(base, child);
    log(`服务: ${base}   在浏览器中观看竞价大厅: ${base}/#/hall?size=100`);
    let rssStart: number | null = null;
    // The load runs in a process of its own (generator.ts): this one only prints and checks.
    const result = await startGenerator(
      {
        bidUrl: base,
        pollUrl: base,
        tokens: seeded.tokens,
        lots,
        watchers: o.watchers,
        pollIntervalMs: o.pollIntervalMs,
        pageSize: o.pageSize,
        bidIntervalMs: o.bidIntervalMs,
        warmupMs,
        measureMs: durationMs,
        progressMs: 10_000,
        runId,
        seed: o.lots * 7919 + o.bidders,
      },
      {
        onWindow: (phase) => {
          if (phase === 'start') rssStart = rssMb(child?.pid);
        },
        onProgress: (p) =>
          log(
            `${Math.round(p.atSeconds).toString().padStart(4)} s  出价 ${p.bidsPerSecond.toFixed(1)}/s 成交  轮询 ${p.pollsPerSecond.toFixed(0)}/s  ` +
              `出价 p50/p99 ${p.bid.p50.toFixed(1)}/${p.bid.p99.toFixed(1)} ms  轮询 p50/p99 ${p.poll.p50.toFixed(1)}/${p.poll.p99.toFixed(1)} ms  错误 ${p.errors}`,
          ),
      },
    );
    const rssEnd = rssMb(child?.pid);
    const invariants = await checkBidLog(handle.db, seeded.activityIds);
    const errors = result.polls.errors + result.bids.errors + result.feed.errors;
    const total = result.bids.sent + result.polls.sent + result.feed.sent;
    return {
      seconds: result.seconds,
      bids: { sent: result.bids.sent, accepted: result.bids.accepted, refusedByRule: result.bids.refusedByRule, perSecond: result.bids.perSecond, p50: result.bids.p50, p99: result.bids.p99 },
      polls: { sent: result.polls.sent, notModified: result.polls.notModified, missed: result.polls.missed, perSecond: result.polls.perSecond, p50: result.polls.p50, p99: result.polls.p99 },
      errors,
      errorRate: total > 0 ? errors / total : 0,
      serverRssMb: { start: rssStart, end: rssEnd },
      invariants: { lots: invariants.lots, violations: invariants.violations },
      generator: result.self,
    };
  } finally {
    await stop();
  }
}

/** The lots' start prices and increments, as the generator's bidders need them. */
export async function loadLots(db: Kysely<Database>, activityIds: readonly number[]): Promise<GeneratorLot[]> {
  const rows = await db.selectFrom('bid_activity').select(['id', 'start_price_fen', 'increment_fen']).where('id', 'in', [...activityIds]).orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, priceFen: r.start_price_fen - r.increment_fen, stepFen: r.increment_fen }));
}

export function printSummary(s: LoadSummary): void {
  const f = (n: number) => n.toFixed(1);
  console.log('\n压测结果');
  console.log(`  时长 ${f(s.seconds)} s`);
  console.log(`  出价  发出 ${s.bids.sent}  成交 ${s.bids.accepted} (${f(s.bids.perSecond)}/s)  规则拒绝 ${s.bids.refusedByRule}  p50 ${f(s.bids.p50)} ms  p99 ${f(s.bids.p99)} ms`);
  console.log(`  轮询  发出 ${s.polls.sent} (${f(s.polls.perSecond)}/s)  304 ${s.polls.notModified}  未按时发出 ${s.polls.missed}  p50 ${f(s.polls.p50)} ms  p99 ${f(s.polls.p99)} ms`);
  console.log(`  错误 ${s.errors} (${(s.errorRate * 100).toFixed(2)} %)   服务进程内存 ${s.serverRssMb.start ?? '?'} → ${s.serverRssMb.end ?? '?'} MB`);
  console.log(`  压测进程: CPU ${f(s.generator.cpuPercent)} %  事件循环延迟 p99/max ${f(s.generator.loopDelayP99)}/${f(s.generator.loopDelayMax)} ms  GC ${f(s.generator.gcMs)} ms`);
  console.log(`  出价日志不变量: ${s.invariants.lots} 个标的, ${s.invariants.violations.length === 0 ? '全部成立' : `${s.invariants.violations.length} 处违反: ${s.invariants.violations.slice(0, 5).join('; ')}`}`);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      lots: { type: 'string', default: '500' },
      bidders: { type: 'string', default: '200' },
      watchers: { type: 'string', default: '2000' },
      minutes: { type: 'string', default: '5' },
      warmup: { type: 'string', default: '0' },
      'poll-interval': { type: 'string', default: '2000' },
      'bid-interval': { type: 'string', default: '3000' },
      size: { type: 'string', default: '30' },
      url: { type: 'string' },
      'data-dir': { type: 'string' },
    },
  });
  const num = (name: string, value: string | undefined, min: number, max: number) => {
    const n = Number(value);
    if (!Number.isFinite(n) || n < min || n > max) throw new Error(`--${name} 必须在 ${min} 到 ${max} 之间`);
    return n;
  };
  const summary = await runLoad({
    lots: num('lots', values.lots, 1, 2000),
    bidders: num('bidders', values.bidders, 1, 2000),
    watchers: num('watchers', values.watchers, 0, 20_000),
    minutes: num('minutes', values.minutes, 0.1, 120),
    warmupSeconds: num('warmup', values.warmup, 0, 600),
    pollIntervalMs: num('poll-interval', values['poll-interval'], 100, 60_000),
    bidIntervalMs: num('bid-interval', values['bid-interval'], 10, 600_000),
    pageSize: num('size', values.size, 1, 2000),
    url: values.url,
    dataDir: values['data-dir'],
  });
  printSummary(summary);
  if (summary.invariants.violations.length > 0) process.exitCode = 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
