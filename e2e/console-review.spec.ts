/**
 * The console's 审核 pages against the real server and the production build: op_review approves one of the
 * demo's waiting real-name requests (the organisation, with its licence picture) and confirms the deposit
 * proof (server/seed/staff-work.ts), through the helpers of e2e/console-review.ts. Screenshots
 * e2e/screenshots/console-review-*.png.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures';
import { confirmAction, openQueueItem, openReviewPage, queueRow, signInStaff } from './console-review';

const shots = join(dirname(fileURLToPath(import.meta.url)), 'screenshots');

test('op_review approves a real-name request and confirms a deposit proof', async ({ page }) => {
  // Two queues, two details, two decisions: more than the default 30 s on a loaded machine.
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInStaff(page, 'op_review');

  await openReviewPage(page, '实名认证');
  await expect(queueRow(page, '石家庄恒信商贸有限公司')).toContainText(/等待 \d+天\d+小时/);
  await page.screenshot({ path: join(shots, 'console-review-real-name.png') });
  const drawer = await openQueueItem(page, '石家庄恒信商贸有限公司');
  await expect(drawer.getByText('统一社会信用代码')).toBeVisible();
  await expect(drawer.locator('img.queue-picture')).toBeVisible();
  await page.screenshot({ path: join(shots, 'console-review-real-name-detail.png') });
  await confirmAction(page, drawer, '通过', '已通过，用户将收到消息');
  await expect(drawer.getByText('已通过').first()).toBeVisible();
  await drawer.locator('.ant-drawer-close').click();
  await expect(queueRow(page, '石家庄恒信商贸有限公司')).toBeHidden();

  await openReviewPage(page, '保证金凭证');
  const row = page.locator('.ant-table-row').first();
  await expect(row).toContainText('孙建军');
  const assetsName = (await row.locator('td').nth(1).textContent())!.trim();
  await page.screenshot({ path: join(shots, 'console-review-deposit-proofs.png') });
  const proof = await openQueueItem(page, assetsName);
  await expect(proof.getByText('应缴保证金')).toBeVisible();
  await page.screenshot({ path: join(shots, 'console-review-deposit-proof-detail.png') });
  await confirmAction(page, proof, '确认', '已确认，保证金已到账');
  await proof.locator('.ant-drawer-close').click();
  await expect(queueRow(page, assetsName)).toBeHidden();
});
