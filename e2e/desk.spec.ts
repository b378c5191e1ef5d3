/**
 * The active bidder's desk, in Chromium against the real server and its demo data (bidder01 …
 * bidder05 are qualified in every demo auction): one lot state in the hall, on the project page, in the
 * trading centre's search and in favourites. Screenshots of each new screen at 1200 and 1440 px.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { ListedAsset } from '#domain/contract/portal';
import type { BiddingEntry } from '#domain/contract/hall';
import { shortLotName } from '#domain/rules/desk';
import { bidNext, expectDocked, liveHall, openRoomAs } from './room';
import { logInAs } from './login';

const screenshotDir = new URL('./screenshots', import.meta.url).pathname;

async function shoot(page: Page, name: string, fullPage = true) {
  await page.screenshot({ path: `${screenshotDir}/${name}-1200.png`, fullPage });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: `${screenshotDir}/${name}-1440.png`, fullPage });
  await page.setViewportSize({ width: 1200, height: 900 });
}

test.describe('the bidder desk', () => {
  test.describe.configure({ timeout: 120_000 });
  // The desk as a bidder has it: his lot reminders fall due among the other toasts (e2e/fixtures.ts).
  test.use({ lotReminders: true });

  test("a lot's state reads the same in the hall, on its page, in search and in favourites", async ({ page, request }) => {
    const hall = await liveHall(request);
    // An open-bid lot with time to spare (its price is public), whose listing's own word is not 竞价中.
    const row = hall.records.find((r: BiddingEntry) => r.mode === 'ongoing' && r.endTime - hall.serverTime > 30 * 60_000);
    expect(row, 'a live ongoing demo lot').toBeDefined();
    const { assetsId, assetsName } = row!;
    await logInAs(page, 'demo_person', '/hall');

    // The hall.
    const hallRow = page.locator(`[data-testid="live-row"][data-activity-id="${row!.activityId}"]`);
    await expect(hallRow.locator('.live-cell-status')).toHaveText('竞价中');

    // The project's page: 竞价中 with the current price.
    await page.goto(`/#/projectDetail/${assetsId}.html`);
    const head = page.locator('.detail-head');
    await expect(head.getByRole('heading', { name: assetsName })).toBeVisible();
    await expect(head.locator('.project-status').first()).toHaveText('竞价中');
    await expect(head.locator('.detail-price__label').first()).toHaveText('当前价');
    const projectCode = (await head.locator('.detail-fact').filter({ hasText: '项目编号' }).locator('dd').textContent())!.trim();
    await head.locator('.favourite-button').click();
    await expect(head.locator('.favourite-button')).toHaveText('已收藏');
    await shoot(page, 'desk-detail-bidding');

    // The trading centre's search, by code and by the state filter.
    await page.goto(`/#/project?q=${projectCode}`);
    const card = page.getByTestId('project-card').filter({ hasText: assetsName });
    await expect(card.locator('.project-status')).toHaveText('竞价中');
    await expect(card.locator('.project-card__price-label')).toHaveText('当前价');
    await page.goto('/#/project?state=竞价中');
    await expect(page.getByTestId('project-card').first()).toBeVisible();
    for (const tag of await page.getByTestId('project-card').locator('.project-status').allTextContents()) expect(tag).toBe('竞价中');

    // Favourites.
    await page.goto('/#/myCollect');
    const favourite = page.locator('tr').filter({ hasText: assetsName });
    await expect(favourite.locator('.project-status')).toHaveText('竞价中');
    await expect(favourite.locator('.lot-price__label')).toHaveText('当前价');
    await shoot(page, 'desk-my-collect');
  });

  test('a qualified bidder goes from the hall to the room in one click; the hall marks his standing', async ({ page, request }) => {
    const hall = await liveHall(request);
    const row = hall.records.find((r: BiddingEntry) => r.mode === 'ongoing' && r.endTime - hall.serverTime > 30 * 60_000)!;
    await logInAs(page, 'bidder01', '/hall');
    const hallRow = page.locator(`[data-testid="live-row"][data-activity-id="${row.activityId}"]`);
    // bidder01 is qualified in every demo auction: each row has his standing and the way in.
    await expect(hallRow.getByTestId('my-standing')).toHaveText(/^(已报名|未出价|领先|出局)$/);
    await expect(page.getByTestId('live-row').getByRole('link', { name: /^进入竞价室/ }).first()).toBeVisible();
    await shoot(page, 'desk-hall-qualified', false);

    await hallRow.getByRole('link', { name: `进入竞价室：${row.assetsName}` }).click();
    await expect(page).toHaveURL(new RegExp(`#/quoteHall\\?activityId=${row.activityId}$`));
    await expect(page.getByTestId('room-my-code')).toHaveText(/^\d{6}$/);

    // The lot's page offers the room too, with his steps.
    await page.goto(`/#/projectDetail/${row.assetsId}.html`);
    await expect(page.getByTestId('head-enter-room')).toHaveText('进入竞价室');
    await expect(page.getByTestId('activity-panel').getByTestId('my-steps')).toContainText(/竞买号 \d{6}/);
    await expect(page.getByTestId('enter-room')).toHaveAttribute('href', `#/quoteHall?activityId=${row.activityId}`);
    await shoot(page, 'desk-detail-qualified', false);
  });

  test('a visitor learns how to qualify, with the enrolment deadline', async ({ page, request }) => {
    // Any live 多次报价 lot (other journeys' auctions may fill the hall's first page), found by its name.
    const hall = (await (await request.post('/api/dscq-sync/v1/bid-assets/hall/page', { params: { current: 1, size: 500 } })).json()) as { data: { records: BiddingEntry[] } };
    const row = hall.data.records.find((r: BiddingEntry) => r.mode === 'ongoing')!;
    expect(row, 'a live 多次报价 lot').toBeTruthy();
    await page.goto(`/#/hall?assetsName=${encodeURIComponent(row.assetsName)}`);
    const hallRow = page.locator(`[data-testid="live-row"][data-activity-id="${row.activityId}"]`);
    await hallRow.getByRole('button', { name: `如何参与：${row.assetsName}` }).click();
    const hint = page.getByTestId('enrol-hint');
    await expect(hint).toContainText(/请先登录。报名截止 \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    await expect(hint).toContainText('取得竞买号后即可进入竞价室出价');
    await shoot(page, 'desk-hall-how-to-qualify', false);
    // One price rule in the table (万元, two decimals, the yuan on hover) and the key to its colours.
    for (const price of await page.getByTestId('live-row').locator('.live-cell-price').allTextContents()) expect(price).toMatch(/^[\d,]+\.\d{2}(万元|元)(\/\S+)?$/);
    await expect(page.getByTestId('live-legend')).toContainText('绿色：尚无出价');
    await expect(page.getByTestId('live-legend')).toContainText('溢价率“---”');
    await page.keyboard.press('Escape');
    await shoot(page, 'desk-hall-legend');
    await page.goto(`/#/projectDetail/${row.assetsId}.html`);
    await expect(page.getByTestId('activity-panel').getByTestId('enrol-hint')).toContainText('请先登录');
    await expect(page.getByTestId('head-enter-room')).toHaveCount(0);
  });

  test('bidder01 outbid by bidder02: a toast names the lot with the way back, the header count grows, the banner clears', async ({ browser, request }) => {
    const hall = await liveHall(request);
    // A lot of its own (the other journeys watch the first one), with time to spare.
    const row = hall.records.filter((r: BiddingEntry) => r.mode === 'ongoing' && r.endTime - hall.serverTime > 30 * 60_000)[2]!;
    const one = await openRoomAs(browser, 'bidder01', row.activityId);
    const two = await openRoomAs(browser, 'bidder02', row.activityId);
    if ((await one.page.getByTestId('room-my-standing').textContent()) !== '领先') await bidNext(one.page);
    await expect(one.page.getByTestId('room-my-standing')).toHaveText('领先');
    // The leader's 出价 waits, saying why; his 出价成功 stays while he leads.
    await expect(one.page.getByRole('form', { name: '出价' }).locator('button[type="submit"]')).toBeDisabled();
    await expect(one.page.getByTestId('room-bid-leading')).toHaveText('您当前为最高出价人，其他竞买人出价后方可再次加价。');
    const bell = one.page.getByTestId('header-messages');
    await expect(bell).toHaveAttribute('data-unread', /^\d+$/);
    await one.page.waitForTimeout(1_000); // the desk's baseline (messages before now are not announced)
    const before = Number(await bell.getAttribute('data-unread'));

    await expect(two.page.getByTestId('room-my-standing')).toHaveText(/^(出局|未出价)$/);
    await bidNext(two.page);
    await expect(two.page.getByTestId('room-my-standing')).toHaveText('领先');

    // bidder01: in the room the alert lines up in the room's own alert line (a floating toast would cover the
    // countdown or the form), naming the lot with the way back; the header count grows.
    await expectDocked(one.page, `「${shortLotName(row.assetsName)}」出价已被超越`);
    await expect(one.page.getByTestId('alert-dock').locator(`a[href="#/quoteHall?activityId=${row.activityId}"]`).first()).toHaveText('进入竞价室');
    await expect(one.page.locator('.ant-notification-notice').filter({ hasText: '出价已被超越' })).toHaveCount(0);
    await expect(bell).toHaveAttribute('data-unread', String(before + 1));
    await expect(one.page.getByTestId('room-my-standing')).toHaveText('出局');
    // The success banner of his own bid is gone now that he is outbid; his form is open again.
    await expect(one.page.getByTestId('room-bid-feedback')).not.toContainText('出价成功');
    await expect(one.page.getByRole('form', { name: '出价' }).locator('button[type="submit"]')).toBeEnabled();
    await shoot(one.page, 'desk-outbid-toast', false);

    // Alert settings: the tone and the browser notification, asked only on a click.
    await one.page.getByRole('button', { name: '提醒设置' }).click();
    await expect(one.page.getByTestId('alert-settings')).toContainText('浏览器通知');
    await one.page.waitForTimeout(500); // the popover's opening animation
    await shoot(one.page, 'desk-alert-settings', false);

    // The message list names the lot too.
    await one.page.goto('/#/myMessage');
    await expect(one.page.getByRole('link', { name: `「${shortLotName(row.assetsName)}」出价已被超越` }).first()).toBeVisible();
    await one.context.close();
    await two.context.close();
  });

  test('the enrolment detail turns approved without a reload', async ({ page, request }) => {
    // An enrolling single asset without an auction yet (the enrolment journey takes a scheduled one).
    const found = (await (await request.post('/api/dscq-project/search/page?state=正在报名&size=100')).json()) as { data: { records: ListedAsset[] } };
    const target = found.data.records.find((r) => r.lot.activityId === null && r.projectType !== 1 && r.projectType !== 2 && r.deposit > 0);
    expect(target, 'an enrolling single asset without an auction').toBeDefined();
    await logInAs(page, 'demo_org', `/bidEnrollNormal?assetsId=${target!.id}`);
    await expect(page.getByRole('heading', { name: '填写报名信息' })).toBeVisible();
    await page.getByLabel('联系人').fill('李经理');
    await page.getByLabel('联系电话').fill('13912345678');
    for (const box of await page.locator('.enrol-commitments input[type="checkbox"]').all()) await box.check();
    await page.getByRole('button', { name: '提交报名' }).click();
    await expect(page).toHaveURL(/#\/enrollDetail\?id=\d+$/);
    await expect(page.getByText('报名已提交，交易机构正在审核').first()).toBeVisible();
    // A marker a reload would wipe: the page must change in place.
    await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
    await expect(page.getByText(/审核已通过，请缴纳交易保证金/).first()).toBeVisible({ timeout: 30_000 });
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    // The approval message arrived as a toast naming the lot, and the header counts it.
    await expect(page.locator('.ant-notification-notice').filter({ hasText: '报名审核通过' }).first()).toBeVisible();
    await shoot(page, 'desk-enrol-detail-live', false);
  });

  test('the watch board: 20 lots and more ticking with live prices, sorted by time left, filterable', async ({ browser, page, request }) => {
    await logInAs(page, 'bidder01', '/myWatch');
    await expect(page.getByRole('heading', { name: '竞价看板' })).toBeVisible();
    const rows = page.getByTestId('watch-row');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(20);
    await expect(page.getByTestId('watch-total')).toContainText(/共关注 \d+ 场竞价/);
    // Every price by the table rule; every countdown ticks.
    for (const price of (await rows.locator('[data-testid="watch-price"]').allTextContents()).slice(0, 20)) expect(price).toMatch(/^[\d,]+\.\d{2}(万元|元)(\/\S+)?$/);
    const countdowns = async () => (await rows.locator('[data-testid="watch-countdown"]').allTextContents()).slice(0, 20);
    const before = await countdowns();
    await page.waitForTimeout(2_200);
    const after = await countdowns();
    // A lot may end (or the other journeys' auction be suspended) between the two reads: those stand still;
    // every other one of the twenty moved.
    const running = before.map((text, i) => [text, after[i] ?? ''] as const).filter(([b, a]) => /秒$/.test(b) && /秒$/.test(a));
    expect(running.length, 'countdowns still running').toBeGreaterThanOrEqual(18);
    expect(running.filter(([b, a]) => b === a).length, `countdowns that stood still of ${running.length}`).toBeLessThanOrEqual(1);
    // Sorted by time left: the live lots first, the one ending soonest on top.
    const states = await rows.locator('.watch-cell-state').allTextContents();
    expect(states.indexOf('即将竞价') === -1 || states.lastIndexOf('竞价中') < states.indexOf('即将竞价')).toBe(true);
    await shoot(page, 'desk-watch-board');

    // A bid by bidder02 reaches bidder01's board at once.
    const hall = await liveHall(request);
    const row = hall.records.filter((r: BiddingEntry) => r.mode === 'ongoing' && r.endTime - hall.serverTime > 30 * 60_000)[4]!;
    const boardRow = page.locator(`[data-testid="watch-row"][data-activity-id="${row.activityId}"]`);
    await boardRow.scrollIntoViewIfNeeded();
    const count = Number(((await boardRow.getByTestId('watch-count').textContent()) ?? '').replace(/\D/g, ''));
    const two = await openRoomAs(browser, 'bidder02', row.activityId);
    if ((await two.page.getByTestId('room-my-standing').textContent()) === '领先') {
      const one = await openRoomAs(browser, 'bidder03', row.activityId);
      await bidNext(one.page);
      await one.context.close();
    }
    const bids = Number(((await boardRow.getByTestId('watch-count').textContent()) ?? '').replace(/\D/g, ''));
    await bidNext(two.page);
    await expect(boardRow.getByTestId('watch-count')).toHaveText(`${bids + 1} 次`, { timeout: 3_000 });
    expect(bids + 1).toBeGreaterThan(count);
    await two.context.close();

    // Filters in the URL.
    await page.locator('.ant-segmented').getByText('即将竞价', { exact: true }).click();
    await expect(page).toHaveURL(/filter=upcoming/);
    for (const state of await rows.locator('.watch-cell-state').allTextContents()) expect(state).toBe('即将竞价');
    await shoot(page, 'desk-watch-board-upcoming', false);
  });

  test('/myCollect in the user centre, live', async ({ page, request }) => {
    const hall = await liveHall(request);
    const row = hall.records.filter((r: BiddingEntry) => r.mode === 'ongoing')[5]!;
    await logInAs(page, 'bidder04', `/projectDetail/${row.assetsId}.html`);
    await page.locator('.detail-head .favourite-button').click();
    await expect(page.locator('.detail-head .favourite-button')).toHaveText('已收藏');
    await page.goto('/#/myCollect');
    await expect(page.getByRole('navigation', { name: '用户中心菜单' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: '用户中心菜单' }).getByRole('link', { name: '我的收藏' })).toHaveAttribute('aria-current', 'page');
    const favourite = page.locator('tr').filter({ hasText: row.assetsName });
    await expect(favourite.locator('.project-status')).toHaveText('竞价中');
    await expect(favourite.locator('.lot-price__label')).toHaveText('当前价');
    await expect(page.getByRole('link', { name: '打开竞价看板' })).toHaveAttribute('href', '#/myWatch');
    await shoot(page, 'desk-my-collect-live', false);
  });
});
