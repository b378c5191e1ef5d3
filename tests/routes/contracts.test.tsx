import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authMock } from '../mocks/handlers/auth';
import { contractFixture, contractsMock } from '../mocks/handlers/contracts';
import { renderApp } from '../mocks/renderApp';
import { useMockServer } from '../mocks/server';

/**
 * Contracts through the whole app (router, HTTP client, msw backend): /myContract lists the user's
 * contracts with their state tags and the actions of each state, filters by state in the URL; /confirm
 * reads the whole draft and confirms it; another user's contract shows the server's 404 message.
 */
useMockServer();
vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => {
  authMock.reset();
  contractsMock.reset();
});

describe('/myContract', () => {
  it('lists the contracts with state tags and the actions of each state, and filters by state', async () => {
    authMock.signIn('demo_person');
    contractsMock.add('demo_person', contractFixture(1, 'drafting'));
    contractsMock.add('demo_person', contractFixture(2, 'signing'));
    contractsMock.add('demo_person', contractFixture(3, 'sealed'));
    contractsMock.add('bidder02', contractFixture(4, 'confirming', { assetsName: '别人的项目' }));
    const { router } = renderApp('/myContract');
    const table = await screen.findByRole('table');
    const row = (name: string) => within(table).getByText(name).closest('tr') as HTMLElement;
    expect(within(row('测试项目1号')).getByText('起草中')).toBeInTheDocument();
    expect(within(row('测试项目1号')).getByRole('link', { name: '编辑' })).toHaveAttribute('href', '#/edit?id=1');
    expect(within(row('测试项目1号')).queryByText('下载')).toBeNull();
    expect(within(row('测试项目2号')).getByRole('link', { name: '签署' })).toHaveAttribute('href', '#/usercenter/contract/sign?id=2');
    expect(within(row('测试项目3号')).getByText('已盖章')).toBeInTheDocument();
    expect(within(row('测试项目3号')).getByText('下载')).toBeInTheDocument();
    expect(within(row('测试项目3号')).queryByRole('link', { name: '编辑' })).toBeNull();
    expect(within(table).queryByText('别人的项目')).toBeNull();
    expect(screen.getByRole('link', { name: '我的合同' })).toHaveAttribute('aria-current', 'page');

    fireEvent.click(screen.getByText('已盖章', { selector: '.ant-segmented-item-label' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ state: 'sealed' }));
    await waitFor(() => expect(within(screen.getByRole('table')).queryByText('测试项目1号')).toBeNull());
    expect(within(screen.getByRole('table')).getByText('测试项目3号')).toBeInTheDocument();
  });

  it('shows the empty state with a hint', async () => {
    authMock.signIn('demo_person');
    renderApp('/myContract');
    expect(await screen.findByText(/暂无数据，成交价款付清后/)).toBeInTheDocument();
  });
});

describe('/confirm', () => {
  it('reads the whole draft and confirms it once the reading is ticked', async () => {
    authMock.signIn('demo_person');
    contractsMock.add('demo_person', contractFixture(7, 'confirming', { version: 3 }));
    renderApp('/confirm?id=7');
    const text = await screen.findByRole('article', { name: '合同全文' });
    expect(within(text).getByText(/壹佰贰拾叁万肆仟伍佰陆拾柒元捌角玖分/)).toBeInTheDocument();
    expect(within(text).getByText('十日内交付。')).toBeInTheDocument();
    // The 版本记录 card below the draft: who saved which clauses, and when.
    expect(await screen.findByText(/系统（依模板起草） · 修改：交割安排、付款补充约定、其他约定/)).toBeInTheDocument();
    expect(screen.getByText('版本记录')).toBeInTheDocument();
    const button = screen.getByRole('button', { name: /确认合同/ });
    expect(button).toBeDisabled();
    fireEvent.click(screen.getByRole('checkbox', { name: /我已阅读合同全文（第 3 版）/ }));
    fireEvent.click(button);
    expect(await screen.findByText(/您已确认，等待 河北冀通物流有限公司 确认/)).toBeInTheDocument();
    expect(contractsMock.state.confirms).toEqual([{ id: 7, version: 3 }]);
  });

  it("shows the server's message for another user's contract", async () => {
    authMock.signIn('demo_person');
    contractsMock.add('bidder02', contractFixture(8, 'confirming'));
    renderApp('/confirm?id=8');
    expect(await screen.findByText('合同不存在')).toBeInTheDocument();
  });
});
