/**
 * 代理出价 in Chromium against the real server and a live 'ongoing' demo room (docs/bidding.md "Proxy
 * bidding"): bidder01 sets a ceiling in the room and closes his browser; bidder02 bids three times, each
 * time with one click (提醒设置 出价前确认 off: the amount field already holds the next minimum and 出价 sends
 * it), and each time sees bidder01 lead again one increment above within a second, the server's bid marked
 * 代理; bidder02's fourth bid passes the ceiling and bidder01, back on another page, gets the outbid alert;
 * his room then shows 已超出. Screenshots of both rooms.
 */
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { BiddingEntry } from '#domain/contract/hall';
import { logInAs } from './login';
import { liveHall, openRoomAs } from './room';

const screenshotDir = new URL('./screenshots', import.meta.url).pathname;

/** Digits of an amount as the room writes it ('1,234,500.00' → 1234500). */
const yuan = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

/** 提醒设置 with 出价前确认 off (src/lib/alertPrefs.ts, kept in local storage) and no lot reminders. */
const NO_CONFIRM = `try {
  localStorage.setItem('hbcq-alertPrefs', JSON.stringify({ dataType: 'object', area: 'local', datetime: Date.now(), content: { reminders: [], confirmBids: false } }));
} catch {}`;

/** The price panel's amount in yuan ('54.86万元' → 548600, '9,800.00元' → 9800). */
const priceOf = (text: string | null) => Math.round(yuan(text) * ((text ?? '').includes('万元') ? 10_000 : 1) * 100) / 100;

/** The room's increment: the +2 quick button's amount less the +1's. */
async function stepOf(page: Page): Promise<number> {
  const amounts = await page.locator('.room-bid__quick-amount').allTextContents();
  return Math.round((yuan(amounts[1]!) - yuan(amounts[0]!)) * 100) / 100;
}

async function openAs(browser: Browser, loginName: string, activityId: number, noConfirm = false) {
  return openRoomAs(browser, loginName, activityId, noConfirm ? (context) => context.addInitScript(NO_CONFIRM) : undefined);
}

test.describe('代理出价', () => {
  test.describe.configure({ timeout: 4 * 60_000 });

  test('bidder01 sets a ceiling and leaves; bidder02 bids three times with one click and bidder01 leads again each time, until the ceiling and the alert', async ({ browser, request }) => {
    const hall = await liveHall(request);
    // The ongoing room with the most time left: nothing ends it during the journey.
    const room = hall.records
      .filter((row: BiddingEntry) => row.mode === 'ongoing' && row.endTime - hall.serverTime > 8 * 60_000)
      .sort((a, b) => b.endTime - a.endTime)[0];
    expect(room, 'a live ongoing demo activity with 8 minutes left').toBeDefined();
    const activityId = room!.activityId;

    // bidder01 sets his ceiling: three answers ahead of the price, the fourth bid of bidder02 passes it.
    const one = await openAs(browser, 'bidder01', activityId);
    const code1 = (await one.page.getByTestId('room-my-code').textContent())!;
    const panel = one.page.getByTestId('room-proxy');
    await expect(panel).toContainText('上限仅您本人可见');
    const step = await stepOf(one.page);
    const next = yuan(await one.page.getByTestId('room-next-price').textContent());
    const leading = (await one.page.getByTestId('room-my-standing').textContent()) === '领先';
    const opened = (await one.page.getByTestId('room-bid').count()) > 0;
    // Leading at P (next = P + s): answers at P+2s, P+4s, P+6s. No bid yet (next = the start price S): S+s,
    // S+3s, S+5s. Someone else leading: his ceiling bids P+s at once, then P+3s, P+5s, P+7s.
    const waits = leading || !opened;
    const ceiling = next + (waits ? 5 : 6) * step;
    await panel.getByTestId('room-proxy-amount').fill(String(ceiling));
    await panel.getByTestId('room-proxy-set').click();
    const confirm = one.page.locator('.ant-modal-confirm').filter({ hasText: '确认将代理出价上限设为' });
    await confirm.getByRole('button', { name: /确\s*认/ }).click();
    await expect(panel.getByTestId('room-proxy-status')).toHaveText('代理中');
    if (opened) await expect(one.page.getByTestId('room-my-standing')).toHaveText('领先');
    await one.page.screenshot({ path: `${screenshotDir}/proxy-set-1200.png`, fullPage: true });
    // He leaves: the browser is closed, the ceiling keeps working on the server.
    await one.context.close();

    const two = await openAs(browser, 'bidder02', activityId, true);
    const history = two.page.getByTestId('room-history').getByTestId('room-bid');
    for (let round = 1; round <= 3; round++) {
      const minimum = yuan(await two.page.getByTestId('room-next-price').textContent());
      // The last second is one click: the field already holds the next minimum, and 出价 sends it (no dialog).
      await expect(two.page.getByTestId('room-bid-amount')).toHaveValue(String(minimum));
      await two.page.getByRole('form', { name: '出价' }).locator('button[type="submit"]').click();
      await expect(two.page.locator('.ant-modal-confirm')).toHaveCount(0);
      // bidder01 leads again, one increment above (the answer carries the state the ceiling's bid made);
      // then the history shows that bid, marked 代理, above bidder02's, made within the same second on the
      // server's clock (the same transaction). The page's own wait is a loaded machine's, not the server's.
      // (From the second round bidder01 already led before the click: the price says whether the answer came.)
      await expect.poll(async () => priceOf(await two.page.getByTestId('room-price').textContent()), { timeout: 5_000 }).toBe(minimum + step);
      await expect(two.page.getByTestId('room-price-time')).toContainText(`竞买号 ${code1} 于`);
      await expect.poll(async () => yuan(await history.first().locator('td').nth(2).textContent()), { timeout: 5_000 }).toBe(minimum + step);
      await expect(history.first()).toContainText(code1);
      await expect(history.first()).toContainText('代理');
      await expect(history.nth(1)).not.toContainText('代理');
      expect(yuan(await history.nth(1).locator('td').nth(2).textContent())).toBe(minimum);
      const [proxyAt, bidAt] = await Promise.all([0, 1].map(async (i) => Date.parse(`${await history.nth(i).locator('td').nth(3).textContent()}+08:00`.replace(' ', 'T'))));
      expect(proxyAt! - bidAt!, 'the ceiling answered within a second').toBeLessThanOrEqual(1_000);
      await expect(two.page.getByTestId('room-my-standing')).toHaveText('出局');
    }
    // bidder01 comes back on his watch board (not the room); the fourth bid passes his ceiling.
    const back = await browser.newContext();
    const board = await back.newPage();
    await logInAs(board, 'bidder01', '/myWatch');
    await board.waitForTimeout(1_500); // the desk's first signal: what is there before is not announced
    const fourth = yuan(await two.page.getByTestId('room-next-price').textContent());
    expect(fourth).toBeGreaterThan(ceiling);
    await expect(two.page.getByTestId('room-bid-amount')).toHaveValue(String(fourth));
    await two.page.getByRole('form', { name: '出价' }).locator('button[type="submit"]').click();
    await expect(two.page.getByTestId('room-my-standing')).toHaveText('领先', { timeout: 2_000 });
    const alert = board.getByTestId('outbid-alert');
    await expect(alert).toContainText('超出您的代理出价上限', { timeout: 15_000 });
    await expect(board.locator('.ant-notification-notice').filter({ has: alert })).toContainText('代理出价已被超越');
    await board.screenshot({ path: `${screenshotDir}/proxy-alert-1200.png` });
    await two.page.screenshot({ path: `${screenshotDir}/proxy-room-bidder02-1200.png`, fullPage: true });

    // His room: the ceiling reads 已超出; the history marks the server's bids.
    await board.goto(`/#/quoteHall?activityId=${activityId}`);
    await expect(board.getByTestId('room-proxy').getByTestId('room-proxy-status')).toHaveText('已超出');
    await expect(board.getByTestId('room-my-standing')).toHaveText('出局');
    await board.screenshot({ path: `${screenshotDir}/proxy-exceeded-1200.png`, fullPage: true });
    await back.close();
    await two.context.close();
  });
});
