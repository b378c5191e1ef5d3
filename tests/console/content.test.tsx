/** 新闻与公告 against the msw staff API (handlers/staff-lots.ts): a news item created for a later time is 定时发布; an existing one scheduled; one unpublished with a reason. */
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authMock } from '../mocks/handlers/auth';
import { staffMock } from '../mocks/handlers/staff';
import { staffLotHandlers, staffLotMock } from '../mocks/handlers/staff-lots';
import { useMockServer } from '../mocks/server';
import { button, dialogTitled, renderConsole, signInAs } from './renderConsole';

const server = useMockServer();
vi.setConfig({ testTimeout: 120_000 });
// jsdom renders antd slowly on a loaded machine: the queries wait longer than their default second.
configure({ asyncUtilTimeout: 15_000 });
beforeEach(() => {
  authMock.reset();
  staffMock.reset();
  staffLotMock.reset();
  server.use(...staffLotHandlers);
});


describe('新闻与公告', () => {
  it('creates a news item with a later publish time: it is scheduled (定时发布)', async () => {
    signInAs('op_editor');
    renderConsole('/ops/content');
    expect(await screen.findByText('省产权交易中心召开年度工作会议')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '新建新闻' }));
    const dialog = await dialogTitled('新建新闻');
    fireEvent.change(within(dialog).getByLabelText('标题'), { target: { value: '12 月项目推介会通知' } });
    fireEvent.mouseDown(within(dialog).getByLabelText('栏目'));
    const options = await screen.findAllByText('中心动态', { selector: '.ant-select-item-option-content' });
    fireEvent.click(options[options.length - 1]!);
    fireEvent.change(within(dialog).getByLabelText('正文（HTML）'), { target: { value: '<p>欢迎参加</p>' } });
    fireEvent.change(within(dialog).getByLabelText('发布时间'), { target: { value: '2026-12-10T09:00' } });
    fireEvent.click(button(dialog, /保\s*存/));
    expect(await screen.findByText('已新建：12 月项目推介会通知（定时发布）')).toBeInTheDocument();
    const row = (await screen.findByText('12 月项目推介会通知')).closest('tr')!;
    expect(row).toHaveTextContent('定时发布');
    expect(row).toHaveTextContent('2026-12-10 09:00:00');
    expect(staffLotMock.state.content.at(-1)).toMatchObject({ kind: 'news', plateId: 3, publishTime: '2026-12-10 09:00:00' });
  });

  it('schedules an existing item and unpublishes one only with a reason', async () => {
    signInAs('op_editor');
    renderConsole('/ops/content');
    const row = (await screen.findByText('省产权交易中心召开年度工作会议')).closest('tr')!;
    fireEvent.click(button(row, /定时发布/));
    const dialog = await dialogTitled('定时发布');
    fireEvent.change(within(dialog).getByLabelText('发布时间'), { target: { value: '2026-12-12T08:30' } });
    fireEvent.click(button(dialog, /确\s*定/));
    expect(await screen.findByText('定时发布：2026-12-12 08:30:00')).toBeInTheDocument();
    expect(staffLotMock.state.schedules).toEqual([{ kind: 'news', id: 81, publishTime: '2026-12-12 08:30:00' }]);

    fireEvent.click(button((await screen.findByText('省产权交易中心召开年度工作会议', { selector: 'td' })).closest('tr')!, /下\s*线/));
    const hide = await dialogTitled('下线');
    fireEvent.click(button(hide, /下\s*线/));
    expect(await within(hide).findByText('请填写下线原因')).toBeInTheDocument();
    fireEvent.change(within(hide).getByLabelText('下线原因'), { target: { value: '信息有误' } });
    fireEvent.click(button(hide, /下\s*线/));
    await waitFor(() => expect(staffLotMock.state.content[0]!.state).toBe('hidden'));
  });
});
