/**
 * `npm run bench:hall -- [--n 100,500,1000,2000] [--seconds 10] [--throttle 4] [--bids 5] [--long] [--reuse-builds]`
 *
 * The browser benchmark of the live bidding hall (ratios to baselines run alongside), NOT a test: it gates nothing.
 *   ours       the real /hall of the production build (/tmp/bench-dist), served by the real server over a
 *              fresh database seeded with max(N) live lots (server/loadtest/seed.ts), opened at ?size=N,
 *              while a light bid load (--bids per second on the lots on screen) changes prices;
 *   vanilla    one setInterval writing textContent of N rows each second (the floor);
 *   antd timer one antd Statistic.Timer type="countdown" per row;
 *   antd table an antd Table given a new dataSource every tick
 * (the baselines: e2e/bench/baselines, built to /tmp/bench-baselines), all in the same Chromium.
 * Per page: CDP Performance.enable, 3 s warm-up, getMetrics, --seconds of rest, getMetrics: main-thread
 * ms per second (TaskDuration, and its Script/Layout/RecalcStyle parts) minus an idle page (the baseline
 * page with N = 0); long-animation-frame entries per 10 s; requestAnimationFrame gaps at rest and while
 * wheel-scrolling the table every 16 ms for 2 s; JS heap and DOM nodes at the end. --long adds the heap
 * and node slope of ours between 1 and 10 minutes (the leak signal). CDP's TaskDuration is the page's main
 * thread only: the live worker's own time is not in "ours".
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test';
import { openDatabase } from '../../server/db/connection.ts';
import { createClient, freePort, spawnServer, waitForServer } from '../../server/loadtest/run.ts';
import { seedLoad } from '../../server/loadtest/seed.ts';
import { prepareDatabase } from '../../server/seed/prepare.ts';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const APP_DIST = '/tmp/bench-dist';
const BASELINES_DIST = '/tmp/bench-baselines';
const WARM_UP_MS = 3000;
const SCROLL_MS = 2000;
const WHEEL_EVERY_MS = 16;

const { values } = parseArgs({
  options: {
    n: { type: 'string', default: '100,500,1000,2000' },
    seconds: { type: 'string', default: '10' },
    throttle: { type: 'string', default: '1' },
    bids: { type: 'string', default: '5' },
    long: { type: 'boolean', default: false },
    'reuse-builds': { type: 'boolean', default: false },
  },
});
const sizes = values.n.split(',').map(Number);
if (sizes.some((n) => !Number.isInteger(n) || n < 1 || n > 2000)) throw new Error('--n: sizes between 1 and 2000, e.g. --n 100,500');
const seconds = Number(values.seconds);
const throttle = Number(values.throttle);
const bidsPerSecond = Number(values.bids);
const maxN = Math.max(...sizes);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const log = (line: string) => console.error(line);

// ---------- builds ----------
function build(args: string[], outDir: string) {
  if (values['reuse-builds'] && existsSync(path.join(outDir, 'index.html'))) return;
  log(`building ${outDir}…`);
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', ...args], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) throw new Error(`vite build ${args.join(' ')} failed`);
}

// ---------- the baselines' static server ----------
const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };
async function serveStatic(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const file = path.join(dir, path.normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, ''));
    const target = file.endsWith('/') ? path.join(file, 'index.html') : file;
    if (!target.startsWith(dir) || !existsSync(target)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(target)] ?? 'application/octet-stream' }).end(readFileSync(target));
  });
  const port = await freePort();
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) };
}

// ---------- a light bid load on the lots on screen ----------
interface Known {
  price: number;
  step: number;
}
function startBidding(base: string, tokens: string[], ids: number[], known: Map<number, Known>) {
  const call = createClient(base);
  let visible = ids;
  let stopped = false;
  let sent = 0;
  let accepted = 0;
  const loop = async () => {
    while (!stopped && bidsPerSecond > 0) {
      const t0 = Date.now();
      const id = visible[Math.floor(Math.random() * visible.length)]!;
      const k = known.get(id)!;
      const amount = Math.round((k.price + k.step) * 100) / 100;
      const token = tokens[sent % tokens.length]!;
      sent += 1;
      try {
        const res = await call(`/api/dscq-sync/v1/bidding/ongoing/bid?activityId=${id}&amount=${amount}&idempotencyKey=hb-${sent}-${t0}`, { authorization: `Bearer ${token}` });
        if (res.status === 200) {
          accepted += 1;
          known.set(id, { ...k, price: amount });
        }
      } catch {
        /* counted as not accepted */
      }
      await sleep(Math.max(0, 1000 / bidsPerSecond - (Date.now() - t0)));
    }
  };
  void loop();
  return {
    show(n: number) {
      visible = ids.slice(0, n);
    },
    stop() {
      stopped = true;
      return { sent, accepted };
    },
  };
}

// ---------- in-page probes (installed before any page script) ----------
interface Probe {
  mark(): number;
  read(since: number): { loaf: number; frames: number; gaps: number[] };
}
declare global {
  interface Window {
    __bench: Probe;
  }
}
// A string, not a function: tsx (esbuild keepNames) would wrap a function's inner functions in a
// `__name` helper that does not exist in the page.
const PROBE = `(() => {
  const loafStarts = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) loafStarts.push(e.startTime);
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {
    /* no LoAF in this browser: counts stay 0 */
  }
  let gaps = [];
  let frames = 0;
  let last = 0;
  const frame = (t) => {
    if (last > 0 && t - last > 25) gaps.push(t - last);
    last = t;
    frames += 1;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  window.__bench = {
    mark() { gaps = []; frames = 0; return performance.now(); },
    read(since) { return { loaf: loafStarts.filter((s) => s >= since).length, frames, gaps: gaps.slice() }; },
  };
})();`;

// ---------- one page's measurement ----------
interface Metrics {
  task: number;
  script: number;
  layout: number;
  style: number;
  heapMb: number;
  nodes: number;
}
async function metrics(cdp: CDPSession): Promise<Metrics> {
  const { metrics: list } = await cdp.send('Performance.getMetrics');
  const m = new Map(list.map((x) => [x.name, x.value]));
  return {
    task: m.get('TaskDuration') ?? 0,
    script: m.get('ScriptDuration') ?? 0,
    layout: m.get('LayoutDuration') ?? 0,
    style: m.get('RecalcStyleDuration') ?? 0,
    heapMb: (m.get('JSHeapUsedSize') ?? 0) / 2 ** 20,
    nodes: m.get('Nodes') ?? 0,
  };
}

interface Result {
  /** Main-thread ms per second, raw (idle not yet subtracted). */
  task: number;
  script: number;
  layout: number;
  style: number;
  loafPer10s: number;
  restGaps25: number;
  restGaps50: number;
  scrollGaps25: number;
  scrollGaps50: number;
  scrollMaxGap: number;
  scrollFrames: number;
  heapMb: number;
  nodes: number;
  rows: number;
  /** Names of the animations still running at the end. */
  animations: string[];
  slope?: { heapMbPerMin: number; nodesPerMin: number };
}

async function measure(browser: Browser, url: string, expectRows: boolean, long = false): Promise<Result> {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  try {
    await context.addInitScript({ content: PROBE });
    const page: Page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    if (throttle > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    await page.goto(url);
    if (expectRows) await page.locator('[data-testid="live-countdown"]').first().waitFor({ timeout: 120_000 });
    await sleep(WARM_UP_MS);

    const since = await page.evaluate(() => window.__bench.mark());
    const m0 = await metrics(cdp);
    const w0 = Date.now();
    await sleep(seconds * 1000);
    const m1 = await metrics(cdp);
    const elapsed = (Date.now() - w0) / 1000;
    const rest = await page.evaluate((s) => window.__bench.read(s), since);
    const perSecond = (a: number, b: number) => ((b - a) * 1000) / elapsed;

    // Wheel over the table: down for half the time, back up for the other half.
    await page.mouse.move(600, 600);
    await page.evaluate(() => window.__bench.mark());
    const s0 = Date.now();
    for (let k = 0; Date.now() - s0 < SCROLL_MS; k++) {
      await page.mouse.wheel(0, Date.now() - s0 < SCROLL_MS / 2 ? 120 : -120);
      await sleep(Math.max(0, s0 + (k + 1) * WHEEL_EVERY_MS - Date.now()));
    }
    const scroll = await page.evaluate(() => window.__bench.read(0));

    await cdp.send('HeapProfiler.collectGarbage');
    const end = await metrics(cdp);
    const rows = await page.locator('[data-testid="live-row"]').count();
    // Running CSS/Web animations keep the page producing frames (paint) even with no tick.
    const animations = await page.evaluate(() =>
      document.getAnimations().filter((a) => a.playState === 'running').map((a) => (a as CSSAnimation).animationName ?? a.constructor.name),
    );
    const result: Result = {
      task: perSecond(m0.task, m1.task),
      script: perSecond(m0.script, m1.script),
      layout: perSecond(m0.layout, m1.layout),
      style: perSecond(m0.style, m1.style),
      loafPer10s: (rest.loaf * 10) / elapsed,
      restGaps25: rest.gaps.length,
      restGaps50: rest.gaps.filter((g) => g > 50).length,
      scrollGaps25: scroll.gaps.length,
      scrollGaps50: scroll.gaps.filter((g) => g > 50).length,
      scrollMaxGap: Math.max(0, ...scroll.gaps),
      scrollFrames: scroll.frames,
      heapMb: end.heapMb,
      nodes: end.nodes,
      rows,
      animations,
    };
    if (long) {
      // The leak signal: heap and nodes after 1 min and after 10 min of ticking.
      const at = async (minutes: number) => {
        await sleep(Math.max(0, w0 + minutes * 60_000 - Date.now()));
        await cdp.send('HeapProfiler.collectGarbage');
        return metrics(cdp);
      };
      const one = await at(1);
      const ten = await at(10);
      result.slope = { heapMbPerMin: (ten.heapMb - one.heapMb) / 9, nodesPerMin: (ten.nodes - one.nodes) / 9 };
    }
    return result;
  } finally {
    await context.close();
  }
}

// ---------- the run ----------
const KINDS = ['ours', 'vanilla', 'timer', 'table'] as const;
type Kind = (typeof KINDS)[number];
const LABEL: Record<Kind, string> = { ours: 'ours', vanilla: 'vanilla', timer: 'antd timer', table: 'antd table' };

async function main() {
  build(['--outDir', APP_DIST, '--emptyOutDir', '--logLevel', 'warn'], APP_DIST);
  build(['-c', 'e2e/bench/vite.config.ts'], BASELINES_DIST);

  const dataDir = mkdtempSync(path.join(tmpdir(), 'hbcq-bench-hall-'));
  let server: ChildProcess | null = null;
  let baselines: Awaited<ReturnType<typeof serveStatic>> | null = null;
  let browser: Browser | null = null;
  let bidding: ReturnType<typeof startBidding> | null = null;
  try {
    log(`seeding ${maxN} live lots…`);
    const handle = openDatabase({ sqliteFile: path.join(dataDir, 'portal.sqlite') });
    await prepareDatabase(handle, { seed: false, now: Date.now() });
    const seeded = await seedLoad(handle.db, {
      lots: maxN,
      bidders: 10,
      now: Date.now(),
      // Every lot ends well after the run (and the 10-minute --long run).
      minEndMs: 2 * 3600_000,
      maxEndMs: 3 * 3600_000,
      dataDir,
      runId: Date.now().toString(36),
    });
    await handle.close();

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = spawnServer(port, dataDir, { PORTAL_STATIC_DIR: APP_DIST });
    await waitForServer(base, server);
    baselines = await serveStatic(BASELINES_DIST);

    // The hall's own order, so the bids land on the first N rows (the ones the page shows).
    const call = createClient(base);
    const hall = JSON.parse((await call(`/api/dscq-sync/v1/bid-assets/hall/page?size=${maxN}&current=1`)).body).data as {
      records: Array<{ activityId: number }>;
    };
    const ids = hall.records.map((r) => r.activityId);
    const known = new Map<number, Known>();
    for (const id of ids) {
      const d = JSON.parse((await call(`/api/dscq-sync/v1/bid-assets/bidding-data?activityId=${id}`)).body).data as { increment: number; startPrice: number };
      known.set(id, { price: d.startPrice - d.increment, step: d.increment });
    }
    if (ids.length < maxN) throw new Error(`hall/page answered ${ids.length} rows, expected ${maxN} (seeded ${seeded.activityIds.length})`);
    bidding = startBidding(base, seeded.tokens, ids, known);

    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    const url = (kind: Kind, n: number) =>
      kind === 'ours' ? `${base}/#/hall?size=${n}` : `${baselines!.url}/index.html?mode=${kind}&n=${n}&bids=${bidsPerSecond}`;

    log(`idle page (baseline, N = 0)…`);
    const idleRuns = [await measure(browser, `${baselines.url}/index.html?mode=vanilla&n=0`, false)];
    const results = new Map<number, Record<Kind, Result>>();
    for (const n of sizes) {
      bidding.show(n);
      const row = {} as Record<Kind, Result>;
      for (const kind of KINDS) {
        log(`N = ${n}: ${LABEL[kind]}…`);
        row[kind] = await measure(browser, url(kind, n), true, values.long && kind === 'ours');
      }
      results.set(n, row);
    }
    idleRuns.push(await measure(browser, `${baselines.url}/index.html?mode=vanilla&n=0`, false));
    const bids = bidding.stop();
    bidding = null;

    // The idle page's cost, averaged over the start and end of the run.
    const idle = {
      task: (idleRuns[0]!.task + idleRuns[1]!.task) / 2,
      script: (idleRuns[0]!.script + idleRuns[1]!.script) / 2,
      layout: (idleRuns[0]!.layout + idleRuns[1]!.layout) / 2,
      style: (idleRuns[0]!.style + idleRuns[1]!.style) / 2,
    };
    report(results, idle, idleRuns, bids);
  } finally {
    bidding?.stop();
    await browser?.close();
    await baselines?.close();
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server!.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function animationSummary(names: string[]): string {
  if (names.length === 0) return '0';
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  return `${names.length} (${[...counts].map(([name, c]) => `${name || '?'}×${c}`).join(', ')})`;
}

function report(results: Map<number, Record<Kind, Result>>, idle: { task: number; script: number; layout: number; style: number }, idleRuns: Result[], bids: { sent: number; accepted: number }) {
  const f = (v: number, d = 1) => v.toFixed(d);
  const net = (r: Result) => Math.max(0, r.task - idle.task);
  // A floor for ratios: below ~0.5 ms/s the idle subtraction is noise.
  const ratio = (a: number, b: number) => a / Math.max(0.5, b);
  const cpu = throttle > 1 ? `${throttle}× CPU slowdown` : '1× CPU';

  console.log(`\n## bench:hall — ${cpu}, ${seconds} s windows, ${bidsPerSecond} bids/s (${bids.accepted}/${bids.sent} accepted)\n`);
  console.log(`Idle page (subtracted): ${f(idle.task)} ms/s main thread (runs: ${idleRuns.map((r) => f(r.task)).join(', ')}).\n`);
  console.log('Main-thread ms/s (TaskDuration − idle) · LoAF per 10 s · max frame gap while wheel-scrolling (ms)\n');
  console.log('| N | ours | vanilla | antd timer | antd table | ours/vanilla | LoAF/10 s (ours · van · timer · table) | max scroll gap ms (ours · van · timer · table) |');
  console.log('|---:|---:|---:|---:|---:|---:|:---|:---|');
  for (const [n, r] of results) {
    console.log(
      `| ${n} | ${f(net(r.ours))} | ${f(net(r.vanilla))} | ${f(net(r.timer))} | ${f(net(r.table))} | ${f(ratio(net(r.ours), net(r.vanilla)), 2)}× | ` +
        `${KINDS.map((k) => f(r[k].loafPer10s)).join(' · ')} | ${KINDS.map((k) => f(r[k].scrollMaxGap, 0)).join(' · ')} |`,
    );
  }

  console.log('\nDetail (raw, idle not subtracted): script / layout / style ms/s; frame gaps >25/>50 ms at rest and scrolling; heap MB; DOM nodes; rows in the DOM; animations running at the end\n');
  console.log('| N | page | task | script | layout | style | rest >25 / >50 | scroll >25 / >50 (frames) | heap MB | nodes | rows | animations |');
  console.log('|---:|:---|---:|---:|---:|---:|---:|---:|---:|---:|---:|:---|');
  for (const [n, r] of results) {
    for (const k of KINDS) {
      const x = r[k];
      console.log(
        `| ${n} | ${LABEL[k]} | ${f(x.task)} | ${f(x.script)} | ${f(x.layout)} | ${f(x.style)} | ${x.restGaps25} / ${x.restGaps50} | ${x.scrollGaps25} / ${x.scrollGaps50} (${x.scrollFrames}) | ${f(x.heapMb)} | ${x.nodes} | ${x.rows} | ${animationSummary(x.animations)} |`,
      );
    }
  }
  const slopes = [...results].filter(([, r]) => r.ours.slope);
  if (slopes.length > 0) {
    console.log('\nLeak slope of ours, 1 → 10 min: ' + slopes.map(([n, r]) => `N = ${n}: ${f(r.ours.slope!.heapMbPerMin, 2)} MB/min, ${f(r.ours.slope!.nodesPerMin, 0)} nodes/min`).join('; '));
  }

  console.log('\nTargets (ratios matter: the machine is shared and noisy)');
  const within = [...results].map(([n, r]) => `N = ${n}: ${f(ratio(net(r.ours), net(r.vanilla)), 2)}×`);
  const twice = [...results].every(([, r]) => net(r.ours) <= 2 * Math.max(0.5, net(r.vanilla)));
  console.log(`- ours within 2× of vanilla at every N: ${twice ? 'met' : 'MISSED'} (${within.join(', ')})`);
  if (throttle > 1) console.log('- no LoAF at N ≤ 1000 at 1× CPU: not judged (this run is throttled)');
  else {
    const small = [...results].filter(([n]) => n <= 1000);
    const ok = small.every(([, r]) => r.ours.loafPer10s === 0);
    console.log(`- no LoAF at N ≤ 1000 at 1× CPU: ${small.length === 0 ? 'not measured' : ok ? 'met' : 'MISSED'} (${small.map(([n, r]) => `N = ${n}: ${f(r.ours.loafPer10s)}`).join(', ')})`);
  }
  const big = results.get(2000);
  console.log(
    `- no frame gap over 50 ms while scrolling at N = 2000: ${big ? (big.ours.scrollGaps50 === 0 ? 'met' : 'MISSED') : 'not measured'}${big ? ` (max ${f(big.ours.scrollMaxGap, 0)} ms, ${big.ours.scrollGaps50} gaps > 50 ms)` : ''}`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
