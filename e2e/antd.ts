/** Driving antd widgets the way a person does, robustly on a loaded machine. */
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

const holds = (shown: string | null, text: string | RegExp) => (shown ?? '') !== '' && (typeof text === 'string' ? (shown ?? '').includes(text) : text.test(shown ?? ''));

/**
 * Picks the option with `text` in an antd Select (single or multiple): opens it, clicks the option, and
 * checks that the select shows that choice. A click that lands while the dropdown is still sliding in is
 * lost under load (seen in CI); then it opens and clicks again. It never clicks an option the select already
 * shows: in a multiple select a second click would take the choice away again. `select` is the `.ant-select`
 * element.
 */
export async function pickOption(page: Page, select: Locator, text: string | RegExp): Promise<void> {
  await expect(async () => {
    if (holds(await select.textContent(), text)) return;
    if ((await page.locator('.ant-select-dropdown:visible').count()) === 0) await select.click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click({ timeout: 3_000 });
    await expect(select).toContainText(text, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}
