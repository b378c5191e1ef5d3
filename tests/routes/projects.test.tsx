/**
 * The trading centre through the whole app with msw: the display rules of spec sections 3–5 on
 * the result cards, the URL-held search and filters, the states of the list, and favourites (section 6:
 * the 401 prompt). Queries stay on text, labels and selectors (role queries over antd are slow in jsdom).
 */
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http as mswHttp, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { filterGroups, DEFAULT_CATEGORIES, SORT_OPTIONS } from '@/features/projects/display';
import { wanToYuan, yuanToWanText } from '@/features/projects/price';
import { chinaTimeToEpoch } from '#domain/rules/chinaTime';
import { countdownText } from '@/components/DeadlineCountdown';
import { authMock } from '../mocks/handlers/auth';
import { projectsMock } from '../mocks/handlers/projects';
import { renderApp } from '../mocks/renderApp';
import { useMockServer } from '../mocks/server';

const server = useMockServer();
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8000 });
beforeEach(() => {
  authMock.reset();
  projectsMock.reset();
});

/** The card of a project by its name. */
async function card(name: string): Promise<HTMLElement> {
  const link = await screen.findByText(name, { selector: '.project-card__name a' });
  return link.closest<HTMLElement>('[data-testid="project-card"]')!;
}

const lastSearch = () => projectsMock.state.searches.at(-1)!;

function filterRow(label: string): HTMLElement {
  const row = document.querySelector<HTMLElement>(`.filter-row[aria-label="${label}"]`);
  if (!row) throw new Error(`filter row ${label} not rendered`);
  return row;
}

const findFilterRow = (label: string) => waitFor(() => filterRow(label));

describe('/project result cards: display rules', () => {
  it('status text (spec section 4) and every price rule (section 3, money display)', async () => {
    renderApp('/project');
    // priceType 1, ≥ 10000 yuan: 万元 through the table rule (2 decimals); 正在报名.
    const equity = await card('石家庄某国有企业持有的河北冀华新材料科技有限公司35%股权');
    expect(within(equity).getByText('1,234.50万元')).toBeInTheDocument();
    expect(within(equity).getByText('正在报名', { selector: '.project-status' })).toBeInTheDocument();
    // priceType 2: the amount with its unit.
    expect(within(await card('唐山市路北区建设路临街商铺出租（218.6平方米）')).getByText('45.5元/平方米/月')).toBeInTheDocument();
    // priceType 3: the free text; 报名已截止.
    const cars = await card('保定市某国有企业报废车辆一批（13辆）');
    expect(within(cars).getByText('以现场竞价为准')).toBeInTheDocument();
    expect(within(cars).getByText('报名已截止', { selector: '.project-status' })).toBeInTheDocument();
    // theToneInterval 2: a range up to theToneMax.
    expect(within(await card('邯郸市某公司闲置厂房整体转让')).getByText('9,000.00元 – 1.20万元')).toBeInTheDocument();
    // Pre-disclosure: 面议 whatever the amount.
    const pre = await card('沧州市某国有控股公司增资扩股项目');
    expect(within(pre).getByText('面议')).toBeInTheDocument();
    expect(within(pre).queryByText('5,000.00万元')).not.toBeInTheDocument();
    expect(within(pre).getByText('预披露', { selector: '.project-status' })).toBeInTheDocument();
    expect(within(await card('廊坊市某物流有限公司100%股权')).getByText('已成交', { selector: '.project-status' })).toBeInTheDocument();
    // Below 10000 yuan: yuan with 2 decimals (the tooltip carries the same yuan text).
    const office = await card('秦皇岛市某事业单位办公设备一批');
    expect(within(office).getByText('8,600.00元')).toBeInTheDocument();
    expect(within(office).getByText('已结束', { selector: '.project-status' })).toBeInTheDocument();
    // Any other state: '--'.
    expect(within(await card('衡水市某国有企业商标专用权转让')).getByText('--', { selector: '.project-status' })).toBeInTheDocument();
  });

  it('links single assets to /projectDetail and packages to /projectPkg; shows the count and pages', async () => {
    const { router } = renderApp('/project');
    const equity = await card('石家庄某国有企业持有的河北冀华新材料科技有限公司35%股权');
    expect(within(equity).getByText('石家庄某国有企业持有的河北冀华新材料科技有限公司35%股权')).toHaveAttribute('href', '#/projectDetail/201.html');
    expect(within(await card('承德市某国有企业闲置设备资产包')).getByText('承德市某国有企业闲置设备资产包')).toHaveAttribute('href', '#/projectPkg/210.html');
    const total = document.querySelector('.sort-bar__total')!;
    expect(total).toHaveTextContent('共 23 个项目');
    expect(document.querySelectorAll('[data-testid="project-card"]')).toHaveLength(12);
    expect(lastSearch().get('size')).toBe('12');
    expect(lastSearch().get('orderBy')).toBe('publishDate');
    expect(lastSearch().get('order')).toBe('desc');

    fireEvent.click(document.querySelector('.ant-pagination-item-2')!);
    await waitFor(() => expect(router.state.location.search).toEqual({ current: 2 }));
    await card('张家口市某国有企业闲置资产第14批');
    expect(lastSearch().get('current')).toBe('2');
    expect(document.querySelectorAll('[data-testid="project-card"]')).toHaveLength(11);
  });
});

describe('/project search state in the URL', () => {
  it('reads the URL: keyword, category, region, price and sort reach the search call', async () => {
    renderApp('/project?q=%E8%82%A1%E6%9D%83&typeCode=1&city=%E7%9F%B3%E5%AE%B6%E5%BA%84%E5%B8%82&minPrice=1000000&orderBy=price&order=asc');
    await card('石家庄某国有企业持有的河北冀华新材料科技有限公司35%股权');
    const params = lastSearch();
    expect(params.get('q')).toBe('股权');
    expect(params.get('typeCode')).toBe('1');
    expect(params.get('city')).toBe('石家庄市');
    expect(params.get('minPrice')).toBe('1000000');
    expect(params.get('orderBy')).toBe('price');
    expect(params.get('order')).toBe('asc');
    expect(document.querySelector('.sort-bar__total')).toHaveTextContent('共 1 个项目');
    const box = screen.getByLabelText('项目关键字');
    expect(box).toHaveValue('股权');
    expect(box).toHaveAttribute('placeholder', '请输入项目关键字、拼音、类别');
    // The price box shows the URL's yuan as 万元.
    expect(screen.getByLabelText('最低价格（万元）')).toHaveValue('100');
    expect(within(filterRow('项目类别')).getByText('产权转让')).toHaveAttribute('aria-pressed', 'true');
    expect(within(filterRow('所在地区')).getByText('石家庄市')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('价格从低到高')).toHaveAttribute('aria-pressed', 'true');
  });

  it('ignores invalid URL values (zod catch) instead of failing', async () => {
    const { router } = renderApp('/project?typeCode=abc&minPrice=-5&orderBy=name&order=up&current=0');
    await card('石家庄某国有企业持有的河北冀华新材料科技有限公司35%股权');
    expect(router.state.location.search).toEqual({});
    expect(lastSearch().get('typeCode')).toBeNull();
    expect(lastSearch().get('orderBy')).toBe('publishDate');
  });

  it('the keyword box, category, city and county, price in 万元, status and sort each update the URL and go back to page 1', async () => {
    const { router } = renderApp('/project?current=2');
    await card('张家口市某国有企业闲置资产第14批');

    const box = screen.getByLabelText('项目关键字');
    fireEvent.change(box, { target: { value: '  厂房 ' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(router.state.location.search).toEqual({ q: '厂房' }));
    await card('邯郸市某公司闲置厂房整体转让');
    expect(document.querySelector('.sort-bar__total')).toHaveTextContent('共 1 个项目');

    fireEvent.click(within(filterRow('项目类别')).getByText('实物资产'));
    await waitFor(() => expect(router.state.location.search).toEqual({ q: '厂房', typeCode: 2 }));

    // Categories from the filter configuration: 行政事业资产 is an association, not a type.
    fireEvent.click(within(filterRow('项目类别')).getByText('行政事业资产'));
    await waitFor(() => expect(router.state.location.search).toEqual({ q: '厂房', associationId: 88 }));

    fireEvent.click(within(filterRow('项目类别')).getByText('全部'));
    await waitFor(() => expect(router.state.location.search).toEqual({ q: '厂房' }));
    fireEvent.click(await within(filterRow('所在地区')).findByText('石家庄市'));
    await waitFor(() => expect(router.state.location.search).toEqual({ q: '厂房', city: '石家庄市' }));
    // Counties of the chosen city (region list by its code).
    fireEvent.click(within(await findFilterRow('石家庄市区县')).getByText('正定县'));
    await waitFor(() => expect(router.state.location.search).toEqual({ q: '厂房', city: '石家庄市', county: '正定县' }));
    // Another city drops the county.
    fireEvent.click(within(filterRow('所在地区')).getByText('唐山市'));
    await waitFor(() => expect(router.state.location.search).toEqual({ q: '厂房', city: '唐山市' }));
    fireEvent.click(within(filterRow('所在地区')).getByText('全部'));
    await waitFor(() => expect(router.state.location.search).toEqual({ q: '厂房' }));

    // 万元 typed, yuan sent; a reversed range is put right.
    fireEvent.change(screen.getByLabelText('最低价格（万元）'), { target: { value: '500.5' } });
    fireEvent.change(screen.getByLabelText('最高价格（万元）'), { target: { value: '20' } });
    fireEvent.click(within(filterRow('挂牌价格')).getByText('确 定'));
    await waitFor(() => expect(router.state.location.search).toEqual({ q: '厂房', minPrice: 200_000, maxPrice: 5_005_000 }));
    await waitFor(() => expect(lastSearch().get('maxPrice')).toBe('5005000'));
    // A configured band.
    fireEvent.click(within(filterRow('挂牌价格')).getByText('1000万以上'));
    await waitFor(() => expect(router.state.location.search).toEqual({ q: '厂房', minPrice: 10_000_000 }));

    fireEvent.click(within(filterRow('项目状态')).getByText('预披露'));
    await waitFor(() => expect(router.state.location.search).toEqual({ q: '厂房', minPrice: 10_000_000, state: '预披露' }));

    fireEvent.click(screen.getByText('价格从高到低'));
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ q: '厂房', minPrice: 10_000_000, state: '预披露', orderBy: 'price', order: 'desc' }),
    );
  });

  it('sorts by price and by views as the server orders them', async () => {
    renderApp('/project?orderBy=price&order=asc');
    await card('唐山市路北区建设路临街商铺出租（218.6平方米）');
    const names = () => [...document.querySelectorAll('.project-card__name a')].map((a) => a.textContent);
    expect(names()[0]).toBe('唐山市路北区建设路临街商铺出租（218.6平方米）');
    expect(screen.getByText('价格从低到高')).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('/project list states', () => {
  it('empty: 暂无数据 with a hint and a way to clear the filters', async () => {
    const { router } = renderApp('/project?q=%E4%B8%8D%E5%AD%98%E5%9C%A8%E7%9A%84%E9%A1%B9%E7%9B%AE');
    expect(await screen.findByText('暂无数据，换个关键字或放宽筛选条件试试')).toBeInTheDocument();
    expect(document.querySelector('.sort-bar__total')).toHaveTextContent('共 0 个项目');
    fireEvent.click(screen.getByText('清除筛选条件'));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    await card('石家庄某国有企业持有的河北冀华新材料科技有限公司35%股权');
  });

  it('error: the server msg and a retry that loads the list', async () => {
    let fail = true;
    server.use(
      mswHttp.post('/api/dscq-project/search/page', () =>
        fail ? HttpResponse.json({ code: 500, success: false, msg: '项目检索服务繁忙', data: null }) : undefined,
      ),
    );
    renderApp('/project');
    expect(await screen.findByText('项目检索服务繁忙', { selector: '.ant-result-title' })).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByText('重 试'));
    await card('石家庄某国有企业持有的河北冀华新材料科技有限公司35%股权');
  });

  it('loading: a skeleton until the answer', async () => {
    renderApp('/project');
    await waitFor(() => expect(document.querySelector('.project-results .ant-skeleton')).not.toBeNull());
    await card('石家庄某国有企业持有的河北冀华新材料科技有限公司35%股权');
    expect(document.querySelector('.project-results .ant-skeleton')).toBeNull();
  });
});

describe('/gyzcProject', () => {
  it('lists state-owned projects (projectNature 1) with the same filters', async () => {
    renderApp('/gyzcProject?state=%E6%AD%A3%E5%9C%A8%E6%8A%A5%E5%90%8D');
    await card('石家庄某国有企业持有的河北冀华新材料科技有限公司35%股权');
    expect(lastSearch().get('projectNature')).toBe('1');
    expect(lastSearch().get('state')).toBe('正在报名');
    expect(screen.queryByText('秦皇岛市某事业单位办公设备一批')).not.toBeInTheDocument();
    expect(screen.getByText('国有资产交易', { selector: 'h1' })).toBeInTheDocument();
  });
});

describe('favourites on cards (spec section 6)', () => {
  it('anonymous: the add answers 401 and 用户未登录 / 去登录 leads to /login with this page as redirect', async () => {
    const { router } = renderApp('/project?typeCode=1');
    const equity = await card('石家庄某国有企业持有的河北冀华新材料科技有限公司35%股权');
    fireEvent.click(within(equity).getByText('收藏'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('用户未登录', { selector: '.ant-modal-confirm-title' })).toBeInTheDocument();
    fireEvent.click(within(dialog).getByText('去登录'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({ redirect: '/project?typeCode=1' });
  });

  it('logged in: 收藏 turns into 已收藏 and back', async () => {
    authMock.signIn('demo_person');
    renderApp('/project');
    const equity = await card('石家庄某国有企业持有的河北冀华新材料科技有限公司35%股权');
    fireEvent.click(within(equity).getByText('收藏'));
    await within(equity).findByText('已收藏');
    expect(projectsMock.state.favourites.get('demo_person')?.map((f) => f.id)).toEqual([201]);
    expect(await screen.findByText('收藏成功')).toBeInTheDocument();
    fireEvent.click(within(equity).getByText('已收藏'));
    await within(equity).findByText('收藏');
    expect(projectsMock.state.favourites.get('demo_person')).toEqual([]);
  });
});

describe('trading-centre helpers', () => {
  it('万元 input ↔ yuan, exactly (6 decimals of 万元 is one fen)', () => {
    expect(wanToYuan('500.5')).toBe(5_005_000);
    expect(wanToYuan('0.000001')).toBe(0.01);
    expect(wanToYuan('12.1234567')).toBe(121_234.56);
    expect(wanToYuan('')).toBeUndefined();
    expect(wanToYuan('abc')).toBeUndefined();
    expect(yuanToWanText(5_005_000)).toBe('500.5');
    expect(yuanToWanText(0.01)).toBe('0.000001');
    expect(yuanToWanText(undefined)).toBe('');
  });

  it('China wire time → epoch ms; countdown text with days only when there are some', () => {
    expect(chinaTimeToEpoch('2026-11-28 17:00:00')).toBe(Date.UTC(2026, 10, 28, 9, 0, 0));
    expect(chinaTimeToEpoch('2026-11-28 07:30')).toBe(Date.UTC(2026, 10, 27, 23, 30, 0));
    expect(chinaTimeToEpoch('明天')).toBeNull();
    expect(countdownText(3 * 86_400 + 4 * 3_600 + 5 * 60 + 6)).toBe('3天04时05分06秒');
    expect(countdownText(59)).toBe('00时00分59秒');
    expect(countdownText(0)).toBeNull();
  });

  it('the filter bar from the configuration, and the built-in bar without it', () => {
    const groups = filterGroups([
      { field: 'typeCode', label: '资产类型', options: [{ label: '产权转让', value: '1' }, { label: '坏值', value: 'x' }] },
      { field: 'associationId', label: '资产类别', options: [{ label: '行政事业资产', value: '88' }] },
      { field: 'price', label: '挂牌价格', options: [{ label: '10万元以下', value: '-100000' }, { label: '5000万元以上', value: '50000000-' }, { label: '坏', value: '-' }] },
      { field: 'orderBy', label: '排序', options: [{ label: '关注度', value: 'views:desc' }, { label: '坏', value: 'name:asc' }] },
    ]);
    expect(groups.categories).toEqual([{ label: '产权转让', typeCode: 1 }, { label: '行政事业资产', associationId: 88 }]);
    expect(groups.priceBands).toEqual([{ label: '10万元以下', max: 100_000 }, { label: '5000万元以上', min: 50_000_000 }]);
    expect(groups.sorts).toEqual([{ key: 'views:desc', label: '关注度', orderBy: 'views', order: 'desc' }]);
    expect(groups.states).toEqual(['预披露', '正在报名', '报名已截止', '即将竞价', '竞价中', '已成交', '流拍', '已结束']);
    const fallback = filterGroups(undefined);
    expect(fallback.categories).toBe(DEFAULT_CATEGORIES);
    expect(fallback.sorts).toBe(SORT_OPTIONS);
    expect(fallback.priceBands).toEqual([]);
  });
});
