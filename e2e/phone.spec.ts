/**
 * Every route on a phone (issue 29): at 390 × 844 with mobile emulation, every page of the route table —
 * anonymous, and the user centre's as bidder01 — lays out at the phone's width with nothing sticking out
 * sideways, no text under 12 px, no control under 24 × 24 px too close to another, no table column squeezed
 * under 24 px, and no serious or
 * critical axe violation (e2e/phone.ts). A tablet keeps the desktop layout, scaled. The routes are read from
 * src/routes/tree.tsx, so a new page is walked without anyone adding it here.
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { logInAs } from './login';
import { PHONE, phoneFindings, routeTable, type PhoneFinding, type RouteEntry } from './phone';
import { liveHall } from './room';

const screenshotDir = new URL('./screenshots', import.meta.url).pathname;

/** The pages looked at on the phone (issue 29's ten, and two more of the user centre's tables as cards), saved as phone-<name>.png. */
const LOOKED_AT = new Set(['/index', '/project', '/projectDetail/{$assetsId}.html', '/hall', '/login', '/register', '/usercenterIndex', '/myProject', '/quoteHall', '/myWatch', '/accountSafe', '/myContract', '/myDeposit', '/wallet/index']);

/** A real lot and its auction, so the pages that show one show it (the others open on their empty state). */
async function demoIds(request: APIRequestContext): Promise<{ assetsId: number; activityId: number }> {
  const hall = await liveHall(request);
  const lot = hall.records.find((r) => r.mode === 'ongoing') ?? hall.records[0]!;
  return { assetsId: lot.assetsId, activityId: lot.activityId };
}

function urlOf(route: RouteEntry, ids: { assetsId: number; activityId: number }): string {
  const path = route.path.replace('{$assetsId}', String(ids.assetsId)).replace('{$id}', String(ids.assetsId));
  if (path === '/quoteHall') return `/#/quoteHall?activityId=${ids.activityId}`;
  if (path === '/bidEnrollNormal' || path === '/bidEnrollPkg') return `/#${path}?assetsId=${ids.assetsId}`;
  return `/#${path}`;
}

/** The page has drawn its data: no skeleton or spinner left (a page stuck loading still gets checked). */
async function settled(page: Page): Promise<void> {
  await expect
    .poll(() => page.locator('.ant-skeleton, .ant-spin-spinning').count(), { timeout: 5_000 })
    .toBe(0)
    .catch(() => undefined);
  await page.waitForTimeout(300);
}

/** Scrolls down the page half a screen at a time, as a reader does (a phone draws the home page's lower blocks
 * as the reader nears them: components/WhenNear), then back to the top: the checks see the whole page. */
async function readThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));
    for (let y = 0; y < document.documentElement.scrollHeight - innerHeight; y += innerHeight / 2) {
      scrollTo(0, y);
      await frame();
    }
    scrollTo(0, 0);
    await frame();
  });
}

async function walk(browser: Browser, request: APIRequestContext, routes: RouteEntry[], loginName: string | null): Promise<Record<string, PhoneFinding[]>> {
  const ids = await demoIds(request);
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  if (loginName) await logInAs(page, loginName, '/usercenterIndex');
  const found: Record<string, PhoneFinding[]> = {};
  for (const route of routes) {
    // A full load per route: a hash change keeps the previous page on screen until the next one's data
    // arrives, and the walk once measured the home page's links on /register.
    await page.goto('about:blank');
    await page.goto(urlOf(route, ids));
    await settled(page);
    await readThrough(page);
    await settled(page);
    const findings = await phoneFindings(page);
    // The layout a phone gets: the device's width (polled: a toast sliding in from the side widens a phone's
    // layout viewport for the length of its animation; what stays too wide is an overflow finding above).
    await expect.poll(() => page.evaluate(() => window.innerWidth), { message: route.path }).toBe(390);
    if (findings.length > 0) found[route.path] = findings;
    if (LOOKED_AT.has(route.path)) await page.screenshot({ path: `${screenshotDir}/phone-${route.path.replace(/[^a-zA-Z]+/g, '-').replace(/^-|-$/g, '')}.png` });
  }
  await context.close();
  return found;
}

const routes = routeTable();
/** The list dealt into `count` parts (every count-th item), so each part is a test of its own: a few minutes
 * of page loads each on a loaded machine, run side by side. */
const dealt = <T,>(list: T[], count: number): T[][] => Array.from({ length: count }, (_, part) => list.filter((_, i) => i % count === part));
const publicRoutes = dealt(routes.filter((r) => !r.auth), 4);
const authRoutes = dealt(routes.filter((r) => r.auth), 4);

test.describe('every route on a phone (390 × 844)', () => {
  test.describe.configure({ mode: 'parallel', timeout: 300_000 });
  // The pages open without the ids some of them read from the URL (a deal, a contract, a message): they show
  // their 不存在 state, which must lay out too; the settlement pages ask the server and hear a 400.
  test.use({ consoleAllowed: [{ pattern: /status of 400 \(Bad Request\) \(.*\/api\/dscq-user\/settle\/detail\?id=0/, why: 'a settlement page opened without its deal id: the server refuses id 0' }] });

  test('the route table is read whole', () => {
    expect(routes.length).toBeGreaterThan(90);
    expect(routes.filter((r) => r.auth).map((r) => r.path)).toEqual(expect.arrayContaining(['/usercenterIndex', '/quoteHall', '/myWatch']));
    expect(routes.filter((r) => !r.auth).map((r) => r.path)).toEqual(expect.arrayContaining(['/index', '/hall', '/login', '/projectDetail/{$assetsId}.html']));
  });

  publicRoutes.forEach((part, i) => {
    test(`anonymous pages, part ${i + 1} of ${publicRoutes.length}`, async ({ browser, request }) => {
      expect(await walk(browser, request, part, null)).toEqual({});
    });
  });

  authRoutes.forEach((part, i) => {
    test(`bidder01's pages, part ${i + 1} of ${authRoutes.length}`, async ({ browser, request }) => {
      expect(await walk(browser, request, part, 'bidder01')).toEqual({});
    });
  });

  test("the phone's header: the search, and 导航 opening a drawer with every menu entry; a choice goes there", async ({ browser }) => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto('/#/index');
    await expect(page.getByRole('searchbox', { name: '项目搜索' }).or(page.getByLabel('项目搜索')).first()).toBeVisible();
    // The bar of ten items is not shown on a phone; the button is, beside the logo.
    await expect(page.locator('.site-nav')).toBeHidden();
    await page.getByRole('button', { name: '打开导航菜单' }).click();
    const drawer = page.getByRole('navigation', { name: '主导航（手机）' });
    await expect(drawer.getByRole('link', { name: '竞价大厅', exact: true })).toBeVisible();
    await expect(drawer.getByRole('link', { name: '首页', exact: true })).toHaveAttribute('aria-current', 'page');
    expect(await drawer.getByRole('link').count()).toBeGreaterThan(8);
    await page.screenshot({ path: `${screenshotDir}/phone-navigation-drawer.png` });
    await drawer.getByRole('link', { name: '竞价大厅', exact: true }).click();
    await expect(page).toHaveURL(/#\/hall$/);
    await expect(drawer).toBeHidden();
    await context.close();
  });

  test('a tablet keeps the desktop layout, scaled; the live pages stay fluid there', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 800, height: 1280 }, screen: { width: 800, height: 1280 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto('/#/project');
    await expect(page.getByTestId('project-card').first()).toBeVisible();
    expect(await page.evaluate(() => document.querySelector('meta[name="viewport"]')?.getAttribute('content'))).toBe('width=1200');
    await page.goto('/#/hall');
    await expect(page.getByRole('heading', { name: '竞价大厅', level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.querySelector('meta[name="viewport"]')?.getAttribute('content'))).toBe('width=device-width, initial-scale=1');
    await context.close();
  });
});
