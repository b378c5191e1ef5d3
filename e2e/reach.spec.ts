/**
 * Reach: the hall and the bidding room on a 390 × 844 phone (a bidder logs in, opens the hall,
 * enters a room from his row and bids; the watch board too), a lot's page at the phone's width (every route:
 * e2e/phone.spec.ts), and the pages' accessibility: axe-core (no serious or critical violation) plus what axe does not
 * judge — one h1, countdowns that are timers never read out. Screenshots at 390 and 1280 px.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { BiddingEntry } from '#domain/contract/hall';
import { bidNext, liveHall } from './room';
import { logInAs } from './login';
import { animationsSettled, axeFindings } from './phone';

const screenshotDir = new URL('./screenshots', import.meta.url).pathname;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

async function phonePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext(PHONE);
  return context.newPage();
}

/** A phone page laid out at the phone's width, nothing sticking out sideways. */
const PHONE_LAYOUT = { viewport: 'width=device-width, initial-scale=1', width: 390, scrollWidth: 390 };

/**
 * The page's layout width (CSS px) and whether anything sticks out sideways. Polled by the checks: a toast
 * sliding in from the right (a message arriving meanwhile) widens a phone's layout viewport for the length
 * of its animation; what stays too wide still fails.
 */
const layout = (page: Page) =>
  page.evaluate(() => ({
    viewport: document.querySelector('meta[name="viewport"]')?.getAttribute('content'),
    width: window.innerWidth,
    scrollWidth: document.documentElement.scrollWidth,
  }));

/**
 * Live ongoing lots with time to spare (a price is public, a bid does not extend them), in the hall's order:
 * the first are on the hall's first page (the other journeys' lots add rows to the hall while this runs).
 */
async function openLots(request: Parameters<typeof liveHall>[0]): Promise<BiddingEntry[]> {
  const hall = await liveHall(request);
  const rows = hall.records.filter((r: BiddingEntry) => r.mode === 'ongoing' && r.endTime - hall.serverTime > 30 * 60_000);
  expect(rows.length, 'a live ongoing demo lot with 30 minutes left').toBeGreaterThan(0);
  return rows;
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
    await expect.poll(() => layout(page)).toEqual(PHONE_LAYOUT);
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
    await expect.poll(() => layout(page)).toEqual(PHONE_LAYOUT);
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

    // The watch board lays out at the phone's width too: the menu above, the table scrolling in its box.
    await page.goto('/#/myWatch');
    await expect(page.getByTestId('watch-row').first()).toBeVisible();
    await expect.poll(() => layout(page)).toEqual(PHONE_LAYOUT);
    const watchName = (await page.getByTestId('watch-row').first().locator('td').first().boundingBox())!;
    expect(watchName.x).toBeGreaterThanOrEqual(0);
    await page.screenshot({ path: `${screenshotDir}/reach-watch-390.png`, fullPage: false });
    await page.context().close();
  });

  test("a lot's page lays out at the phone's width too, and the hall stays fluid", async ({ browser, request }) => {
    const lot = await openLot(request);
    const page = await phonePage(browser);
    await page.goto(`/#/projectDetail/${lot.assetsId}.html`);
    await expect(page.locator('.detail-head').getByRole('heading', { level: 1 })).toBeVisible();
    // Fluid (what it lays out like, route by route, is e2e/phone.spec.ts's walk).
    await expect.poll(async () => (await layout(page)).viewport).toBe(PHONE_LAYOUT.viewport);
    await page.screenshot({ path: `${screenshotDir}/reach-detail-390.png`, fullPage: false });
    await page.goto('/#/hall');
    await expect(page.getByRole('heading', { name: '竞价大厅', level: 1 })).toBeVisible();
    expect((await layout(page)).width).toBe(390);
    // Each live row is a card: what a visitor decides by — the name, time left, price, state and 我的竞价
    // (如何参与) — inside the screen's width, none scrolled off to the side.
    const row = page.getByTestId('live-row').first();
    await expect(row).toBeVisible();
    for (const cell of ['.live-cell-name', '.live-cell-left', '.live-cell-price', '.live-cell-status', '.live-cell-mine']) {
      const box = (await row.locator(cell).boundingBox())!;
      expect(box.width, cell).toBeGreaterThan(20);
      expect(box.x, cell).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, cell).toBeLessThanOrEqual(390);
    }
    await expect(row.locator('.live-cell-mine')).toContainText('如何参与');
    await page.context().close();
  });
});

interface Finding {
  rule: string;
  where: string;
  detail: string;
}

/**
 * What axe does not judge, run in the page: exactly one h1; every role=timer with aria-live off and
 * outside any live region (a countdown read out each second floods a screen reader).
 */
function pageChecks(): Finding[] {
  const findings: Finding[] = [];
  const where = (element: Element) => {
    const cls = typeof element.className === 'string' && element.className ? `.${element.className.trim().split(/\s+/).join('.')}` : '';
    return `${element.tagName.toLowerCase()}${cls} "${(element.textContent ?? '').trim().slice(0, 30)}"`;
  };
  const h1s = [...document.querySelectorAll('h1')];
  if (h1s.length !== 1) findings.push({ rule: 'one-h1', where: 'page', detail: `${h1s.length} h1: ${h1s.map(where).join(', ')}` });
  for (const timer of document.querySelectorAll('[role="timer"]')) {
    if (timer.getAttribute('aria-live') !== 'off') findings.push({ rule: 'timer-live', where: where(timer), detail: `aria-live=${timer.getAttribute('aria-live')}` });
    if (timer.closest('[aria-live="polite"], [aria-live="assertive"]')) findings.push({ rule: 'timer-live', where: where(timer), detail: 'inside a live region' });
  }
  return findings;
}

/** Both checks on the page, once its animations have run (a toast fading in is below contrast meanwhile). */
async function accessibility(page: Page): Promise<Finding[]> {
  await animationsSettled(page);
  return [...(await page.evaluate(pageChecks)), ...(await axeFindings(page))];
}

test.describe('accessibility of the main pages (axe-core)', () => {
  test.describe.configure({ timeout: 120_000 });

  test('home, /hall, /project, /login, a detail page, the room and the watch board: no serious or critical axe violation, one h1, quiet timers', async ({ page, request }) => {
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
      found[name] = await accessibility(page);
    }
    await logInAs(page, 'bidder05', `/quoteHall?activityId=${lot.activityId}`);
    await expect(page.getByTestId('room-my-code')).toHaveText(/^\d{6}$/);
    await page.waitForTimeout(1_200);
    found.room = await accessibility(page);
    // The room's countdown is a timer, quiet; its one polite region is the announcer.
    await expect(page.getByRole('timer').first()).toHaveAttribute('aria-live', 'off');
    await expect(page.getByTestId('room-announcer')).toHaveAttribute('aria-live', 'polite');
    await page.goto('/#/myWatch');
    await expect(page.getByTestId('watch-row').first()).toBeVisible();
    await page.waitForTimeout(1_200);
    found.watch = await accessibility(page);
    expect(found).toEqual({ home: [], hall: [], project: [], login: [], detail: [], room: [], watch: [] });
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
    // Seven full-page screenshots and an axe run: more than the default 30 s on a loaded machine.
    test.setTimeout(90_000);
    // A lot with bids: the room and the lot's page draw its price history.
    const lot = (await openLots(request)).find((r) => r.biddingCount > 0)!;
    expect(lot, 'a live ongoing demo lot with bids and 30 minutes left').toBeTruthy();
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
    expect(await accessibility(page)).toEqual([]);
    await page.screenshot({ path: `${screenshotDir}/reach-room-elder-1280.png`, fullPage: false });
    await page.setViewportSize({ width: 1680, height: 1000 });
    await page.screenshot({ path: `${screenshotDir}/reach-room-elder-1680.png`, fullPage: false });
  });
});
