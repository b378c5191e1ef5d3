/**
 * The bidder's key (docs/accounts.md "Security keys"), in Chromium with its virtual authenticator (CTAP2,
 * resident keys, user verification): bidder05 adds a security key in 账户安全, logs out, logs in with the
 * key alone (a passkey), sets 大额出价需安全密钥确认, bids above it in a room of his own and confirms the bid
 * with the key, then turns the setting off again.
 *
 * WebAuthn refuses an IP address as relying party, so this journey opens the portal as localhost.
 */
import type { Page } from '@playwright/test';
import { expect, refusedRequest, test } from './fixtures';
import { DEMO_PASSWORD, logInAs } from './login';
import { createModeActivity, enterRoom, inServerTime, serverNow, submitBid } from './modes';

const port = Number(process.env.E2E_PORT ?? 18_180);
const screenshots = new URL('./screenshots', import.meta.url).pathname;
const BIDDER = 'bidder05';

test.use({ baseURL: `http://localhost:${port}` });

async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
}

/** The 大额出价需安全密钥确认 dialog: on with `thresholdYuan`, or off. */
async function setThreshold(page: Page, thresholdYuan: number | null): Promise<void> {
  await page.getByTestId('bid-key-setting').getByRole('button', { name: /^设\s*置$/ }).click();
  const dialog = page.getByRole('dialog', { name: '大额出价需安全密钥确认' });
  const toggle = dialog.getByRole('switch');
  if ((await toggle.getAttribute('aria-checked')) !== String(thresholdYuan !== null)) await toggle.click();
  if (thresholdYuan !== null) await dialog.getByLabel('单笔出价超过（元）').fill(String(thresholdYuan));
  await dialog.getByLabel('登录密码').fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: /^保\s*存$/ }).click();
  await expect(dialog).toBeHidden();
}

test('a bidder adds a security key, logs in with it, and confirms a bid above his threshold with it', async ({ page, request, allowConsole }) => {
  test.setTimeout(90_000);
  await addVirtualAuthenticator(page);

  // 账户安全: add a key (named, the password again; the virtual key answers at once).
  await logInAs(page, BIDDER, '/accountSafe');
  const section = page.getByTestId('security-keys');
  await expect(section.getByText('尚未添加安全密钥')).toBeVisible();
  await section.getByRole('button', { name: '添加安全密钥' }).click();
  const add = page.getByRole('dialog', { name: '添加安全密钥' });
  await add.getByLabel('密钥名称').fill('办公室安全密钥');
  await add.getByLabel('登录密码').fill(DEMO_PASSWORD);
  await add.getByRole('button', { name: '下一步：验证安全密钥' }).click();
  await expect(add).toBeHidden();
  await expect(section.getByRole('list', { name: '已添加的安全密钥' })).toContainText('办公室安全密钥');
  await expect(section).toContainText('从未使用');
  await page.screenshot({ path: `${screenshots}/security-key-account.png`, fullPage: true });

  // Log out, then log in with the key alone: the passkey names the account.
  // A desk poll of the live worker already under way when the session ends is answered 401: the browser logs
  // the refused request (the worker itself stays quiet, workers/desk.ts, and stops on the logout that follows).
  allowConsole(refusedRequest(401, '/api/dscq-user/desk/signal'), 'a desk poll in flight at logout is answered 401');
  await page.getByTestId('header-user').getByRole('button', { name: '退出' }).click();
  await expect(page).toHaveURL(/#\/login/);
  await page.getByRole('tab', { name: '安全密钥登录' }).click();
  const keyLogin = page.getByRole('form', { name: '安全密钥登录' });
  await expect(keyLogin.getByRole('button', { name: '使用安全密钥登录' })).toBeEnabled();
  await page.screenshot({ path: `${screenshots}/security-key-login.png`, fullPage: true });
  await keyLogin.getByRole('button', { name: '使用安全密钥登录' }).click();
  await expect(page).not.toHaveURL(/#\/login/);
  await expect(page.getByTestId('header-user')).toContainText('陈志刚');

  // The key's last use shows; turn on 大额出价需安全密钥确认 above 10,000 yuan.
  await page.goto('/#/accountSafe');
  await expect(section).not.toContainText('从未使用');
  await setThreshold(page, 10_000);
  await expect(page.getByTestId('bid-key-setting')).toContainText('已开启');
  await expect(page.getByTestId('bid-key-setting')).toContainText('1.00万元');
  await page.screenshot({ path: `${screenshots}/security-key-setting.png`, fullPage: true });

  // A room of his own (10,000 yuan start, 100 yuan steps): the first bid, 10,100 yuan, is above it.
  const now = await serverNow(request);
  const activityId = await createModeActivity(request, { mode: 'ongoing', endTime: inServerTime(now, 10 * 60_000), startPrice: 10_000, increment: 100, extensionSec: 0 }, [[BIDDER, null]]);
  await enterRoom(page, activityId);
  // The server's first answer asks for the key (428); the room confirms with it and sends the bid again.
  allowConsole(refusedRequest(428, '/api/dscq-sync/v1/bidding/ongoing/bid'), 'the first attempt above the threshold is answered 428 (the key is needed) on purpose');
  const confirmed = page.waitForResponse((r) => r.url().includes('/api/dscq-user/webauthn/bid-confirmation/verify') && r.status() === 200);
  await submitBid(page, /确认以 10,100.00 元出价？/, '10100');
  await confirmed;
  await expect(page.getByTestId('room-bid-feedback')).toContainText('出价成功');
  await expect(page.locator('.ant-modal-confirm')).toHaveCount(0);
  await page.screenshot({ path: `${screenshots}/security-key-bid.png`, fullPage: true });

  // Off again (the demo bidder's other journeys bid without a key).
  await page.goto('/#/accountSafe');
  await setThreshold(page, null);
  await expect(page.getByTestId('bid-key-setting')).toContainText('未开启');
});
