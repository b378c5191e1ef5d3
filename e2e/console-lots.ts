/**
 * The staff console's lot pages driven as a member does (labels, roles, visible texts), for journeys:
 * create a draft lot, submit its publication (four eyes), create an auction, publish a result notice, seal a
 * contract. The member is signed in at /ops/ already (see e2e/console.spec.ts's signIn).
 */
import type { Locator, Page } from '@playwright/test';
import { pickOption } from './antd';
import { expect } from './fixtures';

/** A lot's fields as the form asks them; times 'YYYY-MM-DDTHH:mm' (the browser's datetime-local). */
export interface DraftLotFields {
  assetsName: string;
  startPrice: number;
  depositAmount?: number;
  announcementStart: string;
  enrolmentEnd: string;
  depositEnd?: string;
  city?: string;
  orgName?: string;
  transferorName?: string;
  contactName?: string;
  contactPhone?: string;
  /** The type's Chinese name (产权转让 …), the asset class's (其他资产 …). */
  type?: string;
  assetClass?: string;
  announcementHtml?: string;
}

/** A field of the form by its label (a required one's accessible name starts with its asterisk). */
const field = (form: Locator, role: 'textbox' | 'spinbutton', label: string): Locator => form.getByRole(role, { name: new RegExp(`^(\\* )?${label}$`) });

/** Creates a draft at 项目 › 新建项目; returns with the draft's form open (its problems shown). */
export async function createDraftLot(page: Page, fields: DraftLotFields): Promise<void> {
  await page.goto('/ops/lots/edit');
  const form = page.getByRole('form', { name: '项目信息' });
  await field(form, 'textbox', '项目名称').fill(fields.assetsName);
  if (fields.type) await pickOption(page, form.locator('.ant-select').filter({ has: page.getByLabel('项目类型') }), fields.type);
  if (fields.assetClass) await pickOption(page, form.locator('.ant-select').filter({ has: page.getByLabel('资产类别') }), fields.assetClass);
  await field(form, 'spinbutton', '挂牌价格').fill(String(fields.startPrice));
  if (fields.depositAmount !== undefined) await field(form, 'spinbutton', '保证金').fill(String(fields.depositAmount));
  await field(form, 'textbox', '公告开始时间').fill(fields.announcementStart);
  await field(form, 'textbox', '报名截止时间').fill(fields.enrolmentEnd);
  if (fields.depositEnd) await field(form, 'textbox', '保证金截止时间').fill(fields.depositEnd);
  await field(form, 'textbox', '所在城市').fill(fields.city ?? '石家庄市');
  await field(form, 'textbox', '挂牌机构').fill(fields.orgName ?? '河北省产权交易中心');
  await field(form, 'textbox', '转让方').fill(fields.transferorName ?? '河北某集团有限公司');
  await field(form, 'textbox', '联系人').fill(fields.contactName ?? '王经理');
  await field(form, 'textbox', '联系电话').fill(fields.contactPhone ?? '0311-87654321');
  await form.locator('#lot_sections_announcement').fill(fields.announcementHtml ?? `<p>${fields.assetsName}公开挂牌转让。</p>`);
  await form.getByRole('button', { name: '创建草稿' }).click();
  await expect(page).toHaveURL(/\/ops\/lots\/edit\?draftId=\d+/);
  await expect(page.getByRole('heading', { name: `编辑项目：${fields.assetsName}` })).toBeVisible();
}

/** Opens the draft by its name from 项目 and submits its publication: 已提交复核 (another member approves it on 待复核). */
export async function preparePublication(page: Page, assetsName: string): Promise<void> {
  await page.goto(`/ops/lots?state=draft&q=${encodeURIComponent(assetsName)}`);
  await page.getByRole('row').filter({ hasText: assetsName }).getByRole('link', { name: '编辑' }).click();
  await expect(page.getByText('时间线检查通过，可提交发布复核')).toBeVisible();
  await page.getByRole('button', { name: '提交发布复核' }).click();
  await page.locator('.ant-popconfirm-buttons:visible').getByRole('button', { name: /提\s*交/ }).click();
  await expect(page.getByText('已提交复核')).toBeVisible();
}

/** An auction's parameters: the mode's Chinese name (多次报价 …) and the fields by their labels (开始时间: '2026-12-21T09:00', 起始价: 100000 …). */
export interface AuctionParams {
  mode: string;
  fields: Record<string, string | number>;
}

/** 竞价活动 › the published lot › 创建竞价: the mode, its fields; waits for 已创建竞价. */
export async function createAuction(page: Page, assetsName: string, params: AuctionParams): Promise<void> {
  await page.goto(`/ops/auctions?q=${encodeURIComponent(assetsName)}`);
  await page.getByRole('row').filter({ hasText: assetsName }).getByRole('link', { name: '管理竞价' }).click();
  await page.getByRole('button', { name: '创建竞价' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: '创建竞价' });
  await pickOption(page, dialog.locator('.ant-select').first(), params.mode);
  for (const [label, value] of Object.entries(params.fields)) await dialog.getByLabel(label, { exact: true }).fill(String(value));
  await dialog.getByRole('button', { name: /创\s*建/ }).click();
  await expect(page.getByText(/已创建竞价/)).toBeVisible();
}

/** 结果公告 › the lot › 预览公告 of its ended auction › 发布 (the notice type the outcome gives). */
export async function publishResult(page: Page, assetsName: string): Promise<void> {
  await page.goto(`/ops/results?q=${encodeURIComponent(assetsName)}`);
  await page.getByRole('row').filter({ hasText: assetsName }).getByRole('link', { name: '查看竞价结果' }).click();
  await page.getByRole('button', { name: '预览公告' }).first().click();
  await page.getByRole('button', { name: /^发布(成交公告|结果公示)$/ }).click();
  await page.locator('.ant-popconfirm-buttons:visible').getByRole('button', { name: /发\s*布/ }).click();
  await expect(page.getByText(/^已发布(成交公告|结果公示)：/)).toBeVisible();
}

/** 合同 › 盖章 on the contract with `contractCode`. */
export async function sealContract(page: Page, contractCode: string): Promise<void> {
  await page.goto('/ops/contracts');
  await page.getByRole('button', { name: `盖章 ${contractCode}` }).click();
  await page.locator('.ant-popconfirm-buttons:visible').getByRole('button', { name: /盖\s*章/ }).click();
  await expect(page.getByText(`已盖章：${contractCode}`)).toBeVisible();
}
