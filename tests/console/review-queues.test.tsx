/**
 * The 审核 queue pages through the real providers, router and HTTP client against msw
 * (handlers/staff-review.ts): 实名认证 and 保证金凭证 — list with the waiting time → detail drawer (what the
 * user submitted, the licence fetched with the staff token) → 通过 / 确认 confirmed and sent, the list and
 * the dashboard counts read again; 驳回 only with a reason; a member without the permission gets 无操作权限
 * and no menu item.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authMock } from '../mocks/handlers/auth';
import { staffMock } from '../mocks/handlers/staff';
import { reviewMock, staffReviewHandlers } from '../mocks/handlers/staff-review';
import { useMockServer } from '../mocks/server';
import { button, confirmPopup, dialogTitled, menuLinks, renderConsole, signInAs } from './renderConsole';

const server = useMockServer();
vi.setConfig({ testTimeout: 60_000 });
beforeEach(() => {
  authMock.reset();
  staffMock.reset();
  reviewMock.reset();
  server.use(...staffReviewHandlers);
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:file'), revokeObjectURL: vi.fn() });
});

const drawer = async () => (await waitFor(() => document.querySelector('.queue-drawer') ?? (() => { throw new Error('no drawer'); })())) as HTMLElement;

describe('实名认证', () => {
  it('lists the waiting requests with their wait, shows what the user submitted, approves after a confirmation and reads the list and counts again', async () => {
    signInAs('op_review');
    const { queryClient, router } = renderConsole('/ops/real-name');
    const row = (await screen.findByText('机构认证：石家庄恒信贸易有限公司')).closest('tr')!;
    expect(row).toHaveTextContent('demo_apply_org');
    expect(within(row).getByText('等待 2小时15分')).toHaveClass('queue-wait--attention');
    expect(screen.getByText('等待 20分钟')).toHaveClass('queue-wait--calm');
    queryClient.setQueryData(['staff', 'queues'], staffMock.state.queues);

    fireEvent.click(button(row, /处\s*理/));
    const panel = await drawer();
    expect(await within(panel).findByText('9113****0012')).toBeInTheDocument();
    expect(within(panel).getByText('1301**********2817')).toBeInTheDocument();
    expect(within(panel).getByText('刘振东')).toBeInTheDocument();
    expect(within(panel).getByText('营业执照不清晰')).toBeInTheDocument();
    expect(router.state.location.search).toMatchObject({ id: 21 });
    // The licence: fetched with the staff token as a blob and shown.
    expect(await within(panel).findByAltText('营业执照.png')).toHaveAttribute('src', 'blob:file');
    expect(reviewMock.state.files).toContain('f-licence-1');

    fireEvent.click(button(panel, /通\s*过/));
    await confirmPopup(/通\s*过/);
    expect(await screen.findByText('已通过，用户将收到消息')).toBeInTheDocument();
    expect(reviewMock.state.actions).toEqual([{ path: '/api/dscq-staff/queue/real-name/approve', params: { id: 21 } }]);
    expect(queryClient.getQueryState(['staff', 'queues'])?.isInvalidated).toBe(true);
    await waitFor(() => expect(within(panel).queryByRole('button', { name: /驳\s*回/ })).toBeNull());
    expect(await within(panel).findAllByText('已通过')).not.toHaveLength(0);
    // Closed: the waiting list no longer holds it.
    fireEvent.click(panel.querySelector('.ant-drawer-close')!);
    await waitFor(() => expect(screen.queryByText('机构认证：石家庄恒信贸易有限公司')).toBeNull());
    expect(screen.getByText('个人认证：李明')).toBeInTheDocument();
  });

  it('rejects only with a reason, which is sent for the user to read', async () => {
    signInAs('op_review');
    renderConsole('/ops/real-name?id=22');
    const panel = await drawer();
    expect(await within(panel).findByText('1301**********1234')).toBeInTheDocument();
    expect(within(panel).getByText('居民身份证')).toBeInTheDocument();
    fireEvent.click(button(panel, /驳\s*回/));
    const dialog = await dialogTitled(/^驳回：个人认证：李明/);
    fireEvent.click(button(dialog.querySelector('.ant-modal-footer') as HTMLElement, /驳\s*回/));
    expect(await within(dialog).findByText('请填写驳回原因')).toBeInTheDocument();
    expect(reviewMock.state.actions).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('驳回原因'), { target: { value: '  身份证号与姓名不符  ' } });
    fireEvent.click(button(dialog.querySelector('.ant-modal-footer') as HTMLElement, /驳\s*回/));
    expect(await screen.findByText('已驳回，用户将看到驳回原因')).toBeInTheDocument();
    expect(reviewMock.state.actions).toEqual([{ path: '/api/dscq-staff/queue/real-name/reject', params: { id: 22, reason: '身份证号与姓名不符' } }]);
    expect(reviewMock.state.realNames[1]).toMatchObject({ state: 'rejected', reason: '身份证号与姓名不符' });
  });
});

describe('保证金凭证', () => {
  it('shows the proof with its deposit and file, confirms it and empties the waiting list', async () => {
    signInAs('op_review');
    renderConsole('/ops/deposit-proofs');
    const row = (await screen.findByText('石家庄某公司 30% 股权')).closest('tr')!;
    expect(row).toHaveTextContent('50,000.00 元');
    expect(row).toHaveTextContent('等待 5小时0分');
    fireEvent.click(button(row, /处\s*理/));
    const panel = await drawer();
    expect(await within(panel).findByText('BZJ202611260031')).toBeInTheDocument();
    expect(within(panel).getByText('6222 **** 8888')).toBeInTheDocument();
    expect(within(panel).getByText('转账回单.pdf')).toBeInTheDocument();
    fireEvent.click(within(panel).getByRole('button', { name: '下载 转账回单.pdf' }));
    await waitFor(() => expect(reviewMock.state.files).toContain('f-slip-7'));

    fireEvent.click(button(panel, /确\s*认/));
    await confirmPopup(/确\s*认/);
    expect(await screen.findByText('已确认，保证金已到账')).toBeInTheDocument();
    expect(reviewMock.state.depositProofs[0]).toMatchObject({ state: 'confirmed', handledBy: 'op_review' });
    fireEvent.click(panel.querySelector('.ant-drawer-close')!);
    expect(await screen.findByText('没有符合条件的保证金凭证')).toBeInTheDocument();
  });

  it('rejects only with a reason', async () => {
    signInAs('op_review');
    renderConsole('/ops/deposit-proofs?id=7');
    const panel = await drawer();
    await within(panel).findByText('BZJ202611260031');
    fireEvent.click(button(panel, /驳\s*回/));
    const dialog = await dialogTitled(/^驳回：/);
    fireEvent.change(within(dialog).getByLabelText('驳回原因'), { target: { value: '   ' } });
    fireEvent.click(button(dialog.querySelector('.ant-modal-footer') as HTMLElement, /驳\s*回/));
    expect(await within(dialog).findByText('请填写驳回原因')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('驳回原因'), { target: { value: '付款金额与应缴不符' } });
    fireEvent.click(button(dialog.querySelector('.ant-modal-footer') as HTMLElement, /驳\s*回/));
    expect(await screen.findByText('已驳回，竞买人将看到驳回原因')).toBeInTheDocument();
    expect(reviewMock.state.depositProofs[0]).toMatchObject({ state: 'rejected', reason: '付款金额与应缴不符' });
  });
});

describe('permissions', () => {
  it('refuses the review pages to 竞价 (无操作权限) and hides them from his menu', async () => {
    signInAs('op_auction');
    renderConsole('/ops/deposit-proofs');
    expect(await screen.findByText('无操作权限')).toBeInTheDocument();
    expect(menuLinks()).toEqual(['工作台', '待复核', '项目', '路演', '竞价活动', '竞价监控', '结果公告', '合同', '投资需求', '验证签名', '修改密码']);
    expect(screen.queryByRole('heading', { name: '保证金凭证' })).toBeNull();
  });

  it('shows the server\'s 无操作权限 when a role without the permission calls the queue anyway', async () => {
    signInAs('op_review');
    // His roles changed meanwhile: the server refuses (403) what the page still offers.
    staffMock.state.members.find((m) => m.loginName === 'op_review')!.roles = ['content'];
    renderConsole('/ops/real-name');
    expect(await screen.findAllByText('无操作权限')).not.toHaveLength(0);
  });
});

describe('用户', () => {
  it('finds users by the search in the URL and lifts a lockout after a confirmation', async () => {
    signInAs('op_review');
    const { router } = renderConsole('/ops/users');
    expect(await screen.findByRole('heading', { name: '用户', level: 1 })).toBeInTheDocument();
    fireEvent.change(screen.getByRole('searchbox', { name: '查找用户' }), { target: { value: 'bidder02' } });
    fireEvent.click(button(document.body, /查\s*找/));
    const row = (await screen.findByText('bidder02')).closest('tr')!;
    expect(router.state.location.search).toEqual({ q: 'bidder02' });
    expect(within(row).getByText('已认证')).toBeInTheDocument();
    expect(screen.queryByText('bidder01')).not.toBeInTheDocument();
    fireEvent.click(within(row).getByRole('button', { name: '解除登录锁定 bidder02' }));
    await confirmPopup(/解\s*除/);
    expect(await screen.findByText('已解除登录锁定：bidder02')).toBeInTheDocument();
    expect(reviewMock.state.unlocked).toEqual(['bidder02']);
  });
});
