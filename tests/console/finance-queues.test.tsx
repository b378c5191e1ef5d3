/**
 * The console's 财务 pages through the real providers, router and HTTP client against msw
 * (handlers/staff-finance.ts over staff.ts's sessions): 转账凭证 prepares the confirmation of a transfer
 * (428 → the password dialog → the call sent again → 已提交复核 with the way to 待复核); 提现 fails a
 * withdrawal only with a reason; 保证金 forfeits only with a reason and creates a four-eyes item;
 * 资金流水 shows the books balanced and a user's balance.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD, authMock } from '../mocks/handlers/auth';
import { staffMock } from '../mocks/handlers/staff';
import { financeMock, staffFinanceHandlers } from '../mocks/handlers/staff-finance';
import { useMockServer } from '../mocks/server';
import { button, confirmPopup, dialogTitled, menuLinks, renderConsole, signInAs } from './renderConsole';

const server = useMockServer();
vi.setConfig({ testTimeout: 60_000 });
beforeEach(() => {
  authMock.reset();
  staffMock.reset();
  financeMock.reset();
  server.use(...staffFinanceHandlers);
});



describe('财务 menu', () => {
  it('shows op_finance his finance pages', async () => {
    signInAs('op_finance');
    renderConsole('/ops/ledger');
    await screen.findByText('账本平衡');
    expect(menuLinks()).toEqual(expect.arrayContaining(['转账凭证', '提现', '结算与付款', '发票', '保证金', '资金流水', '待复核']));
  });
});

describe('转账凭证', () => {
  it('shows the deal by the money rule and prepares the confirmation: 428 → the password → sent again → 已提交复核, linked to 待复核', async () => {
    signInAs('op_finance');
    renderConsole('/ops/transfer-proofs');
    const row = (await screen.findByText('CJ-2026-0007')).closest('tr')!;
    expect(row).toHaveTextContent('115.63万元');
    expect(row).toHaveTextContent('孙建军');
    fireEvent.click(button(row, /审\s*核/));

    const drawer = (await screen.findByLabelText('转账凭证详情')) as HTMLElement;
    expect(drawer).toHaveTextContent('河北冀通物流有限公司');
    expect(drawer).toHaveTextContent('125.00万元（1,250,000.00元）');
    expect(drawer).toHaveTextContent('6,250.00元');
    expect(drawer).toHaveTextContent('银行回单.pdf');
    fireEvent.click(button(drawer, /提交复核（确认到账）/));
    await confirmPopup(/提交复核/);

    const dialog = await dialogTitled('请再次输入登录密码');
    expect(financeMock.state.calls).toHaveLength(0);
    fireEvent.change(within(dialog).getByPlaceholderText('登录密码'), { target: { value: DEMO_PASSWORD } });
    fireEvent.click(button(dialog, /确认并继续/));

    const notice = await screen.findByText(/^已提交复核：/, { selector: '.ant-alert-title' });
    const alert = notice.closest('.ant-alert') as HTMLElement;
    expect(alert).toHaveTextContent('须由另一位具有相同权限的工作人员在「待复核」中通过后才执行');
    expect(within(alert).getByText('前往待复核').closest('a')).toHaveAttribute('href', '/ops/approvals');
    expect(financeMock.state.calls).toEqual([['/dscq-staff/queue/transfer-proof/prepare-confirm', { id: 5 }]]);
    expect(staffMock.state.confirmCalls).toBe(1);
    expect(staffMock.state.approvals.at(-1)).toMatchObject({ kind: 'transfer.confirm', state: 'pending', preparedBy: '吴晓峰（op_finance）' });
    // The list read again: the proof now waits for the checker.
    expect(await screen.findByText(`复核中（复核单 #${staffMock.state.approvals.at(-1)!.id}）`)).toBeInTheDocument();
  });
});

describe('提现', () => {
  it('fails a withdrawal only with a reason', async () => {
    signInAs('op_finance');
    staffMock.state.confirmed = true;
    renderConsole('/ops/withdrawals');
    const row = (await screen.findByText('TX202611260002')).closest('tr')!;
    expect(row).toHaveTextContent('5,000.00元');
    fireEvent.click(button(row, /处\s*理/));
    const drawer = (await screen.findByLabelText('提现详情')) as HTMLElement;
    expect(drawer).toHaveTextContent('6222 **** **** 1234');
    fireEvent.click(button(drawer, /支付失败/));
    const dialog = await dialogTitled('提现支付失败');
    fireEvent.click(button(dialog, /确认支付失败/));
    expect(await within(dialog).findByText('请填写失败原因')).toBeInTheDocument();
    expect(financeMock.state.calls).toHaveLength(0);
    fireEvent.change(within(dialog).getByPlaceholderText(/收款账户户名与实名不符/), { target: { value: '户名与实名不符，银行退票' } });
    fireEvent.click(button(dialog, /确认支付失败/));
    expect(await screen.findByText('提现 TX202611260002 已退回')).toBeInTheDocument();
    expect(financeMock.state.calls).toEqual([['/dscq-staff/queue/withdrawal/fail', { id: 2, reason: '户名与实名不符，银行退票' }]]);
    await waitFor(() => expect(screen.queryByText('TX202611260002')).toBeNull());
  });
});

describe('保证金', () => {
  it('forfeits only with a reason, and the forfeit is an approval for another member', async () => {
    signInAs('op_finance');
    staffMock.state.confirmed = true;
    renderConsole('/ops/deposits');
    const row = (await screen.findByText('BZJ-2026-0010')).closest('tr')!;
    expect(row).toHaveTextContent('10.00万元');
    fireEvent.click(button(row, /没收保证金/));
    const dialog = await dialogTitled('没收保证金');
    fireEvent.click(button(dialog, /提交复核/));
    expect(await within(dialog).findByText('请填写没收原因')).toBeInTheDocument();
    expect(financeMock.state.calls).toHaveLength(0);
    fireEvent.change(within(dialog).getByPlaceholderText(/逾期未签订交易合同/), { target: { value: '成交后逾期未签约' } });
    fireEvent.click(button(dialog, /提交复核/));

    const notice = await screen.findByText(/^已提交复核：没收保证金/, { selector: '.ant-alert-title' });
    expect(notice.closest('.ant-alert')).toHaveTextContent('尚未执行');
    expect(financeMock.state.calls).toEqual([['/dscq-staff/deposit/prepare-forfeit', { id: 10, reason: '成交后逾期未签约' }]]);
    expect(staffMock.state.approvals.at(-1)).toMatchObject({ kind: 'deposit.forfeit', subject: 'deposit:10', state: 'pending' });
  });
});

describe('资金流水', () => {
  it('shows the books balanced, then the problems of a failed check, and a user balance by login name', async () => {
    signInAs('op_finance');
    renderConsole('/ops/ledger');
    const check = (await screen.findByLabelText('账务核对')) as HTMLElement;
    expect(await within(check).findByText('账本平衡')).toBeInTheDocument();
    expect(check).toHaveTextContent('42 笔');

    financeMock.state.ledger = { ok: false, entries: 42, postings: 95, totalFen: 100, problems: ['凭证 #17 借贷不平'] };
    fireEvent.click(button(check, /重新核对/));
    expect(await within(check).findByText('凭证 #17 借贷不平')).toBeInTheDocument();
    expect(check).toHaveTextContent('发现 1 个问题');

    const form = screen.getByRole('form', { name: '查询用户余额' });
    fireEvent.change(within(form).getByLabelText('登录名'), { target: { value: 'demo_buyer' } });
    fireEvent.click(button(form, /查\s*询/));
    const card = screen.getByLabelText('用户余额');
    await waitFor(() => expect(card).toHaveTextContent('冻结金额10.50万元'));
    expect(card).toHaveTextContent('可用余额2.00万元（20,000.00元）');
  });
});
