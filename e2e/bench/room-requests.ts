/**
 * `npm run bench:room-requests`: how many HTTP requests each logged-in watcher's bidding room makes per
 * bid placed by someone else, in a sealed-mode lot (onceOff by default: every bid changes the bid count
 * while amounts stay hidden, the case where a room asked for the bidder's own fields again per bid).
 *
 * The real server (server/main.ts, serving the built app: `npm run build` first) on a fresh SQLite
 * database seeded with load lots and bidders (server/loadtest/seed.ts); one lot turned into the mode
 * asked. K Chromium pages, each logged in through the login page as a different bidder, open the room;
 * after a settle time, M bids from M other bidders go over HTTP (one offer each: sealed offers are one
 * per bidder), `--interval` ms apart; each page's requests to /api/ (Playwright `request` events) are
 * counted from the first bid until `--tail` ms after the last, the push stream itself left out (one
 * long-lived request, not a per-bid cost). Prints per page and per path, and requests per bid per watcher.
 *
 *   npm run bench:room-requests -- [--watchers 4] [--bids 10] [--interval 1500] [--tail 3000] [--mode onceOff]
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Page } from '@playwright/test';
import { openDatabase } from '../../server/db/connection.ts';
import { createClient, freePort, spawnServer, waitForServer } from '../../server/loadtest/run.ts';
import { LOAD_PASSWORD, seedLoad } from '../../server/loadtest/seed.ts';
import { prepareDatabase } from '../../server/seed/prepare.ts';
import { stopServer } from '../../server/bench/process-tree.ts';
import { launchBenchBrowser, logIntoRoom, newBenchContext } from './push-room.ts';

const CAPTCHA = 'rr42';
const here = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(here), '../..');

const { values: args } = parseArgs({
  options: {
    watchers: { type: 'string', default: '4' },
    bids: { type: 'string', default: '10' },
    interval: { type: 'string', default: '1500' },
    tail: { type: 'string', default: '3000' },
    mode: { type: 'string', default: 'onceOff' },
  },
});
const K = Number(args.watchers);
const M = Number(args.bids);
const intervalMs = Number(args.interval);
const tailMs = Number(args.tail);
const mode = args.mode;

/** Settings that open each sealed mode's interesting phase at once (the cap far above the start). */
function settingsOf(m: string, endAt: number): string {
  if (m === 'two-stage') return JSON.stringify({ twoStage: { stage1EndAt: endAt, joinWindowMs: 5 * 60_000, cycleMs: 5 * 60_000 } });
  if (m === 'final') return JSON.stringify({ final: { windowMs: 5 * 60_000 } });
  return '{}';
}

async function login(page: Page, activityId: number, loginName: string) {
  await logIntoRoom(page, { activityId, loginName, password: LOAD_PASSWORD, captcha: CAPTCHA });
  await page.getByTestId('room-my-code').waitFor({ timeout: 60_000 });
  await page.waitForFunction(() => document.querySelector('[data-testid="room-link"]')?.textContent === '实时推送', undefined, { timeout: 60_000 });
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hbcq-bench-room-'));
  const handle = openDatabase({ sqliteFile: path.join(dataDir, 'portal.sqlite'), poolMax: 4 });
  let server: ChildProcess | null = null;
  const browser = await launchBenchBrowser();
  try {
    await prepareDatabase(handle, { seed: false, now: Date.now() });
    const runId = Date.now().toString(36);
    const now = Date.now();
    const seeded = await seedLoad(handle.db, { lots: 1, bidders: K + M, now, minEndMs: 3_600_000, maxEndMs: 3_600_001, dataDir, runId });
    const lot = seeded.activityIds[0]!;
    const row = await handle.db.selectFrom('bid_activity').select(['end_at', 'start_price_fen', 'increment_fen']).where('id', '=', lot).executeTakeFirstOrThrow();
    await handle.db
      .updateTable('bid_activity')
      .set({ mode, settings: settingsOf(mode, row.end_at), ...(mode === 'final' ? { cap_fen: row.start_price_fen * 100 } : {}) })
      .where('id', '=', lot)
      .execute();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = spawnServer(port, dataDir, { NODE_ENV: 'test', PORTAL_FIXED_CAPTCHA: CAPTCHA, PORTAL_STATIC_DIR: path.join(root, 'dist') });
    await waitForServer(base, server);

    const counts: Array<Map<string, number>> = [];
    let counting = false;
    for (let i = 0; i < K; i++) {
      const context = await newBenchContext(browser, base);
      const page = await context.newPage();
      const count = new Map<string, number>();
      counts.push(count);
      // Requests of the page and of its worker (Playwright reports a dedicated worker's fetches on the page).
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (!counting || !url.pathname.startsWith('/api/') || url.pathname.endsWith('/live/events')) return;
        count.set(url.pathname, (count.get(url.pathname) ?? 0) + 1);
      });
      await login(page, lot, `load${runId}b${String(i + 1).padStart(4, '0')}`);
      console.log(`观察者 ${i + 1} 已进入竞价室（标的 ${lot}，${mode}）`);
    }
    await sleep(2_000);
    const call = createClient(base);
    counting = true;
    for (let b = 0; b < M; b++) {
      const amount = ((row.start_price_fen + b * row.increment_fen) / 100).toFixed(2);
      const token = seeded.tokens[K + b]!;
      const res = await call(`/api/dscq-sync/v1/bidding/${mode}/bid?activityId=${lot}&amount=${amount}&idempotencyKey=rr-${b}-${runId}`, { authorization: `Bearer ${token}` });
      const body = JSON.parse(res.body) as { code: number; msg: string };
      if (body.code !== 200) throw new Error(`bid refused: ${res.status} ${res.body}`);
      await sleep(intervalMs);
    }
    await sleep(tailMs);
    counting = false;
    const total = counts.reduce((sum, c) => sum + [...c.values()].reduce((a, n) => a + n, 0), 0);
    counts.forEach((c, i) => console.log(`  观察者 ${i + 1}：${[...c].map(([p, n]) => `${p} × ${n}`).join('，') || '无请求'}`));
    console.log(`${mode}：${K} 个已登录观察者，${M} 次他人出价，共 ${total} 个请求 → 每次出价每个观察者 ${(total / (K * M)).toFixed(2)} 个请求`);
  } finally {
    await browser.close();
    await stopServer(server);
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
