/**
 * The console's pages through the real providers, router and HTTP client against the msw staff API:
 * 工作台 (queues by wait), 待复核 (approve with the password asked again on 428 and the action retried,
 * reject only with a reason, withdraw), 操作日志 (search in the URL, export as a blob), 工作人员 (create).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD, authMock } from '../mocks/handlers/auth';
import { staffMock } from '../mocks/handlers/staff';
import { http, HttpResponse } from 'msw';
import { envelope } from '../mocks/fixtures';
import { nodeFile, useNodeFormData } from '../mocks/nodeFormData';
import { useMockServer } from '../mocks/server';
import { button, confirmPopup, dialogTitled, renderConsole, signInAs } from './renderConsole';

const server = useMockServer();
vi.setConfig({ testTimeout: 60_000 });
beforeEach(() => {
  authMock.reset();
  staffMock.reset();
});



describe('工作台', () => {
  it('shows each queue with its count and longest wait, coloured by the wait, and links each to its page', async () => {
    signInAs('op_admin');
    renderConsole('/ops/');
    const approval = await screen.findByLabelText('待复核', { selector: '.queue-card' });
    expect(approval).toHaveTextContent('2件待办');
    expect(approval).toHaveTextContent('最长等待 5 小时 0 分');
    expect(approval).toHaveClass('queue-card--late');
    expect(approval.closest('a')).toHaveAttribute('href', '/ops/approvals');
    const realName = screen.getByLabelText('实名认证', { selector: '.queue-card' });
    expect(realName).toHaveClass('queue-card--calm');
    expect(realName.closest('a')).toHaveAttribute('href', '/ops/real-name');
    const withdrawal = screen.getByLabelText('提现', { selector: '.queue-card' });
    expect(withdrawal).toHaveTextContent('暂无待办');
    expect(withdrawal.closest('a')).toHaveAttribute('href', '/ops/withdrawals');
  });
});

describe('待复核', () => {
  it('approves a payout: the server asks for the password (428), the dialog confirms it and the approval is sent again', async () => {
    signInAs('op_admin');
    renderConsole('/ops/approvals');
    expect(await screen.findByText('向河北冀通物流有限公司付款 1,250,000.00 元')).toBeInTheDocument();
    expect(screen.getByText(/提交人不能复核本人提交的操作/)).toBeInTheDocument();
    const row = screen.getByText('向河北冀通物流有限公司付款 1,250,000.00 元').closest('tr')!;
    fireEvent.click(button(row, /通\s*过/));
    await confirmPopup(/通\s*过/);

    const dialog = await dialogTitled('请再次输入登录密码');
    expect(dialog).toHaveTextContent('此操作涉及资金，请再次输入登录密码确认');
    fireEvent.change(within(dialog).getByPlaceholderText('登录密码'), { target: { value: 'Wrong@2026' } });
    fireEvent.click(button(dialog, /确认并继续/));
    expect(await within(dialog).findByText('密码错误')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByPlaceholderText('登录密码'), { target: { value: DEMO_PASSWORD } });
    fireEvent.click(button(dialog, /确认并继续/));

    expect(await screen.findByText('已通过：向转让方付款已执行')).toBeInTheDocument();
    expect(staffMock.state.confirmCalls).toBe(2);
    expect(staffMock.state.approvals.find((a) => a.id === 11)).toMatchObject({ state: 'approved', decidedBy: '赵国梁（op_admin）' });
  });

  it('says the preparer cannot approve his own item, lets him withdraw it, and rejects only with a reason', async () => {
    signInAs('op_admin');
    renderConsole('/ops/approvals');
    const own = (await screen.findByText('发布项目 石家庄市某国有企业 30% 股权转让')).closest('tr')!;
    expect(within(own).getByText('本人提交，须由他人复核')).toBeInTheDocument();
    expect([...own.querySelectorAll('button')].find((b) => /通\s*过/.test(b.textContent ?? '')) ?? null).toBeNull();
    fireEvent.click(button(own, /撤\s*回/));
    await confirmPopup(/撤\s*回/);
    expect(await screen.findByText('已撤回')).toBeInTheDocument();
    expect(staffMock.state.approvals.find((a) => a.id === 12)!.state).toBe('withdrawn');

    const payout = screen.getByText('向河北冀通物流有限公司付款 1,250,000.00 元').closest('tr')!;
    fireEvent.click(button(payout, /退\s*回/));
    const dialog = await dialogTitled('退回复核单');
    fireEvent.click(button(dialog, /退\s*回/));
    expect(await within(dialog).findByText('请填写退回原因')).toBeInTheDocument();
    expect(staffMock.state.approvals.find((a) => a.id === 11)!.state).toBe('pending');
    fireEvent.change(within(dialog).getByPlaceholderText('例如：金额与合同不符'), { target: { value: '金额与合同不符' } });
    fireEvent.click(button(dialog, /退\s*回/));
    await waitFor(() => expect(staffMock.state.approvals.find((a) => a.id === 11)).toMatchObject({ state: 'rejected', reason: '金额与合同不符' }));
  });

  it('filters by state and kind through the URL', async () => {
    signInAs('op_admin');
    const { router } = renderConsole('/ops/approvals?state=all&kind=lot.publish');
    expect(await screen.findByText('发布项目 石家庄市某国有企业 30% 股权转让')).toBeInTheDocument();
    expect(screen.queryByText('向河北冀通物流有限公司付款 1,250,000.00 元')).toBeNull();
    expect(router.state.location.search).toEqual({ state: 'all', kind: 'lot.publish' });
  });
});

describe('操作日志', () => {
  it('searches with the filters in the URL, opens a record before and after, and exports the same search', async () => {
    signInAs('op_admin');
    const { router } = renderConsole('/ops/audit');
    expect(await screen.findByText('staff.update')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: '查询操作日志' });
    fireEvent.change(within(form).getByLabelText('工作人员'), { target: { value: 'op_admin' } });
    fireEvent.change(within(form).getByLabelText('操作'), { target: { value: 'staff.create' } });
    fireEvent.click(button(form, /查\s*询/));
    await waitFor(() => expect(router.state.location.search).toEqual({ staff: 'op_admin', action: 'staff.create' }));
    await waitFor(() => expect(screen.queryByText('staff.update')).toBeNull());
    expect(staffMock.state.auditQueries.at(-1)).toMatchObject({ staff: 'op_admin', action: 'staff.create', current: '1', size: '20' });

    const row = screen.getByText('staff.create').closest('tr')!;
    fireEvent.click(row.querySelector('.ant-table-row-expand-icon')!);
    expect(await screen.findByLabelText('操作后')).toHaveTextContent('"loginName": "op_editor"');

    const saved: string[] = [];
    const createObjectURL = vi.fn(() => 'blob:audit');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    fireEvent.click(button(document.body, /导出 CSV/));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatch(/^操作日志-\d{8}-\d{4}\.csv$/);
    expect(staffMock.state.exports[0]).toEqual({ staff: 'op_admin', action: 'staff.create', format: 'csv' });
    fireEvent.click(button(document.body, /导出 Excel/));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]).toMatch(/\.xlsx$/);
    click.mockRestore();
  });
});

describe('工作人员', () => {
  it('lists the staff and creates a member with roles chosen by their duties', async () => {
    signInAs('op_admin');
    renderConsole('/ops/staff');
    expect(await screen.findByText('op_editor')).toBeInTheDocument();
    fireEvent.click(button(document.body, /新增工作人员/));
    const dialog = await dialogTitled('新增工作人员');
    expect(within(dialog).getByText('新闻、通知、公告')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('登录名'), { target: { value: '1bad' } });
    fireEvent.click(button(dialog, /新\s*增/));
    expect(await within(dialog).findByText('字母开头，字母、数字或下划线，3–32 位')).toBeInTheDocument();
    expect(await within(dialog).findByText('请至少选择一个角色')).toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText('登录名'), { target: { value: 'op_zhou' } });
    fireEvent.change(within(dialog).getByLabelText('姓名'), { target: { value: '周晓敏' } });
    fireEvent.click(within(dialog).getByText('内容'));
    fireEvent.click(within(dialog).getByText('审核'));
    fireEvent.change(within(dialog).getByLabelText('初始密码'), { target: { value: 'Welcome@2026' } });
    fireEvent.click(button(dialog, /新\s*增/));
    expect(await screen.findByText('已新增工作人员 周晓敏（op_zhou）')).toBeInTheDocument();
    expect(staffMock.state.created[0]).toEqual({ loginName: 'op_zhou', name: '周晓敏', roles: ['content', 'review'], password: 'Welcome@2026' });
    expect(await screen.findByText('op_zhou')).toBeInTheDocument();
  });
});

describe('验证签名', () => {
  it('sends the chosen PDF to the public verification and shows each signature', async () => {
    const sent: string[] = [];
    server.use(
      http.post('/api/dscq-esign/verify', async ({ request }) => {
        const file = (await request.formData()).get('file') as File;
        sent.push(file.name);
        return HttpResponse.json(
          envelope({
            valid: false,
            problem: '第 2 个签名之后文件被修改',
            signatures: [
              { name: '河北冀通物流有限公司', signedAt: '2026-11-20 10:00:00', intact: true, trusted: true, coversWholeDocument: false },
              { name: '王立军', signedAt: '2026-11-20 10:05:00', intact: false, trusted: true, coversWholeDocument: true },
            ],
          }),
        );
      }),
    );
    await useNodeFormData();
    signInAs('op_finance');
    renderConsole('/ops/verify');
    await screen.findByRole('heading', { name: '验证签名', level: 1 });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, { target: { files: [nodeFile(['%PDF-1.7'], '合同.pdf', 'application/pdf')] } });
    expect(await screen.findByText('签名无效')).toBeInTheDocument();
    expect(sent).toEqual(['合同.pdf']);
    expect(screen.getByText('第 2 个签名之后文件被修改')).toBeInTheDocument();
    const row = screen.getByText('王立军').closest('tr')!;
    expect(within(row).getByText('已被修改')).toBeInTheDocument();
    expect(screen.getByText('河北冀通物流有限公司').closest('tr')).toHaveTextContent('签署后有追加内容');
  });
});
