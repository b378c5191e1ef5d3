/**
 * `npm run bench:push`: from an accepted bid to every watcher, push against 1 s polling
 * (guide/performance.md "Push" and "Benchmarks that can be trusted").
 *
 * The real server (server/main.ts, serving the built app) on a fresh database; the watchers in a SEPARATE
 * process; bids placed over HTTP by this process. For each N and round, two candidates run interleaved
 * (push, poll, poll, push, … so neither always goes first):
 * - push: N server-sent-events streams (half hall streams without a filter, half room streams on one lot
 *   each; 8 per bidder token, the server's per-user limit);
 * - poll: N room pollers, each polling its lot's bidding-data once a second with its ETag (what the room
 *   did before push), started at evenly spread offsets;
 * and, in both, one real Chromium room page (the built app, logged in through the login page) whose push
 * stream is allowed in push rounds and refused in poll rounds (it then says 每秒刷新 and polls).
 *
 * Lag = watcher saw the bid − the bidder's process got its acknowledgement (one machine, one wall clock):
 * per (bid, watcher that should see it) in the watcher process, and per bid on the room's lot in the page
 * (a MutationObserver on its bid count). Prints every round, then per N and candidate the median of
 * rounds with the spread, the server's RSS and CPU, and the targets (p50 < 100 ms and p99 < 250 ms at
 * 2,000 push connections; 10,000 held with RSS < 1 GB).
 *
 *   npm run bench:push -- [--clients 100,2000,10000] [--rounds 3] [--bids 30] [--interval 250]
 *                         [--poll-max 2000] [--db sqlite|postgres] [--browser on|off]
 *
 * Polling is not run above --poll-max watchers (10,000 pollers at 1/s is 10,000 requests a second: more
 * than this 2-core machine answers, which is why the room pushes). PostgreSQL: DATABASE_URL or
 * postgres://postgres@127.0.0.1:5432/test; the run creates and drops a database of its own.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { HALL_PATHS } from '#domain/contract/hall';
import { LIVE_EVENTS_PATH, type LiveChangeEvent } from '#domain/contract/liveEvents';
import { SseParser } from '../../workers/sse';
import { openDatabase } from '../../server/db/connection.ts';
import { createClient, freePort, spawnServer, waitForServer } from '../../server/loadtest/run.ts';
import { LOAD_PASSWORD, seedLoad } from '../../server/loadtest/seed.ts';
import { prepareDatabase } from '../../server/seed/prepare.ts';
import { openBenchRoom, type BenchRoom } from './push-room.ts';
import { createBenchDatabase } from '../../server/bench/bench-database.ts';
import { processTree, stopServer } from '../../server/bench/process-tree.ts';

const LOTS = 20;
const WARMUP = 3;
const PER_TOKEN = 8;
const POLL_MS = 1_000;
/** The captcha answer the bench's server accepts (test-only setting; refused in production). */
const BENCH_CAPTCHA = 'bp42';
const here = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(here), '../..');
const clock = () => performance.timeOrigin + performance.now();

type Mode = 'push' | 'poll';

const percentile = (sorted: number[], p: number) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!);
const median = (xs: number[]) => {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

// ------------------------------------------------------------------ the watcher process

interface WatchStart {
  mode: Mode;
  port: number;
  n: number;
  tokens: string[];
  lots: number[];
}
type ToWatchers = ({ type: 'start' } & WatchStart) | { type: 'acks'; acks: Array<[string, number]> } | { type: 'stop' };
type FromWatchers =
  | { type: 'hello' }
  | { type: 'ready'; refused: number; ms: number }
  | { type: 'result'; lags: number[]; expected: number; received: number; dropped: number }
  | { type: 'stopped' };

/** One watcher: the lots it follows (null: all) and, per "activity:count", when it first saw that count. */
interface Watcher {
  lot: number | null;
  seen: Map<string, number>;
  /** Highest bid count seen per activity (a poll or an event may cover several bids at once). */
  counts: Map<number, number>;
  ended: boolean;
  close(): void;
}

/**
 * The watcher saw `count` bids on the activity at `at`. Without an earlier count, a poll's first answer is
 * the baseline (`firstIsNew` false) while an event is itself the news of its last bid.
 */
function sawCount(w: Watcher, activityId: number, count: number, at: number, firstIsNew: boolean) {
  const from = w.counts.get(activityId) ?? (firstIsNew ? count - 1 : count);
  for (let c = from + 1; c <= count; c++) w.seen.set(`${activityId}:${c}`, at);
  if (count > from || !w.counts.has(activityId)) w.counts.set(activityId, Math.max(from, count));
}

async function watchersMain(): Promise<void> {
  const send = (message: FromWatchers) => process.send!(message);
  let watchers: Watcher[] = [];
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  process.on('message', (message: ToWatchers) => {
    if (message.type === 'start') void start(message);
    else if (message.type === 'acks') void finish(message.acks);
    else {
      for (const w of watchers) w.close();
      watchers = [];
      send({ type: 'stopped' });
    }
  });
  send({ type: 'hello' }); // listening now: messages sent before this could be lost

  async function start(o: WatchStart) {
    const t0 = clock();
    const opened = await Promise.all(Array.from({ length: o.n }, (_, i) => (o.mode === 'push' ? openStream(o, i) : openPoller(o, i))));
    send({ type: 'ready', refused: opened.filter((ok) => !ok).length, ms: clock() - t0 });
  }

  /** A push stream; resolves true at its `ready` event, false when refused. */
  function openStream(o: WatchStart, i: number): Promise<boolean> {
    const lot = i % 2 === 0 ? null : o.lots[Math.floor(i / 2) % o.lots.length]!;
    const token = o.tokens[Math.floor(i / PER_TOKEN)]!;
    const query = lot === null ? '' : `?activityIds=${lot}`;
    return new Promise((resolve) => {
      const w: Watcher = { lot, seen: new Map(), counts: new Map(), ended: false, close: () => req.destroy() };
      const parser = new SseParser();
      const req = http.get({ host: '127.0.0.1', port: o.port, path: `/api${LIVE_EVENTS_PATH}${query}`, agent: false, headers: { authorization: `Bearer ${token}` } }, (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          return resolve(false);
        }
        watchers.push(w);
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          const at = clock();
          for (const m of parser.push(chunk)) {
            if (m.event === 'ready') resolve(true);
            else if (m.event === 'change') {
              const e = JSON.parse(m.data) as LiveChangeEvent;
              sawCount(w, e.activityId, e.biddingCount, at, true);
            }
          }
        });
        res.on('close', () => (w.ended = true));
      });
      req.on('error', () => {
        w.ended = true;
        resolve(false);
      });
    });
  }

  /** A room poller: bidding-data of one lot every POLL_MS with its ETag, from an evenly spread offset. */
  async function openPoller(o: WatchStart, i: number): Promise<boolean> {
    const lot = o.lots[i % o.lots.length]!;
    const token = o.tokens[Math.floor(i / PER_TOKEN)]!;
    let etag: string | undefined;
    let timer: NodeJS.Timeout | undefined;
    const w: Watcher = { lot, seen: new Map(), counts: new Map(), ended: false, close: () => ((w.ended = true), clearTimeout(timer)) };
    const pollOnce = () =>
      new Promise<void>((resolve) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port: o.port,
            method: 'POST',
            path: `/api${HALL_PATHS.biddingData}?activityId=${lot}`,
            agent,
            headers: { authorization: `Bearer ${token}`, 'client-id': 'bench', ...(etag ? { 'if-none-match': etag } : {}) },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => {
              const at = clock();
              if (res.statusCode === 200) {
                etag = res.headers.etag;
                const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: { biddingCount: number } };
                sawCount(w, lot, body.data.biddingCount, at, false);
              }
              resolve();
            });
          },
        );
        req.on('error', () => resolve());
        req.end();
      });
    const loop = async () => {
      if (w.ended) return;
      const started = clock();
      await pollOnce();
      if (!w.ended) timer = setTimeout(() => void loop(), Math.max(0, POLL_MS - (clock() - started)));
    };
    watchers.push(w);
    await pollOnce(); // the baseline count
    timer = setTimeout(() => void loop(), Math.round((i / o.n) * POLL_MS));
    return true;
  }

  async function finish(acks: Array<[string, number]>) {
    const lotOf = (k: string) => Number(k.split(':')[0]);
    const wanted = (w: Watcher, k: string) => w.lot === null || w.lot === lotOf(k);
    // Wait (bounded) for the last bids to be seen: this measures lag, so only the bound is a time.
    const deadline = clock() + 5_000;
    const missing = () => watchers.some((w) => !w.ended && acks.some(([k]) => wanted(w, k) && !w.seen.has(k)));
    while (missing() && clock() < deadline) await sleep(50);
    const lags: number[] = [];
    let expected = 0;
    for (const w of watchers) {
      for (const [k, ackAt] of acks) {
        if (!wanted(w, k)) continue;
        expected += 1;
        const at = w.seen.get(k);
        if (at !== undefined) lags.push(at - ackAt);
      }
    }
    lags.sort((a, b) => a - b);
    send({ type: 'result', lags, expected, received: lags.length, dropped: watchers.filter((w) => w.ended).length });
  }
}

// ------------------------------------------------------------------ the driver

interface Round {
  db: string;
  n: number;
  round: number;
  mode: Mode;
  watchers: number;
  connectMs: number;
  expected: number;
  received: number;
  p50: number;
  p99: number;
  max: number;
  domP50: number;
  domMax: number;
  domSamples: number;
  rssMb: number;
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

function spawnWatchers(): ChildProcess {
  return spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), here, '--role', 'watchers'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

const nextMessage = <T extends FromWatchers['type']>(child: ChildProcess, type: T) =>
  new Promise<Extract<FromWatchers, { type: T }>>((resolve, reject) => {
    const onMessage = (m: FromWatchers) => {
      if (m.type !== type) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(m as Extract<FromWatchers, { type: T }>);
    };
    const onExit = (code: number | null) => reject(new Error(`watcher process exited (${code})`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });

interface Options {
  counts: number[];
  rounds: number;
  bids: number;
  intervalMs: number;
  pollMax: number;
  browser: boolean;
}

async function run(label: string, databaseUrl: string | undefined, o: Options): Promise<Round[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hbcq-bench-push-'));
  const handle = openDatabase({ databaseUrl, sqliteFile: path.join(dataDir, 'portal.sqlite'), poolMax: 4 });
  const rounds: Round[] = [];
  let server: ChildProcess | null = null;
  let watchers: ChildProcess | null = null;
  let room: BenchRoom | null = null;
  try {
    await prepareDatabase(handle, { seed: false, now: Date.now() });
    // Watchers' tokens (8 streams each at the largest N), two bidders, and the browser's bidder (last).
    const tokenCount = Math.ceil(Math.max(...o.counts) / PER_TOKEN) + 3;
    const runId = Date.now().toString(36);
    console.log(`[${label}] 准备数据：${LOTS} 个标的 × ${tokenCount} 个竞买人…`);
    const seeded = await seedLoad(handle.db, { lots: LOTS, bidders: tokenCount, now: Date.now(), minEndMs: 3 * 3_600_000, maxEndMs: 4 * 3_600_000, dataDir, runId });
    const roomLot = seeded.activityIds[0]!;
    const lots = new Map<number, { next: number; step: number; last: number }>();
    for (const a of await handle.db.selectFrom('bid_activity').select(['id', 'start_price_fen', 'increment_fen']).where('id', 'in', seeded.activityIds).execute()) {
      lots.set(a.id, { next: a.start_price_fen - a.increment_fen, step: a.increment_fen, last: -1 });
    }
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // NODE_ENV test: the fixed captcha the browser's login types (refused in production).
    server = spawnServer(port, dataDir, { DATABASE_URL: databaseUrl ?? '', NODE_ENV: 'test', PORTAL_FIXED_CAPTCHA: BENCH_CAPTCHA, PORTAL_STATIC_DIR: path.join(root, 'dist') });
    await waitForServer(base, server);
    if (o.browser) {
      const loginName = `load${runId}b${String(tokenCount).padStart(4, '0')}`;
      room = await openBenchRoom({ base, activityId: roomLot, loginName, password: LOAD_PASSWORD, captcha: BENCH_CAPTCHA });
      console.log(`[${label}] Chromium 竞价室已打开（标的 ${roomLot}，${loginName}）`);
    }
    const call = createClient(base);
    const bidders = seeded.tokens.slice(-3, -1);
    const watcherTokens = seeded.tokens.slice(0, -3);
    let keySeq = 0;
    /** One bid: alternate bidders per lot (the leader may not outbid himself); every other bid on the room's lot. */
    const bid = async (b: number): Promise<[string, number]> => {
      const id = b % 2 === 0 ? roomLot : seeded.activityIds[1 + ((b >> 1) % (LOTS - 1))]!;
      const lot = lots.get(id)!;
      lot.next += lot.step;
      lot.last = (lot.last + 1) % bidders.length;
      const res = await call(`/api/dscq-sync/v1/bidding/ongoing/bid?activityId=${id}&amount=${(lot.next / 100).toFixed(2)}&idempotencyKey=bp-${++keySeq}-${runId}`, {
        authorization: `Bearer ${bidders[lot.last]}`,
      });
      const ackAt = clock();
      if (res.status !== 200) throw new Error(`bid refused: ${res.status} ${res.body}`);
      const answer = JSON.parse(res.body) as { data: { seq: number } };
      return [`${id}:${answer.data.seq}`, ackAt];
    };

    watchers = spawnWatchers();
    await nextMessage(watchers, 'hello');
    await idleStreamMemory(label, watchers, server.pid!, { port, n: Math.max(...o.counts), tokens: watcherTokens, lots: seeded.activityIds });
    for (const n of o.counts) {
      for (let r = 1; r <= o.rounds; r++) {
        const order: Mode[] = r % 2 === 1 ? ['push', 'poll'] : ['poll', 'push'];
        for (const mode of order) {
          if (mode === 'poll' && n > o.pollMax) continue;
          await sleep(500); // let the previous round's sockets close on the server
          const readyP = nextMessage(watchers, 'ready');
          watchers.send({ type: 'start', mode, port, n, tokens: watcherTokens, lots: seeded.activityIds } satisfies ToWatchers);
          const ready = await readyP;
          await room?.setPush(mode === 'push');
          // Warm-up bids: placed, not measured (JIT; the pollers' first answers).
          for (let b = 0; b < WARMUP; b++) {
            await bid(b);
            await sleep(o.intervalMs);
          }
          await sleep(POLL_MS);
          await room?.arm();
          let cpu0 = serverStats(server.pid!).cpuTicks;
          const t0 = clock();
          const acks: Array<[string, number]> = [];
          for (let b = 0; b < o.bids; b++) {
            acks.push(await bid(b));
            await sleep(o.intervalMs);
          }
          const resultP = nextMessage(watchers, 'result');
          watchers.send({ type: 'acks', acks } satisfies ToWatchers);
          const result = await resultP;
          const seconds = (clock() - t0) / 1000;
          const after = serverStats(server.pid!);
          cpu0 = after.cpuTicks - cpu0;
          const dom = room ? await room.lags(acks.filter(([k]) => Number(k.split(':')[0]) === roomLot)) : [];
          const stoppedP = nextMessage(watchers, 'stopped');
          watchers.send({ type: 'stop' } satisfies ToWatchers);
          await stoppedP;
          const row: Round = {
            db: label,
            n,
            round: r,
            mode,
            watchers: n - ready.refused,
            connectMs: ready.ms,
            expected: result.expected,
            received: result.received,
            p50: percentile(result.lags, 50),
            p99: percentile(result.lags, 99),
            max: result.lags.at(-1) ?? NaN,
            domP50: percentile(dom, 50),
            domMax: dom.at(-1) ?? NaN,
            domSamples: dom.length,
            rssMb: after.rssMb,
            cpuPercent: (cpu0 / 100 / seconds) * 100, // USER_HZ = 100 on Linux
          };
          rounds.push(row);
          printRound(row);
        }
      }
    }
  } finally {
    await room?.close();
    if (watchers && watchers.exitCode === null) watchers.kill('SIGKILL');
    await stopServer(server);
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rounds;
}

/**
 * Memory per idle push stream: the server's RSS before and after N streams opened and settled, on a fresh
 * server before any round (later rounds reuse the heap the first grew: their RSS says little per stream).
 */
async function idleStreamMemory(label: string, watchers: ChildProcess, pid: number, o: { port: number; n: number; tokens: string[]; lots: number[] }): Promise<void> {
  await sleep(2000);
  const before = serverStats(pid).rssMb;
  const readyP = nextMessage(watchers, 'ready');
  watchers.send({ type: 'start', mode: 'push', port: o.port, n: o.n, tokens: o.tokens, lots: o.lots } satisfies ToWatchers);
  const ready = await readyP;
  await sleep(3000); // settled: the streams' first writes flushed, nothing in flight
  const after = serverStats(pid).rssMb;
  const open = o.n - ready.refused;
  const stoppedP = nextMessage(watchers, 'stopped');
  watchers.send({ type: 'stop' } satisfies ToWatchers);
  await stoppedP;
  const perStreamKb = ((after - before) * 1024) / Math.max(1, open);
  console.log(
    `[${label}] 空闲推送连接的内存：每个 ${f(perStreamKb)} kB（${open} 个连接，服务器 RSS ${f(before, 0)} → ${f(after, 0)} MB）→ 目标 ≤ 20 kB ${perStreamKb <= 20 ? '达到' : '未达到'}`,
  );
}

const f = (x: number, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : '—');
const modeName = (m: Mode) => (m === 'push' ? '推送' : '每秒轮询');

function printRound(r: Round) {
  console.log(
    `  ${r.db} N=${r.n} 第 ${r.round} 轮 ${modeName(r.mode)}：${r.watchers} 个观察者（${f(r.connectMs, 0)} ms 就绪），收到 ${r.received}/${r.expected}，` +
      `p50 ${f(r.p50)} / p99 ${f(r.p99)} / max ${f(r.max)} ms；页面 p50 ${f(r.domP50)} / max ${f(r.domMax)} ms（${r.domSamples} 次）；RSS ${f(r.rssMb, 0)} MB，CPU ${f(r.cpuPercent, 0)} %`,
  );
}

function printSummary(rounds: Round[], o: Options) {
  const header = ['数据库', 'N', '方式', '轮数', '收到/应收', 'p50 ms（轮间中位，范围）', 'p99 ms（轮间中位，范围）', '页面 DOM p50 ms', '页面 DOM max ms', '服务器 RSS MB（最大）', '服务器 CPU %'];
  console.log(`\n| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|`);
  const groups = new Map<string, Round[]>();
  for (const r of rounds) groups.set(`${r.db}|${r.n}|${r.mode}`, [...(groups.get(`${r.db}|${r.n}|${r.mode}`) ?? []), r]);
  const spread = (xs: number[]) => `${f(median(xs))}（${f(Math.min(...xs))}–${f(Math.max(...xs))}）`;
  for (const rs of groups.values()) {
    const { db, n, mode } = rs[0]!;
    const received = rs.reduce((s, r) => s + r.received, 0);
    const expected = rs.reduce((s, r) => s + r.expected, 0);
    console.log(
      `| ${[db, String(n), modeName(mode), String(rs.length), `${received}/${expected}`, spread(rs.map((r) => r.p50)), spread(rs.map((r) => r.p99)), f(median(rs.map((r) => r.domP50))), f(Math.max(...rs.map((r) => r.domMax).filter(Number.isFinite))), f(Math.max(...rs.map((r) => r.rssMb)), 0), f(median(rs.map((r) => r.cpuPercent)), 0)].join(' | ')} |`,
    );
  }
  console.log(
    `\n延迟 = 观察者（另一进程）或页面看到出价 − 出价进程收到受理应答（同一台机器的时钟）。每轮预热 ${WARMUP} 次后 ${o.bids} 次出价，间隔 ${o.intervalMs} ms，半数出价在竞价室页面的标的上；推送：一半连接为大厅（全部标的），一半为单一标的的竞价室；轮询：每个观察者每秒带 ETag 查询其标的的 bidding-data。`,
  );
  const pushAt = (n: number) => rounds.filter((r) => r.mode === 'push' && r.n === n);
  const at2000 = pushAt(2000);
  if (at2000.length) {
    const p50 = median(at2000.map((r) => r.p50));
    const p99 = median(at2000.map((r) => r.p99));
    console.log(`目标：N = 2,000 推送 p50 < 100 ms（${f(p50)}）且 p99 < 250 ms（${f(p99)}）→ ${p50 < 100 && p99 < 250 ? '达到' : '未达到'}`);
  }
  const at10k = pushAt(10_000);
  if (at10k.length) {
    const held = at10k.every((r) => r.watchers === 10_000 && r.received === r.expected);
    const rss = Math.max(...at10k.map((r) => r.rssMb));
    console.log(`目标：10,000 个推送连接全部保持且事件无遗漏（${held ? '是' : '否'}），服务器 RSS < 1 GB（${f(rss, 0)} MB）→ ${held && rss < 1024 ? '达到' : '未达到'}`);
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      role: { type: 'string', default: 'driver' },
      clients: { type: 'string', default: '100,2000,10000' },
      rounds: { type: 'string', default: '3' },
      bids: { type: 'string', default: '30' },
      interval: { type: 'string', default: '250' },
      'poll-max': { type: 'string', default: '2000' },
      db: { type: 'string', default: 'sqlite' },
      browser: { type: 'string', default: 'on' },
    },
  });
  if (values.role === 'watchers') return watchersMain();
  const browser = values.browser !== 'off';
  if (browser && !existsSync(path.join(root, 'dist/index.html'))) throw new Error('bench:push opens the built app: run `npm run build` first (or --browser off)');
  const o: Options = {
    counts: values.clients.split(',').map(Number),
    rounds: Number(values.rounds),
    bids: Number(values.bids),
    intervalMs: Number(values.interval),
    pollMax: Number(values['poll-max']),
    browser,
  };
  console.log(`bench:push — N = ${o.counts.join(', ')}，每个 N ${o.rounds} 轮（推送与每秒轮询交替），${values.db === 'postgres' ? 'PostgreSQL' : 'SQLite'}`);
  if (values.db === 'postgres') {
    const database = await createBenchDatabase('bench_push');
    try {
      printSummary(await run('PostgreSQL', database.url, o), o);
    } finally {
      await database.drop();
    }
  } else {
    printSummary(await run('SQLite', undefined, o), o);
  }
}

void main().then(
  () => {
    if (process.argv.includes('watchers')) return;
    process.exit(0);
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
