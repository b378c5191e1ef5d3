/**
 * `npm run loadtest -- --lots 500 --bidders 200 --watchers 2000 --minutes 5`
 *
 * Seeds that many live lots and qualified bidders, then drives simulated bidders (each bids every
 * ~--bid-interval ms on a random lot at the price it last saw + 1–3 increments, as a person watching the
 * rates would) and hall watchers (each polls hall/page every --poll-interval ms with If-None-Match, as the
 * live worker does), printing bids/s, poll req/s, p50/p99 and errors every 10 s and a summary at the end,
 * then checks the bid log's invariants.
 *
 * By default it starts its own server on a fresh embedded database (zero set-up) and prints the URL of
 * the hall so a browser can watch the lots move. `--url http://host:port` drives a running server
 * instead; it then needs that server's database to seed into: DATABASE_URL, or --data-dir for SQLite.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/connection.ts';
import { prepareDatabase } from '../seed/prepare.ts';
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
  /** Benchmarks: send the hall polls to another server on the same database (a baseline). */
  pollServer?: (dataDir: string) => Promise<{ url: string; stop(): Promise<void> }>;
}

export interface LoadSummary {
  seconds: number;
  bids: { sent: number; accepted: number; refusedByRule: number; perSecond: number; p50: number; p99: number };
  polls: { sent: number; notModified: number; perSecond: number; p50: number; p99: number };
  errors: number;
  errorRate: number;
  serverRssMb: { start: number | null; end: number | null };
  invariants: { lots: number; violations: string[] };
}

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

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

export function createClient(base: string) {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
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
      req.setTimeout(15_000, () => req.destroy(new Error('timeout')));
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

/** The real server (server/main.ts) on `port` over the database in `dataDir`, no demo seed; `env` adds to it (the benchmarks: PORTAL_STATIC_DIR). */
export function spawnServer(port: number, dataDir: string, env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'server/main.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PORTAL_DATA_DIR: dataDir, PORTAL_DEMO_SEED: 'false', LOG_LEVEL: 'warn', NODE_ENV: 'production', ...env },
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
  const durationMs = o.minutes * 60_000;
  log(`准备压测数据：${o.lots} 个竞价标的、${o.bidders} 个竞买人…`);
  const seeded = await seedLoad(handle.db, {
    lots: o.lots,
    bidders: o.bidders,
    now: Date.now(),
    // Long enough that lots stay live through the run; the soft close keeps extending busy ones.
    minEndMs: durationMs + 10 * 60_000,
    maxEndMs: durationMs + 60 * 60_000,
    dataDir: dataDir ?? tmpdir(),
    runId,
  });

  let child: ChildProcess | null = null;
  let base = o.url?.replace(/\/+$/, '') ?? '';
  if (own) {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    child = spawnServer(port, dataDir!);
  }
  let stopPollServer = async () => {};
  const stop = async () => {
    await stopPollServer();
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child!.once('exit', r));
    }
    await handle.close();
    if (own && !o.dataDir && dataDir) rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForServer(base, child);
    log(`服务: ${base}   在浏览器中观看竞价大厅: ${base}/#/hall?size=100`);
    const call = createClient(base);
    const pollTarget = o.pollServer && dataDir ? await o.pollServer(dataDir) : null;
    stopPollServer = pollTarget ? () => pollTarget.stop() : async () => {};
    const pollCall = pollTarget ? createClient(pollTarget.url) : call;
    const rssStart = rssMb(child?.pid);

    const lots = seeded.activityIds;
    const known = new Map<number, { price: number; step: number }>();
    const bidLatency: number[] = [];
    const pollLatency: number[] = [];
    let bidsSent = 0;
    let accepted = 0;
    let refusedByRule = 0;
    let pollsSent = 0;
    let notModified = 0;
    let errors = 0;
    const started = Date.now();
    const deadline = started + durationMs;
    const timers = new Set<NodeJS.Timeout>();
    const later = (ms: number, fn: () => void) => {
      const t = setTimeout(() => {
        timers.delete(t);
        if (Date.now() < deadline) fn();
      }, ms);
      timers.add(t);
    };

    // The price feed a bidder's screen shows: bidding-rate for every lot, once a second.
    const rateQuery = `activityIds=${lots.join(',')}`;
    const feed = async () => {
      try {
        const res = await call(`/api/dscq-sync/v1/bid-assets/bidding-rate?${rateQuery}`);
        if (res.status === 200) {
          for (const r of JSON.parse(res.body).data.rates as Array<{ activityId: number; biddingPrice: number; startPrice: number; biddingCount: number }>) {
            const step = known.get(r.activityId)?.step;
            known.set(r.activityId, { price: r.biddingCount > 0 ? r.biddingPrice : r.startPrice - (step ?? 0), step: step ?? 0 });
          }
        }
      } catch {
        errors += 1;
      }
      later(1000, () => void feed());
    };
    // Steps come from bidding-data once per lot (the room shows the increment).
    for (const id of lots) {
      const res = await call(`/api/dscq-sync/v1/bid-assets/bidding-data?activityId=${id}`);
      const d = JSON.parse(res.body).data as { increment: number; startPrice: number };
      known.set(id, { price: d.startPrice - d.increment, step: d.increment });
    }
    await feed();

    const bidder = (token: string, index: number) => {
      const next = () => later(Math.round(-Math.log(1 - Math.random()) * o.bidIntervalMs), () => void once());
      const once = async () => {
        const id = lots[Math.floor(Math.random() * lots.length)]!;
        const k = known.get(id)!;
        const amount = Math.round((k.price + k.step * (1 + Math.floor(Math.random() * 3))) * 100) / 100;
        const key = `lt-${runId}-${index}-${bidsSent}`;
        const t0 = performance.now();
        bidsSent += 1;
        try {
          const res = await call(`/api/dscq-sync/v1/bidding/ongoing/bid?activityId=${id}&amount=${amount}&idempotencyKey=${key}`, { authorization: `Bearer ${token}` });
          bidLatency.push(performance.now() - t0);
          if (res.status === 200) {
            accepted += 1;
            known.set(id, { price: amount, step: k.step });
          } else if (res.status === 400) refusedByRule += 1;
          else errors += 1;
        } catch {
          errors += 1;
        }
        next();
      };
      next();
    };
    seeded.tokens.forEach(bidder);

    const pages = Math.max(1, Math.ceil(lots.length / o.pageSize));
    const watcher = (index: number) => {
      let etag: string | undefined;
      const current = 1 + (index % pages);
      const once = async () => {
        const t0 = performance.now();
        pollsSent += 1;
        try {
          const res = await pollCall(`/api/dscq-sync/v1/bid-assets/hall/page?size=${o.pageSize}&current=${current}`, etag ? { 'if-none-match': etag } : {});
          pollLatency.push(performance.now() - t0);
          if (res.status === 304) notModified += 1;
          else if (res.status === 200) etag = res.etag;
          else errors += 1;
        } catch {
          errors += 1;
        }
        later(o.pollIntervalMs, () => void once());
      };
      later(Math.floor(Math.random() * o.pollIntervalMs), () => void once());
    };
    for (let i = 0; i < o.watchers; i++) watcher(i);

    let lastReport = { at: started, bids: 0, polls: 0, bidIdx: 0, pollIdx: 0 };
    while (Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, Math.min(10_000, Math.max(0, deadline - Date.now()))));
      const now = Date.now();
      const s = (now - lastReport.at) / 1000;
      const b = bidLatency.slice(lastReport.bidIdx).sort((x, y) => x - y);
      const p = pollLatency.slice(lastReport.pollIdx).sort((x, y) => x - y);
      log(
        `${Math.round((now - started) / 1000)
          .toString()
          .padStart(4)} s  出价 ${((accepted - lastReport.bids) / s).toFixed(1)}/s 成交  轮询 ${((pollsSent - lastReport.polls) / s).toFixed(0)}/s  ` +
          `出价 p50/p99 ${percentile(b, 50).toFixed(1)}/${percentile(b, 99).toFixed(1)} ms  轮询 p50/p99 ${percentile(p, 50).toFixed(1)}/${percentile(p, 99).toFixed(1)} ms  错误 ${errors}`,
      );
      lastReport = { at: now, bids: accepted, polls: pollsSent, bidIdx: bidLatency.length, pollIdx: pollLatency.length };
    }
    for (const t of timers) clearTimeout(t);
    await new Promise((r) => setTimeout(r, 500)); // in-flight requests settle
    const seconds = (Date.now() - started) / 1000;
    const rssEnd = rssMb(child?.pid);

    // Invariants of the bid log: gap-free sequence, strictly increasing amounts, price = last bid.
    const violations: string[] = [];
    const bids = await handle.db.selectFrom('bid').select(['activity_id', 'seq', 'amount_fen']).where('activity_id', 'in', lots).orderBy('activity_id').orderBy('seq').execute();
    const acts = await handle.db.selectFrom('bid_activity').select(['id', 'bid_count', 'current_price_fen']).where('id', 'in', lots).execute();
    const byLot = new Map<number, { seq: number; amount_fen: number }[]>();
    for (const b of bids) byLot.set(b.activity_id, [...(byLot.get(b.activity_id) ?? []), b]);
    for (const a of acts) {
      const list = byLot.get(a.id) ?? [];
      list.forEach((b, i) => {
        if (b.seq !== i + 1) violations.push(`lot ${a.id}: seq ${b.seq} at position ${i + 1}`);
        if (i > 0 && b.amount_fen <= list[i - 1]!.amount_fen) violations.push(`lot ${a.id}: amount did not increase at seq ${b.seq}`);
      });
      if (list.length !== a.bid_count) violations.push(`lot ${a.id}: bid_count ${a.bid_count} ≠ ${list.length} bids`);
      if (list.length > 0 && list.at(-1)!.amount_fen !== a.current_price_fen) violations.push(`lot ${a.id}: price ≠ last bid`);
    }

    const b = [...bidLatency].sort((x, y) => x - y);
    const p = [...pollLatency].sort((x, y) => x - y);
    const total = bidsSent + pollsSent;
    return {
      seconds,
      bids: { sent: bidsSent, accepted, refusedByRule, perSecond: accepted / seconds, p50: percentile(b, 50), p99: percentile(b, 99) },
      polls: { sent: pollsSent, notModified, perSecond: pollsSent / seconds, p50: percentile(p, 50), p99: percentile(p, 99) },
      errors,
      errorRate: total > 0 ? errors / total : 0,
      serverRssMb: { start: rssStart, end: rssEnd },
      invariants: { lots: acts.length, violations },
    };
  } finally {
    await stop();
  }
}

export function printSummary(s: LoadSummary): void {
  const f = (n: number) => n.toFixed(1);
  console.log('\n压测结果');
  console.log(`  时长 ${f(s.seconds)} s`);
  console.log(`  出价  发出 ${s.bids.sent}  成交 ${s.bids.accepted} (${f(s.bids.perSecond)}/s)  规则拒绝 ${s.bids.refusedByRule}  p50 ${f(s.bids.p50)} ms  p99 ${f(s.bids.p99)} ms`);
  console.log(`  轮询  发出 ${s.polls.sent} (${f(s.polls.perSecond)}/s)  304 ${s.polls.notModified}  p50 ${f(s.polls.p50)} ms  p99 ${f(s.polls.p99)} ms`);
  console.log(`  错误 ${s.errors} (${(s.errorRate * 100).toFixed(2)} %)   服务进程内存 ${s.serverRssMb.start ?? '?'} → ${s.serverRssMb.end ?? '?'} MB`);
  console.log(`  出价日志不变量: ${s.invariants.lots} 个标的, ${s.invariants.violations.length === 0 ? '全部成立' : `${s.invariants.violations.length} 处违反: ${s.invariants.violations.slice(0, 5).join('; ')}`}`);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      lots: { type: 'string', default: '500' },
      bidders: { type: 'string', default: '200' },
      watchers: { type: 'string', default: '2000' },
      minutes: { type: 'string', default: '5' },
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
