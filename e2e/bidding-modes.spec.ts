/**
 * One journey per bidding mode of the later four (final, first-come, two-stage, v-shaped), two bidders each, in Chromium against the real server: the
 * operator creates a short activity of the mode over the operator API (e2e/modes.ts), bidder01 and
 * bidder02 log in and meet in its room at the mode's decisive moment —
 * final: the cap freezes the price, the pre-emptive holder matches it, both make sealed final offers, the
 *   best one wins when the window closes;
 * first-come-first-served: both accept at once, the first committed wins, the other hears 已被他人应价;
 * two-stage: sealed quotes, both confirm joining, stage 2 opens at the highest quote and is bid up;
 * v-shaped: the falling price is accepted and the room turns to ascending bidding, the other outbids.
 * Windows are real seconds (the server's sweep and the rooms' polls are real), long enough for the steps
 * inside them on a loaded two-core machine (a 15 s final window once closed before the second offer in CI):
 * the journeys wait for the windows' ends rather than race them; screenshots at 1200/1440 px.
 */
import { expect, refusedRequest } from './fixtures';
import { createModeActivity, enterRoom, inServerTime, serverNow, shoot, submitBid, test } from './modes';

test.describe('bidding modes', () => {
  test.describe.configure({ timeout: 150_000 });

  test('final: the cap freezes the price; the holder matches it; the best sealed final offer wins', async ({ bidders, request }) => {
    const [one, two] = await Promise.all([bidders.open('bidder01'), bidders.open('bidder02')]);
    const now = await serverNow(request);
    // bidder02 holds a pre-emptive right (第一顺位); the cap is two increments above the start.
    const activityId = await createModeActivity(
      request,
      { mode: 'final', endTime: inServerTime(now, 10 * 60_000), startPrice: 10_000, increment: 100, capPrice: 10_200, finalWindowSec: 45, extensionSec: 0 },
      [
        ['bidder01', null],
        ['bidder02', 1],
      ],
    );
    const [, code2] = await Promise.all([enterRoom(one.page, activityId), enterRoom(two.page, activityId)]);
    await expect(one.page.getByTestId('room-cap')).toHaveText('1.02万元');

    // bidder01 bids the cap: the price freezes and the window of final offers opens in both rooms.
    await submitBid(one.page, /确认以 10,200.00 元出价？/, '10200');
    await expect(one.page.getByTestId('room-phase')).toHaveText('最终报价期', { timeout: 5_000 });
    await expect(one.page.getByTestId('room-my-standing')).toHaveText('已入围');
    await expect(two.page.getByTestId('room-phase')).toHaveText('最终报价期', { timeout: 5_000 });
    // bidder02 matches the cap with his right, then both make one sealed final offer.
    const match = two.page.getByRole('form', { name: '出价' }).locator('button[type="submit"]');
    await expect(match).toHaveText('以封顶价 10,200.00 元行使优先购买权', { timeout: 5_000 });
    await submitBid(two.page, /确认以 10,200.00 元行使优先购买权？/);
    await expect(two.page.getByRole('form', { name: '出价' }).locator('button[type="submit"]')).toHaveText('提交最终报价', { timeout: 5_000 });
    await submitBid(two.page, /确认以 10,400.00 元提交最终报价？/, '10400');
    await expect(two.page.getByTestId('room-bid-notice')).toHaveText(/您已提交最终报价 10,400.00元/, { timeout: 5_000 });
    await submitBid(one.page, /确认以 10,300.00 元提交最终报价？/, '10300');
    await expect(one.page.getByTestId('room-my-standing')).toHaveText('已报价', { timeout: 5_000 });
    // Nobody sees the offers while the window is open.
    await expect(one.page.getByTestId('room-price')).toHaveText('1.02万元');
    await expect(one.page.getByText('最终报价期间不公开报价记录，竞价结束后公布结果。')).toBeVisible();
    await shoot(two.page, 'mode-final');

    // The window closes: the best offer wins, in both rooms.
    const result = `竞价结果：成交竞买号 ${code2} 以 10,400.00元 成交`;
    await expect(two.page.getByTestId('room-result')).toContainText(result, { timeout: 60_000 });
    await expect(two.page.getByTestId('room-my-standing')).toHaveText('竞得');
    await expect(one.page.getByTestId('room-result')).toContainText(result, { timeout: 5_000 });
    await expect(one.page.getByTestId('room-my-standing')).toHaveText('未竞得');
  });

  test('first-come-first-served: both accept at once; the first committed wins, the other hears 已被他人应价', async ({ bidders, request, allowConsole }) => {
    allowConsole(refusedRequest(400, '/api/dscq-sync/v1/bidding/first-come-first-served/bid'), 'the second acceptance is refused with 已被他人应价 on purpose');
    const [one, two] = await Promise.all([bidders.open('bidder01'), bidders.open('bidder02')]);
    const now = await serverNow(request);
    const activityId = await createModeActivity(request, { mode: 'first-come-first-served', endTime: inServerTime(now, 10 * 60_000), startPrice: 8_000, increment: 100 }, [
      ['bidder01', null],
      ['bidder02', null],
    ]);
    const [code1] = await Promise.all([enterRoom(one.page, activityId), enterRoom(two.page, activityId)]);
    for (const page of [one.page, two.page]) {
      await expect(page.getByTestId('room-phase')).toHaveText('先到先得：等待应价');
      await page.getByRole('form', { name: '出价' }).locator('button[type="submit"]').click();
      await expect(page.locator('.ant-modal-confirm').filter({ hasText: '确认以 8,000.00 元应价？' })).toBeVisible();
    }
    // Both questions are open: bidder01 confirms first, then bidder02.
    await one.page.locator('.ant-modal-confirm').getByRole('button', { name: '确认出价' }).click();
    // Inline or as a message: the acceptance ends the activity, and the room may put the form away at once.
    await expect(one.page.getByText('出价成功：8,000.00元').first()).toBeVisible();
    await two.page.locator('.ant-modal-confirm').getByRole('button', { name: '确认出价' }).click();
    // The answer inline and as a message (the room may already have learnt that the activity ended and
    // put the form away: the message stays).
    await expect(two.page.getByText('已被他人应价').first()).toBeVisible();
    await shoot(two.page, 'mode-first-come');
    const result = `竞价结果：成交竞买号 ${code1} 以 8,000.00元 成交`;
    await expect(one.page.getByTestId('room-result')).toContainText(result, { timeout: 10_000 });
    await expect(one.page.getByTestId('room-my-standing')).toHaveText('竞得');
    await expect(two.page.getByTestId('room-result')).toContainText(result, { timeout: 10_000 });
  });

  test('two-stage: sealed quotes, both join, stage 2 opens at the highest quote and is bid up', async ({ bidders, request }) => {
    const [one, two] = await Promise.all([bidders.open('bidder01'), bidders.open('bidder02')]);
    const now = await serverNow(request);
    const activityId = await createModeActivity(
      request,
      { mode: 'two-stage', endTime: inServerTime(now, 40_000), startPrice: 10_000, increment: 100, joinWindowSec: 25, cycleSec: 60 },
      [
        ['bidder01', null],
        ['bidder02', null],
      ],
    );
    const [, code2] = await Promise.all([enterRoom(one.page, activityId), enterRoom(two.page, activityId)]);
    await expect(one.page.getByTestId('room-phase')).toHaveText('第一阶段：密封报价');
    await submitBid(one.page, /确认以 10,100.00 元报价？/, '10100');
    await submitBid(two.page, /确认以 10,300.00 元报价？/, '10300');
    await expect(one.page.getByTestId('room-bid-notice')).toContainText('您已提交第一阶段报价', { timeout: 5_000 });
    await expect(one.page.getByTestId('room-price')).toHaveText('结束前不公开');
    // Stage 1 closes: both confirm joining stage 2; the highest quote is public.
    for (const page of [one.page, two.page]) {
      await expect(page.getByTestId('room-join')).toBeVisible({ timeout: 45_000 });
      await page.getByTestId('room-join').click();
      await page.locator('.ant-modal-confirm').getByRole('button', { name: '确认参加' }).click();
      await expect(page.getByTestId('room-bid-notice')).toContainText('您已确认参加第二阶段', { timeout: 5_000 });
    }
    await expect(one.page.getByTestId('room-price')).toHaveText('1.03万元', { timeout: 5_000 });
    // The window ends: stage 2 opens at 10,300 (bidder02 leads); bidder01 bids it up.
    await expect(one.page.getByTestId('room-phase')).toHaveText('第二阶段：限时报价', { timeout: 40_000 });
    await expect(one.page.getByTestId('room-next-price')).toHaveText('10,400.00');
    await expect(two.page.getByTestId('room-my-standing')).toHaveText('领先');
    await submitBid(one.page, /确认以 10,400.00 元出价？/, '10400');
    await expect(one.page.getByTestId('room-my-standing')).toHaveText('领先', { timeout: 5_000 });
    await expect(two.page.getByTestId('room-my-standing')).toHaveText('出局', { timeout: 5_000 });
    await expect(two.page.getByTestId('room-history').getByTestId('room-bid').filter({ hasText: code2 })).toContainText('10,300.00元');
    await shoot(two.page, 'mode-two-stage');
  });

  test('v-shaped: the falling price is accepted, the room turns to ascending bidding and the other bidder outbids', async ({ bidders, request }) => {
    const [one, two] = await Promise.all([bidders.open('bidder01'), bidders.open('bidder02')]);
    const activityId = await createModeActivity(
      request,
      { mode: 'v-shaped', startPrice: 10_000, increment: 100, decrement: 200, dropIntervalSec: 5, floorPrice: 9_000, ascendSec: 120, extensionSec: 0 },
      [
        ['bidder01', null],
        ['bidder02', null],
      ],
    );
    const [code1] = await Promise.all([enterRoom(one.page, activityId), enterRoom(two.page, activityId)]);
    await expect(one.page.getByTestId('room-phase')).toHaveText('降价中');
    await expect(one.page.getByTestId('room-price-time')).toContainText('首次应价后转为加价竞价');

    // bidder01 accepts the price shown (the server records its price at receipt, never more).
    await submitBid(one.page, /确认以 .* 元应价？/);
    await expect(one.page.getByTestId('room-bid-feedback')).toContainText('出价成功');
    const accepted = (await one.page.getByTestId('room-bid-feedback').textContent())!.match(/出价成功：([\d,]+\.\d{2})元/)![1]!;
    await expect(two.page.getByTestId('room-phase')).toHaveText('加价竞价中', { timeout: 5_000 });
    await expect(two.page.getByTestId('room-price-time')).toContainText(`竞买号 ${code1} 于`);
    // Ascending from the accepted price: bidder02 bids one increment above it.
    const next = (Number(accepted.replace(/,/g, '')) + 100).toFixed(2);
    await expect(two.page.getByTestId('room-next-price')).toHaveText(Number(next).toLocaleString('en-US', { minimumFractionDigits: 2 }));
    await submitBid(two.page, /确认以 .* 元出价？/, next);
    await expect(two.page.getByTestId('room-my-standing')).toHaveText('领先', { timeout: 5_000 });
    await expect(one.page.getByTestId('room-my-standing')).toHaveText('出局', { timeout: 5_000 });
    await shoot(one.page, 'mode-v-shaped');
  });
});
