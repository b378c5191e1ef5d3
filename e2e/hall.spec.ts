/**
 * The live bidding hall against the real server and its demo activities: /hall shows live rows
 * whose countdowns go down each second, a bid placed through the API (as demo bidder01) changes the row's
 * price within seconds, the home page's live table links to /hall; screenshots at 1200 and 1440 px.
 */
import { constants, createPublicKey, publicEncrypt } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { OAUTH_CLIENT_ID, OAUTH_CLIENT_SECRET_HASH } from '#domain/contract/auth';
import type { BiddingData, BiddingEntry } from '#domain/contract/hall';
import { formatTableMoney } from '#domain/rules/money';
import { E2E_CAPTCHA } from './playwright.config';

const screenshotDir = new URL('./screenshots', import.meta.url).pathname;

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** Logs a demo bidder in through POST /api/oauth/token (password RSA-encrypted, fixed e2e captcha). */
async function login(request: APIRequestContext, username: string): Promise<string> {
  const pk = (await (await request.get('/api/blade-auth/oauth/public-key')).json()) as Envelope<{ publicKey: string }>;
  const key = createPublicKey({ key: Buffer.from(pk.data.publicKey, 'base64'), format: 'der', type: 'spki' });
  const password = publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from('Demo@2026')).toString('base64');
  const captcha = (await (await request.get('/api/blade-auth/oauth/captcha')).json()) as { key: string };
  const res = await request.post('/api/oauth/token', {
    params: { grant_type: 'password', username, password, uuid: captcha.key, captcha: E2E_CAPTCHA, scope: 'all' },
    headers: { authorization: `Basic ${Buffer.from(`${OAUTH_CLIENT_ID}:${OAUTH_CLIENT_SECRET_HASH}`).toString('base64')}` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function post<T>(request: APIRequestContext, path: string, data: unknown, token?: string): Promise<Envelope<T>> {
  const res = await request.post(`/api${path}`, { data, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return (await res.json()) as Envelope<T>;
}

const DEMO_BIDDERS = ['bidder01', 'bidder02', 'bidder03', 'bidder04', 'bidder05'];

/** Places the lowest valid bid as a demo bidder who does not lead the activity; returns the amount. */
async function placeBid(request: APIRequestContext, activityId: number): Promise<number> {
  for (const bidder of DEMO_BIDDERS) {
    const token = await login(request, bidder);
    const data = (await post<BiddingData>(request, '/dscq-sync/v1/bid-assets/bidding-data', { activityId }, token)).data;
    if (data.leaderBidCode !== null && data.myBidCode === data.leaderBidCode) continue; // leading already
    const amount = data.biddingCount > 0 ? data.biddingPrice + data.increment : data.startPrice;
    const bid = await post(request, '/dscq-sync/v1/bidding/ongoing/bid', { activityId, amount, idempotencyKey: `e2e-hall-${bidder}-${Date.now()}` }, token);
    expect(bid.code, bid.msg).toBe(200);
    return amount;
  }
  throw new Error('every demo bidder leads?');
}

/** '1天02时03分04秒' / '02时03分04秒' → seconds. */
function seconds(text: string): number {
  const m = /^(?:(\d+)天)?(\d{2})时(\d{2})分(\d{2})秒$/.exec(text.trim());
  if (!m) throw new Error(`not a countdown: ${text}`);
  return Number(m[1] ?? 0) * 86_400 + Number(m[2]) * 3_600 + Number(m[3]) * 60 + Number(m[4]);
}

/** A lot's row (one project may have had several activities: rows are keyed by activity). */
const rowOfActivity = (page: Page, activityId: number): Locator => page.locator(`[data-testid="live-row"][data-activity-id="${activityId}"]`);

test.describe('live bidding hall', () => {
  test('/hall: live rows count down each second; a bid placed through the API changes the price', async ({ page, request }) => {
    // A live English-auction lot with more than 20 minutes left, on the first page of the hall.
    const hall = await post<{ records: BiddingEntry[] }>(request, '/dscq-sync/v1/bid-assets/hall/page', { current: 1, size: 30 });
    expect(hall.code).toBe(200);
    // Prefer one with bids already, so the first bid below moves the price (a first bid is the start price).
    const open = hall.data.records.filter((r) => r.mode === 'ongoing' && r.endTime - Date.now() > 20 * 60_000);
    const lot = open.find((r) => r.biddingCount > 0) ?? open[0];
    expect(lot, 'the demo seed has a live ongoing lot on the first hall page').toBeDefined();

    await page.goto('/#/hall');
    await expect(page.getByRole('heading', { name: '竞价大厅', level: 1 })).toBeVisible();
    const row = rowOfActivity(page, lot!.activityId);
    await expect(row).toHaveCount(1);
    const href = `#/${lot!.projectType === 1 || lot!.projectType === 2 ? 'projectPkg' : 'projectDetail'}/${lot!.assetsId}.html`;
    await expect(row.getByRole('link', { name: lot!.assetsName })).toHaveAttribute('href', href);
    await expect(row.getByText('竞价中')).toBeVisible();

    // The countdown goes down by about one second per second.
    const countdown = row.getByTestId('live-countdown');
    await expect(countdown).toHaveText(/\d{2}时\d{2}分\d{2}秒$/);
    const first = seconds(await countdown.innerText());
    await page.waitForTimeout(3_100);
    const later = seconds(await countdown.innerText());
    expect(first - later).toBeGreaterThanOrEqual(2);
    expect(first - later).toBeLessThanOrEqual(4);
    // Every shown countdown is a countdown or 请见标的详情.
    for (const text of await page.getByTestId('live-countdown').allInnerTexts()) {
      expect(text).toMatch(/^((\d+天)?\d{2}时\d{2}分\d{2}秒|请见标的详情)$/);
    }

    // A bid through the API by a demo bidder (qualified in every demo activity) who is not leading already.
    const priceBefore = await row.locator('.live-cell-price').innerText();
    const amount = await placeBid(request, lot!.activityId);
    if (lot!.biddingCount > 0) expect(formatTableMoney(amount)!.label).not.toBe(priceBefore);

    // The row follows within a few seconds: new price (the tables' money rule), red, a premium rate.
    await expect(row.locator('.live-cell-price')).toHaveText(formatTableMoney(amount)!.label, { timeout: 8_000 });
    await expect(row).toHaveClass(/live-row--red/);
    await expect(row.locator('.live-cell-rate')).toHaveText(/^\d+\.\d{2}%$/);
    await expect(row.locator('.live-flash')).toHaveCount(1);
    await expect(page.getByTestId('price-announcer')).toContainText(`当前价${formatTableMoney(amount)!.label}`);

    // Another bidder outbids: the row moves again.
    const next = await placeBid(request, lot!.activityId);
    expect(next).toBeGreaterThan(amount);
    await expect(row.locator('.live-cell-price')).toHaveText(formatTableMoney(next)!.label, { timeout: 8_000 });
  });

  test('/hall: the name search and the page live in the URL', async ({ page, request }) => {
    const hall = await post<{ records: BiddingEntry[] }>(request, '/dscq-sync/v1/bid-assets/hall/page', { current: 1, size: 30 });
    const word = hall.data.records[0]!.assetsName.slice(0, 3);
    await page.goto('/#/hall');
    await page.getByRole('searchbox', { name: '按项目名称搜索' }).fill(word);
    await page.getByRole('searchbox', { name: '按项目名称搜索' }).press('Enter');
    await expect.poll(() => decodeURIComponent(page.url())).toContain(`#/hall?assetsName=${word}`);
    await expect(page.getByTestId('live-row').first()).toBeVisible();
    for (const name of await page.getByTestId('live-row').locator('.live-cell-name a').allInnerTexts()) expect(name).toContain(word);

    await page.goto('/#/hall?size=2');
    await expect(page.getByTestId('live-row')).toHaveCount(2);
    await page.locator('.hall-pagination').getByTitle('2', { exact: true }).click();
    await expect(page).toHaveURL(/current=2/);
    await expect(page.getByTestId('live-row')).toHaveCount(2);
  });

  test('home: the live bidding table shows live lots and links to /hall', async ({ page }) => {
    await page.goto('/#/index');
    const table = page.getByTestId('home-live-table');
    await table.scrollIntoViewIfNeeded();
    await expect(table).toHaveCSS('height', '380px');
    await expect(table.getByTestId('home-live-row').first()).toBeVisible();
    await expect(table.getByTestId('home-live-row').first().getByText('竞价中')).toBeVisible();
    const more = table.getByRole('link', { name: '更多 >' });
    await expect(more).toHaveAttribute('href', /^\/?#\/hall$/);
    await more.click();
    await expect(page).toHaveURL(/#\/hall$/);
    await expect(page.getByTestId('live-row').first()).toBeVisible();
  });

  for (const width of [1200, 1440]) {
    test(`screenshots: /hall and the home live table at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/#/hall');
      await expect(page.getByTestId('live-row').first()).toBeVisible();
      await expect(page.getByTestId('upcoming-row').first()).toBeVisible();
      await page.screenshot({ path: `${screenshotDir}/hall-${width}.png`, fullPage: true });
      await page.goto('/#/index');
      const hallBlock = page.locator('.home-hall');
      await hallBlock.scrollIntoViewIfNeeded();
      await expect(page.getByTestId('home-live-row').first()).toBeVisible();
      await hallBlock.screenshot({ path: `${screenshotDir}/home-live-${width}.png` });
    });
  }
});
