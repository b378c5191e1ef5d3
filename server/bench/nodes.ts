/**
 * `npm run bench:nodes`: several server processes on one PostgreSQL behind HAProxy (Debian's package, the
 * repository's deploy/haproxy/haproxy.cfg), driven through the balancers by the load tester
 * (server/loadtest: prepared over the operator API, bidders, push watchers, hall pollers, the public
 * records checked afterwards). Three phases:
 *
 * - watchers: N watchers held across the nodes, nothing broken, `steady` bids at bench:push's pace (20
 *   bidders, one bid each 4 s on average: about 5 a second; its single-process figure is the one to keep):
 *   push lag p50/p99 (accepted answer → seen by each watcher following the lot);
 * - kill: the same load, one node killed with SIGKILL a third into the window: its watchers reconnect (as the live worker
 *   does: the server's retry hint, Last-Event-ID) through a balancer to the other node, which replays what
 *   they missed; per lost stream, lost → re-attached and lost → view current (holds every bid the tool
 *   knew of when it re-attached), and at the end no watcher's view behind; the killed node is started again
 *   after the phase;
 * - rolling: a `spike` run (all bidders in the lots' last seconds); each node in turn stopped with SIGTERM
 *   (it turns unready, tells its streams to reconnect, finishes its requests) and started again during
 *   the window: no bid answered with an error, every accepted bid in the public record.
 *
 * Why two balancers by default: one stream through HAProxy holds two file descriptors (client and node),
 * and this machine's hard limit is 20,000 per process (`ulimit -Hn`; not raisable here), so one HAProxy
 * cannot hold 10,000 streams. Two HAProxy processes with the same configuration in front of the same nodes
 * (an active–active pair, as a deployment that must not lose its balancer runs them) each hold half; bids
 * and polls go through the first. Their request logs are off (stdout logging of every request costs
 * HAProxy CPU that a deployment spends on a log daemon elsewhere).
 *
 *   npm run bench:nodes -- [--nodes 2] [--balancers 2] [--watchers 10000] [--lots 20] [--bidders 200 (spike)]
 *                          [--steady-bidders 20] [--window 30s] [--pollers 20] [--phases watchers,kill,rolling]
 *                          [--report-dir data/bench-nodes]
 *
 * PostgreSQL: DATABASE_URL, or postgres://postgres@127.0.0.1:5432/test; the run creates a database of its
 * own next to that one and drops it at the end. Targets (issue 30): push p50 < 100 ms and p99 < 250 ms
 * with 10,000 watchers on two nodes; after a kill -9, every watcher re-attached and caught up within 5 s
 * and none behind at the end; a rolling restart with no bid error and no accepted bid lost.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/connection.ts';
import { decodeHistogram, summarize } from '../loadtest/histograms.ts';
import { registerWithFixedCodes, serverTime } from '../loadtest/prepare.ts';
import { freePort, runLoadTest, serverEnv, spawnServer, waitForServer, type RunOutcome } from '../loadtest/run.ts';
import { prepareDatabase } from '../seed/prepare.ts';
import { createBenchDatabase } from './bench-database.ts';
import { killTree, stopServer } from './process-tree.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The nodes' test-only codes and the operator the bench registers (its own database, never a deployment's). */
const OWN = { captcha: 'nb42', smsCode: '135790', operator: 'nbops', password: 'Nodes@2026x', phone: '13900008888' };

const { values } = parseArgs({
  options: {
    nodes: { type: 'string', default: '2' },
    balancers: { type: 'string', default: '2' },
    watchers: { type: 'string', default: '10000' },
    lots: { type: 'string', default: '20' },
    bidders: { type: 'string', default: '200' },
    'steady-bidders': { type: 'string', default: '20' },
    pollers: { type: 'string', default: '20' },
    window: { type: 'string', default: '30s' },
    phases: { type: 'string', default: 'watchers,kill,rolling' },
    'report-dir': { type: 'string', default: path.join('data', 'bench-nodes') },
    profile: { type: 'string' },
  },
});
const nodeCount = Number(values.nodes);
const balancerCount = Number(values.balancers);
const phases = values.phases.split(',').filter((p): p is Phase => p === 'watchers' || p === 'kill' || p === 'rolling');
type Phase = 'watchers' | 'kill' | 'rolling';

const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

// ------------------------------------------------------------------ HAProxy

function ensureHaproxy(): void {
  try {
    execFileSync('haproxy', ['-v'], { stdio: 'ignore' });
  } catch {
    throw new Error('需要 HAProxy（Debian 软件包）：apt-get install -y haproxy（npm run start:nodes 会自动安装）');
  }
}

/** The repository's configuration with our nodes, ports and no request log (see the header). */
function haproxyConfig(port: number, statsPort: number, nodePorts: number[]): string {
  const servers = nodePorts.map((p, i) => `    server node${i + 1} 127.0.0.1:${p}`).join('\n');
  return readFileSync(path.join(root, 'deploy/haproxy/haproxy.cfg'), 'utf8')
    .split('\n')
    .filter((line) => !/^ {4}server node\d+ /.test(line) && !/^ {4}log stdout /.test(line))
    .map((line) => {
      if (line.includes('# @servers')) return `${line}\n${servers}`;
      if (line === '    bind :8080') return `    bind 127.0.0.1:${port}`;
      if (line === '    bind 127.0.0.1:8404') return `    bind 127.0.0.1:${statsPort}`;
      if (line === '    log global') return '    no log';
      return line;
    })
    .join('\n');
}

function startHaproxy(dir: string, index: number, port: number, nodePorts: number[]): Promise<ChildProcess> {
  const file = path.join(dir, `haproxy-${index}.cfg`);
  return freePort().then((statsPort) => {
    writeFileSync(file, haproxyConfig(port, statsPort, nodePorts));
    execFileSync('haproxy', ['-c', '-q', '-f', file]);
    const child = spawn('haproxy', ['-db', '-f', file], { stdio: ['ignore', 'ignore', 'inherit'] });
    return child;
  });
}

// ------------------------------------------------------------------ nodes

interface Node {
  port: number;
  child: ChildProcess | null;
}

/** --profile DIR: each node under `node --cpu-prof` (written when it stops; a node killed -9 writes none). */
function spawnNode(port: number, dataDir: string, env: Record<string, string>): ChildProcess {
  if (!values.profile) return spawnServer(port, dataDir, env);
  return spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${path.resolve(values.profile)}`, '--import', 'tsx', path.join(root, 'server/main.ts')], {
    cwd: root,
    env: serverEnv(port, dataDir, env),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

function startNode(node: Node, dataDir: string, databaseUrl: string): Promise<void> {
  node.child = spawnNode(node.port, dataDir, {
    DATABASE_URL: databaseUrl,
    // A test installation: fixed codes and load-test accounts (refused in production), as `npm run loadtest`'s own server.
    NODE_ENV: 'test',
    PORTAL_FIXED_CAPTCHA: OWN.captcha,
    PORTAL_FIXED_SMS_CODE: OWN.smsCode,
    PORTAL_SMS_SENDER: 'outbox',
    PORTAL_OPERATORS: OWN.operator,
    PORTAL_LOADTEST_ACCOUNTS: '1',
    PORTAL_TRUST_PROXY: '127.0.0.1',
    PORTAL_STATIC_DIR: path.join(dataDir, 'no-dist'),
    // /metrics for the bench's reading of each node's own push lag (commit → written to every stream).
    PORTAL_METRICS: '1',
  });
  return waitForServer(`http://127.0.0.1:${node.port}`, node.child);
}

/**
 * Ready as the balancers see it — /readyz 200, then two of their 2 s checks (rise 2) — and warm: a rolling
 * restart waits `settleMs` more before it stops the next node, as an operator waits for a new node to take
 * traffic before stopping another (the streams it takes then come to a process past its start-up work).
 */
async function waitReady(node: Node, settleMs = 0): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const ok = await fetch(`http://127.0.0.1:${node.port}/readyz`).then((r) => r.ok, () => false);
    if (ok) return void (await sleep(4500 + settleMs));
    await sleep(200);
  }
  throw new Error(`node :${node.port} not ready in 60 s`);
}

/** Until the server clock reaches `at` (ms). */
async function until(base: string, at: number): Promise<void> {
  const wait = at - (await serverTime(base));
  if (wait > 0) await sleep(wait);
}

// ------------------------------------------------------------------ phases

interface PhaseResult {
  phase: Phase;
  outcome: RunOutcome;
  events: string[];
  /** Per node: its push lag by source ('local': its own commit; 'feed': another node's, heard through the database). */
  serverLag: string[];
}

/**
 * A node's portal_push_lag_seconds by source: count and the p50/p99 buckets' upper bounds (ms), read from
 * its /metrics (cumulative since it started: the phase's figures when it started with the phase).
 */
async function serverPushLag(node: Node): Promise<string> {
  const text = await fetch(`http://127.0.0.1:${node.port}/metrics`).then((r) => r.text(), () => '');
  const out: string[] = [];
  for (const source of ['local', 'feed']) {
    const buckets = [...text.matchAll(new RegExp(`^portal_push_lag_seconds_bucket\\{le="([^"]+)",source="${source}"\\} (\\d+)`, 'gm'))].map((m) => ({ le: m[1] === '+Inf' ? Infinity : Number(m[1]), n: Number(m[2]) }));
    const total = buckets.at(-1)?.n ?? 0;
    if (total === 0) continue;
    const at = (q: number) => buckets.find((b) => b.n >= q * total)!.le * 1000;
    out.push(`${source} ${total} 次 p50 ≤ ${at(0.5)} ms p99 ≤ ${at(0.99)} ms`);
  }
  return `:${node.port} ${out.join('；') || '无'}`;
}

async function main(): Promise<void> {
  ensureHaproxy();
  const { url: databaseUrl, drop } = await createBenchDatabase('bench_nodes');
  const name = new URL(databaseUrl).pathname.slice(1);
  const dir = mkdtempSync(path.join(tmpdir(), 'hbcq-bench-nodes-'));
  const nodes: Node[] = [];
  const balancers: ChildProcess[] = [];
  const results: PhaseResult[] = [];
  try {
    // Migrated once before the nodes start (each would, under its lock; this keeps start-up out of the figures).
    const handle = openDatabase({ databaseUrl, sqliteFile: path.join(dir, 'unused.sqlite'), poolMax: 2 });
    await prepareDatabase(handle, { seed: false, now: Date.now() });
    await handle.close();

    for (let i = 0; i < nodeCount; i++) nodes.push({ port: await freePort(), child: null });
    await Promise.all(nodes.map((n) => startNode(n, dir, databaseUrl)));
    const balancerPorts: number[] = [];
    for (let i = 0; i < balancerCount; i++) {
      const port = await freePort();
      balancerPorts.push(port);
      balancers.push(await startHaproxy(dir, i + 1, port, nodes.map((n) => n.port)));
    }
    const bases = balancerPorts.map((p) => `http://127.0.0.1:${p}`);
    await waitForServer(bases[0]!, null);
    await Promise.all(nodes.map(waitReady));
    log(`${nodeCount} 个节点（${nodes.map((n) => `:${n.port}`).join(' ')}），${balancerCount} 个 HAProxy（${bases.join(' ')}），数据库 ${name}`);
    const opsToken = await registerWithFixedCodes(bases[0]!, { loginName: OWN.operator, password: OWN.password, phone: OWN.phone, captcha: OWN.captcha, smsCode: OWN.smsCode });

    const reportDir = path.resolve(values['report-dir']);
    mkdirSync(reportDir, { recursive: true });
    for (const phase of phases) {
      const events: string[] = [];
      const note = (line: string) => {
        events.push(line);
        log(`  ${line}`);
      };
      log(`—— ${phase}`);
      // watchers and kill: bids at bench:push's pace (the figure to keep across nodes), so the lag measured
      // is the push path's, not a saturated load process's; rolling: the last-minute spike.
      const spike = phase === 'rolling';
      const outcome = await runLoadTest({
        url: bases[0]!,
        streamUrls: bases,
        scenario: spike ? 'spike' : 'steady',
        lots: Number(values.lots),
        bidders: spike ? Number(values.bidders) : Number(values['steady-bidders']),
        watchers: Number(values.watchers),
        pollers: Number(values.pollers),
        pollIntervalMs: 2500,
        durationMs: spike ? 20_000 : Number.parseInt(values.window, 10) * 1000,
        spikeWindowMs: Number.parseInt(values.window, 10) * 1000,
        bidIntervalMs: 4000,
        extensionSec: 5,
        budgetSteps: 60,
        report: path.join(reportDir, `report-${phase}.html`),
        thresholds: undefined,
        opsToken,
        tag: `${phase.slice(0, 4)}${Date.now().toString(36).slice(-3)}`,
        seed: 1,
        log: (line) => log(`  ${line}`),
        during: async ({ startsAt, endsAt }) => {
          if (phase === 'kill') {
            await until(bases[0]!, startsAt + (endsAt - startsAt) / 3);
            killTree(nodes[0]!.child!.pid!);
            note(`kill -9 节点 1（:${nodes[0]!.port}）`);
          } else if (phase === 'rolling') {
            await until(bases[0]!, startsAt + 2000);
            for (const [i, node] of nodes.entries()) {
              note(`SIGTERM 节点 ${i + 1}（:${node.port}）`);
              await stopServer(node.child);
              note(`节点 ${i + 1} 已退出，重新启动`);
              await startNode(node, dir, databaseUrl);
              await waitReady(node, 5000);
              note(`节点 ${i + 1} 已就绪`);
            }
          }
        },
      });
      const serverLag = await Promise.all(nodes.map(serverPushLag));
      for (const line of serverLag) log(`  节点推送延迟（提交 → 写入每个连接）${line}`);
      if (phase === 'kill') {
        await startNode(nodes[0]!, dir, databaseUrl);
        await waitReady(nodes[0]!);
      }
      results.push({ phase, outcome, events, serverLag });
    }
  } finally {
    for (const b of balancers) b.kill('SIGTERM');
    for (const n of nodes) await stopServer(n.child).catch(() => {});
    rmSync(dir, { recursive: true, force: true });
    await drop();
  }
  printTable(results);
}

function printTable(results: PhaseResult[]): void {
  const f = (n: number) => n.toFixed(1);
  console.log(
    `\nbench:nodes — ${nodeCount} 个节点，${balancerCount} 个 HAProxy，${values.watchers} 个推送连接，${values.lots} 个标的，窗口 ${values.window}；` +
      `watchers、kill：steady ${values['steady-bidders']} 个竞买人（平均每人 4 s 一次）；rolling：spike ${values.bidders} 个竞买人\n`,
  );
  console.log('| 阶段 | 成交 / 发出 | 出价错误 | 出价 p50/p99 ms | 推送 p50/p99/max ms | 断开 / 重连 | 重连 p50/p99/max ms | 追上 p50/p99/max ms | 未连上 | 视图落后 | 记录核对 |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const { phase, outcome } of results) {
    const { result, records } = outcome;
    const c = result.counts;
    const h = (k: keyof typeof result.histograms) => summarize(decodeHistogram(result.histograms[k]));
    const bid = h('bid');
    const push = h('push');
    const re = h('reattach');
    const cu = h('catchUp');
    console.log(
      `| ${phase} | ${c.accepted} / ${c.sent} | ${c.bidErrors} | ${f(bid.p50)}/${f(bid.p99)} | ${f(push.p50)}/${f(push.p99)}/${f(push.max)} | ${c.streamsLost} / ${c.reconnects} | ` +
        `${c.streamsLost ? `${f(re.p50)}/${f(re.p99)}/${f(re.max)}` : '—'} | ${c.streamsLost ? `${f(cu.p50)}/${f(cu.p99)}/${f(cu.max)}` : '—'} | ${c.streamsDown} | ${c.viewsBehind} | ` +
        `${records.violations.length === 0 ? `${records.recorded} 笔，全部成立` : `${records.violations.length} 处违反`} |`,
    );
  }
  for (const { phase, events, outcome } of results) {
    if (events.length) console.log(`\n${phase}：${events.join('；')}`);
    if (outcome.result.errorSamples.length) console.log(`${phase} 错误样本：${outcome.result.errorSamples.join('；')}`);
    console.log(`${phase} 报告：${outcome.reportFile}`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
