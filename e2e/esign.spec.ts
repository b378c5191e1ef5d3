/**
 * Seals in the browser: demo_org (organisation-verified, with the seed's approved seal) applies for a new
 * electronic seal at /contract/seal/apply and sees it 待审核; a face-verification challenge of his is
 * confirmed on /contract/seal/qrcode as a phone would. Both pages are looked at in screenshots.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { ESIGN_PATHS, type FaceChallenge } from '#domain/contract/esign';
import { drawSealPng } from '../server/lib/png';
import { test } from './fixtures';
import { logInAs } from './login';
import { apiLogin } from './modes';

const screenshotDir = new URL('./screenshots', import.meta.url).pathname;
test.describe.configure({ timeout: 120_000 });

async function createChallenge(request: APIRequestContext, token: string): Promise<FaceChallenge> {
  const res = await request.post(`/api${ESIGN_PATHS.faceCreate}`, { params: { purpose: 'contract-sign', refId: 'HT-E2E-0001' }, headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { data: FaceChallenge }).data;
}

test('demo_org applies for a seal and sees it 待审核', async ({ page }) => {
  await logInAs(page, 'demo_org', '/contract/seal/apply');
  // The seed's approved seal is listed.
  await expect(page.getByRole('cell', { name: '已通过' })).toBeVisible();
  await page.getByLabel('印章名称').fill('河北冀通物流有限公司财务专用章');
  await page.locator('input[type="file"]').setInputFiles({ name: 'seal.png', mimeType: 'image/png', buffer: drawSealPng(160) });
  await page.getByRole('button', { name: '提交申请' }).click();
  await expect(page.getByText('印章申请已提交，请等待平台审核')).toBeVisible();
  const row = page.getByRole('row', { name: /财务专用章/ });
  await expect(row.getByText('待审核')).toBeVisible();
  await expect(page.getByRole('button', { name: '提交申请' })).toBeDisabled();
  await expect(row.getByRole('img', { name: '印章图片' })).toBeVisible();
  await page.screenshot({ path: `${screenshotDir}/seal-apply-1200.png`, fullPage: true });
});

test('the phone confirms a signing step on /contract/seal/qrcode', async ({ page, request }) => {
  const token = await apiLogin(request, 'demo_org');
  const challenge = await createChallenge(request, token);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/#/contract/seal/qrcode?token=${challenge.token}`);
  await expect(page.getByRole('button', { name: '去登录' })).toBeVisible();
  await page.screenshot({ path: `${screenshotDir}/seal-qrcode-login-390.png`, fullPage: true });
  await logInAs(page, 'demo_org', `/contract/seal/qrcode?token=${challenge.token}`);
  await expect(page.getByText('签署合同（编号 HT-E2E-0001）')).toBeVisible();
  await page.screenshot({ path: `${screenshotDir}/seal-qrcode-390.png`, fullPage: true });
  await page.getByRole('button', { name: /确认是本人操作/ }).click();
  await expect(page.getByText('已确认是本人操作')).toBeVisible();
  const status = await request.get(`/api${ESIGN_PATHS.faceStatus}`, { params: { id: String(challenge.id) }, headers: { authorization: `Bearer ${token}` } });
  expect(((await status.json()) as { data: { status: string } }).data.status).toBe('confirmed');
});
