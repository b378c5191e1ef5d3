/**
 * The staff console (工作系统) at /ops/ against the real server and the production build: op_admin signs
 * in, sees the dashboard, creates a staff member and finds the creation in the audit trail; op_editor (内容)
 * does not see 工作人员 in his menu and is refused the page. Screenshots of every console page go to
 * e2e/screenshots/console-*.png. And the build itself: the public entry loads none of the console's code.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DEMO_PASSWORD } from './login';
import { E2E_CAPTCHA } from './playwright.config';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const shots = join(root, 'e2e', 'screenshots');

async function signIn(page: Page, loginName: string, target = '/ops/') {
  await page.goto(target);
  await expect(page).toHaveURL(/\/ops\/login/);
  const form = page.getByRole('form', { name: '工作人员登录' });
  await expect(form.getByAltText('图片验证码')).toBeVisible();
  await form.getByPlaceholder('请输入登录名').fill(loginName);
  await form.getByPlaceholder('请输入密码').fill(DEMO_PASSWORD);
  await form.getByPlaceholder('请输入图片验证码').fill(E2E_CAPTCHA);
  await form.getByRole('button', { name: /登\s*录/ }).click();
}

const menu = (page: Page) => page.getByRole('navigation', { name: '工作系统菜单' });

test('op_admin signs in, creates a staff member and finds it in the audit trail', async ({ page }) => {
  // Six pages and a staff member created: more than the default 30 s on a loaded machine.
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/ops/');
  await expect(page.getByRole('heading', { name: '工作人员登录' })).toBeVisible();
  await page.screenshot({ path: join(shots, 'console-login.png') });

  await signIn(page, 'op_admin');
  await expect(page).toHaveURL(/\/ops\/?$/);
  await expect(page.getByRole('heading', { name: '工作台', level: 1 })).toBeVisible();
  await expect(page.getByRole('banner').getByText('管理员')).toBeVisible();
  // The demo's queues hold work (other journeys may have taken some): real-name requests and four-eyes items wait.
  await expect(page.getByLabel('实名认证')).toContainText(/[1-9]/);
  await expect(page.getByLabel('待复核', { exact: true })).toContainText(/[1-9]/);
  await page.screenshot({ path: join(shots, 'console-dashboard.png') });

  await menu(page).getByRole('link', { name: '待复核' }).click();
  await expect(page.getByRole('heading', { name: '待复核', level: 1 })).toBeVisible();
  await expect(page.getByText('提交人不能复核本人提交的操作')).toBeVisible();
  await page.screenshot({ path: join(shots, 'console-approvals.png') });

  const loginName = `ope2e${Date.now().toString(36)}`;
  await menu(page).getByRole('link', { name: '工作人员' }).click();
  await expect(page.getByRole('heading', { name: '工作人员', level: 1 })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'op_editor' })).toBeVisible();
  await page.screenshot({ path: join(shots, 'console-staff.png') });
  await page.getByRole('button', { name: '新增工作人员' }).click();
  const dialog = page.getByRole('dialog', { name: '新增工作人员' });
  await dialog.getByLabel('登录名').fill(loginName);
  await dialog.getByLabel('姓名').fill('周晓敏');
  await dialog.getByRole('checkbox', { name: /内容/ }).check();
  await dialog.getByLabel('初始密码').fill('Welcome@2026');
  await page.screenshot({ path: join(shots, 'console-staff-create.png') });
  await dialog.getByRole('button', { name: /新\s*增/ }).click();
  await expect(page.getByText(`已新增工作人员 周晓敏（${loginName}）`)).toBeVisible();
  await expect(page.getByRole('cell', { name: loginName })).toBeVisible();

  await menu(page).getByRole('link', { name: '操作日志' }).click();
  await expect(page.getByRole('heading', { name: '操作日志', level: 1 })).toBeVisible();
  const search = page.getByRole('form', { name: '查询操作日志' });
  await search.getByLabel('操作').fill('staff.create');
  await search.getByLabel('关键字').fill(loginName);
  await search.getByRole('button', { name: /查\s*询/ }).click();
  await expect(page).toHaveURL(/action=staff\.create/);
  const row = page.getByRole('row').filter({ hasText: 'staff.create' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('op_admin');
  await row.getByRole('button', { name: /展开/ }).click();
  await expect(page.getByLabel('操作后')).toContainText(loginName);
  await page.screenshot({ path: join(shots, 'console-audit.png') });

  await menu(page).getByRole('link', { name: '修改密码' }).click();
  await expect(page.getByRole('heading', { name: '修改密码', level: 1 })).toBeVisible();
  await page.screenshot({ path: join(shots, 'console-password.png') });

  await page.getByRole('button', { name: /退\s*出/ }).click();
  await expect(page).toHaveURL(/\/ops\/login/);
});

test('op_editor (内容) does not see 工作人员, and the page refuses him', async ({ page }) => {
  await signIn(page, 'op_editor');
  await expect(page.getByRole('heading', { name: '工作台', level: 1 })).toBeVisible();
  await expect(menu(page).getByRole('link', { name: '修改密码' })).toBeVisible();
  await expect(menu(page).getByRole('link', { name: '工作人员' })).toHaveCount(0);
  await expect(menu(page).getByRole('link', { name: '操作日志' })).toHaveCount(0);
  await expect(menu(page).getByRole('link', { name: '待复核' })).toHaveCount(0);
  await page.screenshot({ path: join(shots, 'console-editor.png') });
  await page.goto('/ops/staff');
  await expect(page.getByText('无操作权限')).toBeVisible();
  await page.screenshot({ path: join(shots, 'console-editor-forbidden.png') });
});

test('the public entry loads none of the console: its chunks, read from the build manifest', async () => {
  const manifestPath = join(root, 'dist', '.vite', 'manifest.json');
  expect(existsSync(manifestPath), 'npm run build writes dist/.vite/manifest.json').toBe(true);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, { file: string; src?: string; imports?: string[]; dynamicImports?: string[] }>;
  const closure = (entry: string) => {
    const seen = new Set<string>();
    const walk = (key: string) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      for (const next of [...(manifest[key].imports ?? []), ...(manifest[key].dynamicImports ?? [])]) walk(next);
    };
    walk(entry);
    return [...seen];
  };
  const publicChunks = closure('index.html');
  const consoleChunks = closure('src/console/index.html');
  expect(consoleChunks.some((key) => key.startsWith('src/console/features/'))).toBe(true);
  expect(publicChunks.filter((key) => key.startsWith('src/console/'))).toEqual([]);
  // Shared chunks carry no source name: their text must not hold the console's own words either.
  const consoleOnlyTexts = ['工作人员登录', '即将因长时间未操作而退出', '新增工作人员'];
  for (const key of publicChunks) {
    const text = readFileSync(join(root, 'dist', manifest[key]!.file), 'utf8');
    for (const word of consoleOnlyTexts) expect(text.includes(word), `${manifest[key]!.file} contains ${word}`).toBe(false);
  }
});
