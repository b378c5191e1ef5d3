/**
 * Driving the staff console's 财务 pages (/ops/…) by what a member sees, for journeys (signed in by
 * console-review.ts's signInStaff): open a page
 * from the side menu, prepare a transfer confirmation (four eyes), approve it on 待复核 as another member,
 * handle withdrawals and invoices, settlement steps, a deposit forfeit, and read the books. Money actions
 * ask for the password again (428 → 请再次输入登录密码): `confirmPasswordIfAsked` answers the dialog when
 * it opens. A file using these should allow the browser's note on the 428 answers:
 * `test.use({ consoleAllowed: [CONSOLE_REAUTH_ALLOWED] })`.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, refusedRequest } from './fixtures';
import { DEMO_PASSWORD } from './login';

/** Chromium notes each 428 (the password again) as a failed resource: expected on money actions. */
export const CONSOLE_REAUTH_ALLOWED = { pattern: refusedRequest(428, '/api/dscq-staff/'), why: 'a money action asks for the password again (428) before it is sent once more' };

/** Signs out through the header's 退出. */
export async function signOutOfConsole(page: Page): Promise<void> {
  await page.getByRole('button', { name: /退\s*出/ }).click();
  await expect(page).toHaveURL(/\/ops\/login/);
}

/** Opens a console page from the side menu (转账凭证, 提现, 结算与付款, 发票, 保证金, 资金流水, 待复核 …). */
export async function openConsolePage(page: Page, item: string, heading: string | RegExp = item): Promise<void> {
  await page.getByRole('navigation', { name: '工作系统菜单' }).getByRole('link', { name: item, exact: true }).click();
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
}

/** A toast (antd message) with `text`: what an action shows once done. */
export const toast = (page: Page, text: string | RegExp): Locator => page.locator('.ant-message-notice').filter({ hasText: text });

/**
 * After a money action: if the password dialog opened (428), types the demo password and confirms (the
 * action is then sent again); either way waits for `done`, what the page shows once the action went through.
 */
export async function confirmPasswordIfAsked(page: Page, done: Locator): Promise<void> {
  const dialog = page.getByRole('dialog', { name: '请再次输入登录密码' });
  await expect(dialog.or(done).first()).toBeVisible({ timeout: 20_000 });
  const asked = await dialog.isVisible();
  if (asked) {
    await dialog.getByPlaceholder('登录密码').fill(DEMO_PASSWORD);
    await clickUntilTaken(page, dialog.getByRole('button', { name: '确认并继续' }));
  }
  // `done` before the dialog's closing: a toast lasts 3 s, and on a loaded machine the dialog took longer
  // than that to hide (a CI run waited 3.8 s for it, then missed the toast it had already shown).
  await expect(done.first()).toBeVisible();
  if (asked) await expect(dialog).toBeHidden();
}

/** A table row by its text. */
const rowWith = (page: Page, text: string | RegExp): Locator => page.locator('.ant-table-row').filter({ hasText: text });

/**
 * Clicks an overlay's button until the click is taken: the overlay has closed, or the button waits for the
 * answer (loading). A clean-clone run lost such a click twice: a Popconfirm that had zoomed in for 0.4 s on a
 * loaded machine, and the password dialog, each stayed open, the button neither loading nor acting, and
 * nothing was sent. The click is then given again, never while the button waits (a second action would be
 * refused as 该复核单已处理).
 */
async function clickUntilTaken(page: Page, button: Locator): Promise<void> {
  const notTaken = button.filter({ visible: true }).and(page.locator('button:not(.ant-btn-loading)'));
  await expect(async () => {
    if ((await notTaken.count()) === 1) await button.click({ timeout: 5_000 });
    await expect(notTaken).toHaveCount(0, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

/** Confirms the Popconfirm that is open with its ok button. */
async function confirmPopup(page: Page, okText: string | RegExp): Promise<void> {
  await clickUntilTaken(page, page.locator('.ant-popconfirm').filter({ visible: true }).getByRole('button', { name: okText }));
}

/** The asset names of the transfer proofs waiting for a first confirmation (their button reads 审核). */
export async function waitingTransferProofs(page: Page): Promise<string[]> {
  await openConsolePage(page, '转账凭证');
  const rows = page.locator('.ant-table-row').filter({ has: page.getByRole('button', { name: /审\s*核/ }) });
  await expect(rows.first()).toBeVisible();
  return rows.locator('td:nth-child(3) > div:first-child').allTextContents();
}

/**
 * 转账凭证: opens the waiting proof of `assetsName`, checks the deal and proof are shown, and submits
 * 提交复核（确认到账） (the password again if asked). Returns the four-eyes item's number (复核单 #n).
 */
export async function prepareTransferConfirmation(page: Page, assetsName: string): Promise<number> {
  if (!(await page.getByRole('heading', { name: '转账凭证', level: 1 }).isVisible())) await openConsolePage(page, '转账凭证');
  await rowWith(page, assetsName).getByRole('button', { name: /审\s*核/ }).click();
  const drawer = page.getByLabel('转账凭证详情', { exact: true });
  await expect(drawer.getByText('应付金额', { exact: true })).toBeVisible();
  await expect(drawer.getByRole('button', { name: '下载查看' })).toBeVisible();
  await drawer.getByRole('button', { name: '提交复核（确认到账）' }).click();
  await confirmPopup(page, '提交复核');
  const title = page.locator('.ant-alert-title').filter({ hasText: /^已提交复核：/ });
  await confirmPasswordIfAsked(page, title);
  return Number(/#(\d+)/.exec((await title.textContent()) ?? '')![1]);
}

/** 待复核: approves the pending item whose summary contains `summary` (the password again if asked); 刷新 reads the list again (the console never polls). */
export async function approveOnApprovals(page: Page, summary: string | RegExp): Promise<void> {
  await openConsolePage(page, '待复核');
  await page.getByRole('button', { name: /刷\s*新/ }).click();
  const row = rowWith(page, summary);
  await row.getByRole('button', { name: /通\s*过/ }).click();
  await confirmPopup(page, /通\s*过/);
  await confirmPasswordIfAsked(page, toast(page, '已通过：'));
}

/** 提现: opens a waiting withdrawal (by its number or user) and marks it paid. */
export async function payWithdrawal(page: Page, rowText: string | RegExp): Promise<void> {
  await openConsolePage(page, '提现');
  await rowWith(page, rowText).getByRole('button', { name: /处\s*理/ }).click();
  await page.getByLabel('提现详情', { exact: true }).getByRole('button', { name: '已支付' }).click();
  await confirmPopup(page, '已支付');
  await confirmPasswordIfAsked(page, toast(page, '已标记为已支付'));
}

/** 提现: 支付失败 with a reason (the amount goes back to the user's available balance). */
export async function failWithdrawal(page: Page, rowText: string | RegExp, reason: string): Promise<void> {
  await openConsolePage(page, '提现');
  await rowWith(page, rowText).getByRole('button', { name: /处\s*理/ }).click();
  await page.getByLabel('提现详情', { exact: true }).getByRole('button', { name: '支付失败' }).click();
  const dialog = page.getByRole('dialog', { name: '提现支付失败' });
  await dialog.getByLabel('失败原因').fill(reason);
  await dialog.getByRole('button', { name: '确认支付失败' }).click();
  await confirmPasswordIfAsked(page, toast(page, /已退回$/));
}

/** 发票: 开具 the waiting request of `rowText` (its title or user). */
export async function issueInvoice(page: Page, rowText: string | RegExp): Promise<void> {
  await openConsolePage(page, '发票');
  await rowWith(page, rowText).getByRole('button', { name: /处\s*理/ }).click();
  await page.getByLabel('发票申请详情', { exact: true }).getByRole('button', { name: /开\s*具/ }).click();
  await confirmPopup(page, /开\s*具/);
  await confirmPasswordIfAsked(page, toast(page, '已开具发票'));
}

/** 发票: 拒绝 with a reason. */
export async function refuseInvoice(page: Page, rowText: string | RegExp, reason: string): Promise<void> {
  await openConsolePage(page, '发票');
  await rowWith(page, rowText).getByRole('button', { name: /处\s*理/ }).click();
  await page.getByLabel('发票申请详情', { exact: true }).getByRole('button', { name: /拒\s*绝/ }).click();
  const dialog = page.getByRole('dialog', { name: '拒绝开具发票' });
  await dialog.getByLabel('拒绝原因').fill(reason);
  await dialog.getByRole('button', { name: /拒\s*绝/ }).click();
  await confirmPasswordIfAsked(page, toast(page, '已拒绝开具'));
}

export type SettlementStep = '资产交接' | '出具交易凭证' | '提交复核（向转让方付款）';

/** 结算与付款: takes the deal of `assetsName` one step on (the button shows the step it is at). */
export async function settlementStep(page: Page, assetsName: string, step: SettlementStep): Promise<void> {
  await openConsolePage(page, '结算与付款');
  await rowWith(page, assetsName).getByRole('button', { name: step }).click();
  await confirmPopup(page, /确\s*定/);
  await confirmPasswordIfAsked(page, step === '提交复核（向转让方付款）' ? page.locator('.ant-alert-title').filter({ hasText: /^已提交复核：/ }) : toast(page, '已出具'));
}

/** 保证金: searches `search` (login name, project or code) and prepares the forfeit of the first row with a reason. */
export async function prepareDepositForfeit(page: Page, search: string, reason: string): Promise<void> {
  await openConsolePage(page, '保证金');
  await page.getByPlaceholder('登录名、项目名称或保证金编号').fill(search);
  await page.getByRole('button', { name: '搜索' }).click();
  await rowWith(page, search).first().getByRole('button', { name: '没收保证金' }).click();
  const dialog = page.getByRole('dialog', { name: '没收保证金' });
  await dialog.getByLabel('没收原因').fill(reason);
  await dialog.getByRole('button', { name: '提交复核' }).click();
  await confirmPasswordIfAsked(page, page.locator('.ant-alert-title').filter({ hasText: /^已提交复核：/ }));
}

/** 资金流水: the books' check as the page shows it: true when 账本平衡. */
export async function ledgerBalanced(page: Page): Promise<boolean> {
  await openConsolePage(page, '资金流水', '资金流水 · 账务核对');
  const card = page.getByLabel('账务核对');
  await expect(card.getByText(/账本平衡|发现 \d+ 个问题/)).toBeVisible();
  return card.getByText('账本平衡').isVisible();
}

/** 资金流水: a user's balances as shown (e.g. '2.00万元（20,000.00元）'). */
export async function userBalance(page: Page, loginName: string): Promise<{ available: string; frozen: string }> {
  await openConsolePage(page, '资金流水', '资金流水 · 账务核对');
  const form = page.getByRole('form', { name: '查询用户余额' });
  await form.getByLabel('登录名').fill(loginName);
  await form.getByRole('button', { name: /查\s*询/ }).click();
  const card = page.getByLabel('用户余额');
  const cell = (label: string) => card.locator('.ant-descriptions-item-label', { hasText: label }).locator('xpath=following-sibling::td[1]');
  await expect(cell('可用余额')).toBeVisible();
  return { available: (await cell('可用余额').textContent()) ?? '', frozen: (await cell('冻结金额').textContent()) ?? '' };
}
