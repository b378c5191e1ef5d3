/**
 * bench:push's real room: the built app's bidding room in Debian's Chromium, logged in through the login
 * page, whose push stream can be refused (the room then says 每秒刷新 and polls once a second) to compare
 * push with polling on the same page. `lags` gives, per acknowledged bid on the room's lot, how long after
 * the acknowledgement the page showed its bid count (a MutationObserver; the page's and the bench's
 * clocks are both the machine's wall clock).
 */
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';

export interface BenchRoom {
  /** Allow (true) or refuse (false) the page's push stream; reloads the page and waits until it says so. */
  setPush(on: boolean): Promise<void>;
  /** Starts recording when each bid count first shows. */
  arm(): Promise<void>;
  /** Page lag (ms) per acknowledged bid of the room's lot (`activityId:seq` → ack time), sorted; missing ones left out. */
  lags(acks: Array<[string, number]>): Promise<number[]>;
  close(): Promise<void>;
}

declare global {
  interface Window {
    __countSeenAt?: Record<number, number>;
  }
}

export async function openBenchRoom(o: { base: string; activityId: number; loginName: string; password: string; captcha: string }): Promise<BenchRoom> {
  const browser = await launchBenchBrowser();
  let refuse = false;
  let push = true;
  const context = await newBenchContext(browser, o.base);
  await context.route('**/api/dscq-sync/v1/live/events**', (route) => (refuse ? route.abort('connectionrefused') : route.fallback()));
  const page: Page = await context.newPage();
  await logIntoRoom(page, o);
  const waitForLink = (text: string) => page.waitForFunction((t) => document.querySelector('[data-testid="room-link"]')?.textContent === t, text, { timeout: 60_000 });
  await waitForLink('实时推送');

  return {
    async setPush(on) {
      if (on === push) return;
      push = on;
      refuse = !on;
      await page.reload();
      await waitForLink(on ? '实时推送' : '每秒刷新');
      await page.getByTestId('room-bid-count').waitFor();
    },
    async arm() {
      await page.evaluate(() => {
        const countNow = () => Number(/\d+/.exec(document.querySelector('[data-testid="room-bid-count"]')?.textContent ?? '')?.[0] ?? NaN);
        const seen: Record<number, number> = {};
        window.__countSeenAt = seen;
        let last = countNow();
        new MutationObserver(() => {
          const count = countNow();
          if (!(count > last)) return;
          const at = performance.timeOrigin + performance.now();
          for (let c = last + 1; c <= count; c++) seen[c] = at;
          last = count;
        }).observe(document.body, { subtree: true, childList: true, characterData: true });
      });
    },
    async lags(acks) {
      const wanted = acks.map(([key, ackAt]) => [Number(key.split(':')[1]), ackAt] as const);
      const deadline = Date.now() + 5_000;
      let seen: Record<number, number> = {};
      for (;;) {
        seen = await page.evaluate(() => ({ ...(window.__countSeenAt ?? {}) }));
        if (wanted.every(([count]) => seen[count] !== undefined) || Date.now() > deadline) break;
        await page.waitForTimeout(100);
      }
      return wanted.flatMap(([count, ackAt]) => (seen[count] === undefined ? [] : [seen[count]! - ackAt])).sort((a, b) => a - b);
    },
    async close() {
      await context.close();
      await browser.close();
    },
  };
}

/** Debian's Chromium with the flags this machine needs (no background networking, no sandbox as root). */
export function launchBenchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** A 1280 px, China-time context on the bench's server. */
export async function newBenchContext(browser: Browser, base: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  // tsx (esbuild keepNames) wraps named functions in the evaluated code with `__name`: define it in the page.
  await context.addInitScript('globalThis.__name = (fn) => fn;');
  return context;
}

/** Opens the room of `activityId`, logs in through the login page it redirects to, and waits to be back in the room. */
export async function logIntoRoom(page: Page, o: { activityId: number; loginName: string; password: string; captcha: string }): Promise<void> {
  await page.goto(`/#/quoteHall?activityId=${o.activityId}`);
  await page.waitForURL(/#\/login\?redirect=/);
  const form = page.getByRole('form', { name: '账号登录' });
  await form.getByAltText('图片验证码').waitFor();
  await form.getByPlaceholder('请输入用户名').fill(o.loginName);
  await form.getByPlaceholder('请输入密码').fill(o.password);
  await form.getByPlaceholder('请输入图片验证码').fill(o.captcha);
  await form.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL(new RegExp(`#/quoteHall\\?activityId=${o.activityId}$`));
}
