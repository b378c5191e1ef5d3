import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mswHttp, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { http } from '@/api/client';
import { DESK_PATHS } from '#domain/contract/desk';
import { session } from '@/lib/session';
import { LOGIN_REQUIRED_PATHS } from '@/routes/loginRequired';
import { ROUTE_PATHS } from '@/routes/tree';
import { renderApp } from '../mocks/renderApp';
import { useMockServer } from '../mocks/server';

const server = useMockServer();
// Whole-app renders in jsdom take seconds on a busy two-core machine: room beyond vitest's 5 s default.
vi.setConfig({ testTimeout: 20_000 });

function logIn(name = '张建国') {
  session.saveTokens({ access_token: 'a', refresh_token: 'r' });
  // Every page of a logged-in user reads his desk (the reminders); this session's made-up token would get a 401.
  server.use(mswHttp.get(`/api${DESK_PATHS.lots}`, () => HttpResponse.json({ code: 200, success: true, msg: '操作成功', data: [] })));
  session.saveUser({ baseUserId: '1001', loginName: 'zhangjg', name, authStatus: 1, headImg: '', isAllowAccess: true });
}

describe('routing (spec section 2)', () => {
  it('registers every route of the spec, public and auth', () => {
    // The spec's 49 and /verify (ours: 竞价记录核验).
    expect(ROUTE_PATHS.public).toHaveLength(50);
    expect(ROUTE_PATHS.public).toContain('/verify');
    // The spec's 46 and /myWatch (ours: the bidder's watch board).
    expect(ROUTE_PATHS.auth).toHaveLength(47);
    expect(ROUTE_PATHS.auth).toContain('/myWatch');
    expect(ROUTE_PATHS.public).toContain('/projectDetail/{$assetsId}.html');
    expect(ROUTE_PATHS.auth).toContain('/quoteHall');
  });

  it("lists the pages that need a login apart, for the start step's login first screen, exactly as the table has them", () => {
    expect([...LOGIN_REQUIRED_PATHS].sort()).toEqual([...ROUTE_PATHS.auth].sort());
  });

  it('sends an anonymous visitor of an auth route to /login with redirect', async () => {
    const { router } = renderApp('/myProject?list=2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({ redirect: '/myProject?list=2' });
  });

  it('lets a logged-in user open an auth route, with breadcrumbs from the title', async () => {
    logIn();
    // (Built by the made-up session has no contracts.)
    server.use(mswHttp.get('/api/dscq-user/contract/page', () => HttpResponse.json({ code: 200, success: true, msg: '操作成功', data: { records: [], total: 0, size: 10, current: 1, pages: 0 } })));
    const { router } = renderApp('/myContract');
    expect(await screen.findByRole('heading', { name: '我的合同' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/myContract');
    const crumbs = screen.getByRole('navigation', { name: '当前位置' });
    expect(within(crumbs).getByText('用户中心')).toBeInTheDocument();
    expect(within(crumbs).getByText('我的合同')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('我的合同 - 河北产权交易所'));
  });

  it('redirects unknown paths and the bare root to /index', async () => {
    const { router } = renderApp('/does/not/exist');
    await waitFor(() => expect(router.state.location.pathname).toBe('/index'));
    const second = renderApp('/');
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/index'));
  });

  it('matches the .html detail routes with their id', async () => {
    const { router } = renderApp('/projectDetail/123.html');
    // (Built by the mock knows no project 123, so the detail shows the server's msg.)
    expect(await screen.findByText('项目不存在或已下架')).toBeInTheDocument();
    expect(router.state.matches.at(-1)?.params).toEqual({ assetsId: '123' });
  });

  it('shows the simple header with the page title on the login page', async () => {
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: '用户登录' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: '主导航' })).not.toBeInTheDocument();
  });
});

describe('header', () => {
  it('shows login and register links to an anonymous visitor', async () => {
    renderApp('/doing');
    const user = await screen.findByTestId('header-user');
    expect(within(user).getByRole('link', { name: '登录' })).toHaveAttribute('href', '/login');
    expect(within(user).getByRole('link', { name: '注册' })).toHaveAttribute('href', '/register');
  });

  it('shows the name of a logged-in user, and logout clears the session and goes to /login', async () => {
    logIn('李秀英');
    let loggedOut = false;
    server.use(
      mswHttp.get('/api/logout', () => {
        loggedOut = true;
        return HttpResponse.json({ code: 200, success: true, msg: '', data: null });
      }),
    );
    const { router } = renderApp('/doing');
    const user = await screen.findByTestId('header-user');
    expect(within(user).getByText('李秀英')).toBeInTheDocument();
    await userEvent.click(within(user).getByRole('button', { name: /退\s*出/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(loggedOut).toBe(true);
    expect(session.isLoggedIn()).toBe(false);
    expect(session.accessToken()).toBeNull();
  });

  it('renders the server navigation with the inStation and openPage rules', async () => {
    renderApp('/doing');
    const nav = await screen.findByRole('navigation', { name: '主导航' });
    expect(await within(nav).findByRole('link', { name: '首页' })).toHaveAttribute('href', '#/index');
    const newTab = within(nav).getByRole('link', { name: '信息公开' });
    expect(newTab).toHaveAttribute('href', '#/xxgk');
    expect(newTab).toHaveAttribute('target', '_blank');
    await userEvent.hover(within(nav).getByRole('link', { name: /交易中心/ }));
    const external = await screen.findByRole('link', { name: '全国公共资源交易平台' });
    expect(external).toHaveAttribute('href', 'https://www.ggzy.gov.cn/');
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: '产权转让' })).toHaveAttribute('href', '#/project?typeCode=1');
  });

  it('shows the server msg and keeps a home link when the navigation fails to load', async () => {
    server.use(
      mswHttp.get('/api/blade-desk/navigation-config/list', () =>
        HttpResponse.json({ code: 500, success: false, msg: '导航配置加载失败', data: null }),
      ),
    );
    renderApp('/doing');
    expect(await screen.findByText('导航配置加载失败')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: '主导航' });
    expect(within(nav).getByRole('link', { name: '首页' })).toHaveAttribute('href', '#/index');
  });

  it('searches the trading centre with the trimmed keyword', async () => {
    const { router } = renderApp('/doing');
    const box = await screen.findByPlaceholderText('请输入项目关键字、拼音、类别');
    await userEvent.type(box, '  石家庄 股权 {Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/project'));
    expect(router.state.location.search).toEqual({ q: '石家庄 股权' });
  });
});

describe('floating panel', () => {
  it('asks an anonymous user to log in, returning to the bidding room list', async () => {
    const { router } = renderApp('/doing');
    const panel = await screen.findByRole('complementary', { name: '快捷入口' });
    await userEvent.click(within(panel).getByRole('button', { name: /竞价室/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('溫馨提示', { selector: '.ant-modal-confirm-title' })).toBeInTheDocument();
    expect(within(dialog).getByText('请先登录')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: /去\s*登\s*录/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({ redirect: '/myProject?list=2' });
  });

  it('opens the target directly for a logged-in user', async () => {
    logIn();
    // /myCollect loads the favourites; this session's made-up token would get a 401 from the mock.
    server.use(
      mswHttp.post('/api/dscq-user/collect-assets/assets-list', () =>
        HttpResponse.json({ code: 200, success: true, msg: '操作成功', data: { records: [], total: 0, size: 10, current: 1, pages: 1 } }),
      ),
    );
    const { router } = renderApp('/doing');
    const panel = await screen.findByRole('complementary', { name: '快捷入口' });
    await userEvent.click(within(panel).getByRole('button', { name: /我的收藏/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/myCollect'));
  });

  it('is hidden on the home page until the page is scrolled past 300 px', async () => {
    const { container } = renderApp('/index');
    await screen.findByText('交易项目', { selector: 'h2' }, { timeout: 15000 });
    const panel = container.querySelector('aside.float-panel')!;
    expect(panel).toHaveClass('float-panel--hidden');
    Object.defineProperty(window, 'scrollY', { value: 301, configurable: true });
    act(() => window.dispatchEvent(new Event('scroll')));
    await waitFor(() => expect(panel).not.toHaveClass('float-panel--hidden'));
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  }, 20_000);
});

describe('catalogue effects wired to the app', () => {
  it('a 401 on favourite-add shows 用户未登录 with 去登录 to /login with redirect', async () => {
    server.use(mswHttp.post('/api/dscq-user/collect-assets/add', () => new HttpResponse(null, { status: 401 })));
    const { router } = renderApp('/doing');
    await screen.findByRole('navigation', { name: '主导航' });
    await act(() => expect(http.post('/dscq-user/collect-assets/add', { assetsId: 1 })).rejects.toMatchObject({ code: 401 }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('用户未登录', { selector: '.ant-modal-confirm-title' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: /去\s*登\s*录/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({ redirect: '/doing' });
  });

  it('a 401 on a page that needs login logs out and goes to /login with redirect', async () => {
    logIn();
    server.use(mswHttp.get('/api/dscq-user/user/detail', () => new HttpResponse(null, { status: 401 })));
    const { router } = renderApp('/myContract');
    await screen.findByRole('heading', { name: '我的合同' });
    await act(() => expect(http.get('/dscq-user/user/detail')).rejects.toMatchObject({ code: 401 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({ redirect: '/myContract' });
    expect(session.isLoggedIn()).toBe(false);
  });

  it('a 403 elsewhere goes to /index', async () => {
    server.use(mswHttp.get('/api/x', () => HttpResponse.json({ code: 403, msg: '无权访问' }, { status: 403 })));
    const { router } = renderApp('/doing');
    await screen.findByRole('navigation', { name: '主导航' });
    await act(() => expect(http.get('/x')).rejects.toMatchObject({ code: 403 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index'));
  });
});
