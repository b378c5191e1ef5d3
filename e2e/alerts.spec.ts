/**
 * Alerts in their place (issue 29), on a phone (390 × 844, mobile emulation) and a desktop: the room opens
 * with its countdown and bid button on the first screen; an outbid alert in the room lines up in the room's
 * alert line, and nothing floats over the header, the countdown or the bid form; on the hall the same alert
 * is a toast at the bottom, clear of the header (bounding boxes).
 */
import type { Locator, Page } from '@playwright/test';
import type { BiddingEntry } from '#domain/contract/hall';
import { shortLotName } from '#domain/rules/desk';
import { expect, test } from './fixtures';
import { PHONE } from './phone';
import { bidNext, expectDocked, liveHall, openRoomAs } from './room';

const screenshotDir = new URL('./screenshots', import.meta.url).pathname;
const DESKTOP = { viewport: { width: 1280, height: 720 } };
const FLOATING = '.ant-notification-notice, .ant-message-notice';

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The boxes (in the viewport) of what an alert must never cover, by name. */
async function guarded(parts: Record<string, Locator>): Promise<[string, Box][]> {
  const boxes: [string, Box][] = [];
  for (const [name, locator] of Object.entries(parts)) {
    for (const one of await locator.all()) {
      const box = await one.boundingBox();
      if (box && box.height > 0) boxes.push([name, box]);
    }
  }
  return boxes;
}

/** What floats over a guarded part: "toast text → part" for each overlap (empty: none). */
async function covered(page: Page, parts: Record<string, Locator>): Promise<string[]> {
  const found: string[] = [];
  const guards = await guarded(parts);
  for (const toast of await page.locator(FLOATING).all()) {
    const box = await toast.boundingBox();
    if (!box) continue;
    for (const [name, guard] of guards) if (overlaps(box, guard)) found.push(`${(await toast.textContent())?.slice(0, 30)} → ${name}`);
  }
  return found;
}

const header = (page: Page) => ({ header: page.locator('.site-topbar, .site-header, .site-nav') });

/**
 * The header's unread count sits clear of the word 消息 and of 提醒设置, inside the top bar, and the bar is
 * as tall with the count as without it. Returns what is wrong (empty: nothing).
 */
async function badgeFaults(page: Page): Promise<string[]> {
  const box = async (locator: Locator) => (await locator.boundingBox())!;
  const bar = page.locator('.site-topbar__inner');
  const count = page.getByTestId('header-messages-count').locator('.ant-badge-count');
  await expect(count).toBeVisible();
  const [word, badge, settings, barBox] = [
    await box(page.locator('.site-topbar__messages-label')),
    await box(count),
    await box(page.getByRole('button', { name: '提醒设置' })),
    await box(bar),
  ];
  const faults: string[] = [];
  if (overlaps(word, badge)) faults.push(`count over 消息: ${JSON.stringify({ word, badge })}`);
  if (overlaps(settings, badge)) faults.push(`count over 提醒设置: ${JSON.stringify({ settings, badge })}`);
  if (badge.y < barBox.y || badge.y + badge.height > barBox.y + barBox.height) faults.push(`count outside the bar: ${JSON.stringify({ barBox, badge })}`);
  const withoutCount = await count.evaluate((el) => {
    const wrapper = el.closest<HTMLElement>('.ant-badge')!;
    wrapper.style.display = 'none';
    const height = document.querySelector('.site-topbar__inner')!.getBoundingClientRect().height;
    wrapper.style.display = '';
    return height;
  });
  if (Math.abs(withoutCount - barBox.height) > 0.5) faults.push(`the bar is ${barBox.height} px tall with the count, ${withoutCount} px without`);
  return faults;
}

for (const [device, options] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test(`${device}: the room's first screen holds the countdown and the bid button; alerts cover neither them nor the header`, async ({ browser, request }) => {
    test.setTimeout(120_000);
    const hall = await liveHall(request);
    // A lot of its own (the desk journey takes the third, the proxy journey others), with time to spare.
    const lots = hall.records.filter((r: BiddingEntry) => r.mode === 'ongoing' && r.endTime - hall.serverTime > 30 * 60_000);
    const row = lots[device === 'phone' ? lots.length - 3 : lots.length - 4]!;
    const one = await openRoomAs(browser, 'bidder01', row.activityId, undefined, options);
    const two = await openRoomAs(browser, 'bidder02', row.activityId);
    const room = one.page;
    const submit = room.getByRole('form', { name: '出价' }).locator('button[type="submit"]');
    await expect(submit).toBeVisible();

    // The first screen, as the room opens: the countdown and the bid button inside the viewport.
    await room.reload();
    await expect(submit).toBeVisible();
    await room.waitForTimeout(500); // the phone's scroll to the room
    const height = options.viewport.height;
    for (const [name, part] of [
      ['countdown', room.getByTestId('room-countdown')],
      ['bid button', submit],
    ] as const) {
      const box = (await part.boundingBox())!;
      expect(box.y, `${name} below the top of the first screen`).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height, `${name} within the first screen`).toBeLessThanOrEqual(height);
    }

    // bidder01 leads, bidder02 outbids him: the alert lines up in the room's alert line, nothing floats.
    if ((await room.getByTestId('room-my-standing').textContent()) !== '领先') await bidNext(room);
    await room.waitForTimeout(1_000); // the desk's baseline (messages before now are not announced)
    await bidNext(two.page);
    await expectDocked(room, `「${shortLotName(row.assetsName)}」出价已被超越`);
    const roomParts = { ...header(room), countdown: room.getByTestId('room-countdown'), 'bid form': room.getByRole('form', { name: '出价' }) };
    expect(await covered(room, roomParts)).toEqual([]);
    await expect(room.locator('.ant-notification-notice')).toHaveCount(0);
    await room.screenshot({ path: `${screenshotDir}/alerts-room-${device}.png` });
    // The header's unread count (at least this message) beside 消息, not over it; the bar as tall as without it.
    await expect(room.getByTestId('header-messages')).toHaveAttribute('data-unread', /^[1-9]\d*$/);
    expect(await badgeFaults(room)).toEqual([]);
    await room.locator('.site-topbar').screenshot({ path: `${screenshotDir}/alerts-badge-${device}.png` });

    // On the hall, the next outbid is a toast at the bottom, clear of the header, with the full list a click away.
    await bidNext(room);
    await room.goto('/#/hall');
    await expect(room.getByRole('heading', { name: '竞价大厅', level: 1 })).toBeVisible();
    await room.waitForTimeout(1_000);
    await bidNext(two.page);
    // (Filtered by the lot: the other device's test outbids bidder01 too.)
    const toast = room.locator('.ant-notification-notice').filter({ hasText: `「${shortLotName(row.assetsName)}」出价已被超越` });
    await expect(toast).toBeVisible({ timeout: 8_000 });
    await expect(toast.getByRole('link', { name: '全部消息' })).toHaveAttribute('href', '#/myMessage');
    await room.waitForTimeout(500); // the toast's slide-in
    expect(await covered(room, header(room))).toEqual([]);
    await room.screenshot({ path: `${screenshotDir}/alerts-hall-${device}.png` });
    await one.context.close();
    await two.context.close();
  });
}
