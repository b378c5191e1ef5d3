import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { PHONE } from './phone';
import { liveHall } from './room';

const screenshotDir = new URL('./screenshots', import.meta.url).pathname;

async function gotoHome(page: Page) {
  await page.goto('/');
  await expect(page).toHaveURL(/#\/index$/);
}

test.describe('portal frame', () => {
  test('the home page renders the header, server navigation, demo listings, notices, news and footer', async ({ page }) => {
    await gotoHome(page);
    await expect(page).toHaveTitle('首页 - 河北产权交易所');
    // This server runs the sandbox bank and the SMS outbox: every page says 演示环境.
    await expect(page.getByRole('note', { name: '演示环境' })).toContainText('演示环境：本站仅供演示');
    const header = page.locator('header.site-header');
    await expect(header.getByText('河北产权交易所', { exact: true })).toBeVisible();
    await expect(header.getByRole('link', { name: '登录' })).toBeVisible();
    await expect(header.getByRole('link', { name: '注册' })).toBeVisible();
    await expect(header.getByPlaceholder('请输入项目关键字、拼音、类别')).toBeVisible();

    const nav = page.getByRole('navigation', { name: '主导航' });
    await expect(nav.getByRole('link', { name: '首页' })).toBeVisible();
    await expect(nav.getByRole('link', { name: /交易中心/ })).toBeVisible();

    const listings = page.locator('.home-listings');
    await expect(listings.locator('tbody tr').first()).toBeVisible();
    expect(await listings.locator('tbody tr').count()).toBeGreaterThan(5);
    await expect(listings.locator('tbody tr').first().locator('.price')).not.toBeEmpty();

    await expect(page.locator('.home-notices .text-list li').first()).toBeVisible();
    await expect(page.locator('.home-news .text-list li').first()).toBeVisible();

    const footer = page.locator('footer.site-footer');
    await expect(footer.getByText('监督电话：')).toBeVisible();
    await expect(footer.getByText('冀ICP备20260318号-1')).toBeVisible();
    await expect(footer.getByAltText('小程序二维码')).toBeVisible();
    await expect(footer.getByAltText('公众号二维码')).toBeVisible();

    await page.screenshot({ path: `${screenshotDir}/home-1200.png`, fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: `${screenshotDir}/home-1440.png`, fullPage: true });
  });

  test('a navigation entry with children opens its second level', async ({ page }) => {
    await gotoHome(page);
    const nav = page.getByRole('navigation', { name: '主导航' });
    const submenu = nav.getByRole('list', { name: '交易中心' });
    // Closed until the pointer is over its entry (hidden from sight, its links still in the tab order).
    await expect(submenu).toHaveCSS('opacity', '0');
    await nav.getByRole('link', { name: /交易中心/ }).hover();
    await expect(submenu).toHaveCSS('opacity', '1');
    await expect(submenu.getByRole('link', { name: '产权转让' })).toHaveAttribute('href', '#/project?typeCode=1');
    await page.screenshot({ path: `${screenshotDir}/nav-submenu.png`, clip: { x: 0, y: 0, width: 1280, height: 420 } });
    // The keyboard opens it too: focus on one of its links.
    await page.mouse.move(600, 600);
    await expect(submenu).toHaveCSS('opacity', '0');
    await submenu.getByRole('link', { name: '产权转让' }).focus();
    await expect(submenu).toHaveCSS('opacity', '1');
  });

  test('an unknown route lands on /index', async ({ page }) => {
    await page.goto('/#/no-such-page/at-all');
    await expect(page).toHaveURL(/#\/index$/);
    await expect(page.locator('.home-listings')).toBeVisible();
  });

  test('an anonymous visit to a protected route lands on /login with redirect', async ({ page }) => {
    await page.goto('/#/myDeposit');
    await expect(page).toHaveURL(/#\/login\?redirect=%2FmyDeposit$/);
    await expect(page.locator('.site-header__page-title')).toHaveText('用户登录');
  });

  test('a route whose page is not built yet shows the under-construction page with its breadcrumbs', async ({ page }) => {
    await page.goto('/#/doing');
    await expect(page.getByText('页面建设中')).toBeVisible();
    const crumbs = page.getByRole('navigation', { name: '当前位置' });
    await expect(crumbs).toContainText('首页');
    await expect(crumbs).toContainText('建设中');
    await expect(page).toHaveTitle('建设中 - 河北产权交易所');
  });

  test('the header search goes to /project with the keyword', async ({ page }) => {
    await gotoHome(page);
    const search = page.getByPlaceholder('请输入项目关键字、拼音、类别');
    await search.fill('  股权转让 ');
    await search.press('Enter');
    await expect(page).toHaveURL(/#\/project\?q=/);
    const url = new URL(page.url().replace('#/', ''));
    expect(url.searchParams.get('q')).toBe('股权转让');
  });

  test('the search button goes to /project too', async ({ page }) => {
    await gotoHome(page);
    await page.getByPlaceholder('请输入项目关键字、拼音、类别').fill('石家庄');
    await page.getByRole('button', { name: /搜\s*索/ }).click();
    await expect(page).toHaveURL(/#\/project\?q=%E7%9F%B3%E5%AE%B6%E5%BA%84$/);
  });

  test('the floating panel appears after 300 px on the home page and asks an anonymous user to log in', async ({ page }) => {
    await gotoHome(page);
    const panel = page.getByRole('complementary', { name: '快捷入口', includeHidden: true });
    await expect(panel).toHaveClass(/float-panel--hidden/);
    await page.mouse.wheel(0, 600);
    await expect(panel).not.toHaveClass(/float-panel--hidden/);

    await panel.getByRole('button', { name: /竞价室/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.locator('.ant-modal-confirm-title')).toHaveText('溫馨提示');
    await expect(dialog.getByText('请先登录')).toBeVisible();
    await dialog.getByRole('button', { name: /去\s*登\s*录/ }).click();
    await expect(page).toHaveURL(/#\/login\?redirect=%2FmyProject%3Flist%3D2$/);
  });

  test('the floating panel is there at once on other pages', async ({ page }) => {
    await page.goto('/#/xwzx');
    const panel = page.getByRole('complementary', { name: '快捷入口' });
    await expect(panel).not.toHaveClass(/float-panel--hidden/);
    await panel.getByRole('button', { name: /我的收藏/ }).click();
    await expect(page.getByRole('dialog').getByText('请先登录')).toBeVisible();
  });
});

/** Holds the app's entry script until the returned release is called (the first screen alone is drawn). */
async function holdApp(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/main-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Records the page's largest-contentful-paint entries from its start (window.largestPaints). */
async function watchLargestPaints(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { largestPaints: { at: number; size: number }[] };
    w.largestPaints = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { size: number })[]) w.largestPaints.push({ at: entry.startTime, size: entry.size });
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
}

/** The largest paints after `since` (performance.now()): none when the app painted nothing larger than the first screen. */
const largestPaintsSince = (page: Page, since: number) =>
  page.evaluate((t) => (window as unknown as { largestPaints: { at: number; size: number }[] }).largestPaints.filter((paint) => paint.at > t), since);

test.describe("first screens before the app (src/start)", () => {
  test.use({ ...PHONE });

  test("on a phone, a lot's page draws its title and photo at the phone's width with the app's scripts held back; the app then draws the page from the same answer", async ({ page, request }) => {
    const lot = (await liveHall(request)).records.find((r) => r.mode === 'ongoing')!;
    const release = await holdApp(page);
    const details: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/dscq-project/project/detail')) details.push(r.url());
    });
    await page.goto(`/#/projectDetail/${lot.assetsId}.html`);
    const shell = page.locator('.app-shell__lot');
    await expect(shell.getByRole('heading', { level: 1 })).toHaveText(lot.assetsName);
    await expect.poll(() => shell.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await page.evaluate(() => window.innerWidth)).toBe(390);
    expect((await shell.locator('img').boundingBox())!.width).toBeGreaterThan(300);
    await page.screenshot({ path: `${screenshotDir}/phone-lot-first-screen.png` });

    release();
    await expect(page.getByTestId('lot-gallery-main')).toBeVisible();
    await expect(shell).toHaveCount(0);
    // One request for the detail: the app took the start step's answer.
    expect(details).toHaveLength(1);
  });

  test("on a phone, the hall draws its heading and lead with the app's scripts held back, and the app's own are no larger a paint", async ({ page }) => {
    await watchLargestPaints(page);
    const release = await holdApp(page);
    await page.goto('/#/hall');
    const shell = page.locator('.app-shell__head');
    await expect(shell.getByRole('heading', { level: 1 })).toHaveText('竞价大厅');
    await expect(shell.locator('p')).toHaveText(/^正在进行的网络竞价/);
    expect(await page.evaluate(() => window.innerWidth)).toBe(390);
    const before = (await shell.locator('p').boundingBox())!;
    await page.screenshot({ path: `${screenshotDir}/phone-hall-first-screen.png` });

    const releasedAt = await page.evaluate(() => performance.now());
    release();
    const lead = page.locator('.hall-page__lead');
    await expect(lead).toBeVisible();
    await expect(shell).toHaveCount(0);
    await expect(page.getByTestId('live-row').first()).toBeVisible();
    // The same lead, at the same size: the app's page paints nothing larger than the first screen did, so the
    // largest paint a phone reports stays the first screen's (bench:mobile's LCP).
    const after = (await lead.boundingBox())!;
    expect(after.width).toBeCloseTo(before.width, 0);
    expect(after.height).toBeCloseTo(before.height, 0);
    expect(await largestPaintsSince(page, releasedAt)).toEqual([]);
  });

  test("on a phone, the home page draws its first picture news with the app's scripts held back; the app's carousel takes the same answer and paints nothing larger", async ({ page }) => {
    await watchLargestPaints(page);
    const release = await holdApp(page);
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/dscq-content/news-content/front-page')) asked.push(r.url());
    });
    await page.goto('/');
    const shell = page.locator('.app-shell__news');
    const photo = shell.locator('img');
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(shell).toContainText(/\S/);
    expect(await page.evaluate(() => window.innerWidth)).toBe(390);
    const before = (await photo.boundingBox())!;
    expect(before.width).toBeGreaterThan(380);
    await page.screenshot({ path: `${screenshotDir}/phone-home-first-screen.png` });

    const releasedAt = await page.evaluate(() => performance.now());
    release();
    const slide = page.getByTestId('news-slide').first().locator('img');
    await expect(slide).toBeVisible();
    await expect(shell).toHaveCount(0);
    const after = (await slide.boundingBox())!;
    expect(after.width * after.height).toBeLessThanOrEqual(before.width * before.height + 1);
    expect(await largestPaintsSince(page, releasedAt)).toEqual([]);
    // One request for the picture news: the app took the start step's answer.
    expect(asked).toHaveLength(1);
  });

  test("on a phone, a room's link without a login draws the login card's title and lead with the app's scripts held back; the app's lead is no larger a paint", async ({ page, request }) => {
    const lot = (await liveHall(request)).records.find((r) => r.mode === 'ongoing')!;
    await watchLargestPaints(page);
    const release = await holdApp(page);
    await page.goto(`/#/quoteHall?activityId=${lot.activityId}`);
    const shell = page.locator('.app-shell__login');
    await expect(shell.getByRole('heading', { level: 2 })).toHaveText('欢迎登录');
    await expect(shell.locator('p')).toHaveText(/^河北产权交易所是依法合规/);
    expect(await page.evaluate(() => window.innerWidth)).toBe(390);
    const before = (await shell.locator('p').boundingBox())!;
    await page.screenshot({ path: `${screenshotDir}/phone-login-first-screen.png` });

    const releasedAt = await page.evaluate(() => performance.now());
    release();
    // The router sends the visitor to the login page, with the room to come back to.
    await expect(page).toHaveURL(/#\/login\?redirect=/);
    const lead = page.locator('.login-card__lead');
    await expect(lead).toBeVisible();
    await expect(shell).toHaveCount(0);
    await expect(page.getByRole('button', { name: '登 录' })).toBeVisible();
    const after = (await lead.boundingBox())!;
    expect(after.width * after.height).toBeLessThanOrEqual(before.width * before.height + 1);
    expect(await largestPaintsSince(page, releasedAt)).toEqual([]);
  });
});

test.describe('live worker', () => {
  test('polls the version file from the worker and keeps the served version', async ({ page, request }) => {
    const served = (await (await request.get('/version.json')).json()) as { version: string };
    await gotoHome(page);
    await expect
      .poll(async () => page.evaluate(() => JSON.parse(localStorage.getItem('hbcq-version') ?? 'null')?.content ?? null))
      .toBe(served.version);
  });

  test('a stored version that differs from the served one reloads the page and shows the notice', async ({ page }) => {
    // The old version is stored before the app's first script, once per tab: the worker's first poll then
    // finds it stale and the app reloads itself (a reload of ours would race that one).
    await page.addInitScript(() => {
      if (sessionStorage.getItem('e2e-old-version-stored')) return;
      sessionStorage.setItem('e2e-old-version-stored', '1');
      localStorage.setItem('hbcq-version', JSON.stringify({ dataType: 'string', content: 'old-build', area: 'local', datetime: 0 }));
    });
    await gotoHome(page);
    await expect(page.getByText('检测到版本更新，刷新页面')).toBeVisible();
    await expect(page).toHaveURL(/#\/index$/);
  });
});
