/**
 * Steps on the staff console's 审核 pages (src/console/features/real-name, deposit-proofs, enrolment, seals,
 * appeals, demands) for journeys to call: each drives the page by what a member sees — the side menu, the
 * row of the list that names the user or the lot, the drawer's buttons, the confirmation, the reason
 * dialog — and waits for the page's own result message. A journey signs in first (signInStaff).
 */
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';
import { DEMO_PASSWORD } from './login';
import { E2E_CAPTCHA } from './playwright.config';

/** Signs `loginName` in at /ops/login (from `target`, which the console redirects to the login page). */
export async function signInStaff(page: Page, loginName: string, target = '/ops/'): Promise<void> {
  await page.goto(target);
  await expect(page).toHaveURL(/\/ops\/login/);
  const form = page.getByRole('form', { name: '工作人员登录' });
  await expect(form.getByAltText('图片验证码')).toBeVisible();
  await form.getByPlaceholder('请输入登录名').fill(loginName);
  await form.getByPlaceholder('请输入密码').fill(DEMO_PASSWORD);
  await form.getByPlaceholder('请输入图片验证码').fill(E2E_CAPTCHA);
  await form.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page.getByRole('heading', { name: '工作台', level: 1 })).toBeVisible();
}

/** Opens a review page through the side menu (its label: 实名认证, 保证金凭证 …). */
export async function openReviewPage(page: Page, label: string): Promise<void> {
  await page.getByRole('navigation', { name: '工作系统菜单' }).getByRole('link', { name: label, exact: true }).click();
  await expect(page.getByRole('heading', { name: label, level: 1 })).toBeVisible();
}

/** The list's row naming `text` (a user's name, a lot …) among the waiting items. */
export function queueRow(page: Page, text: string): Locator {
  return page.getByRole('row').filter({ hasText: text }).first();
}

/** Opens the detail drawer of the row naming `text`; answers the drawer. */
export async function openQueueItem(page: Page, text: string): Promise<Locator> {
  await queueRow(page, text).getByRole('button', { name: /^处理 / }).click();
  const drawer = page.locator('.queue-drawer .ant-drawer-section, .queue-drawer .ant-drawer-content').first();
  await expect(drawer.locator('.ant-drawer-body')).toBeVisible();
  await expect(drawer.locator('.ant-descriptions').first()).toBeVisible();
  return drawer;
}

/** Clicks the drawer's action `label` (通过, 确认, 受理) and confirms it; waits for `done`. */
export async function confirmAction(page: Page, drawer: Locator, label: string, done: string | RegExp): Promise<void> {
  const name = new RegExp(`^${[...label].join('\\s*')}$`);
  await drawer.getByRole('button', { name }).click();
  await page.locator('.ant-popover:visible .ant-popconfirm-buttons').getByRole('button', { name }).click();
  await expect(page.getByText(done)).toBeVisible();
}

/** Clicks the drawer's action `label` (驳回, 答复), writes `text` in its dialog and sends it; waits for `done`. */
export async function writeAction(page: Page, drawer: Locator, label: string, text: string, done: string | RegExp): Promise<void> {
  const name = new RegExp(`^${[...label].join('\\s*')}$`);
  await drawer.getByRole('button', { name }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: `${label}：` });
  await dialog.getByRole('textbox').fill(text);
  await dialog.getByRole('button', { name }).click();
  await expect(page.getByText(done)).toBeVisible();
  await expect(dialog).toBeHidden();
}

const closeDrawer = async (drawer: Locator) => drawer.getByRole('button', { name: 'Close' }).or(drawer.locator('.ant-drawer-close')).first().click();

/** 实名认证: approves the waiting request of `userName` (a person's name or an organisation's). */
export async function approveRealName(page: Page, userName: string): Promise<void> {
  await openReviewPage(page, '实名认证');
  const drawer = await openQueueItem(page, userName);
  await confirmAction(page, drawer, '通过', '已通过，用户将收到消息');
  await closeDrawer(drawer);
}

/** 实名认证: rejects the waiting request of `userName` with `reason` (the user reads it). */
export async function rejectRealName(page: Page, userName: string, reason: string): Promise<void> {
  await openReviewPage(page, '实名认证');
  const drawer = await openQueueItem(page, userName);
  await writeAction(page, drawer, '驳回', reason, '已驳回，用户将看到驳回原因');
  await closeDrawer(drawer);
}

/** 保证金凭证: confirms the waiting proof of the deposit for the lot `assetsName`. */
export async function confirmDepositProof(page: Page, assetsName: string): Promise<void> {
  await openReviewPage(page, '保证金凭证');
  const drawer = await openQueueItem(page, assetsName);
  await confirmAction(page, drawer, '确认', '已确认，保证金已到账');
  await closeDrawer(drawer);
}

/** 保证金凭证: rejects the waiting proof for `assetsName` with `reason`. */
export async function rejectDepositProof(page: Page, assetsName: string, reason: string): Promise<void> {
  await openReviewPage(page, '保证金凭证');
  const drawer = await openQueueItem(page, assetsName);
  await writeAction(page, drawer, '驳回', reason, '已驳回，竞买人将看到驳回原因');
  await closeDrawer(drawer);
}

/** 报名审核: takes up (if still submitted) and approves the enrolment of `assetsName`. */
export async function approveEnrolment(page: Page, assetsName: string): Promise<void> {
  await openReviewPage(page, '报名审核');
  const drawer = await openQueueItem(page, assetsName);
  await confirmAction(page, drawer, '通过', '已通过，竞买人可缴纳保证金');
  await closeDrawer(drawer);
}

/** 签章申请: approves the waiting application of the seal `sealName`. */
export async function approveSeal(page: Page, sealName: string): Promise<void> {
  await openReviewPage(page, '签章申请');
  const drawer = await openQueueItem(page, sealName);
  await confirmAction(page, drawer, '通过', '已通过，用户可使用此印章签署');
  await closeDrawer(drawer);
}

/** 申诉: answers the waiting appeal about `subject` with `answer`. */
export async function answerAppeal(page: Page, subject: string, answer: string): Promise<void> {
  await openReviewPage(page, '申诉');
  const drawer = await openQueueItem(page, subject);
  await writeAction(page, drawer, '答复', answer, '已答复，用户将看到答复');
  await closeDrawer(drawer);
}

/** 投资需求 (竞价): answers the open demand whose row shows `text` with `answer`. */
export async function answerDemand(page: Page, text: string, answer: string): Promise<void> {
  await openReviewPage(page, '投资需求');
  const drawer = await openQueueItem(page, text);
  await writeAction(page, drawer, '答复', answer, '已答复，用户将看到答复');
  await closeDrawer(drawer);
}
