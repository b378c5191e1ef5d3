/** Logging a demo user in through the login page, as a person would (the e2e captcha is fixed). */
import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { E2E_CAPTCHA } from './playwright.config';

/** The seeded demo users' password (server/seed). */
export const DEMO_PASSWORD = 'Demo@2026';

/** Fills and submits the login page's form (already open) as a demo user. */
export async function submitLoginForm(page: Page, loginName: string): Promise<void> {
  const form = page.getByRole('form', { name: '账号登录' });
  await expect(form.getByAltText('图片验证码')).toBeVisible();
  await form.getByPlaceholder('请输入用户名').fill(loginName);
  await form.getByPlaceholder('请输入密码').fill(DEMO_PASSWORD);
  await form.getByPlaceholder('请输入图片验证码').fill(E2E_CAPTCHA);
  await form.getByRole('button', { name: /登\s*录/ }).click();
}

/** Logs in through the login page, coming back to `target` (a hash route such as '/hall'). */
export async function logInAs(page: Page, loginName: string, target: string): Promise<void> {
  await page.goto(`/#/login?redirect=${encodeURIComponent(target)}`);
  await submitLoginForm(page, loginName);
  await expect(page).toHaveURL(new RegExp(`#${target.replace(/[?]/g, '\\?')}$`));
}

/**
 * Reloads until `text` shows: a page that is not live reads its state once (a demo approval, another member's
 * decision). Each reload gets 5 s to draw the page: on a loaded two-core machine a reloaded page took over 2 s
 * to show what was already there, so every attempt missed (console-journey, a clean-clone run).
 */
export async function reloadUntil(page: Page, text: string | RegExp, timeout = 30_000): Promise<void> {
  await expect(async () => {
    await page.reload();
    await expect(page.getByText(text).first()).toBeVisible({ timeout: 5000 });
  }).toPass({ timeout, intervals: [1000, 2000] });
}
