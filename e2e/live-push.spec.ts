/**
 * Push in the bidding room, in Chromium against the real server: bidder01 and bidder02 in one
 * room each see the other's accepted bid within 2 s while the room says 实时推送 — its poll then runs only
 * every 10 s (PUSHED_POLL_MS), so what arrives that soon came by push; with the push endpoint blocked the
 * room says 每秒刷新 and polling (every second) still brings the other's bid; when the endpoint returns the
 * room says 实时推送 again and bids arrive by push again.
 *
 * How fast push is, is the benchmark's to say (`npm run bench:push`, against polling side by side): a
 * timed assertion here failed on a loaded CI machine at 500.1 ms against a 500 ms limit. The journey
 * still measures each lag (in the browser: from the bid's answer in the bidder's page, its resource
 * timing, to the moment the watcher's page shows the bid, a MutationObserver, both on the wall clock)
 * and reports them in the test's annotations.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { bidNext, liveHall, openRoomAs } from './room';

const EVENTS = '**/api/dscq-sync/v1/live/events**';
/** Well under PUSHED_POLL_MS (10 s): a bid shown this soon while push is up came by push. */
const BY_PUSH_MS = 2_000;

declare global {
  interface Window {
    __seenAt?: number;
  }
}

/** Arms the watcher: records when its room first shows a bid by `bidCode` (price line: 竞买号 X 于 …). */
async function watchFor(page: Page, bidCode: string): Promise<void> {
  await page.evaluate((code) => {
    window.__seenAt = undefined;
    const shows = () => document.querySelector('[data-testid="room-price-time"]')?.textContent?.includes(`竞买号 ${code} 于`) ?? false;
    const observer = new MutationObserver(() => {
      if (window.__seenAt === undefined && shows()) {
        window.__seenAt = performance.timeOrigin + performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  }, bidCode);
}

/** When the bidder's page received the answer of its last bid (wall clock, ms). */
async function lastBidAnsweredAt(page: Page): Promise<number> {
  return page.evaluate(() => {
    const bids = performance.getEntriesByType('resource').filter((e) => /\/bidding\/[^/]+\/bid$/.test(new URL(e.name).pathname));
    const last = bids.at(-1) as PerformanceResourceTiming | undefined;
    if (!last) throw new Error('no bid request in this page');
    return performance.timeOrigin + last.responseEnd;
  });
}

/** The bidder bids; returns how long after its answer the watcher showed it. */
async function bidSeenAfter(bidder: Page, bidderCode: string, watcher: Page, within: number): Promise<number> {
  await watchFor(watcher, bidderCode);
  await bidNext(bidder);
  await expect(bidder.getByTestId('room-my-standing')).toHaveText('领先');
  await expect(watcher.getByTestId('room-price-time')).toContainText(`竞买号 ${bidderCode} 于`, { timeout: within });
  const seenAt = await watcher.evaluate(() => window.__seenAt);
  expect(seenAt, 'the watcher saw the bid').toBeDefined();
  return seenAt! - (await lastBidAnsweredAt(bidder));
}

test.describe('live push in the bidding room', () => {
  test.describe.configure({ timeout: 3 * 60_000 });
  // The journey refuses the push stream on purpose: the worker notes each refused connection (handled:
  // the room polls meanwhile and reconnects on its backoff). Nothing else may reach the console.
  test.use({
    consoleAllowed: [
      {
        pattern: /^warning: \[live\] push: stream failed \(\d+ in a row\), reconnecting in \d+ ms TypeError: Failed to fetch\b/,
        why: 'the push stream is blocked by the journey (route.abort)',
      },
    ],
  });

  test('two bidders see each other’s bids by push; with push blocked polling takes over, and push comes back', async ({ browser, request }) => {
    // A live English auction far from its end (no extension), not the soonest one (the room journey's).
    const hall = await liveHall(request);
    const far = hall.records.filter((r) => r.mode === 'ongoing' && r.endTime - hall.serverTime > 30 * 60_000).sort((a, b) => b.endTime - a.endTime);
    expect(far.length, 'a live ongoing demo activity with more than 30 minutes left').toBeGreaterThan(0);
    const activityId = far[0]!.activityId;

    let blocking = false;
    let blocked = 0;
    const one = await openRoomAs(browser, 'bidder01', activityId);
    const two = await openRoomAs(browser, 'bidder02', activityId, (context) =>
      context.route(EVENTS, (route) => {
        if (!blocking) return route.fallback();
        blocked += 1;
        return route.abort('connectionrefused');
      }),
    );
    for (const { page } of [one, two]) await expect(page.getByTestId('room-link')).toHaveText('实时推送');
    const code1 = (await one.page.getByTestId('room-my-code').textContent())!;
    const code2 = (await two.page.getByTestId('room-my-code').textContent())!;

    // The seeded history may have one of them leading: the other one bids first.
    const oneLeads = (await one.page.getByTestId('room-my-standing').textContent()) === '领先';
    const [first, second] = oneLeads ? [two, one] : [one, two];
    const [firstCode, secondCode] = oneLeads ? [code2, code1] : [code1, code2];

    const lags: Record<string, number> = {};
    lags['push: first → second'] = await bidSeenAfter(first.page, firstCode, second.page, BY_PUSH_MS);
    lags['push: second → first'] = await bidSeenAfter(second.page, secondCode, first.page, BY_PUSH_MS);

    // Push blocked for bidder02 (a reload opens a new worker, whose stream the route now refuses).
    blocking = true;
    await two.page.reload();
    await expect(two.page.getByTestId('room-my-code')).toHaveText(code2);
    await expect.poll(() => blocked, { message: 'the push stream was refused' }).toBeGreaterThan(0);
    await expect(two.page.getByTestId('room-link')).toHaveText('每秒刷新');
    // bidder01 bids and the blocked room follows by polling (about a second); if bidder01 leads, bidder02
    // bids first (seen by bidder01 through push).
    const oneLeadsNow = (await one.page.getByTestId('room-my-standing').textContent()) === '领先';
    if (oneLeadsNow) {
      lags['push: bidder02 → bidder01'] = await bidSeenAfter(two.page, code2, one.page, BY_PUSH_MS);
    }
    // Polling takes over within 5 s of a push failure (performance.md); here it was refused from the start.
    lags['polling: bidder01 → bidder02 (push blocked)'] = await bidSeenAfter(one.page, code1, two.page, 5_000);
    await expect(two.page.getByTestId('room-my-standing')).toHaveText('出局');

    // The endpoint returns: the worker reconnects on its backoff and the room says so.
    blocking = false;
    await expect(two.page.getByTestId('room-link')).toHaveText('实时推送', { timeout: 40_000 });
    lags['push again: bidder02 → bidder01'] = await bidSeenAfter(two.page, code2, one.page, BY_PUSH_MS);
    lags['push again: bidder01 → bidder02'] = await bidSeenAfter(one.page, code1, two.page, BY_PUSH_MS);

    test.info().annotations.push({ type: 'lags (ms)', description: JSON.stringify(Object.fromEntries(Object.entries(lags).map(([k, v]) => [k, Math.round(v)]))) });
    console.log('push lags (ms):', lags);
    await one.context.close();
    await two.context.close();
  });
});
