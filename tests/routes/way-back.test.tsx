/**
 * Not-found and failed pages offer the way back, through the whole app with msw: besides 重试, a project
 * that does not exist leads back to the trading centre, an unknown article to its list, a user-centre
 * detail to the list it belongs to, any other user-centre page to the user centre, a public page to the
 * home page — and 返回上一页 to where the reader came from inside the site.
 */
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http as mswHttp, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ENROLMENT_PATHS } from '#domain/contract/enrolment';
import { authMock } from '../mocks/handlers/auth';
import { enrolMock } from '../mocks/handlers/enrolment';
import { projectsMock } from '../mocks/handlers/projects';
import { renderApp } from '../mocks/renderApp';
import { useMockServer } from '../mocks/server';

const server = useMockServer();
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8000 });
beforeEach(() => {
  authMock.reset();
  enrolMock.reset();
  projectsMock.reset();
});

/** The failed page's result block, once its title (the server's msg) shows. */
async function failed(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: '.ant-result-title' }, { timeout: 10_000 });
  return heading.closest<HTMLElement>('.ant-result')!;
}

describe('the way back', () => {
  it('项目不存在: 重试 and 返回交易中心, for a project and a package', async () => {
    for (const path of ['/projectDetail/99999.html', '/projectPkg/99999.html']) {
      const view = renderApp(path);
      const result = await failed('项目不存在或已下架');
      expect(within(result).getByRole('button', { name: /^重\s?试$/ })).toBeInTheDocument();
      expect(within(result).getByRole('link', { name: '返回交易中心' })).toHaveAttribute('href', '#/project');
      view.unmount();
    }
  });

  it('an unknown article leads back to its list, an unknown notice to the news centre', async () => {
    const news = renderApp('/newsDetailzcfg?newsId=99');
    expect(within(await failed('新闻不存在')).getByRole('link', { name: '返回列表' })).toHaveAttribute('href', '#/zcfg');
    news.unmount();
    renderApp('/noticeDetail?newsId=99&id=2');
    expect(within(await failed('公告不存在')).getByRole('link', { name: '返回新闻中心' })).toHaveAttribute('href', '#/xwzx');
  });

  it('a user-centre detail leads back to its list; another user-centre page to the user centre', async () => {
    authMock.signIn('demo_person');
    const detail = renderApp('/enrollDetail?id=424242');
    const result = await failed('报名记录不存在');
    expect(within(result).getByRole('button', { name: /^重\s?试$/ })).toBeInTheDocument();
    expect(within(result).getByRole('link', { name: '返回我的项目' })).toHaveAttribute('href', '#/myProject');
    detail.unmount();

    server.use(mswHttp.get(`*/api${ENROLMENT_PATHS.depositPage}`, () => HttpResponse.json({ code: 500, success: false, msg: '系统繁忙，请稍后重试', data: null })));
    renderApp('/myDeposit');
    expect(within(await failed('系统繁忙，请稍后重试')).getByRole('link', { name: '返回用户中心' })).toHaveAttribute('href', '#/usercenterIndex');
  });

  it('返回上一页 goes back to the page the reader came from', async () => {
    const { router } = renderApp('/index');
    await waitFor(() => expect(router.state.location.pathname).toBe('/index'));
    await act(() => router.navigate({ to: '/projectDetail/{$assetsId}.html', params: { assetsId: '99999' } }));
    const result = await failed('项目不存在或已下架');
    fireEvent.click(within(result).getByRole('button', { name: '返回上一页' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index'));
  });
});
