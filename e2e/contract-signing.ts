/**
 * Signing a contract on screen, as a party does: the sign page, the signature drawn on the pad (a person;
 * an organisation signs with its approved seal), the face check confirmed on the phone through the QR
 * code's one-time link (read from the challenge the page creates: the QR itself is a picture), then
 * 确认签署.
 */
import { expect, type BrowserContext, type Page } from '@playwright/test';

interface Envelope<T> {
  code: number;
  data: T;
}

/** Draws a zigzag on the 手写签名区 pad. */
export async function drawSignature(page: Page): Promise<void> {
  const pad = page.getByLabel('手写签名区');
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + 30 + i * 25, box.y + box.height / 2 + (i % 2 ? -20 : 20));
  await page.mouse.up();
}

/**
 * Opens /usercenter/contract/sign?id= in `page` (of `context`, logged in as the party), signs (drawing first
 * when `draw`), passes the face check on a second page of the same login and confirms. Runs `beforeSign`
 * once the page is ready (a screenshot).
 */
export async function signOnScreen(context: BrowserContext, page: Page, contractId: number, options: { draw: boolean; beforeSign?: () => Promise<void> }): Promise<void> {
  const created = page.waitForResponse((r) => r.url().includes('/dscq-esign/face/create'));
  await page.goto(`/#/usercenter/contract/sign?id=${contractId}`);
  const qrToken = ((await (await created).json()) as Envelope<{ token: string }>).data.token;
  await expect(page.getByText('待签署（当前）')).toBeVisible();
  if (options.draw) {
    await drawSignature(page);
    await expect(page.getByRole('button', { name: '确认签署' })).toBeDisabled();
  }
  await options.beforeSign?.();

  const phone = await context.newPage();
  await phone.goto(`/#/contract/seal/qrcode?token=${encodeURIComponent(qrToken)}`);
  // The phone names the contract as the computer does: its title and number.
  await expect(phone.getByText(/^签署合同：.+（HT\d{16}）$/)).toBeVisible();
  await phone.getByRole('button', { name: '确认是本人操作' }).click();
  await expect(phone.getByText('已确认是本人操作')).toBeVisible();
  await phone.close();

  await expect(page.getByText('人脸核验已通过')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: '确认签署' }).click();
  await expect(page.getByText('您已签署本合同')).toBeVisible();
}
