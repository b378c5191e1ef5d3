/** Shared steps of the bidding-room journeys: the live hall's answer, logging into a room, bidding through its form. */
import { expect, type APIRequestContext, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test';
import type { HallPage } from '#domain/contract/hall';
import { submitLoginForm } from './login';

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** Every live activity of the hall (one page of 200), with the server's time. */
export async function liveHall(request: APIRequestContext): Promise<HallPage> {
  const answer = (await (await request.post('/api/dscq-sync/v1/bid-assets/hall/page', { data: { current: 1, size: 200 } })).json()) as Envelope<HallPage>;
  expect(answer.code, answer.msg).toBe(200);
  return answer.data;
}

/** Logs in through the login page (fixed e2e captcha) and lands on the room it redirects to. */
export async function openRoomAs(
  browser: Browser,
  loginName: string,
  activityId: number,
  prepare?: (context: BrowserContext) => Promise<unknown>,
  device?: BrowserContextOptions,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(device);
  await prepare?.(context);
  const page = await context.newPage();
  await page.goto(`/#/quoteHall?activityId=${activityId}`);
  await expect(page).toHaveURL(/#\/login\?redirect=/);
  await submitLoginForm(page, loginName);
  await expect(page).toHaveURL(new RegExp(`#/quoteHall\\?activityId=${activityId}$`));
  await expect(page.getByTestId('room-my-code')).toHaveText(/^\d{6}$/);
  return { context, page };
}

/** Places the lowest valid bid through the form and the confirmation; waits for the server's 出价成功. */
export async function bidNext(page: Page): Promise<void> {
  const next = (await page.getByTestId('room-next-price').textContent())!.replace(/,/g, '');
  await page.getByLabel('出价金额（元）').fill(next);
  await page.getByRole('form', { name: '出价' }).locator('button[type="submit"]').click();
  const dialog = page.locator('.ant-modal-confirm').filter({ hasText: /确认以 .* 元出价？/ });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '确认出价' }).click();
  await expect(page.getByTestId('room-bid-feedback')).toContainText('出价成功');
}

/** Waits for an alert in the room's alert line (AlertDock): the newest shows, the others behind 另有 N 条. */
export async function expectDocked(page: Page, text: string): Promise<void> {
  const dock = page.getByTestId('alert-dock');
  await expect(async () => {
    const more = dock.getByRole('button', { name: /^另有 \d+ 条$/ });
    if ((await more.count()) > 0 && (await more.getAttribute('aria-expanded')) !== 'true') await more.click();
    await expect(dock).toContainText(text, { timeout: 500 });
  }).toPass({ timeout: 8_000 });
}
