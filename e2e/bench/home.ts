/**
 * `npm run bench:home -- [--runs 3] [--reuse-build]`
 *
 * What a first visit to the home page costs (the targets: ≤ 500 kB transferred, first contentful
 * paint ≤ 2.5 s on emulated Fast 3G). NOT a test: it prints figures, and exits 1 when a target is missed.
 * The production build (`npm run build`, unless --reuse-build finds dist/) is served by the real server
 * (NODE_ENV=production, demo seed on a fresh database), and each run opens `/` in a fresh Chromium context
 * (empty cache) over loopback, then over DevTools' Fast 3G preset (562.5 ms latency, 1.44 Mbit/s down,
 * 675 kbit/s up — the values Chrome's throttling menu uses). Per run: bytes on the wire (the sum of every
 * response's encodedDataLength: headers and compressed bodies), requests, FCP and the load event; the table
 * prints the median of runs and the spread.
 */
import { parseArgs } from 'node:util';
import { chromium, type Browser } from '@playwright/test';
import { withDemoServer } from './demoServer.ts';
const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, 'reuse-build': { type: 'boolean', default: false } } });
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs: a whole number ≥ 1');

const TARGET_BYTES = 500 * 1024;
const TARGET_FCP_MS = 2500;
/** Chrome DevTools' "Fast 3G" preset (bytes per second, ms). */
const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: (1.44 * 1024 * 1024 * 0.9) / 8, uploadThroughput: (675 * 1024 * 0.9) / 8 };

interface Visit {
  bytes: number;
  requests: number;
  fcpMs: number;
  loadMs: number;
}

async function visit(browser: Browser, url: string, throttled: boolean): Promise<Visit> {
  // No service worker: once it controls the page (it may, before the page's last chunks load, on a slow
  // network) it fetches them itself, and the page's network log shows them as 0 bytes (the sum read 516 kB
  // where the page took 578 kB).
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (throttled) await cdp.send('Network.emulateNetworkConditions', FAST_3G);
    let bytes = 0;
    let requests = 0;
    cdp.on('Network.loadingFinished', (e: { encodedDataLength: number }) => {
      bytes += e.encodedDataLength;
      requests += 1;
    });
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    // What the page fetches right after load (its first API answers) belongs to the first visit too.
    await page.waitForLoadState('networkidle', { timeout: 120_000 }).catch(() => undefined);
    const timing = await page.evaluate(() => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      return { fcp, load: nav ? nav.loadEventEnd : NaN };
    });
    return { bytes, requests, fcpMs: timing.fcp, loadMs: timing.load };
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const spread = (xs: number[], f: (v: number) => string) => (xs.length === 1 ? f(xs[0]!) : `${f(median(xs))} (${f(Math.min(...xs))}–${f(Math.max(...xs))})`);
const kb = (v: number) => `${(v / 1024).toFixed(0)} kB`;
const ms = (v: number) => `${v.toFixed(0)} ms`;

async function main() {
  await withDemoServer('home', values['reuse-build'], async (base) => {
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
    });
    try {
      await visit(browser, `${base}/`, false); // warms the server's caches, not counted
      const results: Record<'loopback' | 'fast3g', Visit[]> = { loopback: [], fast3g: [] };
      for (let i = 0; i < runs; i++) {
        for (const kind of ['loopback', 'fast3g'] as const) {
          const v = await visit(browser, `${base}/`, kind === 'fast3g');
          results[kind].push(v);
          console.error(`run ${i + 1}/${runs} ${kind}: ${kb(v.bytes)} in ${v.requests} requests, FCP ${ms(v.fcpMs)}, load ${ms(v.loadMs)}`);
        }
      }
      console.log(`\n## bench:home — first visit to / (empty cache), production build, ${runs} run(s), medians (min–max)\n`);
      console.log('| network | transferred | requests | first contentful paint | load event |');
      console.log('|---|---:|---:|---:|---:|');
      for (const [kind, label] of [['loopback', 'loopback'], ['fast3g', 'Fast 3G (562.5 ms, 1.44 Mbit/s)']] as const) {
        const list = results[kind];
        console.log(
          `| ${label} | ${spread(list.map((v) => v.bytes), kb)} | ${spread(list.map((v) => v.requests), (v) => v.toFixed(0))} | ${spread(list.map((v) => v.fcpMs), ms)} | ${spread(list.map((v) => v.loadMs), ms)} |`,
        );
      }
      const bytes = median(results.fast3g.map((v) => v.bytes));
      const fcp = median(results.fast3g.map((v) => v.fcpMs));
      const bytesMet = bytes <= TARGET_BYTES;
      const fcpMet = fcp <= TARGET_FCP_MS;
      console.log(`\nTargets: transferred ≤ ${kb(TARGET_BYTES)}: ${kb(bytes)} → ${bytesMet ? 'met' : 'NOT met'}; FCP on Fast 3G ≤ ${ms(TARGET_FCP_MS)}: ${ms(fcp)} → ${fcpMet ? 'met' : 'NOT met'}`);
      if (!bytesMet || !fcpMet) process.exitCode = 1;
    } finally {
      await browser.close();
    }
  });
}

void main();
