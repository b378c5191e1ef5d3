/**
 * The console's 财务 pages against the real server and the demo's seeded work: op_finance prepares the
 * confirmation of the demo's waiting transfer proof (four eyes, the password again), op_admin approves it
 * on 待复核 (the password again), and the deal reads paid: it leaves the transfer queue and waits in 结算与付款.
 * Screenshots of the finance pages go to e2e/screenshots/console-finance-*.png.
 */
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures';
import { CONSOLE_REAUTH_ALLOWED, approveOnApprovals, ledgerBalanced, openConsolePage, prepareTransferConfirmation, signOutOfConsole, waitingTransferProofs } from './console-finance';
import { signInStaff } from './console-review';

const shots = join(dirname(fileURLToPath(import.meta.url)), 'screenshots');

test.use({ consoleAllowed: [CONSOLE_REAUTH_ALLOWED] });

test('op_finance prepares a transfer confirmation, op_admin approves it, and the deal reads paid', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInStaff(page, 'op_finance');

  const waiting = await waitingTransferProofs(page);
  expect(waiting.length).toBeGreaterThan(0);
  const assetsName = waiting[0]!;
  await page.screenshot({ path: join(shots, 'console-finance-transfer-proofs.png') });
  await page.locator('.ant-table-row').filter({ hasText: assetsName }).getByRole('button', { name: /审\s*核/ }).click();
  await expect(page.getByLabel('转账凭证详情', { exact: true }).getByText('应付金额', { exact: true })).toBeVisible();
  await page.screenshot({ path: join(shots, 'console-finance-transfer-detail.png') });
  await page.keyboard.press('Escape');
  await expect(page.getByLabel('转账凭证详情', { exact: true })).toBeHidden();

  const approvalId = await prepareTransferConfirmation(page, assetsName);
  expect(approvalId).toBeGreaterThan(0);
  await expect(page.getByRole('link', { name: '前往待复核' })).toBeVisible();
  await page.screenshot({ path: join(shots, 'console-finance-prepared.png') });

  for (const [item, heading, file] of [
    ['提现', '提现', 'withdrawals'],
    ['发票', '发票', 'invoices'],
    ['结算与付款', '结算与付款', 'settlement'],
    ['保证金', '保证金', 'deposits'],
  ] as const) {
    await openConsolePage(page, item, heading);
    await expect(page.locator('.ant-table')).toBeVisible();
    await page.screenshot({ path: join(shots, `console-finance-${file}.png`) });
  }
  expect(await ledgerBalanced(page)).toBe(true);
  await page.screenshot({ path: join(shots, 'console-finance-ledger.png') });
  await signOutOfConsole(page);

  await signInStaff(page, 'op_admin');
  await approveOnApprovals(page, `确认「${assetsName}」成交价款`);

  await openConsolePage(page, '转账凭证');
  await expect(page.locator('.ant-table-row').filter({ hasText: assetsName })).toHaveCount(0);
  await openConsolePage(page, '结算与付款');
  const paid = page.locator('.ant-table-row').filter({ hasText: assetsName });
  await expect(paid).toContainText(/已支付|已付款/);
  await expect(paid.getByRole('button', { name: '资产交接' })).toBeVisible();
  await page.screenshot({ path: join(shots, 'console-finance-settlement-paid.png') });
});
