/**
 * Issue 14, reach: the hall and the bidding room on a 390 × 844 phone (a bidder logs in, opens the hall,
 * enters a room from his row and bids), the other pages staying the scaled 1200 px layout, and the pages'
 * accessibility checks that run without axe-core (not in node_modules; see the README): one h1, no focusable
 * element under aria-hidden, countdowns that are timers never read out, and text contrast ≥ 4.5:1
 * (3:1 for large text) computed from the rendered colours. Screenshots at 390 and 1280 px.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { BiddingEntry } from '../src/domain/hall';
import { E2E_CAPTCHA } from './playwright.config';
import { bidNext, liveHall } from './room';

const screenshotDir = new URL('./screenshots', import.meta.url).pathname;
const DEMO_PASSWORD = 'Demo@2026';
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

async function logInAs(page: Page, loginName: string, target: string) {
  await page.goto(`/#/login?redirect=${encodeURIComponent(target)}`);
  const form = page.getByRole('form', { name: '账号登录' });
  await expect(form.getByAltText('图片验证码')).toBeVisible();
  await form.getByPlaceholder('请输入用户名').fill(loginName);
  await form.getByPlaceholder('请输入密码').fill(DEMO_PASSWORD);
  await form.getByPlaceholder('请输入图片验证码').fill(E2E_CAPTCHA);
  await form.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(new RegExp(`#${target.replace(/[?]/g, '\\?')}$`));
}

async function phonePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext(PHONE);
  return context.newPage();
}

/** The page's layout width (CSS px) and whether anything sticks out sideways. */
const layout = (page: Page) =>
  page.evaluate(() => ({
    viewport: document.querySelector('meta[name="viewport"]')?.getAttribute('content'),
    width: window.innerWidth,
    scrollWidth: document.documentElement.scrollWidth,
  }));

/** A live ongoing lot with time to spare (its price is public, a bid does not extend it). */
async function openLots(request: Parameters<typeof liveHall>[0]): Promise<BiddingEntry[]> {
  const hall = await liveHall(request);
  const rows = hall.records.filter((r: BiddingEntry) => r.mode === 'ongoing' && r.endTime - hall.serverTime > 30 * 60_000);
  expect(rows.length, 'a live ongoing demo lot with 30 minutes left').toBeGreaterThan(0);
  return rows.reverse();
}

async function openLot(request: Parameters<typeof liveHall>[0]): Promise<BiddingEntry> {
  return (await openLots(request))[0]!;
}

test.describe('on a phone (390 × 844)', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a bidder opens the hall, enters a room from his row and bids', async ({ browser, request }) => {
    const lots = await openLots(request);
    const page = await phonePage(browser);
    await logInAs(page, 'bidder04', '/hall');

    // The hall lays out at the phone's width: nothing sticks out of the page, the table scrolls in its box.
    await expect(page.getByRole('heading', { name: '竞价大厅', level: 1 })).toBeVisible();
    expect(await layout(page)).toEqual({ viewport: 'width=device-width, initial-scale=1', width: 390, scrollWidth: 390 });
    // A lot he does not lead already (the seeded history may have him ahead on some): his row says so.
    const rowOf = (activityId: number) => page.locator(`[data-testid="live-row"][data-activity-id="${activityId}"]`);
    await expect(rowOf(lots[0]!.activityId).getByTestId('my-standing')).toBeVisible();
    await page.screenshot({ path: `${screenshotDir}/reach-hall-390.png`, fullPage: false });
    let lot: BiddingEntry | undefined;
    for (const candidate of lots) {
      if ((await rowOf(candidate.activityId).getByTestId('my-standing').textContent()) !== '领先') {
        lot = candidate;
        break;
      }
    }
    expect(lot, 'a lot bidder04 does not lead').toBeDefined();
    const row = rowOf(lot!.activityId);
    await row.scrollIntoViewIfNeeded();
    await expect(row.getByRole('link', { name: lot!.assetsName, exact: true })).toBeVisible();
    // The name cell and the countdown are on screen without scrolling sideways.
    const name = await row.locator('td').first().boundingBox();
    const countdown = await row.getByTestId('live-countdown').boundingBox();
    expect(name!.x).toBeGreaterThanOrEqual(0);
    expect(countdown!.x + countdown!.width).toBeLessThanOrEqual(390);

    await row.getByRole('link', { name: `进入竞价室：${lot!.assetsName}` }).click();
    await expect(page).toHaveURL(new RegExp(`#/quoteHall\\?activityId=${lot!.activityId}$`));
    await expect(page.getByTestId('room-my-code')).toHaveText(/^\d{6}$/);
    expect(await layout(page)).toEqual({ viewport: 'width=device-width, initial-scale=1', width: 390, scrollWidth: 390 });
    // The price comes first, then the countdown, then the bid form, all the phone's width.
    const price = (await page.getByTestId('room-price').boundingBox())!;
    const timer = (await page.getByRole('timer').first().boundingBox())!;
    const form = (await page.getByRole('form', { name: '出价' }).boundingBox())!;
    expect(price.y).toBeLessThan(timer.y);
    expect(timer.y).toBeLessThan(form.y);
    expect(form.x + form.width).toBeLessThanOrEqual(390);

    await expect(page.getByTestId('price-chart').or(page.getByText('暂无出价，出价后在此显示价格走势。'))).toBeVisible();
    const pointsBefore = await page.getByTestId('price-chart-point').count();
    await bidNext(page);
    await expect(page.getByTestId('room-my-standing')).toHaveText('领先');
    // The price chart takes the new bid.
    await expect(page.getByTestId('price-chart-point')).toHaveCount(Math.min(pointsBefore + 1, 20));
    await page.screenshot({ path: `${screenshotDir}/reach-room-390.png`, fullPage: true });
    await page.context().close();
  });

  test('other pages keep the 1200 px layout, scaled to the phone', async ({ browser, request }) => {
    const lot = await openLot(request);
    const page = await phonePage(browser);
    await page.goto(`/#/projectDetail/${lot.assetsId}.html`);
    await expect(page.locator('.detail-head').getByRole('heading', { level: 1 })).toBeVisible();
    const desktop = await layout(page);
    expect(desktop.viewport).toBe('width=1200');
    expect(desktop.width).toBe(1200);
    await page.screenshot({ path: `${screenshotDir}/reach-detail-390.png`, fullPage: false });
    // Back to the hall: fluid again.
    await page.goto('/#/hall');
    await expect(page.getByRole('heading', { name: '竞价大厅', level: 1 })).toBeVisible();
    expect((await layout(page)).width).toBe(390);
    await page.context().close();
  });
});

interface Finding {
  rule: string;
  where: string;
  detail: string;
}

/**
 * The page's checks, run in the page: one h1; nothing focusable under aria-hidden (unless inert);
 * every role=timer with aria-live off and at most one polite/assertive region outside antd's own;
 * text contrast from the computed colours (text over an image or a gradient is skipped).
 */
function pageChecks(): Finding[] {
  const findings: Finding[] = [];
  const where = (element: Element) => {
    const cls = typeof element.className === 'string' && element.className ? `.${element.className.trim().split(/\s+/).join('.')}` : '';
    return `${element.tagName.toLowerCase()}${cls} "${(element.textContent ?? '').trim().slice(0, 30)}"`;
  };
  const h1s = [...document.querySelectorAll('h1')];
  if (h1s.length !== 1) findings.push({ rule: 'one-h1', where: 'page', detail: `${h1s.length} h1: ${h1s.map(where).join(', ')}` });

  const focusable = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';
  for (const hidden of document.querySelectorAll('[aria-hidden="true"]')) {
    if ((hidden as HTMLElement).closest('[inert]')) continue;
    for (const element of hidden.querySelectorAll(focusable)) {
      if ((element as HTMLElement).tabIndex < 0 || (element as HTMLElement).closest('[inert]')) continue;
      findings.push({ rule: 'aria-hidden-focus', where: where(element), detail: 'focusable under aria-hidden' });
    }
  }
  for (const timer of document.querySelectorAll('[role="timer"]')) {
    if (timer.getAttribute('aria-live') !== 'off') findings.push({ rule: 'timer-live', where: where(timer), detail: `aria-live=${timer.getAttribute('aria-live')}` });
    if (timer.closest('[aria-live="polite"], [aria-live="assertive"]')) findings.push({ rule: 'timer-live', where: where(timer), detail: 'inside a live region' });
  }

  const parse = (colour: string): [number, number, number, number] | null => {
    const m = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)/.exec(colour);
    return m ? [Number(m[1]), Number(m[2]), Number(m[3]), m[4] === undefined ? 1 : Number(m[4])] : null;
  };
  const luminance = ([r, g, b]: number[]) => {
    const lin = (c: number) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
  };
  const blend = (top: number[], bottom: number[]) => [0, 1, 2].map((i) => top[i]! * top[3]! + bottom[i]! * (1 - top[3]!));
  /** The opaque background behind an element, or null when an image or gradient is in the way. */
  const backgroundOf = (element: Element): number[] | null => {
    const layers: number[][] = [];
    for (let node: Element | null = element; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.backgroundImage !== 'none') return null;
      const colour = parse(style.backgroundColor);
      if (colour && colour[3] > 0) {
        layers.push(colour);
        if (colour[3] >= 1) break;
      }
    }
    let result = [255, 255, 255];
    for (const layer of layers.reverse()) result = blend(layer, result);
    return result;
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const seen = new Set<Element>();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const element = node.parentElement;
    if (!element || seen.has(element) || !(node.textContent ?? '').trim()) continue;
    seen.add(element);
    if (element.closest('[aria-hidden="true"], [inert], .visually-hidden, .room-sr-only, button[disabled], .ant-btn-disabled, [aria-disabled="true"], .ant-pagination-disabled, .ant-tooltip, .ant-popover, noscript, script, style')) continue;
    const rect = element.getBoundingClientRect();
    if (rect.width < 1 || rect.height < 1) continue;
    const style = getComputedStyle(element);
    if (style.visibility === 'hidden' || Number(style.opacity) < 0.1) continue;
    const fg = parse(style.color);
    const bg = backgroundOf(element);
    // Text drawn invisible on purpose (a carousel's dot buttons carry their number at size 0, transparent).
    if (!fg || !bg || fg[3] === 0 || parseFloat(style.fontSize) === 0) continue;
    let opacity = 1;
    for (let up: Element | null = element; up; up = up.parentElement) opacity *= Number(getComputedStyle(up).opacity);
    const text = blend([fg[0], fg[1], fg[2], fg[3] * opacity], bg);
    const [a, b] = [luminance(text), luminance(bg)];
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    const needed = large ? 3 : 4.5;
    if (ratio < needed - 0.005) findings.push({ rule: 'color-contrast', where: where(element), detail: `${ratio.toFixed(2)}:1 < ${needed}:1 (${style.color} on rgb(${bg.map(Math.round).join(',')}))` });
  }
  return findings;
}

test.describe('accessibility of the main pages (without axe-core)', () => {
  test.describe.configure({ timeout: 120_000 });

  test('home, /hall, /project, /login, a detail page and the room: one h1, no hidden focus, quiet timers, readable contrast', async ({ page, request }) => {
    const lot = await openLot(request);
    const pages: [string, string, () => Promise<void>][] = [
      ['home', '/#/index', () => expect(page.getByTestId('banner-slide').first()).toBeAttached()],
      ['hall', '/#/hall', () => expect(page.getByTestId('live-row').first()).toBeVisible()],
      ['project', '/#/project', () => expect(page.getByTestId('project-card').first()).toBeVisible()],
      ['login', '/#/login', () => expect(page.getByRole('form', { name: '账号登录' })).toBeVisible()],
      ['detail', `/#/projectDetail/${lot.assetsId}.html`, () => expect(page.locator('.detail-head')).toBeVisible()],
    ];
    const found: Record<string, Finding[]> = {};
    for (const [name, url, ready] of pages) {
      await page.goto(url);
      await ready();
      // Let the live values and the images settle (one worker tick).
      await page.waitForTimeout(1_200);
      found[name] = await page.evaluate(pageChecks);
    }
    await logInAs(page, 'bidder05', `/quoteHall?activityId=${lot.activityId}`);
    await expect(page.getByTestId('room-my-code')).toHaveText(/^\d{6}$/);
    await page.waitForTimeout(1_200);
    found.room = await page.evaluate(pageChecks);
    // The room's countdown is a timer, quiet; its one polite region is the announcer.
    await expect(page.getByRole('timer').first()).toHaveAttribute('aria-live', 'off');
    await expect(page.getByTestId('room-announcer')).toHaveAttribute('aria-live', 'polite');
    expect(found).toEqual({ home: [], hall: [], project: [], login: [], detail: [], room: [] });
  });
});

test.describe('add to calendar', () => {
  test("the detail page's 加入日历 downloads an .ics of the bidding's China-time start and end", async ({ page, request }) => {
    const lot = await openLot(request);
    await page.goto(`/#/projectDetail/${lot.assetsId}.html`);
    const times = (await page.getByTestId('activity-times').textContent())!;
    const [startText, endText] = [...times.matchAll(/(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})/g)].map((m) => `${m[1]}${m[2]}${m[3]}T${m[4]}${m[5]}`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('add-to-calendar').click()]);
    expect(download.suggestedFilename()).toMatch(/\.ics$/);
    const ics = (await readFile((await download.path())!)).toString('utf8').replace(/\r\n /g, '');
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics).toMatch(new RegExp(`\r\nDTSTART;TZID=Asia/Shanghai:${startText}\\d{2}\r\n`));
    expect(ics).toMatch(new RegExp(`\r\nDTEND;TZID=Asia/Shanghai:${endText}\\d{2}\r\n`));
    expect(ics).toContain('TZOFFSETTO:+0800');
    expect(ics).toContain(`SUMMARY:网络竞价：${lot.assetsName}`);
  });
});

test.describe('screenshots', () => {
  test('hall, room and detail at 1280 px', async ({ page, request }) => {
    const lot = await openLot(request);
    await page.setViewportSize({ width: 1280, height: 900 });
    await logInAs(page, 'bidder03', '/hall');
    await expect(page.getByTestId('live-row').first()).toBeVisible();
    await page.screenshot({ path: `${screenshotDir}/reach-hall-1280.png`, fullPage: false });
    await page.goto(`/#/quoteHall?activityId=${lot.activityId}`);
    await expect(page.getByTestId('room-my-code')).toHaveText(/^\d{6}$/);
    await expect(page.getByTestId('price-chart')).toBeVisible();
    await page.screenshot({ path: `${screenshotDir}/reach-room-1280.png`, fullPage: true });
    await page.goto(`/#/projectDetail/${lot.assetsId}.html`);
    await expect(page.locator('.detail-head')).toBeVisible();
    // The lot's page has the room's price history too.
    await expect(page.getByTestId('detail-price-history').getByRole('img', { name: /^价格走势：/ })).toBeVisible();
    await page.screenshot({ path: `${screenshotDir}/reach-detail-1280.png`, fullPage: true });

    // 长辈模式, switched in the top bar and remembered after a reload; still readable by the same checks.
    await page.getByTestId('elder-toggle').click();
    await expect(page.getByTestId('elder-toggle')).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(page.getByTestId('elder-toggle')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('html')).toHaveClass(/elder-mode/);
    await page.goto(`/#/quoteHall?activityId=${lot.activityId}`);
    await expect(page.getByTestId('room-my-code')).toHaveText(/^\d{6}$/);
    await expect(page.getByTestId('price-chart')).toBeVisible();
    expect(await page.evaluate(pageChecks)).toEqual([]);
    await page.screenshot({ path: `${screenshotDir}/reach-room-elder-1280.png`, fullPage: false });
    await page.setViewportSize({ width: 1680, height: 1000 });
    await page.screenshot({ path: `${screenshotDir}/reach-room-elder-1680.png`, fullPage: false });
  });
});
