/**
 * Project details, packages, managed projects and /myCollect through the whole app with msw:
 * key facts with the live countdown, disclosure tabs, attachments behind the image verify code,
 * recommendations, enrolment (请先登录 when anonymous), the bidding activity, and favourites.
 */
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http as mswHttp, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { frozenClock, stepClock } from '../mocks/clock';
import { authMock, MOCK_CAPTCHA_ANSWER } from '../mocks/handlers/auth';
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
afterEach(() => vi.restoreAllMocks());

const EQUITY = '石家庄某国有企业持有的河北冀华新材料科技有限公司35%股权';

/** The key-facts block once the detail has loaded. */
async function keyFacts(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: '.detail-head__title' }, { timeout: 10_000 });
  return heading.closest<HTMLElement>('.detail-head')!;
}

/** A part of the page under its first screen: drawn a commit after the key facts (components/Later.tsx). */
async function below(selector: string): Promise<HTMLElement> {
  return waitFor(() => {
    const element = document.querySelector<HTMLElement>(selector);
    expect(element).not.toBeNull();
    return element!;
  });
}

const button = (container: HTMLElement, text: string) =>
  [...container.querySelectorAll('button')].find((b) => b.textContent?.replace(/\s/g, '') === text)!;

describe('/projectDetail key facts', () => {
  it('shows price, deposit, appraisal, dates, organiser, status and a ticking countdown to the enrolment deadline', async () => {
    // The deadline is 3 days 4 hours after the (frozen) time the detail is answered.
    frozenClock();
    renderApp('/projectDetail/201.html');
    const facts = await keyFacts(EQUITY);
    expect(within(facts).getByTestId('detail-price')).toHaveTextContent('1,234.50万元');
    const prices = within(facts.querySelector<HTMLElement>('.detail-price')!);
    expect(prices.getByText('100.00万元')).toBeInTheDocument();
    expect(prices.getByText('1,300.00万元')).toBeInTheDocument();
    // 费用测算 at the listing price by the default schedule: 1,234.50万元 → 服务费 8.47万元.
    const cost = within(within(facts).getByRole('region', { name: '费用测算' }));
    expect(cost.getByText('交易服务费').closest('div')).toHaveTextContent('8.47万元');
    expect(within(facts).getByText('HBCQ-2026-0201')).toBeInTheDocument();
    expect(within(facts).getByText('河北某国有资本运营有限公司')).toBeInTheDocument();
    expect(within(facts).getByText('河北省某省属国有企业集团有限公司')).toBeInTheDocument();
    expect(within(facts).getByText('2026-11-20 09:00 至 2026-11-28 17:00')).toBeInTheDocument();
    expect(within(facts).getAllByText('正在报名', { selector: '.project-status' }).length).toBeGreaterThan(0);
    expect(within(facts).getByText('国企直供')).toBeInTheDocument();
    // The countdown comes from the live worker's clock (no margin for this one), and it ticks.
    const countdown = await within(facts).findByTestId('enrol-countdown');
    await waitFor(() => expect(countdown).toHaveTextContent('3天04时00分00秒'));
    stepClock(1000);
    await waitFor(() => expect(countdown).toHaveTextContent('3天03时59分59秒'));
    expect(document.title).toBe('项目详情 - 河北产权交易所');
  });

  it('a closed project takes no enrolment and shows no countdown', async () => {
    renderApp('/projectDetail/203.html');
    const facts = await keyFacts('保定市某国有企业报废车辆一批（13辆）');
    expect(within(facts).getByTestId('detail-price')).toHaveTextContent('以现场竞价为准');
    expect(button(facts, '报名已截止')).toBeDisabled();
    expect(within(facts).queryByTestId('enrol-countdown')).not.toBeInTheDocument();
  });

  it('pre-disclosure: 面议 and enrolment not yet open', async () => {
    renderApp('/projectDetail/205.html');
    const facts = await keyFacts('沧州市某国有控股公司增资扩股项目');
    expect(within(facts).getByTestId('detail-price')).toHaveTextContent('面议');
    expect(button(facts, '预披露中，暂不接受报名')).toBeDisabled();
    expect(within(facts).queryByTestId('detail-countdown')).not.toBeInTheDocument();
  });

  it('disclosure tabs render the server HTML; a section not sent is 暂无数据', async () => {
    renderApp('/projectDetail/201.html');
    await keyFacts(EQUITY);
    const tabs = await below('.disclosure-tabs');
    expect(within(tabs).getByText('经批准，转让方拟通过我所公开挂牌转让所持标的企业股权。')).toBeInTheDocument();
    for (const title of ['项目公告', '转让方信息', '标的信息及评估', '交易须知', '受让方资格条件', '风险提示']) {
      expect(within(tabs).getByText(title)).toBeInTheDocument();
    }
    fireEvent.click(within(tabs).getByText('转让方信息'));
    expect(await within(tabs).findByText('转让方名称', { selector: 'th' })).toBeInTheDocument();
    fireEvent.click(within(tabs).getByText('交易须知'));
    expect(await within(tabs).findByText('暂无数据，该部分尚未披露')).toBeInTheDocument();
  });

  it('recommends up to 4 other projects', async () => {
    renderApp('/projectDetail/201.html');
    const aside = (await screen.findByText('相关推荐', { selector: 'h2' })).closest<HTMLElement>('aside')!;
    await waitFor(() => expect(aside.querySelectorAll('.recommendations__item')).toHaveLength(4));
    expect(within(aside).getByText('唐山市路北区建设路临街商铺出租（218.6平方米）').closest('a')).toHaveAttribute('href', '#/projectDetail/202.html');
    expect(within(aside).queryByText(EQUITY)).not.toBeInTheDocument();
  });

  it('an unknown project shows the server msg and a retry; a malformed id says 项目不存在', async () => {
    renderApp('/projectDetail/999.html');
    expect(await screen.findByText('项目不存在或已下架', { selector: '.ant-result-title' })).toBeInTheDocument();
    expect(screen.getByText('重 试')).toBeInTheDocument();
    const second = renderApp('/projectDetail/abc.html');
    expect(await within(second.container).findByText('项目不存在', { selector: '.ant-result-title' })).toBeInTheDocument();
  });
});

describe('attachments behind the image verify code', () => {
  it('asks for the captcha, refreshes it on click, rejects a wrong code, then downloads the ticket and logs it', async () => {
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href') ?? '');
    });
    renderApp('/projectDetail/201.html');
    await keyFacts(EQUITY);
    fireEvent.click(await screen.findByLabelText('下载 资产评估报告.pdf'));
    const dialog = (await screen.findByText('下载附件', { selector: '.ant-modal-title' })).closest<HTMLElement>('.ant-modal')!;
    const image = await within(dialog).findByAltText('图片验证码');
    const firstImage = image.getAttribute('src');
    // Clicking the image loads a new one.
    fireEvent.click(within(dialog).getByTestId('captcha-image'));
    await waitFor(() => expect(within(dialog).getByAltText('图片验证码').getAttribute('src')).not.toBe(firstImage));
    expect(authMock.state.captchaCount).toBe(2);

    const input = within(dialog).getByPlaceholderText('请输入图片验证码');
    fireEvent.change(input, { target: { value: 'zzzz' } });
    fireEvent.click(button(dialog, '验证并下载'));
    expect(await within(dialog).findByText('验证码错误或已过期', { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
    await waitFor(() => expect(authMock.state.captchaCount).toBe(3));
    expect(clicked).toEqual([]);

    fireEvent.change(within(dialog).getByPlaceholderText('请输入图片验证码'), { target: { value: MOCK_CAPTCHA_ANSWER } });
    fireEvent.click(button(dialog, '验证并下载'));
    await waitFor(() => expect(clicked).toEqual(['/api/dscq-project/assets-detail/attachment?ticket=ticket-1']));
    expect(projectsMock.state.verifyCalls.at(-1)).toMatchObject({ attachmentId: '31', key: 'captcha-3', code: MOCK_CAPTCHA_ANSWER });
    await waitFor(() => expect(projectsMock.state.logs).toEqual([{ assetsId: 201, attachmentId: 31 }]));
    expect(await screen.findByText('已开始下载：资产评估报告.pdf')).toBeInTheDocument();
  });

  it('lists each attachment with type and size', async () => {
    renderApp('/projectDetail/201.html');
    await keyFacts(EQUITY);
    const list = await below('.attachment-list');
    expect(within(list).getByText('PDF · 2.4 MB')).toBeInTheDocument();
    expect(within(list).getByText('DOCX · 47.1 KB')).toBeInTheDocument();
  });
});

describe('enrolment (spec section 6: 请先登录)', () => {
  it('anonymous: 请先登录 leads to /login with the enrolment form as redirect', async () => {
    const { router } = renderApp('/projectDetail/201.html');
    const facts = await keyFacts(EQUITY);
    fireEvent.click(button(facts, '报名参与'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('请先登录')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByText('去登录'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({ redirect: '/bidEnrollNormal?assetsId=201' });
  });

  it('logged in: a single asset goes to /bidEnrollNormal, a package to /bidEnrollPkg', async () => {
    authMock.signIn('demo_person');
    const { router } = renderApp('/projectDetail/201.html');
    fireEvent.click(button(await keyFacts(EQUITY), '报名参与'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bidEnrollNormal'));
    expect(router.state.location.href).toBe('/bidEnrollNormal?assetsId=201');

    const pkg = renderApp('/projectPkg/210.html');
    fireEvent.click(button(await keyFacts('承德市某国有企业闲置设备资产包'), '报名参与'));
    await waitFor(() => expect(pkg.router.state.location.pathname).toBe('/bidEnrollPkg'));
    expect(pkg.router.state.location.href).toBe('/bidEnrollPkg?assetsId=210');
  });
});

describe('packages, child assets, managed projects and the bidding activity', () => {
  it('/projectPkg lists its child assets (查看子资产), each linking to its detail', async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    renderApp('/projectPkg/210.html');
    const facts = await keyFacts('承德市某国有企业闲置设备资产包');
    expect(within(facts).getByText('资产包')).toBeInTheDocument();
    const section = await below('#child-assets');
    expect(within(section).getByText('子资产（2）')).toBeInTheDocument();
    expect(within(section).getByText('承德市某国有企业闲置数控机床（6台）')).toHaveAttribute('href', '#/projectDetail/211.html');
    expect(within(section).getByText('230.00万元')).toBeInTheDocument();
    fireEvent.click(button(facts, '查看子资产'));
    expect(scrolled).toHaveBeenCalled();
    expect(document.title).toBe('资产包详情 - 河北产权交易所');
  });

  it('a child asset links back to its package', async () => {
    projectsMock.state.details.set(211, { parentId: 210 });
    renderApp('/projectDetail/211.html');
    const facts = await keyFacts('承德市某国有企业闲置数控机床（6台）');
    expect(within(facts).getByText('查看资产包')).toHaveAttribute('href', '/projectPkg/210.html');
    expect(document.getElementById('child-assets')).toBeNull();
  });

  it('shows the bidding activity with the lot state, and for a visitor how to qualify with the deadline', async () => {
    projectsMock.state.details.set(201, {
      activity: { activityId: 9, status: 'live', startTime: '2026-11-21 09:00:00', endTime: '2026-11-21 23:00:00', mode: 'ongoing' },
    });
    renderApp('/projectDetail/201.html');
    await keyFacts(EQUITY);
    const panel = document.querySelector<HTMLElement>('.activity-panel')!;
    expect(within(panel).getByTestId('activity-state')).toHaveTextContent('竞价中');
    // The head reads the same state as the panel (the one lot state), whatever the listing's own word.
    expect(document.querySelector('.detail-head .project-status')).toHaveTextContent('竞价中');
    expect(within(panel).getByText('竞价时间：2026-11-21 09:00 至 2026-11-21 23:00')).toBeInTheDocument();
    expect(await within(panel).findByText(/请先登录。报名截止 2026-11-28 17:00；报名并交纳保证金/)).toBeInTheDocument();
    expect(within(panel).getByText('竞价大厅')).toHaveAttribute('href', '#/hall');
    expect(within(panel).queryByText('进入竞价室')).toBeNull();
  });

  it('/projectToManageDetail shows a managed project', async () => {
    renderApp('/projectToManageDetail/206.html');
    await keyFacts('廊坊市某物流有限公司100%股权');
    expect(document.title).toBe('托管项目详情 - 河北产权交易所');
    expect(within(screen.getByRole('navigation', { name: '当前位置' })).getByText('托管项目详情')).toBeInTheDocument();
  });
});

describe('favourites on the detail', () => {
  it('anonymous: 用户未登录 / 去登录 returns to this detail after login', async () => {
    const { router } = renderApp('/projectDetail/201.html');
    const facts = await keyFacts(EQUITY);
    fireEvent.click(button(facts, '收藏'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('用户未登录', { selector: '.ant-modal-confirm-title' })).toBeInTheDocument();
    fireEvent.click(within(dialog).getByText('去登录'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({ redirect: '/projectDetail/201.html' });
  });

  it('logged in: add, then 已收藏 from the server, then cancel', async () => {
    authMock.signIn('demo_person');
    renderApp('/projectDetail/201.html');
    const facts = await keyFacts(EQUITY);
    fireEvent.click(button(facts, '收藏'));
    await waitFor(() => expect(button(facts, '已收藏')).toBeTruthy());
    expect(button(facts, '已收藏')).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(button(facts, '已收藏'));
    await waitFor(() => expect(button(facts, '收藏')).toBeTruthy());
    expect(projectsMock.state.favourites.get('demo_person')).toEqual([]);
  });
});

describe('/myCollect', () => {
  it('lists the favourites, newest first, and cancels one from the list', async () => {
    authMock.signIn('demo_person');
    projectsMock.state.favourites.set('demo_person', [
      { id: 202, time: '2026-11-20 10:00:00' },
      { id: 210, time: '2026-11-21 08:30:00' },
    ]);
    renderApp('/myCollect');
    const table = (await screen.findByText('承德市某国有企业闲置设备资产包', { selector: 'a' })).closest<HTMLElement>('table')!;
    const rows = table.querySelectorAll('tbody tr');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('2026-11-21 08:30');
    expect(within(rows[0] as HTMLElement).getByText('承德市某国有企业闲置设备资产包')).toHaveAttribute('href', '#/projectPkg/210.html');
    expect(within(rows[1] as HTMLElement).getByText('45.5元/平方米/月')).toBeInTheDocument();

    fireEvent.click(within(rows[0] as HTMLElement).getByText('取消收藏'));
    fireEvent.click(await screen.findByText('确 定'));
    await waitFor(() => expect(table.querySelectorAll('tbody tr')).toHaveLength(1));
    expect(projectsMock.state.favourites.get('demo_person')?.map((f) => f.id)).toEqual([202]);
  });

  it('empty: 暂无数据 with a hint and a link to the trading centre', async () => {
    authMock.signIn('demo_person');
    renderApp('/myCollect');
    expect(await screen.findByText('暂无数据，去交易中心看看感兴趣的项目吧')).toBeInTheDocument();
    expect(screen.getByText('去交易中心')).toHaveAttribute('href', '/project');
  });

  it('pages through the URL', async () => {
    authMock.signIn('demo_person');
    projectsMock.state.favourites.set(
      'demo_person',
      Array.from({ length: 12 }, (_, i) => ({ id: 230 + i, time: `2026-11-${String(i + 1).padStart(2, '0')} 10:00:00` })),
    );
    const { router } = renderApp('/myCollect');
    await screen.findByText('张家口市某国有企业闲置资产第12批', { selector: 'a' });
    expect(screen.getByText('共 12 个收藏')).toBeInTheDocument();
    fireEvent.click(document.querySelector('.ant-pagination-item-2')!);
    await screen.findByText('张家口市某国有企业闲置资产第1批', { selector: 'a' });
    expect(router.state.location.search).toEqual({ current: 2 });
  });

  it('anonymous: the guard sends the visitor to /login with redirect', async () => {
    const { router } = renderApp('/myCollect');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({ redirect: '/myCollect' });
  });

  it('a list failure shows the server msg', async () => {
    authMock.signIn('demo_person');
    server.use(mswHttp.post('/api/dscq-user/collect-assets/assets-list', () => HttpResponse.json({ code: 500, success: false, msg: '收藏服务繁忙', data: null })));
    renderApp('/myCollect');
    expect(await screen.findByText('收藏服务繁忙', { selector: '.ant-result-title' })).toBeInTheDocument();
  });
});
