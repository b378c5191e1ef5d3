/**
 * 代理出价 on the watch board (/myWatch, docs/bidding.md "Proxy bidding"): a live row of a mode with an
 * ascending phase where the user holds a bid code has the small action 代理出价; its dialog reads the user's
 * own ceiling and sets it as in the room.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { MyLot } from '#domain/contract/desk';
import { PROXY_PATH, type ProxyAnswer } from '#domain/contract/proxy';
import { lotStatus } from '#domain/rules/lotState';
import { authMock } from '../mocks/handlers/auth';
import { enrolMock } from '../mocks/handlers/enrolment';
import { bidEntryFixture, hallBackend } from '../mocks/handlers/hall';
import { envelope, listingFixture } from '../mocks/fixtures';
import { renderApp } from '../mocks/renderApp';
import { useMockServer } from '../mocks/server';

const server = useMockServer();
vi.setConfig({ testTimeout: 30_000 });
const HOUR = 3_600_000;

function myLot(activityId: number, assetsId: number, mode: string, bidCode: string | null): MyLot {
  const now = Date.now();
  const lot = lotStatus('正在报名', { activityId, status: 'live', outcome: null, mode, startTime: now - HOUR, endTime: now + 3 * HOUR, currentPrice: 1_000_000, biddingCount: 0 });
  return { listing: listingFixture({ id: assetsId, lot }), bidCode, myBidCount: 0, leaderBidCode: null, enrolment: null, favourite: false };
}

describe('the watch board: 代理出价', () => {
  it('opens the user’s own ceiling from a row and sets it; sealed lots and lots without a bid code have no action', async () => {
    const live = [bidEntryFixture(0), bidEntryFixture(1), bidEntryFixture(2)];
    server.use(...hallBackend({ live }).handlers);
    const puts: string[] = [];
    let answer: ProxyAnswer = { activityId: live[0]!.activityId, proxy: null, allowed: true, reason: null, minCeiling: 10_100 };
    server.use(
      http.get(`/api${PROXY_PATH}`, () => HttpResponse.json(envelope(answer))),
      http.put(`/api${PROXY_PATH}`, ({ request }) => {
        const ceiling = new URL(request.url).searchParams.get('ceiling')!;
        puts.push(`${new URL(request.url).searchParams.get('activityId')}:${ceiling}`);
        answer = { ...answer, proxy: { ceiling: Number(ceiling), status: 'active', setTime: Date.now(), updateTime: Date.now() }, placed: 0 };
        return HttpResponse.json(envelope(answer));
      }),
    );
    authMock.signIn('demo_person');
    enrolMock.state.deskLots = [
      { owner: 'demo_person', value: myLot(live[0]!.activityId, live[0]!.assetsId, 'ongoing', '123456') },
      { owner: 'demo_person', value: myLot(live[1]!.activityId, live[1]!.assetsId, 'onceOff', '123457') },
      { owner: 'demo_person', value: myLot(live[2]!.activityId, live[2]!.assetsId, 'ongoing', null) },
    ];
    const { container } = renderApp('/myWatch');
    const rowOf = (id: number) => container.querySelector<HTMLElement>(`[data-testid="watch-row"][data-activity-id="${id}"]`);
    await waitFor(() => expect(rowOf(live[2]!.activityId)).not.toBeNull(), { timeout: 10_000 });
    expect(within(rowOf(live[1]!.activityId)!).queryByTestId('watch-proxy')).toBeNull();
    expect(within(rowOf(live[2]!.activityId)!).queryByTestId('watch-proxy')).toBeNull();
    fireEvent.click(within(rowOf(live[0]!.activityId)!).getByTestId('watch-proxy'));
    const dialog = await screen.findByRole('dialog', { name: /^代理出价：/ });
    expect(dialog.textContent).toContain('上限仅您本人可见');
    const input = await within(dialog).findByTestId('room-proxy-amount');
    expect(input.getAttribute('placeholder')).toBe('上限不低于 10100 元');
    fireEvent.change(input, { target: { value: '10500' } });
    fireEvent.click(within(dialog).getByTestId('room-proxy-set'));
    const confirm = await screen.findByText(/确认将代理出价上限设为 1.05万元？/);
    fireEvent.click(within(confirm.closest('.ant-modal') as HTMLElement).getByRole('button', { name: /确\s*认/ }));
    await waitFor(() => expect(within(dialog).getByTestId('room-proxy-status').textContent).toBe('代理中'));
    expect(puts).toEqual([`${live[0]!.activityId}:10500.00`]);
  });
});
