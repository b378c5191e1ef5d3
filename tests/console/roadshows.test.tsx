/**
 * 路演 in the console against the msw staff API (handlers/roadshows.ts): 内容 sees 路演 in its menu, schedules
 * a live session with its times, presenter and materials from the lot's attachments; the list shows it.
 */
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authMock } from '../mocks/handlers/auth';
import { roadshowsMock } from '../mocks/handlers/roadshows';
import { staffMock } from '../mocks/handlers/staff';
import { useMockServer } from '../mocks/server';
import { dialogTitled, menuLinks, renderConsole, signInAs } from './renderConsole';

useMockServer();
vi.setConfig({ testTimeout: 120_000 });
configure({ asyncUtilTimeout: 15_000 });
beforeEach(() => {
  authMock.reset();
  staffMock.reset();
  roadshowsMock.reset();
  roadshowsMock.state.attachments.set(201, [{ id: 91, fileName: '路演资料.pdf', fileSize: 1024, fileType: 'pdf' }]);
});

describe('路演', () => {
  it('内容 schedules a live session for a lot, with the materials chosen from its attachments', async () => {
    signInAs('op_editor');
    renderConsole('/ops/roadshows?assetsId=201');
    expect(await screen.findByRole('heading', { name: '路演' })).toBeInTheDocument();
    expect(menuLinks()).toContain('路演');
    fireEvent.click(await screen.findByRole('button', { name: '安排路演' }));
    const dialog = await dialogTitled('安排路演');
    fireEvent.change(within(dialog).getByLabelText('路演标题'), { target: { value: '项目线上路演' } });
    fireEvent.change(within(dialog).getByLabelText('主讲人'), { target: { value: '转让方代表' } });
    fireEvent.change(within(dialog).getByLabelText('开始时间'), { target: { value: '2026-12-01T14:00' } });
    fireEvent.change(within(dialog).getByLabelText('结束时间'), { target: { value: '2026-12-01T15:00' } });
    fireEvent.click(await within(dialog).findByLabelText('路演资料.pdf'));
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(roadshowsMock.state.saved).toHaveLength(1));
    expect(roadshowsMock.state.saved[0]).toMatchObject({
      assetsId: '201',
      kind: 'live',
      title: '项目线上路演',
      presenter: '转让方代表',
      startTime: '2026-12-01 14:00:00',
      endTime: '2026-12-01 15:00:00',
      materialIds: '91',
    });
    expect(await screen.findByText('项目线上路演')).toBeInTheDocument();
  });
});
