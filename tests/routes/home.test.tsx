import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mswHttp, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { envelope, pageOf } from '../mocks/fixtures';
import { renderApp } from '../mocks/renderApp';
import { useMockServer } from '../mocks/server';

const server = useMockServer();

async function listingTable() {
  const section = await screen.findByRole('region', { name: '交易项目' }, { timeout: 5000 });
  return section;
}

describe('home page frame', () => {
  it('shows listing rows with price, date and status, linking single assets and packages to their details', async () => {
    renderApp('/index');
    const section = await listingTable();
    const single = await within(section).findByRole('link', { name: '石家庄某国有企业持有的河北某科技有限公司35%股权' });
    expect(single).toHaveAttribute('href', '#/projectDetail/101.html');
    const row = single.closest('tr')!;
    expect(within(row).getByText('1,234.5万元')).toBeInTheDocument();
    expect(within(row).getByText('2026-11-01')).toBeInTheDocument();
    expect(within(row).getByText('正在报名')).toBeInTheDocument();

    const pkg = within(section).getByRole('link', { name: '保定市某办公楼出租' });
    expect(pkg).toHaveAttribute('href', '#/projectPkg/102.html');
    expect(within(pkg.closest('tr')!).getByText('面议')).toBeInTheDocument();
    expect(within(pkg.closest('tr')!).getByText('预披露')).toBeInTheDocument();
  });

  it('links each tab to the trading centre with its type (leasing to 6)', async () => {
    renderApp('/index');
    const section = await listingTable();
    await within(section).findByRole('link', { name: '查看更多 >' });
    expect(within(section).getByRole('link', { name: '查看更多 >' })).toHaveAttribute('href', '/project?typeCode=1');
    await userEvent.click(within(section).getByRole('tab', { name: '房屋租赁' }));
    expect(await within(section).findByRole('link', { name: '查看更多 >' })).toHaveAttribute('href', '/project?typeCode=6');
  });

  it('shows 暂无数据 for an empty list and the server msg with a retry on failure', async () => {
    let calls = 0;
    server.use(
      mswHttp.post('/api/dscq-project/search/page', () => HttpResponse.json(envelope(pageOf([])))),
      mswHttp.post('/api/dscq-content/news-content/page', () => {
        calls++;
        return calls === 1
          ? HttpResponse.json({ code: 500, success: false, msg: '新闻服务暂不可用', data: null })
          : HttpResponse.json(envelope(pageOf([])));
      }),
    );
    renderApp('/index');
    const listings = await listingTable();
    expect(await within(listings).findByText('暂无数据，请稍后再来查看', { selector: '.ant-empty-description' })).toBeInTheDocument();
    const news = screen.getByRole('region', { name: '新闻动态' });
    expect(await within(news).findByText('新闻服务暂不可用')).toBeInTheDocument();
    await userEvent.click(within(news).getByRole('button', { name: /重\s*试/ }));
    expect(await within(news).findByText('暂无数据', { selector: '.ant-empty-description' })).toBeInTheDocument();
  });
});
