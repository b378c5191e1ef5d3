/**
 * Shared steps of the bidding-mode journeys: an operator (demo_org, PORTAL_OPERATORS in the
 * config) creates a short activity of a mode through /api/dscq-ops/activity/create on a listing without an
 * activity and qualifies two demo bidders; each bidder logs in through the login page first (so the
 * activity's short windows start after the slow part) and then opens the room.
 */
import { constants, createPublicKey, publicEncrypt } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { expect, test as base } from './fixtures';
import { OAUTH_CLIENT_ID, OAUTH_CLIENT_SECRET_HASH } from '#domain/contract/auth';
import { formatChinaTime } from '#domain/rules/chinaTime';
import { DEMO_PASSWORD, submitLoginForm } from './login';
import { E2E_CAPTCHA } from './playwright.config';

export const OPERATOR = 'demo_org';

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** A token through POST /api/oauth/token (password RSA-encrypted, fixed e2e captcha). */
export async function apiLogin(request: APIRequestContext, username: string): Promise<string> {
  const pk = (await (await request.get('/api/blade-auth/oauth/public-key')).json()) as Envelope<{ publicKey: string }>;
  const key = createPublicKey({ key: Buffer.from(pk.data.publicKey, 'base64'), format: 'der', type: 'spki' });
  const password = publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(DEMO_PASSWORD)).toString('base64');
  const captcha = (await (await request.get('/api/blade-auth/oauth/captcha')).json()) as { key: string };
  const res = await request.post('/api/oauth/token', {
    params: { grant_type: 'password', username, password, uuid: captcha.key, captcha: E2E_CAPTCHA, scope: 'all' },
    headers: { authorization: `Basic ${Buffer.from(`${OAUTH_CLIENT_ID}:${OAUTH_CLIENT_SECRET_HASH}`).toString('base64')}` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function post<T>(request: APIRequestContext, path: string, data: unknown, token: string): Promise<Envelope<T>> {
  const res = await request.post(`/api${path}`, { data, headers: { authorization: `Bearer ${token}` } });
  return (await res.json()) as Envelope<T>;
}

/** The server's clock (the windows are set on it). */
export async function serverNow(request: APIRequestContext): Promise<number> {
  return ((await (await request.get('/api/dscq-sync/v1/server-time')).json()) as Envelope<{ now: number }>).data.now;
}

/** 'YYYY-MM-DD HH:mm:ss' China time of `ms` after the server's now. */
export const inServerTime = (now: number, ms: number) => formatChinaTime(now + ms);

/**
 * Creates an activity as the operator on the oldest listing that has none under way (the demo seed and
 * scheduler take the newest), and qualifies the bidders ([loginName, pre-emptive rank or null]).
 */
export async function createModeActivity(
  request: APIRequestContext,
  body: Record<string, unknown>,
  bidders: Array<[string, number | null]>,
): Promise<number> {
  const operator = await apiLogin(request, OPERATOR);
  const listings = (await (await request.post('/api/dscq-project/search/page', { data: { current: 1, size: 100, orderBy: 'publishDate', order: 'asc' } })).json()) as Envelope<{ records: Array<{ id: number }> }>;
  let activityId: number | null = null;
  for (const { id } of listings.data.records) {
    const created = await post<{ activityId: number }>(request, '/dscq-ops/activity/create', { assetsId: id, ...body }, operator);
    if (created.code === 409 || created.code === 404) continue;
    expect(created.code, created.msg).toBe(200);
    activityId = created.data.activityId;
    break;
  }
  expect(activityId, 'a listing without an activity').not.toBeNull();
  for (const [loginName, rank] of bidders) {
    const q = await post(request, '/dscq-ops/activity/qualify', { activityId, loginName, ...(rank === null ? {} : { preEmptiveRank: rank }) }, operator);
    expect(q.code, q.msg).toBe(200);
  }
  return activityId!;
}

/** A browser context logged in through the login page (fixed e2e captcha). */
export async function loggedIn(browser: Browser, loginName: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/#/login');
  await submitLoginForm(page, loginName);
  await expect(page).not.toHaveURL(/#\/login/);
  return { context, page };
}

/**
 * The journeys' test: bidder01 and bidder02 log in through the login page once per worker (the slow part,
 * not the mode's), and each journey opens its rooms in fresh contexts holding those logins.
 */
export const test = base.extend<{ bidders: { open(loginName: 'bidder01' | 'bidder02'): Promise<{ context: BrowserContext; page: Page }> } }, { bidderStates: Record<string, string> }>({
  bidderStates: [
    async ({ browser }, use) => {
      const dir = mkdtempSync(path.join(tmpdir(), 'hbcq-e2e-bidders-'));
      const states: Record<string, string> = {};
      await Promise.all(
        ['bidder01', 'bidder02'].map(async (loginName) => {
          const { context } = await loggedIn(browser, loginName);
          states[loginName] = path.join(dir, `${loginName}.json`);
          await context.storageState({ path: states[loginName] });
          await context.close();
        }),
      );
      await use(states);
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  bidders: async ({ browser, bidderStates }, use) => {
    const opened: BrowserContext[] = [];
    await use({
      async open(loginName) {
        const context = await browser.newContext({ storageState: bidderStates[loginName] });
        opened.push(context);
        return { context, page: await context.newPage() };
      },
    });
    await Promise.all(opened.map((context) => context.close()));
  },
});

/** Opens the room of `activityId` in a logged-in page and waits for the bidder's code. */
export async function enterRoom(page: Page, activityId: number): Promise<string> {
  await page.goto(`/#/quoteHall?activityId=${activityId}`);
  await expect(page.getByTestId('room-my-code')).toHaveText(/^\d{6}$/);
  return (await page.getByTestId('room-my-code').textContent())!;
}

/** Submits the bid form (typing `amount` unless it is one acceptance button) and confirms the question. */
export async function submitBid(page: Page, question: RegExp, amount?: string): Promise<void> {
  if (amount !== undefined) await page.getByLabel('出价金额（元）').fill(amount);
  await page.getByRole('form', { name: '出价' }).locator('button[type="submit"]').click();
  const dialog = page.locator('.ant-modal-confirm').filter({ hasText: question });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '确认出价' }).click();
}

export const screenshotDir = new URL('./screenshots', import.meta.url).pathname;

export async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${screenshotDir}/${name}-1200.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: `${screenshotDir}/${name}-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 1200, height: 900 });
}
