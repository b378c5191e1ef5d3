/**
 * The content centre against the real server and its demo data: every content route shows
 * its heading and its first item; downloads really download; the tab lock locks; and screenshots of
 * the home page and three content pages at 1200 px.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';

const screenshotDir = new URL('./screenshots', import.meta.url).pathname;

interface Item {
  id: number;
  title?: string;
  noticeTitle?: string;
  noticeType?: number;
}

async function plateId(request: APIRequestContext, code: string): Promise<number> {
  const res = await request.get(`/api/dscq-content/news-platecfig/detail?plateCode=${code}`);
  return ((await res.json()) as { data: { id: number } }).data.id;
}

async function firstNews(request: APIRequestContext, code: string): Promise<Item> {
  const res = await request.post(`/api/dscq-content/news-content/page?plateId=${await plateId(request, code)}&size=1`);
  return ((await res.json()) as { data: { records: Item[] } }).data.records[0]!;
}

async function firstNotice(request: APIRequestContext, noticeType: number): Promise<Item> {
  const res = await request.post(`/api/dscq-project/notice/page?noticeType=${noticeType}&size=1`);
  return ((await res.json()) as { data: { records: Item[] } }).data.records[0]!;
}

async function firstKeyProject(request: APIRequestContext): Promise<Item> {
  const res = await request.post('/api/dscq-content/ad-ads/keyProjects-page?size=1');
  return ((await res.json()) as { data: { records: Item[] } }).data.records[0]!;
}

const main = (page: Page) => page.locator('main.site-main');

async function expectHeading(page: Page, text: string) {
  await expect(main(page).locator('h1').first()).toHaveText(text);
}

/** Column and column-like pages: [route, heading, first item's selector, its text]. */
const PAGES: [string, string, string, string | RegExp][] = [
  ['/djgz', '党建工作', '.article-list__title', '我所党委召开理论学习中心组集体学习会议'],
  ['/zcfg', '政策法规', '.article-list__title', '企业国有资产交易监督管理办法（国务院国资委 财政部令第32号）'],
  ['/jyfw', '交易服务', '.article-list__title', '意向受让方（竞买人）服务指南'],
  ['/xwzx', '新闻中心', '.article-list__title', '省属国有企业闲置资产集中挂牌推介会在我所举行'],
  ['/gywm', '本所简介', '.article__body p', /经河北省人民政府批准设立/],
  ['/hgzx', '咨询中心', '.content-accordion__label span', '个人可以参加企业国有产权转让项目吗？'],
  ['/xxgk', '信息公开', '.content-accordion__label span', '本年度前三季度交易业务统计'],
  ['/xzzx', '下载中心', '.download-table__title', '意向受让申请书（企业国有产权转让）'],
  ['/serviceCenter', '服务中心', '.column-card__title', '转让服务'],
  ['/transferService', '转让服务', '.column-section h2', '服务对象'],
  ['/investService', '投资服务', '.column-section h2', '投资者登记'],
  ['/otherService', '其他服务', '.column-section h2', '融资服务'],
  ['/helpCenter', '交易指南', '.content-accordion__label span', '1. 新用户注册与实名认证'],
  ['/hd1', '国有资产“阳光处置”宣传月', '.column-section h2', '活动背景'],
  ['/hd2', '京津冀产权市场项目推介会', '.column-section h2', '推介会概况'],
  ['/specialPage', '专题专栏', '.column-card__title', '机动车专场'],
  ['/specialList', '项目列表', '.special-table tbody tr', /正在报名/],
  ['/specialHgList', '专项项目列表', '.special-table tbody tr', /某/],
  ['/specialCar', '机动车专场', '.special-table tbody tr', /车/],
  ['/specialOil', '成品油专场', '.column-section h2', '专场说明'],
  ['/specialPetroleum', '石油化工专场', '.special-table tbody tr', /化工/],
  ['/helpBrowser', '浏览器设置', '.column-section h2', '推荐浏览器'],
  ['/zhongdianList', '重点推荐', '.key-card__name', /.+/],
];

test.describe('content routes', () => {
  for (const [route, heading, selector, first] of PAGES) {
    test(`${route} shows ${heading} and its demo item`, async ({ page }) => {
      await page.goto(`/#${route}`);
      await expectHeading(page, heading);
      // Among the items, not necessarily first: a journey running beside this one may publish news
      // (console-journey's 竞价结果公示 tops 新闻中心 once it has run).
      await expect(main(page).locator(selector).filter({ hasText: first }).first()).toBeVisible();
    });
  }

  test('the five news-detail routes show an article of their column, with breadcrumbs from the title', async ({ page, request }) => {
    const routes: [string, string, string][] = [
      ['/newsDetaildjgz', 'djgz', '党建工作'],
      ['/newsDetailzcfg', 'jygz', '政策法规'],
      ['/newsDetailgywm', 'gywm', '关于我们'],
      ['/newsDetailjyfw', 'fwzn', '交易服务'],
      ['/newsDetailxwzx', 'jysdt', '新闻中心'],
    ];
    for (const [route, plate, crumb] of routes) {
      const item = await firstNews(request, plate);
      await page.goto(`/#${route}?newsId=${item.id}`);
      await expectHeading(page, item.title!);
      await expect(main(page).locator('.article__meta')).toContainText('来源：');
      await expect(main(page).locator('.article__body p').first()).not.toBeEmpty();
      const crumbs = page.getByRole('navigation', { name: '当前位置' });
      await expect(crumbs).toContainText(crumb);
      await expect(crumbs).toContainText('详情');
    }
  });

  test('/helpCenterDetail and /noticeDetail show their item', async ({ page, request }) => {
    const help = await firstNews(request, 'cjwt');
    await page.goto(`/#/helpCenterDetail?newsId=${help.id}`);
    await expectHeading(page, help.title!);

    const notice = await firstNotice(request, 2);
    await page.goto(`/#/noticeDetail?newsId=${notice.id}&id=${notice.noticeType}`);
    await expectHeading(page, notice.noticeTitle!);
    await expect(main(page).locator('.article__meta .ant-tag')).toHaveText('成交公告');
    await expect(main(page).getByRole('link', { name: '查看项目详情' })).toHaveAttribute('href', /#\/projectDetail\/\d+\.html/);
  });

  test('/zhongdianDetail shows a key recommendation and links its project', async ({ page, request }) => {
    const item = await firstKeyProject(request);
    await page.goto(`/#/zhongdianDetail?id=${item.id}`);
    await expectHeading(page, item.title!);
    await expect(main(page).getByRole('link', { name: '查看项目详情' })).toHaveAttribute('href', /#\/project(Detail|Pkg)\/\d+\.html/);
  });

  test('a notice plate of the news centre lists notices', async ({ page, request }) => {
    await page.goto(`/#/xwzx?plateId=${await plateId(request, 'cjgg')}`);
    await expectHeading(page, '成交公告');
    await expect(main(page).locator('.article-list__title').first()).toHaveAttribute('href', /#\/noticeDetail\?newsId=\d+&id=2/);
  });

  test('/doing is still the under-construction page', async ({ page }) => {
    await page.goto('/#/doing');
    await expect(page.getByText('页面建设中')).toBeVisible();
  });
});

test('downloads really download, with their name', async ({ page }) => {
  await page.goto('/#/xzzx');
  await expectHeading(page, '下载中心');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    main(page).getByRole('link', { name: '下载 河北产权交易所网络竞价实施细则' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('河北产权交易所网络竞价实施细则.pdf');
  const path = await download.path();
  const { readFileSync } = await import('node:fs');
  expect(readFileSync(path).subarray(0, 5).toString('latin1')).toBe('%PDF-');
});

test('the tab lock locks this tab and unlocks it with its password', async ({ page }) => {
  await page.goto('/#/lock');
  await expect(page.getByText('锁定当前页面')).toBeVisible();
  const passwords = page.locator('input[type="password"]');
  await passwords.nth(0).fill('e2e-lock-2026');
  await passwords.nth(1).fill('e2e-lock-2026');
  await page.getByRole('button', { name: /锁\s*定/ }).click();
  await expect(page.getByText('页面已锁定')).toBeVisible();

  await page.goto('/#/xwzx');
  await expect(page).toHaveURL(/#\/lock\?redirect=%2Fxwzx$/);
  await page.locator('input[type="password"]').fill('e2e-lock-2026');
  await page.getByRole('button', { name: /解\s*锁/ }).click();
  await expect(page).toHaveURL(/#\/xwzx$/);
  await expectHeading(page, '新闻中心');
});

test('screenshots: the home page and three content pages at 1200 px', async ({ page, request }) => {
  await page.setViewportSize({ width: 1200, height: 900 });
  await page.goto('/#/index');
  await expect(page.locator('.home-banner img').first()).toBeVisible();
  await expect(page.locator('.home-key-projects [data-testid="key-project"]').first()).toBeVisible();
  await expect(page.locator('.home-partners img').first()).toBeVisible();
  await expect(page.locator('.home-news .text-list li').first()).toBeVisible();
  // Every picture of the page has loaded (banners, news pictures, key projects, partner logos).
  await expect.poll(() => page.evaluate(() => [...document.images].every((img) => img.complete && img.naturalWidth > 0))).toBe(true);
  await page.screenshot({ path: `${screenshotDir}/content-home-1200.png`, fullPage: true });

  await page.goto('/#/xwzx');
  await expect(main(page).locator('.article-list__title').first()).toBeVisible();
  await page.screenshot({ path: `${screenshotDir}/content-xwzx-1200.png`, fullPage: true });

  const fees = (await (await request.post(`/api/dscq-content/news-content/page?plateId=${await plateId(request, 'sfbz')}&size=5`)).json()) as {
    data: { records: Item[] };
  };
  const article = fees.data.records.find((n) => n.title === '河北产权交易所交易服务收费标准')!;
  await page.goto(`/#/newsDetailjyfw?newsId=${article.id}`);
  await expect(main(page).locator('.attachments li').first()).toContainText('交易服务收费标准.xlsx');
  await page.screenshot({ path: `${screenshotDir}/content-article-1200.png`, fullPage: true });

  await page.goto('/#/serviceCenter');
  await expect(main(page).locator('.column-card img').first()).toBeVisible();
  await expect.poll(() => page.evaluate(() => [...document.images].every((img) => img.complete && img.naturalWidth > 0))).toBe(true);
  await page.screenshot({ path: `${screenshotDir}/content-service-1200.png`, fullPage: true });
});
