/**
 * 竞价监控 through the real providers, router and HTTP client against msw: the running auctions, 中止 only
 * with a reason (sent with it), 恢复 with a new end, and the page hidden from a role without floor.run.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FloorItem } from '#domain/contract/staffFloor';
import { authMock } from '../mocks/handlers/auth';
import { staffMock } from '../mocks/handlers/staff';
import { envelope } from '../mocks/fixtures';
import { bidEntryFixture, hallBackend } from '../mocks/handlers/hall';
import { useMockServer } from '../mocks/server';
import { button, dialogTitled, menuLinks, renderConsole, signInAs } from './renderConsole';

const server = useMockServer();
vi.setConfig({ testTimeout: 60_000 });

const live: FloorItem = {
  activityId: 501,
  activityCode: 'JJ-2026-0501',
  assetsId: 301,
  assetsName: '唐山市某国有企业闲置设备一批',
  mode: 'ongoing',
  status: 'live',
  outcome: null,
  startTime: '2026-11-27 09:00:00',
  endTime: '2026-11-27 17:00:00',
  currentPrice: 1_280_000,
  bidCount: 12,
  bidderCount: 4,
  leaderBidCode: '318402',
  suspendReason: null,
  remainingMs: null,
};

let items: FloorItem[];
let posted: { path: string; body: Record<string, unknown> }[];
beforeEach(() => {
  authMock.reset();
  staffMock.reset();
  items = [live];
  posted = [];
  server.use(
    http.get('/api/dscq-staff/floor/list', () => HttpResponse.json(envelope(items))),
    http.post('/api/dscq-staff/floor/:step', async ({ request, params }) => {
      const body = (await request.json()) as Record<string, unknown>;
      posted.push({ path: String(params.step), body });
      if (params.step === 'suspend') items = [{ ...live, status: 'suspended', suspendReason: String(body.reason), remainingMs: 125_000 }];
      if (params.step === 'resume') items = [{ ...live, endTime: String(body.endTime) }];
      return HttpResponse.json(envelope({ activityId: 501, action: params.step, status: items[0]!.status, outcome: null, endTime: items[0]!.endTime }));
    }),
  );
});


describe('竞价监控', () => {
  it('suspends a running auction only with a reason, then resumes it with a new end', async () => {
    signInAs('op_auction');
    renderConsole('/ops/floor');
    const row = (await screen.findByText('唐山市某国有企业闲置设备一批')).closest('tr')!;
    expect(row).toHaveTextContent('竞价中');
    expect(row).toHaveTextContent('12 次 / 4 人');
    fireEvent.click(button(row, /中\s*止/));
    const suspend = await dialogTitled('中止竞价');
    fireEvent.click(button(suspend, /中\s*止/));
    expect(await within(suspend).findByText('请填写中止原因')).toBeInTheDocument();
    expect(posted).toEqual([]);
    fireEvent.change(within(suspend).getByLabelText('中止原因', { selector: 'textarea' }), { target: { value: '网络故障排查' } });
    fireEvent.click(button(suspend, /中\s*止/));
    await waitFor(() => expect(posted).toEqual([{ path: 'suspend', body: { activityId: 501, reason: '网络故障排查' } }]));
    const suspendedRow = await waitFor(() => {
      const r = within(document.querySelector<HTMLElement>('.ant-table-tbody')!).getByText('唐山市某国有企业闲置设备一批').closest('tr')!;
      expect(r).toHaveTextContent('已中止');
      return r;
    });
    expect(suspendedRow).toHaveTextContent('原因：网络故障排查');
    expect(suspendedRow).toHaveTextContent('剩余 2分5秒（已停止计时）');

    fireEvent.click(button(suspendedRow, /恢\s*复/));
    const resume = await dialogTitled('恢复竞价');
    fireEvent.change(within(resume).getByLabelText('新的结束时间', { selector: 'input' }), { target: { value: '2026-11-27T17:30' } });
    fireEvent.click(button(resume, /恢\s*复/));
    await waitFor(() => expect(posted.at(-1)).toEqual({ path: 'resume', body: { activityId: 501, endTime: '2026-11-27 17:30:00' } }));
  });

  it('streams a running auction’s price, bids, leader and time left from the live worker over the list as read', async () => {
    const now = Date.now();
    const hall = hallBackend({ live: [bidEntryFixture(0, { activityId: 501, assetsName: live.assetsName, biddingPrice: 1_300_000, maxPrice: 1_300_000, biddingCount: 13, leaderBidCode: '402117', endTime: now + 2 * 3_600_000 + 60_000 }, now)] });
    server.use(...hall.handlers);
    signInAs('op_auction');
    renderConsole('/ops/floor');
    const row = (await screen.findByText('唐山市某国有企业闲置设备一批')).closest('tr')!;
    // The list said 1,280,000 and 12 bids; the hall's row says what stands now.
    await waitFor(() => expect(row).toHaveTextContent('1,300,000.00 元'));
    expect(row).toHaveTextContent('13 次 / 4 人');
    expect(row).toHaveTextContent('402117');
    expect(within(row).getByLabelText('剩余时间')).toHaveTextContent(/02时0[01]分\d{2}秒/);
  });

  it('is not in the menu of a role without floor.run', async () => {
    signInAs('op_finance');
    renderConsole('/ops/');
    await screen.findByRole('heading', { name: '工作台', level: 1 });
    expect(menuLinks()).not.toContain('竞价监控');
  });
});
