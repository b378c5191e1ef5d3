/**
 * The home page, rendered through the whole app with msw: each block's rule from spec
 * sections 2 and 9. Queries stay inside one block (role queries over the whole page are slow in jsdom).
 */
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mswHttp, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { courtItemLot } from '#domain/rules/judicial';
import { envelope, listingFixture, pageOf } from '../mocks/fixtures';
import { bidEntryFixture, hallBackend } from '../mocks/handlers/hall';
import { keyProjectFixture } from '../mocks/handlers/home';
import { renderApp } from '../mocks/renderApp';
import { useMockServer } from '../mocks/server';

const server = useMockServer();
// The whole page renders in jsdom: give each test room on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

/** Waits for a block of the page (by CSS selector) and returns it. */
async function block(container: HTMLElement, selector: string): Promise<HTMLElement> {
  let found: HTMLElement | null = null;
  await waitFor(
    () => {
      found = container.querySelector<HTMLElement>(selector);
      expect(found).not.toBeNull();
    },
    { timeout: 10_000 },
  );
  return found!;
}

describe('home page blocks', () => {
  it('top news: the first of 4 shows its title only, the others date, title and summary; outer links open outerLinkUrl', async () => {
    const { container } = renderApp('/index');
    const top = await block(container, '.home-top-news');
    const headline = await within(top).findByRole('link', { name: '省属国有企业闲置资产集中挂牌推介会在我所举行' }, { timeout: 10_000 });
    expect(headline.closest('h3')).toHaveClass('home-top-news__headline');
    expect(headline).toHaveAttribute('href', '#/newsDetailxwzx?newsId=11');
    // Title only: neither its date nor its summary is shown.
    expect(within(top).queryByText('46宗项目集中挂牌。')).not.toBeInTheDocument();
    expect(within(top).queryByText('2026-11-21')).not.toBeInTheDocument();

    const items = within(top).getAllByTestId('top-news-item');
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByText('2026-11-19')).toBeInTheDocument();
    expect(within(items[0]!).getByText('平均溢价率达24.6%。')).toBeInTheDocument();
    const outer = within(items[1]!).getByRole('link', { name: '国务院国资委：持续推动企业国有资产交易规范运行' });
    expect(outer).toHaveAttribute('href', 'https://www.sasac.gov.cn/');
    expect(outer).toHaveAttribute('target', '_blank');
    expect(outer).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('hides the exact names on the list from the equity and leasing tabs only', async () => {
    server.use(
      mswHttp.post('/api/dscq-project/search/page', ({ request }) => {
        const typeCode = Number(new URL(request.url).searchParams.get('typeCode') ?? 0);
        return HttpResponse.json(
          envelope(
            pageOf([
              listingFixture({ id: 1, typeCode, assetsName: '测试项目' }),
              listingFixture({ id: 2, typeCode, assetsName: '测试项目（请勿报名）' }),
              listingFixture({ id: 3, typeCode, assetsName: '测试项目二期厂房' }),
              listingFixture({ id: 4, typeCode, assetsName: `类型${typeCode}的真实项目` }),
            ]),
          ),
        );
      }),
    );
    const { container } = renderApp('/index');
    const listings = await block(container, '.home-listings');
    await within(listings).findByText('类型1的真实项目', {}, { timeout: 10_000 });
    expect(within(listings).queryByText('测试项目')).not.toBeInTheDocument();
    expect(within(listings).queryByText('测试项目（请勿报名）')).not.toBeInTheDocument();
    // Exact match only.
    expect(within(listings).getByText('测试项目二期厂房')).toBeInTheDocument();

    await userEvent.click(within(listings).getByRole('tab', { name: '房屋租赁' }));
    await within(listings).findByText('类型3的真实项目');
    expect(within(listings).queryByText('测试项目')).not.toBeInTheDocument();

    await userEvent.click(within(listings).getByRole('tab', { name: '实物资产' }));
    await within(listings).findByText('类型2的真实项目');
    expect(within(listings).getByText('测试项目')).toBeInTheDocument();
  });

  it('links each listing tab to the trading centre with its type (leasing to 6, others to none)', async () => {
    const { container } = renderApp('/index');
    const listings = await block(container, '.home-listings');
    const more = await within(listings).findByRole('link', { name: '查看更多 >' }, { timeout: 10_000 });
    expect(more).toHaveAttribute('href', '/project?typeCode=1');
    await userEvent.click(within(listings).getByRole('tab', { name: '房屋租赁' }));
    expect(await within(listings).findByRole('link', { name: '查看更多 >' })).toHaveAttribute('href', '/project?typeCode=6');
    await userEvent.click(within(listings).getByRole('tab', { name: '其他' }));
    expect(await within(listings).findByRole('link', { name: '查看更多 >' })).toHaveAttribute('href', '/project');
  });

  it('right panel: result notices (plate 4) and transaction announcements, each with its More to /xwzx?plateId=', async () => {
    const { container } = renderApp('/index');
    const panel = await block(container, '.home-notices');
    const more = await within(panel).findByRole('link', { name: '结果公示 更多' }, { timeout: 10_000 });
    expect(more).toHaveAttribute('href', '#/xwzx?plateId=4');
    expect(await within(panel).findByRole('link', { name: '保定市某事业单位报废公务车辆一批交易结果公示' })).toHaveAttribute('href', '#/newsDetailxwzx?newsId=401');

    await userEvent.click(within(panel).getByRole('tab', { name: '成交公告' }));
    expect(within(panel).getByRole('link', { name: '成交公告 更多' })).toHaveAttribute('href', '#/xwzx?plateId=11');
    expect(await within(panel).findByRole('link', { name: '河北某公司100%股权转让项目成交公告' })).toHaveAttribute('href', '#/noticeDetail?newsId=7&id=2');
  });

  it('news block: its tabs switch between a news list and a notice list by sourceType', async () => {
    const { container } = renderApp('/index');
    const news = await block(container, '.home-news');
    expect(await within(news).findByRole('link', { name: '我所召开年度业务工作推进会' }, { timeout: 10_000 })).toHaveAttribute(
      'href',
      '#/newsDetailxwzx?newsId=201',
    );
    expect(within(news).getByRole('link', { name: '交易所动态 更多' })).toHaveAttribute('href', '#/xwzx?plateId=2');
    await userEvent.click(within(news).getByRole('tab', { name: '挂牌公告' }));
    expect(await within(news).findByRole('link', { name: '河北某公司100%股权转让项目成交公告' })).toHaveAttribute('href', '#/noticeDetail?newsId=7&id=2');
    expect(within(news).getByRole('link', { name: '挂牌公告 更多' })).toHaveAttribute('href', '#/xwzx?plateId=12');
  });

  it('key recommendations: 8 items in the wide layout, 285 px each plus 120, titled by position a1', async () => {
    const { container } = renderApp('/index');
    const keys = await block(container, '.home-key-projects');
    const strip = await within(keys).findByTestId('key-strip', {}, { timeout: 10_000 });
    expect(strip).toHaveAttribute('data-wide', 'true');
    expect(within(keys).getAllByTestId('key-project')).toHaveLength(8);
    expect(within(keys).getByTestId('key-strip-track')).toHaveStyle({ width: '2400px' });
    expect(within(keys).getByRole('link', { name: /查看全部/ })).toHaveAttribute('href', '#/zhongdianList');
    expect(within(keys).getByRole('heading', { name: /重点推荐/ })).toHaveTextContent('优质项目 · 精选推荐');
    expect(within(keys).getAllByRole('link', { name: /重点推荐项目1/ })[0]).toHaveAttribute('href', '#/zhongdianDetail?id=101');
  });

  it('key recommendations: 4 items or fewer stay in the narrow layout', async () => {
    server.use(
      mswHttp.post('/api/dscq-content/ad-ads/keyProjects-page', () =>
        HttpResponse.json(envelope(pageOf([1, 2, 3, 4].map(keyProjectFixture), 8))),
      ),
    );
    const { container } = renderApp('/index');
    const keys = await block(container, '.home-key-projects');
    const strip = await within(keys).findByTestId('key-strip', {}, { timeout: 10_000 });
    expect(strip).toHaveAttribute('data-wide', 'false');
    expect(within(keys).getByTestId('key-strip-track')).toHaveStyle({ width: '1140px' });
    expect(within(keys).queryByRole('link', { name: /查看全部/ })).not.toBeInTheDocument();
    expect(within(keys).queryByRole('button', { name: '向右滚动' })).not.toBeInTheDocument();
  });

  it('category grid: typeCode 1, 4, 2, 6, associationId 88 and three external links', async () => {
    const { container } = renderApp('/index');
    const grid = await block(container, '.home-categories');
    const href = (name: string) => within(grid).getByRole('link', { name: new RegExp(name) }).getAttribute('href');
    expect(href('产权转让')).toBe('/project?typeCode=1');
    expect(href('增资扩股')).toBe('/project?typeCode=4');
    expect(href('实物资产')).toBe('/project?typeCode=2');
    expect(href('房屋租赁')).toBe('/project?typeCode=6');
    expect(href('行政事业资产')).toBe('/project?associationId=88');
    for (const name of ['国企采购', '自然资源', '技术产权']) {
      const link = within(grid).getByRole('link', { name: new RegExp(name) });
      expect(link.getAttribute('href')).toMatch(/^https:\/\//);
      expect(link).toHaveAttribute('target', '_blank');
    }
  });

  it('project hall: the live bidding table (溢价领先, 380 px, linking to /hall) and upcoming bidding from upcoming-bid', async () => {
    const { container } = renderApp('/index');
    const hall = await block(container, '.home-hall');
    const live = within(hall).getByTestId('home-live-table');
    expect(live).toHaveStyle({ height: '380px' });
    // Router links (memory history here; '#/hall' in the hash-routed app, see e2e/hall.spec.ts).
    expect(within(live).getByRole('link', { name: '更多 >' })).toHaveAttribute('href', '/hall');
    expect(within(hall).getByRole('link', { name: '竞价大厅 >' })).toHaveAttribute('href', '/hall');
    for (const column of ['项目名称', '组织机构', '剩余时间', '当前价', '溢价率', '状态']) {
      expect(within(live).getByRole('columnheader', { name: column })).toBeInTheDocument();
    }
    // assets-max-rate of the default backend: the 4 lots with bids, each live with its countdown and premium.
    await waitFor(() => expect(within(live).getAllByTestId('home-live-row')).toHaveLength(4), { timeout: 10_000 });
    const [first] = within(live).getAllByTestId('home-live-row');
    expect(first).toHaveClass('home-live-row--red');
    expect(within(first!).getByRole('link', { name: '张家口市某风电场运维车辆一批（8辆）' })).toHaveAttribute('href', '#/projectDetail/3009.html');
    expect(within(first!).getByText('150.00万元')).toBeInTheDocument();
    expect(within(first!).getByText('50.00%')).toBeInTheDocument();
    expect(within(first!).getByText('竞价中')).toBeInTheDocument();
    expect(within(first!).getByText(/^\d{2}时\d{2}分\d{2}秒$/)).toBeInTheDocument(); // about 11 h left
    // 4 rows: no scrolling (the spec scrolls lists of more than 6).
    expect(live.querySelector('.home-live__track--scrolling')).toBeNull();

    // 即将竞价 lists upcoming-bid's activities with a countdown to their start.
    const upcoming = await within(hall).findAllByRole('link', { name: /^即将竞价：/ }, { timeout: 10_000 });
    expect(upcoming).toHaveLength(3);
    const table = upcoming[0]!.closest('table')!;
    expect(table).toHaveClass('listing-table--upcoming');
    expect(within(table).getByRole('columnheader', { name: '距开始' })).toBeInTheDocument();
    expect(within(table).getByText('25.00万元')).toBeInTheDocument();
  });

  it('project hall: the live table scrolls (CSS, two copies) when it has more than 6 rows, and shows at most 8', async () => {
    const backend = hallBackend({
      live: Array.from({ length: 10 }, (_, i) => bidEntryFixture(i, { biddingPrice: 1_100_000 + i * 1_000, maxPrice: 1_100_000 + i * 1_000, biddingCount: 1 })),
    });
    server.use(...backend.handlers);
    const { container } = renderApp('/index');
    const live = within(await block(container, '.home-hall')).getByTestId('home-live-table');
    await waitFor(() => expect(within(live).getAllByTestId('home-live-row')).toHaveLength(8), { timeout: 10_000 });
    expect(backend.callsTo('assets-max-rate')[0]?.body).toEqual({ size: 8 });
    const track = live.querySelector<HTMLElement>('.home-live__track')!;
    expect(track).toHaveClass('home-live__track--scrolling');
    expect(track.style.getPropertyValue('--home-live-duration')).toBe('24s');
    // The second copy (for the seamless loop) is hidden from assistive technology.
    const copy = track.querySelector('[aria-hidden="true"]')!;
    expect(copy.querySelectorAll('.home-live-row')).toHaveLength(8);
  });

  it('judicial auctions: 8 rows at most, states in the hall\'s names (正在报名 stays 正在报名), and a More link to /sfProject', async () => {
    // The separate judicial service: {status, message, content} on /judicial.
    server.use(
      mswHttp.post('/judicial/wechatProject/query', () =>
        HttpResponse.json({
          status: 0,
          message: '成功',
          content: {
            totalCount: 10,
            list: Array.from({ length: 10 }, (_, i) => ({
              pkHouseproject: `SF${500 + i}`,
              name: `司法标的${i + 1}号`,
              projecttype: '住宅用房',
              upsetprice: 1_000_000,
              auctiontime: '2026-12-01 10:00:00',
              round: 1,
              state: '正在报名',
              itemState: '正在报名',
              lot: courtItemLot('正在报名'),
              source: 'court',
              assetsId: null,
              projectType: null,
              courtName: '石家庄市长安区人民法院',
              cityName: '石家庄市',
              imgUrl: '',
            })),
          },
        }),
      ),
    );
    const { container } = renderApp('/index');
    const judicial = await block(container, '.home-judicial');
    await within(judicial).findByText('司法标的1号', {}, { timeout: 10_000 });
    expect(judicial.querySelectorAll('tbody tr')).toHaveLength(8);
    expect(within(judicial).getAllByText('正在报名')).toHaveLength(8);
    expect(within(judicial).getByRole('link', { name: '更多 >' })).toHaveAttribute('href', '/sfProject');
  });

  it('site notices open in a dialog; partners scroll as two copies of the list', async () => {
    const { container } = renderApp('/index');
    const notices = await block(container, '.home-site-notices');
    await userEvent.click(await within(notices).findByRole('button', { name: /关于谨防冒充/ }, { timeout: 10_000 }));
    const dialog = await within(document.body).findByRole('dialog');
    expect(await within(dialog).findByText('交易保证金只能转入我所公布的结算账户。')).toBeInTheDocument();

    const partners = await block(container, '.home-partners');
    const track = await within(partners).findByTestId('partner-track');
    expect(track.querySelectorAll('li')).toHaveLength(4);
    expect(within(track).getByAltText('河北省国资委').closest('a')).toHaveAttribute('href', 'http://hbsa.hebei.gov.cn/');
  });

  it('shows 暂无数据 for an empty list and the server msg with a retry on failure', async () => {
    let calls = 0;
    server.use(
      mswHttp.post('/api/dscq-project/search/page', () => HttpResponse.json(envelope(pageOf([])))),
      mswHttp.post('/api/dscq-content/news-content/page', ({ request }) => {
        if (new URL(request.url).searchParams.get('plateId') !== '2') return HttpResponse.json(envelope(pageOf([])));
        calls++;
        return calls === 1
          ? HttpResponse.json({ code: 500, success: false, msg: '新闻服务暂不可用', data: null })
          : HttpResponse.json(envelope(pageOf([])));
      }),
    );
    const { container } = renderApp('/index');
    const listings = await block(container, '.home-listings');
    expect(await within(listings).findByText('暂无数据，请稍后再来查看', { selector: '.ant-empty-description' }, { timeout: 10_000 })).toBeInTheDocument();
    const news = await block(container, '.home-news');
    expect(await within(news).findByText('新闻服务暂不可用')).toBeInTheDocument();
    await userEvent.click(within(news).getByRole('button', { name: /重\s*试/ }));
    expect(await within(news).findByText('暂无数据', { selector: '.ant-empty-description' })).toBeInTheDocument();
  });
});
