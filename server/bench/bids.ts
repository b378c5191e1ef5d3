/**
 * `npm run bench:bids`: bid throughput of our server (HTTP → POST bid route → engine → database) against
 * a bare transaction running the engine's own statements (bare-bid-server.ts), on the same database in
 * the same run, on SQLite and on PostgreSQL, on one hot lot and spread over 1,000 lots, at 1 and 10
 * connections (50 and 200 with --heavy).
 *
 * Trustworthy on a noisy 2-core machine (docs: performance.md "Benchmarks that can be trusted"):
 * - three processes: our server (server/main.ts), the bare baseline, and the load generator
 *   (bid-load.ts), which is neither of them;
 * - candidates interleaved: for each cell, ours, bare, ours, bare … (--rounds, at least 3), each round
 *   printed; the table shows the median of rounds and the spread ((max − min) / median);
 * - the target (ours ≥ 50 % of bare) is judged on the medians.
 * - the candidate not being measured is paused (SIGSTOP/SIGCONT), so its background work (our server's
 *   snapshot rebuilds when the baseline commits to the same SQLite file) does not run in the other's round.
 * Each round also reports the CPU the serving process spent per accepted bid (ms/bid, from /proc).
 *
 * Options: --seconds 3 (per round and candidate) --rounds 3 --connections 1,10 --heavy (adds 50,200)
 *          --scenarios hot,spread --only sqlite|postgres --warmup 2 --profile <dir> (server --cpu-prof)
 *          --proxies: 代理出价 active on the hot lot — a ceiling of a bidder outside the load answers every
 *          accepted bid there in the same transaction (two bids written per accepted request; the load follows
 *          the price the answer reports). The baseline's hot lot holds the same ceiling, and its transaction
 *          writes the ceiling's bid as the engine does: both sides write two bids per request.
 * PostgreSQL: DATABASE_URL, or postgres://postgres@127.0.0.1:5432/test; the run creates a database of its
 * own next to that one and drops it at the end (the server has no schema setting).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/connection.ts';
import { freePort, spawnServer, waitForServer } from '../loadtest/run.ts';
import { seedLoad } from '../loadtest/seed.ts';
import { prepareDatabase } from '../seed/prepare.ts';
import type { FromLoad, RunResult, ToLoad } from './bid-load.ts';
import { createBenchDatabase } from './bench-database.ts';
import { killTree, processTree } from './process-tree.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsxCli = path.join(root, 'node_modules/tsx/dist/cli.mjs');
const SPREAD_LOTS = 1000;
const CLOCK_TICKS = 100; // USER_HZ on Linux

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '1,10' },
    heavy: { type: 'boolean', default: false },
    scenarios: { type: 'string', default: 'hot,spread' },
    only: { type: 'string' },
    warmup: { type: 'string', default: '2' },
    profile: { type: 'string' },
    proxies: { type: 'boolean', default: false },
  },
});
const seconds = Number(values.seconds);
const rounds = Math.max(3, Number(values.rounds));
const connectionList = [...new Set([...values.connections.split(',').map(Number), ...(values.heavy ? [50, 200] : [])])].filter((n) => n > 0).sort((a, b) => a - b);
const scenarios = values.scenarios.split(',').filter((s): s is 'hot' | 'spread' => s === 'hot' || s === 'spread');
const warmupSeconds = Number(values.warmup);
// Loop i bids as bidders 2i and 2i+1: enough bidders that no two loops share one (see bid-load.ts).
const BIDDERS = Math.max(20, 2 * Math.max(...connectionList));

type Candidate = 'ours' | 'bare';
interface Round extends RunResult {
  cpuMsPerBid: number;
}
interface Cell {
  db: string;
  scenario: 'hot' | 'spread';
  connections: number;
  rounds: Record<Candidate, Round[]>;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const spread = (xs: number[]) => (median(xs) > 0 ? (Math.max(...xs) - Math.min(...xs)) / median(xs) : 0);
/** Accepted bids per second. */
const perSecond = (r: RunResult) => r.accepted / r.seconds;
/** Bids decided per second: accepted or refused by a rule (each a full engine transaction). */
const decidedPerSecond = (r: RunResult) => (r.accepted + r.refused) / r.seconds;

/** utime + stime of a process tree, in clock ticks. */
function cpuTicks(pid: number | undefined): number {
  if (!pid) return 0;
  let ticks = 0;
  for (const p of processTree(pid)) {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      /* gone */
    }
  }
  return ticks;
}

/** A signal to a process and its descendants (tsx runs the script in a child of its own). */
function signal(child: ChildProcess, sig: 'SIGSTOP' | 'SIGCONT'): void {
  for (const pid of processTree(child.pid!)) {
    try {
      process.kill(pid, sig);
    } catch {
      /* gone */
    }
  }
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => killTree(child.pid!), 10_000);
  await exited;
  clearTimeout(timer);
}

/** spawnServer's server under `node --cpu-prof` (not allowed in NODE_OPTIONS, so without tsx's cli): the profile is written when it stops. */
function spawnProfiledServer(port: number, dataDir: string, databaseUrl: string | undefined, dir: string): ChildProcess {
  return spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${path.resolve(dir)}`, '--import', 'tsx', path.join(root, 'server/main.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PORTAL_DATA_DIR: dataDir, PORTAL_DEMO_SEED: 'false', LOG_LEVEL: 'warn', NODE_ENV: 'production', PORTAL_PAYMENT_GATEWAY: 'none', PORTAL_SMS_SENDER: 'none', DATABASE_URL: databaseUrl ?? '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

function spawnBare(port: number, databaseUrl: string | undefined, sqliteFile: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [tsxCli, path.join(root, 'server/bench/bare-bid-server.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATABASE_URL: databaseUrl ?? '', SQLITE_FILE: sqliteFile },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('ready') && resolve(child));
    child.once('exit', () => reject(new Error('bare baseline exited')));
  });
}

function spawnLoad(): Promise<{ child: ChildProcess; run: (m: Extract<ToLoad, { type: 'run' }>) => Promise<RunResult> }> {
  const child = spawn(process.execPath, [tsxCli, path.join(root, 'server/bench/bid-load.ts')], { cwd: root, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const next = () =>
    new Promise<FromLoad>((resolve, reject) => {
      const onExit = () => reject(new Error('load process exited'));
      child.once('message', (m: FromLoad) => {
        child.off('exit', onExit);
        resolve(m);
      });
      child.once('exit', onExit);
    });
  return next().then(() => ({
    child,
    run: async (m) => {
      const answer = next();
      child.send(m);
      const r = await answer;
      if (r.type !== 'result') throw new Error('unexpected message from the load process');
      return r;
    },
  }));
}

async function benchDatabase(label: string, dataDir: string, databaseUrl: string | undefined): Promise<Cell[]> {
  const sqliteFile = path.join(dataDir, 'portal.sqlite');
  const handle = openDatabase({ databaseUrl, sqliteFile, poolMax: 4 });
  const cells: Cell[] = [];
  const children: ChildProcess[] = [];
  try {
    await prepareDatabase(handle, { seed: false, now: Date.now() });
    const now = Date.now();
    const runId = now.toString(36);
    console.log(`[${label}] 准备数据：2 × ${SPREAD_LOTS} 个标的 × ${BIDDERS} 个竞买人（我们的与裸事务的各一份，同一数据库）…`);
    const window = { now, minEndMs: 3 * 3_600_000, maxEndMs: 4 * 3_600_000, dataDir };
    // --proxies: one more bidder, outside the load, holds a ceiling on the hot lot (the first) far above its price.
    const served = await seedLoad(handle.db, { lots: SPREAD_LOTS, bidders: BIDDERS + (values.proxies ? 1 : 0), ...window, runId: `${runId}s` });
    if (values.proxies) await addHotCeiling(handle, served.activityIds[0]!, now);
    // The baseline's hot lot holds the same ceiling: its transaction then writes the ceiling's bid too (bare-bid-server.ts).
    const bareSeed = await seedLoad(handle.db, { lots: SPREAD_LOTS, bidders: BIDDERS + (values.proxies ? 1 : 0), ...window, runId: `${runId}b` });
    if (values.proxies) await addHotCeiling(handle, bareSeed.activityIds[0]!, now);
    const bareUsers = (await handle.db.selectFrom('bid_qualification').select('user_id').where('activity_id', '=', bareSeed.activityIds[0]!).orderBy('user_id').limit(BIDDERS).execute()).map(
      (r) => r.user_id,
    );
    const sessionOf = new Map((await handle.db.selectFrom('auth_session').select(['id', 'user_id']).where('user_id', 'in', bareUsers).execute()).map((r) => [r.user_id, r.id]));
    const prices = new Map(
      (await handle.db.selectFrom('bid_activity').select(['id', 'start_price_fen', 'increment_fen']).where('id', 'in', served.activityIds).execute()).map((a) => [a.id, a]),
    );
    await handle.close();

    const port = await freePort();
    const server = values.profile ? spawnProfiledServer(port, dataDir, databaseUrl, values.profile) : spawnServer(port, dataDir, { DATABASE_URL: databaseUrl ?? '' });
    children.push(server);
    await waitForServer(`http://127.0.0.1:${port}`, server);
    const barePort = await freePort();
    const bare = await spawnBare(barePort, databaseUrl, sqliteFile);
    children.push(bare);
    const load = await spawnLoad();
    children.push(load.child);
    load.child.send({
      type: 'setup',
      tag: runId,
      ours: {
        base: `http://127.0.0.1:${port}`,
        lots: served.activityIds.map((id) => ({ id, nextFen: prices.get(id)!.start_price_fen - prices.get(id)!.increment_fen, stepFen: prices.get(id)!.increment_fen })),
        tokens: served.tokens.slice(0, BIDDERS),
        followState: values.proxies,
      },
      bare: { base: `http://127.0.0.1:${barePort}`, lots: bareSeed.activityIds, userIds: bareUsers, sessionIds: bareUsers.map((id) => sessionOf.get(id)!) },
    } satisfies ToLoad);

    const serving: Record<Candidate, ChildProcess> = { ours: server, bare };
    // The candidate not being measured is paused (SIGSTOP), so its background work cannot take the measured
    // one's CPU: our server rebuilds its hall snapshot when another process commits (SQLite data_version).
    const measure = async (target: Candidate, scenario: 'hot' | 'spread', connections: number, ms: number): Promise<Round> => {
      signal(serving[target === 'ours' ? 'bare' : 'ours'], 'SIGSTOP');
      signal(serving[target], 'SIGCONT');
      const before = cpuTicks(serving[target].pid);
      const result = await load.run({ type: 'run', target, scenario, connections, ms });
      const cpuMs = ((cpuTicks(serving[target].pid) - before) * 1000) / CLOCK_TICKS;
      if (result.firstError) console.log(`  ! ${target}: ${result.errors} 个错误，首个：${result.firstError}`);
      return { ...result, cpuMsPerBid: result.accepted > 0 ? cpuMs / result.accepted : 0 };
    };
    if (warmupSeconds > 0) {
      console.log(`[${label}] 预热 ${warmupSeconds} s × 2…`);
      for (const target of ['ours', 'bare'] as const) await measure(target, 'spread', 10, warmupSeconds * 1000);
    }

    const fmt = (r: Round) =>
      `${perSecond(r).toFixed(0).padStart(5)}/s${r.refused ? ` (决定 ${decidedPerSecond(r).toFixed(0)}/s)` : ''} p50 ${r.p50.toFixed(2)} p99 ${r.p99.toFixed(2)} ms, CPU ${r.cpuMsPerBid.toFixed(2)} ms/出价${r.errors ? `, 错误 ${r.errors}` : ''}`;
    for (const scenario of scenarios) {
      for (const connections of connectionList) {
        const cell: Cell = { db: label, scenario, connections, rounds: { ours: [], bare: [] } };
        for (let round = 1; round <= rounds; round++) {
          const ours = await measure('ours', scenario, connections, seconds * 1000);
          const base = await measure('bare', scenario, connections, seconds * 1000);
          cell.rounds.ours.push(ours);
          cell.rounds.bare.push(base);
          console.log(`[${label}] ${scenario} ×${connections} 第 ${round} 轮  我们 ${fmt(ours)}  |  裸事务 ${fmt(base)}  |  ${((perSecond(ours) / perSecond(base)) * 100).toFixed(0)} %`);
          if (ours.refused > 0) console.log(`    我们被拒绝：${Object.entries(ours.refusals).map(([msg, n]) => `${msg} ×${n}`).join('；')}`);
        }
        cells.push(cell);
        const o = cell.rounds.ours.map(perSecond);
        const b = cell.rounds.bare.map(perSecond);
        console.log(`[${label}] ${scenario} ×${connections} 中位数  我们 ${median(o).toFixed(0)}/s (离散 ${(spread(o) * 100).toFixed(0)} %)  裸事务 ${median(b).toFixed(0)}/s (离散 ${(spread(b) * 100).toFixed(0)} %)  比值 ${((median(o) / median(b)) * 100).toFixed(0)} %`);
      }
    }
    load.child.send({ type: 'exit' } satisfies ToLoad);
  } finally {
    for (const child of children) if (child.pid) signal(child, 'SIGCONT');
    for (const child of children.reverse()) await stopChild(child);
    await handle.close().catch(() => {});
  }
  return cells;
}

/** 代理出价 on the hot lot: the highest user id qualified there (the extra bidder) sets a ceiling of a million increments. */
async function addHotCeiling(handle: ReturnType<typeof openDatabase>, activityId: number, now: number): Promise<void> {
  const a = await handle.db.selectFrom('bid_activity').select(['start_price_fen', 'increment_fen']).where('id', '=', activityId).executeTakeFirstOrThrow();
  const owner = await handle.db.selectFrom('bid_qualification').select('user_id').where('activity_id', '=', activityId).orderBy('user_id', 'desc').executeTakeFirstOrThrow();
  await handle.db
    .insertInto('proxy_bid')
    .values({ activity_id: activityId, user_id: owner.user_id, ceiling_fen: a.start_price_fen + 1_000_000 * a.increment_fen, status: 'active', set_at: now, created_at: now, updated_at: now })
    .execute();
}

function printTable(cells: Cell[]) {
  const header = ['数据库', '场景', '连接', '我们 成交/s', '我们 决定/s', '离散', 'p50/p99 ms', 'CPU ms/出价', '裸事务/s', '离散', 'p50/p99 ms', 'CPU ms/出价', '成交/裸', '决定/裸', '≥ 50 %'];
  if (values.proxies)
    console.log(
      '\n代理出价：两方的热门标的上各有一个有效的代理上限，每笔成交的出价后代理在同一事务内再出一笔（成交/s 只计请求本身；裸事务同样写这两笔）。',
    );
  console.log(`\n中位数（每格 ${rounds} 轮交替，每轮每方 ${seconds} s）\n\n| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|`);
  for (const c of cells) {
    const o = c.rounds.ours;
    const b = c.rounds.bare;
    const bare = median(b.map(perSecond));
    const accepted = median(o.map(perSecond)) / bare;
    const decided = median(o.map(decidedPerSecond)) / bare;
    const lat = (rs: Round[]) => `${median(rs.map((r) => r.p50)).toFixed(2)}/${median(rs.map((r) => r.p99)).toFixed(2)}`;
    const row = [
      c.db,
      c.scenario === 'hot' ? '单一热门标的' : `${SPREAD_LOTS} 个标的`,
      String(c.connections),
      median(o.map(perSecond)).toFixed(0),
      median(o.map(decidedPerSecond)).toFixed(0),
      `${(spread(o.map(decidedPerSecond)) * 100).toFixed(0)} %`,
      lat(o),
      median(o.map((r) => r.cpuMsPerBid)).toFixed(2),
      bare.toFixed(0),
      `${(spread(b.map(perSecond)) * 100).toFixed(0)} %`,
      lat(b),
      median(b.map((r) => r.cpuMsPerBid)).toFixed(2),
      `${(accepted * 100).toFixed(0)} %`,
      `${(decided * 100).toFixed(0)} %`,
      accepted >= 0.5 ? '是' : decided >= 0.5 ? '决定是' : '否',
    ];
    console.log(`| ${row.join(' | ')} |`);
  }
  console.log(
    '\n成交 = 我们的服务器经 HTTP 接受的出价/s；决定 = 接受的加上按规则拒绝的（热门标的上并发请求偶尔乱序到达，被超越的按“低于当前价”拒绝，' +
      '同样是一次完整的引擎事务）；裸事务 = 同一数据库上运行引擎同样语句、每笔一个事务的手写事务/s（同样经本机 HTTP）。' +
      '\n离散 = 各轮 (最大 − 最小) / 中位数；CPU = 服务进程（不含数据库与压测进程）每笔成交出价的 CPU 时间；≥ 50 % 按成交/裸判断。',
  );
}

async function main() {
  console.log(`bench:bids — 每格 ${rounds} 轮交替（我们、裸事务…），每轮每方 ${seconds} s，连接 ${connectionList.join('/')}，场景 ${scenarios.join('/')}`);
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
    const database = await createBenchDatabase('bench_bids');
    const dir = mkdtempSync(path.join(tmpdir(), 'hbcq-bench-bids-'));
    try {
      cells.push(...(await benchDatabase('PostgreSQL', dir, database.url)));
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await database.drop();
    }
  }
  printTable(cells);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
