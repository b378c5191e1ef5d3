import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { MONEY_PATHS, type WalletEntry } from '#domain/contract/ledger';
import { formatFenAsYuan } from '#domain/rules/money';
import { apiLogin } from './modes';
import { E2E_SMS_CODE } from './playwright.config';
import { pickOption } from './antd';
import { logInAs } from './login';

/**
 * After the hammer, in Chromium against the real server and its demo money: bidder01 confirms a
 * deal awaiting confirmation, pays the amount due through the sandbox bank, sees the settlement in the
 * wallet's ledger, tops up (the balance changes by the amount) and requests an invoice of the service fee;
 * a verified demo user without a card binds one (fixed e2e SMS code), tops up and withdraws to it.
 * Screenshots of every money page at 1200 px.
 *
 * The deal and the user are picked through the API in the state the journey needs (any deal of bidder01
 * awaiting confirmation, any verified demo user without a card), not by name.
 */
const screenshotDir = new URL('./screenshots', import.meta.url).pathname;

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}
interface Page_<T> {
  records: T[];
  total: number;
}
interface Deal {
  id: number;
  assetsName: string;
  status: string;
  amountDue: number;
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${screenshotDir}/${name}-1200.png`, fullPage: true });
}

async function apiGet<T>(request: APIRequestContext, path: string, token: string): Promise<T> {
  const res = await request.get(`/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as Envelope<T>;
  expect(body.code, body.msg).toBe(200);
  return body.data;
}

/** The available balance the wallet page shows, in fen: the exact yuan of its hover (the card may read 万元). */
async function shownAvailableFen(page: Page): Promise<number> {
  await page.getByTestId('wallet-available').locator('.price').hover();
  const text = (await page.getByRole('tooltip').filter({ hasText: '元' }).last().textContent())!;
  return Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);
}

/**
 * The ledger entries of the user newer than `afterId`, and the change they make to the available balance
 * in fen. Other journeys and the demo's live auctions move bidder01's money meanwhile (a lost auction
 * releases its deposit to the wallet), so a balance is checked against the entries it is made of.
 */
async function entriesSince(request: APIRequestContext, token: string, afterId: number): Promise<{ entries: WalletEntry[]; availableFen: number }> {
  const { records } = await apiGet<Page_<WalletEntry>>(request, `${MONEY_PATHS.walletEntries}?current=1&size=100`, token);
  const entries = records.filter((e) => e.id > afterId);
  return { entries, availableFen: entries.reduce((sum, e) => sum + Math.round(e.availableChange * 100), 0) };
}

/** The newest entry's id (ids grow with every posting; the list's order is the entries' business time). */
async function lastEntryId(request: APIRequestContext, token: string): Promise<number> {
  const { records } = await apiGet<Page_<WalletEntry>>(request, `${MONEY_PATHS.walletEntries}?current=1&size=100`, token);
  return Math.max(0, ...records.map((e) => e.id));
}

/** Tops up `yuan` through the sandbox bank from /wallet/handle (the page the user is on). */
async function topUp(page: Page, yuan: string) {
  await page.goto('/#/wallet/handle?action=topUp');
  await page.getByLabel('充值金额（元）').fill(yuan);
  await page.getByRole('button', { name: '下一步：网银支付' }).click();
  await expect(page.getByLabel('模拟网银')).toBeVisible();
  await page.getByLabel('模拟网银').getByRole('button', { name: '确认支付' }).click();
  await expect(page.getByText('充值成功')).toBeVisible({ timeout: 30_000 });
}

test.describe('after the hammer', () => {
  test.describe.configure({ timeout: 150_000 });

  test('bidder01 confirms a deal, pays it through the sandbox bank, sees the ledger, tops up and requests an invoice', async ({ page, request }) => {
    const token = await apiLogin(request, 'bidder01');
    const deals = await apiGet<Page_<Deal>>(request, '/dscq-user/settle/page?current=1&size=100', token);
    const deal = deals.records.find((d) => d.status === 'awaitingConfirmation');
    expect(deal, 'a deal of bidder01 awaiting confirmation').toBeDefined();
    const { id, assetsName } = deal!;

    // 项目结算: the deal waits for confirmation.
    await logInAs(page, 'bidder01', '/projectSettlement');
    const row = page.locator('tr').filter({ hasText: assetsName });
    await expect(row.getByText('待确认成交')).toBeVisible();
    await shoot(page, 'money-project-settlement');
    await row.getByRole('link', { name: '确认成交' }).click();

    // 结算详情: the facts and the 成交确认书, then the online confirmation.
    await expect(page).toHaveURL(new RegExp(`#/projectSettleDetail\\?id=${id}$`));
    await expect(page.getByText(assetsName).first()).toBeVisible();
    await expect(page.getByText(/请于 \d{4}-\d{2}-\d{2}.* 前确认/)).toBeVisible();
    await shoot(page, 'money-settle-detail-unconfirmed');
    await page.getByRole('button', { name: '成交确认书' }).click();
    // The PDF, read with the token and shown in the browser's viewer from a blob; the same bytes through the API.
    const letterDialog = page.getByRole('dialog', { name: '成交确认书' });
    await expect(letterDialog.locator('iframe[title="成交确认书"]')).toHaveAttribute('src', /^blob:/);
    await expect(letterDialog.getByRole('button', { name: '下载 PDF' })).toBeEnabled();
    const pdf = await request.get(`/api/dscq-user/settle/letter?id=${id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await shoot(page, 'money-deal-letter');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await page.getByRole('button', { name: /确认成交/ }).click();
    await expect(page.locator('.ant-message').getByText('成交已确认')).toBeVisible();
    await expect(page.getByText(/请于 .* 前支付应付金额/)).toBeVisible();
    await expect(page.getByText('确认时间')).toBeVisible();
    await shoot(page, 'money-settle-detail-confirmed');

    // The wallet before paying.
    await page.goto('/#/wallet/index');
    await expect(page.getByTestId('wallet-available')).toBeVisible();
    const before = await shownAvailableFen(page);
    const beforeEntry = await lastEntryId(request, token);

    // 结算支付信息: online through the sandbox bank.
    await page.goto(`/#/projectSettleDetail?id=${id}`);
    await page.getByRole('link', { name: '支付价款' }).click();
    await expect(page).toHaveURL(new RegExp(`#/settleDetailPayInfo\\?id=${id}$`));
    await expect(page.getByRole('heading', { name: '支付方式' })).toBeVisible();
    await shoot(page, 'money-settle-pay-info');
    await page.getByRole('button', { name: '网银在线支付' }).click();
    const bank = page.getByLabel('模拟网银');
    await expect(bank).toContainText('模拟网银（沙箱）');
    await shoot(page, 'money-settle-bank');
    await bank.getByRole('button', { name: '确认支付' }).click();
    await expect(page.getByText('价款支付成功')).toBeVisible({ timeout: 30_000 });
    await shoot(page, 'money-settle-paid');

    // The detail says paid. Paid by the bank (the demo deals carry no deposit), the wallet is untouched.
    await page.getByRole('button', { name: '查看结算详情' }).click();
    await expect(page.getByText('支付时间')).toBeVisible();
    await expect(page.locator('.ant-tag').filter({ hasText: '已支付' })).toBeVisible();
    await page.goto('/#/wallet/index');
    const sincePayment = await entriesSince(request, token, beforeEntry);
    expect(sincePayment.entries.filter((e) => e.kind === 'settlementPaid' && e.availableChange !== 0)).toEqual([]);
    await expect.poll(async () => (await shownAvailableFen(page)) - (await entriesSince(request, token, beforeEntry)).availableFen).toBe(before);

    // A top-up through the sandbox bank: the balance grows by exactly the amount, and the ledger shows it.
    await topUp(page, '123.45');
    await shoot(page, 'money-wallet-topup-done');
    await page.getByRole('button', { name: '返回我的钱包' }).click();
    await expect(page).toHaveURL(/#\/wallet\/index$/);
    await expect.poll(async () => (await shownAvailableFen(page)) - (await entriesSince(request, token, beforeEntry)).availableFen).toBe(before);
    const sinceTopUp = await entriesSince(request, token, beforeEntry);
    expect(sinceTopUp.entries.filter((e) => e.kind === 'topUp').map((e) => e.availableChange)).toEqual([123.45]);
    await expect(page.locator('tr').filter({ hasText: '+123.45' }).getByRole('link', { name: '充值', exact: true })).toBeVisible();
    await shoot(page, 'money-wallet-index');
    await page.getByRole('button', { name: '查看全部明细' }).click();
    await expect(page).toHaveURL(/#\/wallet\/detail$/);
    const topUpRow = page.locator('tr').filter({ hasText: '+123.45' });
    await expect(topUpRow).toHaveCount(1);
    await shoot(page, 'money-wallet-detail');
    await topUpRow.getByRole('link', { name: '充值', exact: true }).click();
    await expect(page).toHaveURL(/#\/wallet\/detail\?id=\d+$/);
    await expect(page.getByRole('heading', { name: '账务明细' })).toBeVisible();
    await expect(page.getByText('+123.45')).toBeVisible();
    await shoot(page, 'money-wallet-entry');

    // 我的发票: an invoice of the service fee just paid.
    await page.goto('/#/myInvoice');
    await expect(page.getByRole('heading', { name: '我的发票' })).toBeVisible();
    await shoot(page, 'money-my-invoice');
    await page.getByRole('button', { name: '申请开票' }).click();
    const dialog = page.getByRole('dialog', { name: '申请开票' });
    await pickOption(page, dialog.locator('.ant-select'), assetsName);
    await dialog.getByLabel('发票抬头').fill('李明');
    await dialog.getByLabel('接收邮箱').fill('bidder01@example.com');
    await shoot(page, 'money-invoice-request');
    await dialog.getByRole('button', { name: '提交申请' }).click();
    await expect(page.locator('.ant-message').getByText('发票申请已提交')).toBeVisible();
    await expect(dialog).toBeHidden();
    const invoiceRow = page.locator('tr').filter({ hasText: assetsName });
    await expect(invoiceRow.getByText('已申请')).toBeVisible();
    await shoot(page, 'money-my-invoice-requested');
  });

  test('a verified user without a card binds one, tops up and withdraws to it', async ({ page, request }) => {
    // Any verified demo user without a card (demo_person first).
    let loginName: string | null = null;
    for (const candidate of ['demo_person', 'bidder02', 'bidder03', 'bidder04', 'bidder05', 'demo_org']) {
      const account = await apiGet<{ card: unknown; requiredName: string | null }>(request, '/dscq-user/fund/account', await apiLogin(request, candidate));
      if (account.card === null && account.requiredName !== null) {
        loginName = candidate;
        break;
      }
    }
    expect(loginName, 'a verified demo user without a bound card').not.toBeNull();
    const token = await apiLogin(request, loginName!);
    const { requiredName } = await apiGet<{ requiredName: string }>(request, '/dscq-user/fund/account', token);

    // 资金账户: no card yet; withdrawing asks for one.
    await logInAs(page, loginName!, '/wallet/handle?action=withdraw');
    await expect(page.getByText('请先绑定银行卡')).toBeVisible();
    await page.goto('/#/accountFunds');
    await expect(page.getByRole('button', { name: '绑定银行卡' })).toBeVisible();
    await shoot(page, 'money-account-funds-empty');
    await page.getByRole('button', { name: '绑定银行卡' }).click();

    // 绑定银行卡: bank, a Luhn-valid number, the verified name, the SMS code.
    await expect(page).toHaveURL(/#\/accountFundsDetail$/);
    await page.getByLabel('开户银行').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '中国建设银行' }).click();
    await page.getByLabel('银行卡号').fill('6217000010012345677');
    // The account name is the verified name, filled in and not editable.
    await expect(page.getByLabel('开户名')).toHaveValue(requiredName);
    await page.getByRole('button', { name: '获取验证码' }).click();
    const bindSmsAt = Date.now();
    await page.getByPlaceholder('6位短信验证码').fill(E2E_SMS_CODE);
    await shoot(page, 'money-account-funds-detail');
    await page.getByRole('button', { name: '确认绑定' }).click();
    await expect(page.locator('.ant-message').getByText('银行卡绑定成功')).toBeVisible();
    await expect(page).toHaveURL(/#\/accountFunds$/);
    await expect(page.getByText('中国建设银行')).toBeVisible();
    await expect(page.getByText(/5677/)).toBeVisible();
    await expect(page.getByText(requiredName).first()).toBeVisible();
    await shoot(page, 'money-account-funds');

    // A top-up, then a withdrawal of part of it to the card.
    await page.goto('/#/wallet/index');
    await expect(page.getByTestId('wallet-available')).toBeVisible();
    const before = await shownAvailableFen(page);
    await topUp(page, '200');
    await page.goto('/#/wallet/handle?action=withdraw');
    await expect(page.getByTestId('withdraw-available')).toHaveText(`${formatFenAsYuan(before + 20_000, { suffix: ' 元' })}`);
    await page.getByLabel('提现金额（元）').fill('150');
    // One SMS a minute to a phone (server/services/accounts/sms.ts): the real server's rule, waited out.
    await page.waitForTimeout(Math.max(0, bindSmsAt + 61_000 - Date.now()));
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByPlaceholder('6位短信验证码').fill(E2E_SMS_CODE);
    await shoot(page, 'money-wallet-handle');
    await page.getByRole('button', { name: '确认提现' }).click();
    await expect(page.getByText('提现申请已提交')).toBeVisible();
    await expect(page.getByText(/150\.00 ?元将转入/)).toBeVisible();
    await shoot(page, 'money-withdraw-done');
    await page.getByRole('button', { name: '返回我的钱包' }).click();
    await expect.poll(() => shownAvailableFen(page)).toBe(before + 5_000);
    await expect(page.getByRole('link', { name: '提现', exact: true }).first()).toBeVisible();
    await shoot(page, 'money-wallet-index-after-withdraw');
  });
});
