/**
 * One lot, one story (issue 26) at 1280 px: a live, an upcoming, an enrolling and an ended lot — and a
 * package with its sub-assets — read the same state, countdown, next step and price on the lot's page, in
 * the hall and in 我的项目; the user centre writes no amount of 10,000 yuan or more in yuan; /sfProject
 * shows the court lots the hall shows live. The lots are found through the API, the assertions are on
 * what the pages show. Screenshots: e2e/screenshots/story-*.png.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import type { MyLot } from '#domain/contract/desk';
import type { BiddingEntry } from '#domain/contract/hall';
import type { ListedAsset } from '#domain/contract/portal';
import { tableMoneyCell } from '#domain/rules/money';
import { expect, test } from './fixtures';
import { logInAs } from './login';
import { apiLogin, screenshotDir } from './modes';

test.use({ viewport: { width: 1280, height: 900 } });

interface Envelope<T> {
  code: number;
  data: T;
}

async function api<T>(request: APIRequestContext, method: 'GET' | 'POST', path: string, options: { token?: string; params?: Record<string, string | number>; data?: unknown } = {}): Promise<T> {
  const res = await request.fetch(`/api${path}`, {
    method,
    params: options.params,
    data: options.data,
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
  });
  expect(res.status(), path).toBe(200);
  return ((await res.json()) as Envelope<T>).data;
}

const search = (request: APIRequestContext, params: Record<string, string | number>) =>
  api<{ records: ListedAsset[] }>(request, 'POST', '/dscq-project/search/page', { params: { current: 1, size: 50, ...params } }).then((p) => p.records);

/** The lot's photo has arrived (a demo picture is drawn on its first request); a lot published without photos shows its cover. */
async function photoArrived(page: Page) {
  await expect(page.locator('[data-testid="lot-gallery-main"], .detail-head__cover').first()).toBeVisible();
  const main = page.getByTestId('lot-gallery-main');
  if ((await main.count()) === 0) return;
  await expect.poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 20_000 }).toBe(true);
}

/** The lot's page: its state word, its one countdown (label or none), its next step and its price as shown. */
async function readDetail(page: Page, assetsId: number) {
  await page.goto(`/#/projectDetail/${assetsId}.html`);
  const head = page.locator('.detail-head');
  await expect(head.locator('h1')).toBeVisible();
  await expect(page.getByTestId('detail-next-step')).toBeVisible();
  await photoArrived(page);
  const countdown = page.getByTestId('detail-countdown');
  return {
    state: (await head.locator('h1 .project-status').innerText()).trim(),
    countdown: (await countdown.count()) > 0 ? await countdown.getAttribute('aria-label') : null,
    action: await page.getByTestId('detail-next-step').getAttribute('data-action'),
    price: (await page.getByTestId('detail-price').innerText()).trim(),
  };
}

/** The lot's current price as every table writes it (the one money rule), read from the lot's detail now. */
async function currentPriceText(request: APIRequestContext, assetsId: number): Promise<string> {
  const detail = await api<{ lot: { price: number | null } }>(request, 'GET', '/dscq-project/project/detail', { params: { id: assetsId } });
  return tableMoneyCell(detail.lot.price).text;
}

/** The hall's row of an activity, found by the lot's name (the hall's search lives in the URL). */
async function hallRow(page: Page, entry: { assetsName: string; activityId: number }) {
  await page.goto(`/#/hall?assetsName=${encodeURIComponent(entry.assetsName)}`);
  const row = page.locator(`[data-testid="live-row"][data-activity-id="${entry.activityId}"]`);
  await expect(row).toBeVisible();
  return row;
}

/** Every amount written in yuan (not 万元) in a text: "12,345.00 元", "12345元". */
const yuanAmounts = (text: string) =>
  [...text.matchAll(/(?<![\d.,万])(\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?\s*元/g)].map((m) => ({ text: m[0], value: Number(m[1]!.replace(/,/g, '')) }));

test.describe('one lot, one story', () => {
  // Each test reads a lot on several pages (seven page loads in the first): on a loaded machine that is
  // longer than the default minute.
  test.describe.configure({ timeout: 120_000 });

  test('a live and an upcoming lot of bidder01: the same state, countdown, next step and price on the page, in the hall and in 我的竞价室', async ({ page, request }) => {
    const token = await apiLogin(request, 'bidder01');
    const lots = await api<MyLot[]>(request, 'GET', '/dscq-user/desk/lots', { token });
    // Lots that stay in their stage through the test: the live one ending last, the scheduled one starting
    // soonest but not within three minutes (the hall's upcoming table lists the soonest).
    const at = (t: string | null) => (t ? Date.parse(`${t.replace(' ', 'T')}+08:00`) : 0);
    const mine = lots.filter((l) => l.bidCode && l.listing.lot.activityId !== null);
    const live = mine.filter((l) => l.listing.lot.activityStatus === 'live').sort((a, b) => at(b.listing.lot.biddingEndTime) - at(a.listing.lot.biddingEndTime))[0];
    const upcoming = mine
      .filter((l) => l.listing.lot.activityStatus === 'scheduled' && at(l.listing.lot.biddingStartTime) > Date.now() + 3 * 60_000)
      .sort((a, b) => at(a.listing.lot.biddingStartTime) - at(b.listing.lot.biddingStartTime))[0];
    expect(live, 'bidder01 is qualified in a live auction of the demo').toBeTruthy();
    expect(upcoming, 'bidder01 is qualified in a scheduled auction of the demo').toBeTruthy();

    await logInAs(page, 'bidder01', '/myProject?list=2');
    const rooms = page.getByLabel('竞价室列表');
    await expect(rooms).toBeVisible();

    for (const [lot, expected] of [
      [live!, { state: '竞价中', countdown: '距竞价结束' }],
      [upcoming!, { state: '即将竞价', countdown: '距竞价开始' }],
    ] as const) {
      const priceBefore = await currentPriceText(request, lot.listing.id);
      const detail = await readDetail(page, lot.listing.id);
      const priceAfter = await currentPriceText(request, lot.listing.id);
      expect(detail, lot.listing.assetsName).toMatchObject({ state: expected.state, countdown: expected.countdown, action: 'enterRoom' });
      await page.screenshot({ path: `${screenshotDir}/story-detail-${expected.state}.png` });

      await page.goto('/#/myProject?list=2');
      const room = rooms.locator('.uc-room').filter({ hasText: lot.listing.assetsName });
      await expect(room).toContainText(expected.state);
      await expect(room.getByTestId('room-time-left')).toContainText(expected.countdown);
      if (expected.state === '竞价中') {
        // One price: the page, 我的竞价室 and the hall write the current price the same way (the table rule, 万元
        // from 10,000 yuan) — compared with the price as it is at each check (other journeys may bid meanwhile).
        const now = () => currentPriceText(request, lot.listing.id);
        expect([priceBefore, priceAfter]).toContain(detail.price);
        await expect.poll(async () => (await room.innerText()).includes(await now())).toBe(true);
        const row = await hallRow(page, { assetsName: lot.listing.assetsName, activityId: lot.listing.lot.activityId! });
        await expect(row.getByTestId('live-status')).toHaveText(expected.state);
        await expect.poll(async () => (await row.locator('.live-cell-price').innerText()).trim() === (await now())).toBe(true);
      } else {
        await page.goto('/#/hall');
        await expect(page.getByTestId('upcoming-table')).toContainText(lot.listing.assetsName.slice(0, 12));
      }
    }
    await page.goto('/#/myProject?list=2');
    await expect(rooms.locator('.uc-room').first()).toBeVisible();
    await page.screenshot({ path: `${screenshotDir}/story-my-rooms.png`, fullPage: true });
  });

  test('an enrolling, an ended and a package lot: the page, the trading centre and the sub-assets tell the same state and next step', async ({ page, request }) => {
    const enrolling = (await search(request, { state: '正在报名' })).find((l) => l.lot.activityStatus !== 'live' && l.projectType !== 1 && l.projectType !== 2);
    expect(enrolling, 'the demo has a single lot in enrolment').toBeTruthy();
    const detail = await readDetail(page, enrolling!.id);
    expect(detail).toMatchObject({ state: '正在报名', countdown: '距报名截止', action: 'enrol' });
    await page.screenshot({ path: `${screenshotDir}/story-detail-enrolling.png` });

    // A lot that is over: sold (in its auction or by agreement), else failed or ended — what the demo has then.
    const single = (l: ListedAsset) => l.lot.activityStatus !== 'live' && l.lot.activityStatus !== 'scheduled' && l.projectType !== 1 && l.projectType !== 2;
    const ended = (await search(request, { state: '已成交', size: 100 })).find(single) ?? (await search(request, { state: '已结束', size: 100 })).find(single);
    expect(ended, 'the demo has a lot that is over').toBeTruthy();
    const over = await readDetail(page, ended!.id);
    expect(over).toMatchObject({ state: ended!.lot.label, countdown: null, action: 'viewResult' });
    expect(['已成交', '流拍', '已终结', '已结束']).toContain(over.state);
    await page.screenshot({ path: `${screenshotDir}/story-detail-ended.png` });

    // A package: its page's state is its sub-assets' state, and its next step is the package's.
    const packages = [...(await search(request, { state: '正在报名' })), ...(await search(request, { state: '已成交' }))].filter((l) => l.projectType === 1 || l.projectType === 2);
    const pkg = packages[0];
    expect(pkg, 'the demo has a package').toBeTruthy();
    await page.goto(`/#/projectPkg/${pkg!.id}.html`);
    const head = page.locator('.detail-head');
    await photoArrived(page);
    const state = (await head.locator('h1 .project-status').innerText()).trim();
    expect(state).toBe(pkg!.lot.label);
    const children = page.locator('.child-assets tbody tr');
    await expect(children.first()).toBeVisible();
    for (const tag of await children.locator('.project-status').allInnerTexts()) expect(tag.trim()).toBe(state);
    await page.screenshot({ path: `${screenshotDir}/story-package.png`, fullPage: true });
  });

  test('the user centre writes every amount of 10,000 yuan or more in 万元 (the exact yuan on hover)', async ({ page }) => {
    await logInAs(page, 'bidder01', '/usercenterIndex');
    for (const route of ['/usercenterIndex', '/myProject', '/myProject?list=2', '/myDeposit', '/projectSettlement', '/wallet/index', '/myInvoice', '/myContract', '/myWatch']) {
      await page.goto(`/#${route}`);
      await expect(page.locator('.uc__main, main').first()).toBeVisible();
      // Loaded: no skeleton or spinner left (the live streams never let the network go idle).
      await expect(page.locator('.ant-skeleton, .ant-spin-spinning')).toHaveCount(0);
      await expect(page.locator('.uc__main, main').first()).not.toContainText('加载中');
      const text = await page.locator('.uc__main, main').first().innerText();
      const large = yuanAmounts(text).filter((a) => a.value >= 10_000);
      expect(large, `${route} writes ${large.map((a) => a.text).join('、')} in yuan`).toEqual([]);
    }
    await page.goto('/#/wallet/index');
    await page.screenshot({ path: `${screenshotDir}/story-wallet.png`, fullPage: true });
  });

  test('/sfProject shows the court lots the hall shows live, first', async ({ page, request }) => {
    const hall = await api<{ records: BiddingEntry[] }>(request, 'POST', '/dscq-sync/v1/bid-assets/hall/page', { params: { current: 1, size: 500 } });
    const judicial = await search(request, { typeCode: 5, size: 100 });
    const liveCourtLots = hall.records.filter((r) => judicial.some((j) => j.id === r.assetsId));
    expect(liveCourtLots.length, 'the demo has court lots live in the hall').toBeGreaterThan(0);
    await page.goto('/#/sfProject');
    const list = page.locator('main');
    await expect(list.getByText('竞价中').first()).toBeVisible();
    const first = liveCourtLots[0]!;
    await expect(list).toContainText(first.assetsName.slice(0, 10));
    await page.screenshot({ path: `${screenshotDir}/story-sfproject.png`, fullPage: true });
  });
});
