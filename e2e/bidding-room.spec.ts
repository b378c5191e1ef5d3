/**
 * The bidding room (/quoteHall) in Chromium against the real server and its demo activities:
 * bidder01 and bidder02 log in through the login page in two browser contexts and bid in one live room.
 * Each sees the other's bid within 2 s and 领先/出局 switch; the bids come inside the activity's last
 * 5 minutes (the seed makes the soonest 'ongoing' demo end 3–4 minutes after start-up), so the end is
 * extended and both rooms show 竞价时间已延长至 HH:mm:ss; then the room shows the result when it ends
 * (≈ 5 minutes after the last bid), and /myDeposit shows the loser's deposit released and the winner's
 * kept toward the price. Screenshots at 1200 and 1440 px.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { BiddingEntry } from '#domain/contract/hall';
import { bidNext, liveHall, openRoomAs } from './room';

const screenshotDir = new URL('./screenshots', import.meta.url).pathname;
async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${screenshotDir}/${name}-1200.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: `${screenshotDir}/${name}-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 1200, height: 900 });
}

test.describe('bidding room', () => {
  // The journey waits for the extended end (5 minutes after the last bid) and the result.
  test.describe.configure({ timeout: 10 * 60_000 });

  test('bidder01 and bidder02 bid in one room: each sees the other within 2 s, 领先/出局 switch, extension, result', async ({ browser, request }) => {
    const hall = await liveHall(request);
    const ongoing = hall.records.filter((row: BiddingEntry) => row.mode === 'ongoing').sort((a, b) => a.endTime - b.endTime);
    const soonest = ongoing[0];
    expect(soonest, 'a live ongoing demo activity').toBeDefined();
    // Inside its last 5 minutes: a bid extends it (the seed's first demo ends 3–4 minutes after start-up).
    expect(soonest!.endTime - hall.serverTime).toBeLessThan(5 * 60_000);
    const activityId = soonest!.activityId;

    const one = await openRoomAs(browser, 'bidder01', activityId);
    const two = await openRoomAs(browser, 'bidder02', activityId);
    const code1 = (await one.page.getByTestId('room-my-code').textContent())!;
    const code2 = (await two.page.getByTestId('room-my-code').textContent())!;
    await expect(one.page.getByTestId('room-clock')).toHaveText(/^服务器时间校准 [+−]\d+ ms$/);

    // The seeded history may already have one of them leading: the other one bids first.
    const oneLeads = (await one.page.getByTestId('room-my-standing').textContent()) === '领先';
    const [first, second] = oneLeads ? [two, one] : [one, two];
    const [firstCode, secondCode] = oneLeads ? [code2, code1] : [code1, code2];

    await bidNext(first.page);
    await expect(first.page.getByTestId('room-my-standing')).toHaveText('领先');
    // The other room follows within 2 s (bidding-data is polled every second).
    await expect(second.page.getByTestId('room-price-time')).toContainText(`竞买号 ${firstCode} 于`, { timeout: 2_000 });
    await expect(second.page.getByTestId('room-my-standing')).toHaveText(/^(出局|未出价)$/, { timeout: 2_000 });
    // The late bid extended the end.
    await expect(second.page.getByTestId('room-extension')).toContainText(/竞价时间已延长至 \d{2}:\d{2}:\d{2}/, { timeout: 2_000 });

    await bidNext(second.page);
    await expect(second.page.getByTestId('room-my-standing')).toHaveText('领先');
    await expect(first.page.getByTestId('room-price-time')).toContainText(`竞买号 ${secondCode} 于`, { timeout: 2_000 });
    await expect(first.page.getByTestId('room-my-standing')).toHaveText('出局', { timeout: 2_000 });
    await expect(first.page.getByTestId('room-history').getByTestId('room-bid').first()).toContainText(`${secondCode}`);
    await expect(first.page.getByTestId('room-extension')).toContainText(/竞价时间已延长至 \d{2}:\d{2}:\d{2}/);
    await expect(first.page.getByTestId('room-phase')).toHaveText(/^延时竞价（已延时 \d+ 次）$/);

    // The pre-check refuses a too-low amount with the rules' message, without asking the server.
    await first.page.getByLabel('出价金额（元）').fill('1');
    await first.page.getByRole('form', { name: '出价' }).locator('button[type="submit"]').click();
    await expect(first.page.getByTestId('room-bid-feedback')).toContainText('出价须至少高于当前价一个加价幅度');

    await shoot(first.page, 'bidding-room');
    await shoot(second.page, 'bidding-room-leader');

    // The result, when the extended end passes (5 minutes after the last bid, plus the close grace).
    const result = `竞价结果：成交竞买号 ${secondCode} 以`;
    await expect(second.page.getByTestId('room-result')).toContainText(result, { timeout: 7 * 60_000 });
    await expect(second.page.getByTestId('room-result')).toContainText('恭喜您竞得本标的');
    await expect(first.page.getByTestId('room-result')).toContainText(result, { timeout: 5_000 });
    await expect(first.page.getByTestId('room-result')).toContainText('您未竞得本标的');
    await expect(first.page.getByTestId('room-my-standing')).toHaveText('未竞得');
    await expect(second.page.getByTestId('room-my-standing')).toHaveText('竞得');
    await expect(first.page.getByTestId('room-countdown')).toHaveText('竞价已结束');
    await expect(first.page.getByRole('form', { name: '出价' })).toHaveCount(0);
    await shoot(first.page, 'bidding-room-result');

    // Settlement: the loser's deposit for this project is released, the winner's kept toward the price.
    const depositRow = (page: Page) => page.locator('.ant-table-row').filter({ hasText: soonest!.assetsName });
    await first.page.goto('/#/myDeposit');
    await expect(depositRow(first.page)).toContainText('已退还');
    await second.page.goto('/#/myDeposit');
    await expect(depositRow(second.page)).toContainText('已转为价款');

    await one.context.close();
    await two.context.close();
  });
});
