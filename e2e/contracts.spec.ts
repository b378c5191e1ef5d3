/**
 * Contracts in the browser: 我的合同. bidder01 pays a deal (through the sandbox bank, by the API) and finds
 * its contract drafted; he edits an open clause (a new version in the history), formats one in the online
 * editor, looks up a signatory (masked) and reads the draft. bidder01 signs the demo contract waiting for
 * his signature (drawn signature, face check) and downloads the signed PDF. Every page is photographed.
 */
import { expect, type APIRequestContext, type Download, type Page } from '@playwright/test';
import { test } from './fixtures';
import { signOnScreen } from './contract-signing';
import { apiLogin, loggedIn } from './modes';

const screenshotDir = new URL('./screenshots', import.meta.url).pathname;
test.describe.configure({ timeout: 150_000 });

/**
 * The desk's toasts (each message of the steps below, bidder01's lot reminders) arrive throughout and cover
 * the top right: hidden on these pages, whose own feedback is the antd message at the top.
 */
async function hideToasts(page: Page) {
  await page.addStyleTag({ content: '.ant-notification { display: none !important; }' });
}
const shoot = async (page: Page, name: string) => {
  await hideToasts(page);
  await page.screenshot({ path: `${screenshotDir}/${name}-1200.png`, fullPage: true });
};

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}
async function api<T>(request: APIRequestContext, method: 'GET' | 'POST', path: string, token: string, params: Record<string, string | number> = {}): Promise<Envelope<T>> {
  const res = await request.fetch(`/api${path}`, { method, params, headers: { authorization: `Bearer ${token}` } });
  return (await res.json()) as Envelope<T>;
}

/** bidder01's seeded deal awaiting payment (the older one: the money journey may confirm another meanwhile), paid through the sandbox bank. */
async function payDemoDeal(request: APIRequestContext, token: string): Promise<number> {
  const page = await api<{ records: Array<{ id: number; status: string; dealCode: string; createTime: string }> }>(request, 'GET', '/dscq-user/settle/page', token, { current: 1, size: 50 });
  const deal = page.data.records.filter((d) => d.status === 'awaitingPayment' && d.dealCode.startsWith('CJDEMO')).sort((a, b) => a.createTime.localeCompare(b.createTime))[0];
  expect(deal, 'a demo deal awaiting payment').toBeTruthy();
  const order = await api<{ orderNo: string }>(request, 'POST', '/dscq-user/settle/pay-order', token, { id: deal!.id });
  expect(order.code).toBe(200);
  expect((await api(request, 'POST', '/dscq-user/deposit/sandbox/pay', token, { orderNo: order.data.orderNo })).code).toBe(200);
  return deal!.id;
}

test('bidder01 edits a drafted contract: open clauses, versions, the online editor, a signatory looked up, the draft read', async ({ browser, request }) => {
  const token = await apiLogin(request, 'bidder01');
  await payDemoDeal(request, token);
  // The bank's notice is applied by the server's job; the contract is drafted in the payment's transaction.
  let contractId = 0;
  await expect(async () => {
    const list = await api<{ records: Array<{ id: number; state: string }> }>(request, 'GET', '/dscq-user/contract/page', token, { current: 1, size: 10, state: 'drafting' });
    expect(list.data.records.length).toBeGreaterThan(0);
    contractId = list.data.records[0]!.id;
  }).toPass({ timeout: 30_000 });

  const { context, page } = await loggedIn(browser, 'bidder01');
  await page.goto('/#/myContract');
  await expect(page.getByRole('heading', { name: '我的合同' })).toBeVisible();
  await expect(page.locator('.uc__menu-item--active')).toHaveText('我的合同');
  await expect(page.getByRole('row').filter({ hasText: '起草中' }).first()).toBeVisible();
  await shoot(page, 'contracts-list');

  await page.goto(`/#/edit?id=${contractId}`);
  const handover = page.getByLabel('交割安排', { exact: true });
  await expect(handover).toBeVisible();
  await handover.fill('甲方应于合同生效之日起五个工作日内交付全部资产。\n交付时双方签署交接清单。');
  await page.getByRole('button', { name: /^保\s*存$/ }).click();
  await expect(page.getByText(/已保存为第 \d+ 版/)).toBeVisible();
  await expect(page.locator('.contract-versions').getByText(/修改：交割安排/).first()).toBeVisible();
  await shoot(page, 'contracts-edit');

  await page.goto(`/#/onlineEdit?id=${contractId}&field=other`);
  const box = page.getByRole('textbox', { name: '其他约定' });
  await expect(box).toBeVisible();
  await box.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('本合同一式三份，各方各执一份。');
  await page.keyboard.press('Control+A');
  await page.getByRole('button', { name: '加粗' }).click();
  await page.getByRole('button', { name: /^保\s*存$/ }).click();
  await expect(page.getByText(/「其他约定」已保存为第 \d+ 版/)).toBeVisible();
  await expect(box.locator('strong, b').first()).toHaveText('本合同一式三份，各方各执一份。');
  await shoot(page, 'contracts-online-edit');

  await page.goto(`/#/addSignatory?id=${contractId}`);
  await page.getByLabel('登录名或手机号').fill('13800001011');
  await page.getByRole('button', { name: /查\s*找/ }).click();
  await expect(page.getByText('李**')).toBeVisible();
  await expect(page.getByText('138****1011')).toBeVisible();
  await shoot(page, 'contracts-add-signatory');

  await page.goto(`/#/signatoryList?id=${contractId}`);
  await expect(page.getByRole('cell', { name: '受让方（乙方）' })).toBeVisible();
  await shoot(page, 'contracts-signatories');

  await page.goto(`/#/confirm?id=${contractId}`);
  const text = page.getByRole('article', { name: '合同全文' });
  await expect(text.getByText('甲方应于合同生效之日起五个工作日内交付全部资产。')).toBeVisible();
  await expect(text.getByText(/元整|元.*分/).first()).toBeVisible();
  await shoot(page, 'contracts-confirm');
  await context.close();
});

test('bidder01 downloads the sealed contract from the list', async ({ browser, request }) => {
  const token = await apiLogin(request, 'bidder01');
  const list = await api<{ records: Array<{ id: number; state: string }> }>(request, 'GET', '/dscq-user/contract/page', token, { current: 1, size: 50, state: 'sealed' });
  expect(list.data.records.length, 'a sealed demo contract').toBeGreaterThan(0);
  const { context, page } = await loggedIn(browser, 'bidder01');
  await page.goto('/#/myContract?state=sealed');
  await hideToasts(page);
  const row = page.getByRole('row').filter({ hasText: '已盖章' }).first();
  await expect(row).toBeVisible();
  await shoot(page, 'contracts-list-sealed');
  const download = page.waitForEvent('download');
  await row.getByText('下载').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^产权交易合同-HT\d+\.pdf$/);
  const bytes = await (await import('node:fs/promises')).readFile((await file.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(bytes.toString('latin1').match(/\/ETSI\.CAdES\.detached/g)?.length).toBe(3);
  await context.close();
});

test('bidder01 signs the contract waiting for him (drawn signature, face check by the QR link) and downloads the signed PDF', async ({ browser, request }) => {
  const token = await apiLogin(request, 'bidder01');
  const list = await api<{ records: Array<{ id: number; state: string; canSign: boolean }> }>(request, 'GET', '/dscq-user/contract/page', token, { current: 1, size: 50 });
  const waiting = list.data.records.find((c) => c.state === 'signing' && c.canSign);
  expect(waiting, 'a demo contract waiting for bidder01').toBeTruthy();

  const { context, page } = await loggedIn(browser, 'bidder01');
  await signOnScreen(context, page, waiting!.id, {
    draw: true,
    beforeSign: async () => {
      await hideToasts(page);
      await expect(page.getByText(/^已签署 /).first()).toBeVisible();
      await expect(page.getByTitle(/合同 PDF：/)).toBeVisible();
      await shoot(page, 'contracts-sign');
    },
  });
  await expect(page.getByText('签署完成，合同已由各方签署')).toBeVisible();
  await expect(page.getByText('已签署', { exact: true }).first()).toBeVisible();
  await shoot(page, 'contracts-signed');

  // Now and then (twice in about twenty runs, locally and in CI) a click on 下载 PDF beside the PDF viewer's
  // frame reached no handler in headless Chromium: no request went out, the button never showed its
  // loading state. Cause not found; a reader clicks again, and so does this test.
  let file: Download | undefined;
  await expect(async () => {
    const download = page.waitForEvent('download', { timeout: 8_000 });
    await page.getByRole('button', { name: /下载 PDF/ }).click();
    file = await download;
  }).toPass({ timeout: 40_000 });
  const bytes = await (await import('node:fs/promises')).readFile((await file!.path())!);
  expect(bytes.toString('latin1').match(/\/ETSI\.CAdES\.detached/g)?.length).toBe(2);
  // Anyone can check it: the exchange's public verification says both signatures are valid.
  const verified = await request.post('/api/dscq-esign/verify', { multipart: { file: { name: 'contract.pdf', mimeType: 'application/pdf', buffer: bytes } } });
  const answer = (await verified.json()) as Envelope<{ valid: boolean; signatures: Array<{ name: string }> }>;
  expect(answer.data.valid).toBe(true);
  expect(answer.data.signatures.map((s) => s.name)).toEqual(['河北冀通物流有限公司', '王立军']);
  await context.close();
});
