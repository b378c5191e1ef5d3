/**
 * My files and appeals in the browser: a user uploads a file to 我的文件 and previews it, files an appeal against his
 * rejected enrolment with that file attached, and after the operator accepts and answers it through the
 * operator API sees the answer; an investor registers a demand and, when the operator publishes a listing
 * that matches, gets a message naming it and sees it under the demand. bidder01's demo pages are looked at.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { ENROLMENT_COMMITMENTS } from '#domain/contract/enrolment';
import { pickOption } from './antd';
import { test } from './fixtures';
import { apiLogin, loggedIn, OPERATOR } from './modes';

const screenshotDir = new URL('./screenshots', import.meta.url).pathname;
/** An option of the open antd dropdown (the visible item, not the hidden accessible copy). */
const option = (page: Page, text: string | RegExp) => page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text });
// Journeys through several pages on a shared, busy machine: more than the default 30 s.
test.describe.configure({ timeout: 120_000 });

/**
 * The demo users watch lots whose reminders and messages keep arriving while a journey runs: the
 * screenshots leave the toasts out (they would cover the page), and before a click the visible toasts are
 * closed (best effort: a new one may come at any time, and a click waits by itself for what covers it).
 */
const NO_TOASTS = '.ant-notification { display: none !important; }';
async function closeToasts(page: Page) {
  for (const close of await page.locator('.ant-notification-notice-close').all()) await close.click({ timeout: 2_000 }).catch(() => {});
}
const shoot = async (page: Page, name: string) => {
  await page.screenshot({ path: `${screenshotDir}/${name}-1200.png`, fullPage: true, style: NO_TOASTS });
};

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

async function call<T>(request: APIRequestContext, path: string, token: string, data: Record<string, unknown>): Promise<Envelope<T>> {
  const res = await request.post(`/api${path}`, { data, headers: { authorization: `Bearer ${token}` } });
  return (await res.json()) as Envelope<T>;
}

/** A one-page PDF (enough for the magic-byte check and the viewer). */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

test('a user uploads a file, files an appeal with it, and sees the exchange’s answer', async ({ browser, request }) => {
  const operator = await apiLogin(request, OPERATOR);
  const user = await apiLogin(request, 'bidder02');
  // A listing of his, enrolled and rejected (quickly, before the demo auto-approval).
  const listing = await call<{ assetsId: number }>(request, '/dscq-ops/listing/publish', operator, {
    assetsName: '端到端测试申诉用项目', typeCode: 1, city: '唐山市', startPrice: 500_000, deposit: 50_000, orgName: '测试转让方',
  });
  expect(listing.code).toBe(200);
  // The 竞买须知 in effect, as the enrolment form serves it: the submission names its version.
  const enrolForm = await request.get(`/api/dscq-project/enroll/form?assetsId=${listing.data.assetsId}`, { headers: { authorization: `Bearer ${user}` } });
  const terms = ((await enrolForm.json()) as Envelope<{ terms: { version: string } }>).data.terms;
  const enrolment = await call<{ id: number }>(request, '/dscq-project/enroll/submit', user, {
    assetsId: listing.data.assetsId, contactName: '测试', contactPhone: '13800000002', commitments: ENROLMENT_COMMITMENTS.map((c) => c.key), termsVersion: terms.version,
  });
  expect(enrolment.msg).toBe('操作成功');
  expect((await call(request, '/dscq-ops/enroll/reject', operator, { id: enrolment.data.id, reason: '营业执照副本未盖章' })).code).toBe(200);

  const { page } = await loggedIn(browser, 'bidder02');
  await page.goto('/#/myFiles');
  await expect(page.getByRole('heading', { name: '我的文件' })).toBeVisible();
  await page.getByRole('button', { name: '新建文件夹' }).click();
  await page.getByLabel('文件夹名称').fill('申诉材料');
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await page.getByRole('link', { name: /申诉材料/ }).click();
  await expect(page).toHaveURL(/#\/usercenter\/files\/children\?folderId=\d+/);
  await page.locator('input[type="file"]').setInputFiles({ name: '营业执照（盖章）.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByText('已上传：营业执照（盖章）.pdf')).toBeVisible();
  await page.getByRole('button', { name: '营业执照（盖章）.pdf' }).click();
  await expect(page.getByTitle('PDF 预览：营业执照（盖章）.pdf')).toBeVisible();
  await shoot(page, 'files-preview');
  await page.locator('.ant-modal-footer').getByRole('button', { name: /关\s*闭/ }).click();

  // The appeal: kind, his rejected enrolment, reason, the file from 我的文件.
  await page.goto('/#/shensuRecord');
  await page.getByRole('button', { name: '我要申诉' }).click();
  const drawer = page.getByRole('dialog', { name: '我要申诉' });
  await drawer.getByRole('radio', { name: '报名驳回' }).check();
  await pickOption(page, drawer.locator('.ant-select').first(), /端到端测试申诉用项目/);
  await drawer.getByLabel('申诉理由').fill('短');
  await drawer.getByRole('button', { name: '提交申诉' }).click();
  await expect(drawer.getByText('申诉理由不能少于10个字')).toBeVisible();
  await drawer.getByLabel('申诉理由').fill('营业执照副本已加盖公章，附件为盖章后的扫描件，请复核。');
  await pickOption(page, drawer.locator('.ant-select').nth(1), '营业执照（盖章）.pdf');
  await shoot(page, 'appeal-form');
  await drawer.getByRole('button', { name: '提交申诉' }).click();
  const detail = page.getByRole('dialog', { name: '申诉详情' });
  await expect(detail.getByText('已提交').first()).toBeVisible();
  await expect(detail.getByText('营业执照（盖章）.pdf')).toBeVisible();
  const id = Number(/id=(\d+)/.exec(page.url())![1]);

  // The operator accepts and answers through the operator API.
  expect((await call(request, '/dscq-ops/appeal/accept', operator, { id })).code).toBe(200);
  expect((await call(request, '/dscq-ops/appeal/answer', operator, { id, answer: '经复核，材料齐全，已恢复您的报名审核。' })).code).toBe(200);
  await page.reload();
  await expect(detail.getByText('经复核，材料齐全，已恢复您的报名审核。').first()).toBeVisible();
  await expect(detail.getByText('已答复').first()).toBeVisible();
  await shoot(page, 'appeal-answered');
  await page.goto('/#/myMessage');
  await expect(page.getByText('申诉已答复').first()).toBeVisible();
});

test('a demand receives a message naming a newly published listing that matches', async ({ browser, request }) => {
  const { page } = await loggedIn(browser, 'bidder03');
  await page.goto('/#/myService');
  await page.getByRole('button', { name: '登记投资需求' }).click();
  await expect(page).toHaveURL(/#\/myServiceDetail$/);
  await page.getByRole('button', { name: '提交需求' }).click();
  await expect(page.getByText('请至少填写一项需求条件（资产类型、地区、价格区间或关键词）')).toBeVisible();
  await page.getByLabel('资产类型').click();
  await option(page, '实物资产').click();
  await page.getByLabel('地区（市或区县）').fill('邯郸市');
  await page.getByLabel('最低价格（万元）').fill('50');
  await page.getByLabel('最高价格（万元）').fill('10');
  await page.getByRole('button', { name: '提交需求' }).click();
  await expect(page.getByText('最低价格不能高于最高价格')).toBeVisible();
  await page.getByLabel('最高价格（万元）').fill('300');
  await page.getByLabel('关键词').fill('机床');
  await page.getByLabel('关键词').press('Enter');
  await shoot(page, 'demand-form');
  await page.getByRole('button', { name: '提交需求' }).click();
  await expect(page).toHaveURL(/#\/myServiceDetail\?id=\d+/);
  await expect(page.getByText('匹配中')).toBeVisible();
  const id = Number(/id=(\d+)/.exec(page.url())![1]);

  const operator = await apiLogin(request, OPERATOR);
  const published = await call<{ assetsId: number; matchedDemands: number }>(request, '/dscq-ops/listing/publish', operator, {
    assetsName: '邯郸某机械厂数控机床一批', typeCode: 2, city: '邯郸市', startPrice: 1_200_000, deposit: 100_000, orgName: '邯郸某机械厂',
  });
  expect(published.data.matchedDemands).toBeGreaterThanOrEqual(1);
  expect((await call(request, '/dscq-ops/demand/answer', operator, { id, answer: '已为您关注邯郸地区机床类资产。' })).code).toBe(200);

  await page.goto('/#/myMessage');
  await expect(page.getByText('新挂牌项目符合您的需求：邯郸某机械厂数控机床一批').first()).toBeVisible();
  await page.goto(`/#/demandDetail?id=${id}`);
  await expect(page.getByRole('link', { name: '邯郸某机械厂数控机床一批' })).toBeVisible();
  await expect(page.getByText('已为您关注邯郸地区机床类资产。')).toBeVisible();
  await shoot(page, 'demand-detail');
  await page.goto('/#/myService');
  await expect(page.getByRole('cell', { name: '实物资产' })).toBeVisible();
  await shoot(page, 'my-service');
});

test('bidder01’s demo files, appeal and demand', async ({ browser }) => {
  const { page } = await loggedIn(browser, 'bidder01');
  await page.goto('/#/myFiles');
  await expect(page.getByRole('link', { name: /资质材料/ })).toBeVisible();
  await expect(page.getByRole('navigation', { name: '用户中心菜单' }).getByRole('link', { name: '我的文件' })).toHaveAttribute('aria-current', 'page');
  await shoot(page, 'my-files');
  await closeToasts(page);
  await page.getByRole('link', { name: /现场照片/ }).click();
  await page.getByRole('button', { name: '标的现场照片.png' }).click();
  await expect(page.getByRole('img', { name: '标的现场照片.png' })).toBeVisible();
  await shoot(page, 'files-image-preview');
  await page.locator('.ant-modal-footer').getByRole('button', { name: /关\s*闭/ }).click();
  await page.goto('/#/usercenter/files/list');
  await expect(page.getByText('资质材料 / 2026年度')).toBeVisible();
  await shoot(page, 'files-list');
  await page.goto('/#/shensuRecord');
  await expect(page.getByText('SS-DEMO-0001')).toBeVisible();
  await shoot(page, 'appeal-list');
  await closeToasts(page);
  await page.getByText('查看', { exact: true }).first().click();
  await expect(page.getByRole('dialog', { name: '申诉详情' }).getByText('交易所答复')).toBeVisible();
  await shoot(page, 'appeal-detail-demo');
  await page.goto('/#/myService');
  await expect(page.getByText('XQ-DEMO-0001')).toBeVisible();
  await shoot(page, 'my-service-demo');
  await page.getByRole('link', { name: '答复与匹配' }).first().click();
  await expect(page.getByText(/交易所答复（/)).toBeVisible();
  await expect(page.locator('tbody tr.ant-table-row')).toHaveCount(1);
  await shoot(page, 'demand-detail-demo');
  await page.getByRole('link', { name: '返回我的服务' }).click();
  await page.getByRole('link', { name: '详情', exact: true }).first().click();
  await expect(page.getByText('拟购置生产经营用实物资产')).toBeVisible();
  await shoot(page, 'service-detail-demo');
});
