/**
 * The public bid record end to end (docs/bidding.md "The bid record"): an activity with chained bids ends;
 * its 电子竞价记录 downloads from the lot's result page (Playwright download); 竞价记录核验 (#/verify), given the
 * file, checks it in the browser and says it is valid; the same file with one amount changed is refused with
 * that bid named. The page also opens from the result page's 在线核验 (the published record, fetched) and on a
 * 390 px phone, and from the 竞价结果公示's link. Real clock: the activity gets a short window the journey waits out (never races), then
 * waits for the settlement and, for a while, for the head's RFC 3161 stamp (taken by a background job).
 */
import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import type { BidRecordAnswer } from '#domain/contract/bidReceipt';
import { expect, test } from './fixtures';
import { apiLogin, inServerTime, OPERATOR, serverNow } from './modes';

const screenshotDir = new URL('./screenshots', import.meta.url).pathname;
const START_YUAN = 50_000;
const STEP_YUAN = 1_000;
/** Long enough for the four API bids after creation on a loaded machine; the journey waits for the end. */
const WINDOW_MS = 30_000;

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** An ongoing activity ending WINDOW_MS from now on a listing without one, bidder01 and bidder02 qualified. */
async function endingActivity(request: APIRequestContext): Promise<{ activityId: number; assetsId: number }> {
  const operator = await apiLogin(request, OPERATOR);
  const headers = { authorization: `Bearer ${operator}` };
  const listings = (await (await request.post('/api/dscq-project/search/page', { data: { current: 1, size: 100, orderBy: 'publishDate', order: 'asc' } })).json()) as Envelope<{ records: Array<{ id: number }> }>;
  // From the end of the list: the bidding-mode journeys (e2e/modes.ts) take lots from its start, and a lot of
  // theirs whose auction opened after ours ended would show theirs on the lot's page.
  for (const { id } of [...listings.data.records].reverse()) {
    const now = await serverNow(request);
    const body = { assetsId: id, mode: 'ongoing', endTime: inServerTime(now, WINDOW_MS), startPrice: START_YUAN, increment: STEP_YUAN, extensionSec: 0 };
    const created = (await (await request.post('/api/dscq-ops/activity/create', { data: body, headers })).json()) as Envelope<{ activityId: number }>;
    if (created.code === 409 || created.code === 404) continue;
    expect(created.code, created.msg).toBe(200);
    for (const loginName of ['bidder01', 'bidder02']) {
      const q = (await (await request.post('/api/dscq-ops/activity/qualify', { data: { activityId: created.data.activityId, loginName }, headers })).json()) as Envelope<unknown>;
      expect(q.code, q.msg).toBe(200);
    }
    return { activityId: created.data.activityId, assetsId: id };
  }
  throw new Error('no listing without an activity');
}

const recordUrl = (activityId: number) => `/api/dscq-sync/v1/bidding/record?activityId=${activityId}`;

test.describe('电子竞价记录 and 竞价记录核验', () => {
  test.describe.configure({ timeout: 180_000 });

  test('the record downloads from the result page; #/verify says it is valid; one amount changed is refused naming the bid', async ({ page, request, browser }) => {
    const tokens = await Promise.all([apiLogin(request, 'bidder01'), apiLogin(request, 'bidder02')]);
    const { activityId, assetsId } = await endingActivity(request);
    // Four bids, the two bidders in turn, each one step up.
    for (let i = 0; i < 4; i++) {
      const answer = (await (
        await request.post('/api/dscq-sync/v1/bidding/ongoing/bid', {
          params: { activityId, amount: START_YUAN + (i + 1) * STEP_YUAN, idempotencyKey: `verify-e2e-${activityId}-${i}` },
          headers: { authorization: `Bearer ${tokens[i % 2]}` },
        })
      ).json()) as Envelope<unknown>;
      expect(answer.code, answer.msg).toBe(200);
    }
    // The end and the settlement (the record is public from then on: 409 before).
    await expect.poll(async () => (await request.get(recordUrl(activityId))).status(), { timeout: WINDOW_MS + 60_000, intervals: [2_000] }).toBe(200);
    // The head's timestamp comes from a background job shortly after the end: wait for it a while, so the
    // journey checks it in the browser too (the record is valid either way).
    let stamped = false;
    await expect
      .poll(
        async () => {
          stamped = ((await (await request.get(recordUrl(activityId))).json()) as Envelope<BidRecordAnswer>).data.timestamp != null;
          return stamped;
        },
        { timeout: 60_000, intervals: [3_000] },
      )
      .toBe(true)
      .catch(() => test.info().annotations.push({ type: 'note', description: 'the record had no timestamp yet: the timestamp checks were not exercised' }));

    // The lot's page after the end: 电子竞价记录 with 下载 JSON, 下载 PDF and 在线核验.
    await page.goto(`/#/projectDetail/${assetsId}.html`);
    const links = page.getByTestId('activity-panel').getByRole('group', { name: '电子竞价记录' });
    await expect(links).toBeVisible({ timeout: 15_000 });
    const pdfHref = `/api/dscq-sync/v1/bidding/record.pdf?activityId=${activityId}`;
    await expect(links.getByRole('link', { name: /下载 PDF/ })).toHaveAttribute('href', pdfHref);
    const pdf = await request.get(pdfHref);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    const [download] = await Promise.all([page.waitForEvent('download'), links.getByRole('button', { name: /下载 JSON/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/^电子竞价记录-.+\.json$/);
    const file = await download.path();
    const text = readFileSync(file, 'utf8');
    const record = JSON.parse(text) as BidRecordAnswer;
    expect(record.activityId).toBe(activityId);
    expect(record.bids.map((b) => b.amount)).toEqual([51_000, 52_000, 53_000, 54_000]);

    // #/verify with the downloaded file: valid.
    await page.goto('/#/verify');
    await expect(page.getByRole('heading', { level: 1, name: /竞价记录核验/ })).toBeVisible();
    await page.getByLabel(/选择文件/).setInputFiles({ name: download.suggestedFilename(), mimeType: 'application/json', buffer: Buffer.from(text) });
    const verdict = page.getByTestId('verify-verdict');
    await expect(verdict).toContainText(`电子竞价记录有效（${record.activityCode}，共 4 笔出价）`);
    const checks = page.getByTestId('verify-checks');
    await expect(checks).toContainText('哈希链完整（共 4 笔出价，逐笔重新计算的哈希与记录一致）');
    await expect(checks).toContainText(`链头签名有效（交易所公钥 keyId ${record.keyId}）`);
    await expect(checks).toContainText('所用公钥与交易所网站公布的公钥一致');
    if (record.timestamp) {
      await expect(checks).toContainText(/时间戳：\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3} 由 .+ 签发，与链头一致/);
      await expect(checks).toContainText('时间戳机构签名有效');
    }
    await expect(checks.locator('[data-status="fail"]')).toHaveCount(0);
    await page.screenshot({ path: `${screenshotDir}/verify-valid.png`, fullPage: true });

    // The same file with the second bid's amount changed: refused, naming that bid.
    const tampered = JSON.parse(text) as BidRecordAnswer;
    const second = tampered.bids[1]!;
    second.amount = 62_000;
    second.amountFen = 6_200_000;
    await page.getByLabel(/选择文件/).setInputFiles({ name: download.suggestedFilename(), mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(tampered, null, 2)) });
    const named = `第 2 笔出价（竞买号 ${second.bidCode}）的金额或内容与哈希不符`;
    await expect(verdict).toContainText(`电子竞价记录未通过核验：${named}`);
    await expect(checks.locator('[data-status="fail"]')).toContainText(named);
    await expect(page.locator('.verify-bids__broken')).toHaveCount(1);
    await page.locator('.verify-bids summary').click();
    await expect(page.locator('.verify-bids__broken')).toContainText('62,000.00');
    await page.screenshot({ path: `${screenshotDir}/verify-tampered.png`, fullPage: true });

    // From the result page's 在线核验: the published record, fetched and checked here; axe finds nothing serious.
    await page.goto(`/#/projectDetail/${assetsId}.html`);
    await page.getByTestId('activity-panel').getByRole('link', { name: /在线核验/ }).click();
    await expect(page).toHaveURL(new RegExp(`#/verify\\?activityId=${activityId}$`));
    await expect(verdict).toContainText(`电子竞价记录有效（${record.activityCode}，共 4 笔出价）`);
    await expect(page.getByTestId('verify-result')).toHaveAttribute('aria-live', 'polite');
    await expect(page.locator('h1')).toHaveCount(1);
    const { violations } = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);

    // The 竞价结果公示 on the 结果公示 plate links to it too: found through the public news API, opened as a reader would.
    const news = (await (await request.post('/api/dscq-content/news-content/page', { params: { current: 1, size: 50 } })).json()) as Envelope<{ records: Array<{ id: number; title: string }> }>;
    let noticeId: number | null = null;
    for (const item of news.data.records.filter((r) => r.title.endsWith('竞价结果公示'))) {
      const detail = (await (await request.post('/api/dscq-content/news-content/detail', { params: { id: item.id } })).json()) as Envelope<{ content: string }>;
      if (detail.data.content.includes(`#/verify?activityId=${activityId}"`)) {
        noticeId = item.id;
        break;
      }
    }
    expect(noticeId, 'the activity’s 竞价结果公示').not.toBeNull();
    await page.goto(`/#/newsDetailxwzx?newsId=${noticeId}`);
    await page.getByRole('link', { name: '在线核验并下载' }).click();
    await expect(page).toHaveURL(new RegExp(`#/verify\\?activityId=${activityId}$`));
    await expect(verdict).toContainText(`电子竞价记录有效（${record.activityCode}，共 4 笔出价）`);
    await expect(page.getByTestId('verify-result').getByRole('group', { name: '电子竞价记录' }).getByRole('button', { name: /下载 JSON/ })).toBeVisible();

    // On a 390 px phone: one column, nothing sticking out sideways.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    const small = await phone.newPage();
    await small.goto(`/#/verify?activityId=${activityId}`);
    await expect(small.getByTestId('verify-verdict')).toContainText('电子竞价记录有效');
    expect(await small.evaluate(() => ({ width: window.innerWidth, scrollWidth: document.documentElement.scrollWidth }))).toEqual({ width: 390, scrollWidth: 390 });
    await small.screenshot({ path: `${screenshotDir}/verify-390.png`, fullPage: true });
    await phone.close();
  });
});
