/** Driving antd widgets the way a person does, robustly on a loaded machine. */
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Picks the option with `text` in an antd Select: opens it, clicks the option, and checks that the select holds
 * a choice. A click that
 * lands while the dropdown is still sliding in is lost under load (seen in CI); then it opens and clicks
 * again, until the select holds a choice. `select` is the `.ant-select` element.
 */
export async function pickOption(page: Page, select: Locator, text: string | RegExp): Promise<void> {
  await expect(async () => {
    if ((await page.locator('.ant-select-dropdown:visible').count()) === 0) await select.click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click({ timeout: 3_000 });
    // Chosen: the placeholder is gone (a select may show its choice in other words than the option).
    await expect(select.locator('.ant-select-selection-placeholder')).toHaveCount(0, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}
