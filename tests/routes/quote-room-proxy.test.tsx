/**
 * 代理出价 in the bidding room (docs/bidding.md "Proxy bidding"): the panel under the bid form sets a
 * ceiling (confirmed first), shows 代理中 with the ceiling by the money rule, raises and cancels it, shows
 * 已超出 after an exceedance and the server's reason when the phase takes no ceiling; the history marks the
 * server's bids 代理; sealed modes have no panel.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROXY_PATH, type ProxyAnswer, type ProxyBidState } from '#domain/contract/proxy';
import { frozenClock } from '../mocks/clock';
import { envelope } from '../mocks/fixtures';
import { authMock } from '../mocks/handlers/auth';
import { quoteRoomBackend, RIVAL_CODE, ROOM_ACTIVITY_ID, ROOM_CODES } from '../mocks/handlers/quote-room';
import { renderApp } from '../mocks/renderApp';
import { useMockServer } from '../mocks/server';

const server = useMockServer();
vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => {
  authMock.reset();
  frozenClock();
});

let room: ReturnType<typeof renderApp> | undefined;
afterEach(() => {
  room?.unmount();
  room = undefined;
});

/** The proxy routes of one bidder: his ceiling, the calls made. */
function proxyBackend(start: Partial<ProxyAnswer> = {}) {
  const state = {
    answer: { activityId: ROOM_ACTIVITY_ID, proxy: null, allowed: true, reason: null, minCeiling: 10_100, ...start } as ProxyAnswer,
    puts: [] as string[],
    deletes: 0,
    gets: 0,
  };
  const proxy = (over: Partial<ProxyBidState>): ProxyBidState => ({ ceiling: 0, status: 'active', setTime: Date.now(), updateTime: Date.now(), ...over });
  const handlers = [
    http.get(`/api${PROXY_PATH}`, () => {
      state.gets += 1;
      return HttpResponse.json(envelope(state.answer));
    }),
    http.put(`/api${PROXY_PATH}`, ({ request }) => {
      const ceiling = new URL(request.url).searchParams.get('ceiling')!;
      state.puts.push(ceiling);
      if (Number(ceiling) < (state.answer.minCeiling ?? 0)) return HttpResponse.json({ code: 400, success: false, msg: '代理出价上限不得低于当前最低可出价', data: null });
      state.answer = { ...state.answer, proxy: proxy({ ceiling: Number(ceiling) }), placed: 1 };
      return HttpResponse.json(envelope(state.answer));
    }),
    http.delete(`/api${PROXY_PATH}`, () => {
      state.deletes += 1;
      state.answer = { ...state.answer, proxy: proxy({ ...state.answer.proxy, status: 'cancelled' }) };
      return HttpResponse.json(envelope(state.answer));
    }),
  ];
  return { state, handlers, proxy };
}

async function openRoom(backend = quoteRoomBackend(), proxies = proxyBackend()) {
  server.use(...backend.handlers, ...proxies.handlers);
  authMock.signIn('demo_person');
  room = renderApp(`/quoteHall?activityId=${ROOM_ACTIVITY_ID}`);
  return screen.findByTestId('room-proxy', {}, { timeout: 10_000 });
}

describe('/quoteHall: 代理出价', () => {
  it('sets a ceiling after confirming, shows 代理中 and the ceiling in 万元, raises and cancels it', async () => {
    const backend = quoteRoomBackend({ startPrice: 10_000, increment: 100, biddingPrice: 10_000 });
    backend.bidAs(RIVAL_CODE, 10_000);
    const proxies = proxyBackend();
    const panel = await openRoom(backend, proxies);
    expect(panel.textContent).toContain('上限仅您本人可见');
    const input = within(panel).getByTestId('room-proxy-amount');
    expect(input.getAttribute('placeholder')).toBe('上限不低于 10100 元');
    fireEvent.change(input, { target: { value: '12500' } });
    expect(panel.textContent).toContain('即 1.25万元');
    fireEvent.click(within(panel).getByTestId('room-proxy-set'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('确认将代理出价上限设为 1.25万元？');
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*认/ }));
    await waitFor(() => expect(within(panel).getByTestId('room-proxy-status').textContent).toBe('代理中'));
    expect(proxies.state.puts).toEqual(['12500.00']);
    expect(within(panel).getByTestId('room-proxy-ceiling').textContent).toBe('1.25万元');
    expect(within(panel).getByTestId('room-proxy-set').textContent).toContain('提高上限');

    fireEvent.click(within(panel).getByTestId('room-proxy-cancel'));
    await waitFor(() => expect(within(panel).getByTestId('room-proxy-status').textContent).toBe('已取消'));
    expect(proxies.state.deletes).toBe(1);
  });

  it('shows 已超出 after the price passed the ceiling, and the reason when the phase takes none', async () => {
    const proxies = proxyBackend();
    proxies.state.answer = { ...proxies.state.answer, proxy: proxies.proxy({ ceiling: 10_200, status: 'exceeded' }) };
    const panel = await openRoom(quoteRoomBackend(), proxies);
    await waitFor(() => expect(within(panel).getByTestId('room-proxy-status').textContent).toBe('已超出'));
    expect(panel.textContent).toContain('当前价已超出上限');
    room?.unmount();
    const closed = proxyBackend({ allowed: false, reason: '当前阶段不接受代理出价（仅在可加价竞价的阶段设置）', minCeiling: null });
    const panel2 = await openRoom(quoteRoomBackend({ mode: 'v-shaped' }), closed);
    await waitFor(() => expect(panel2.textContent).toContain('当前阶段不接受代理出价'));
    expect(within(panel2).queryByTestId('room-proxy-amount')).toBeNull();
  });

  it('marks the server’s bids 代理 in the history; a sealed room has no panel', async () => {
    const backend = quoteRoomBackend();
    backend.bidAs(RIVAL_CODE, 10_000);
    backend.bidAs(ROOM_CODES.demo_person!, 10_100);
    backend.set({ bids: backend.state.activity.bids.map((b) => (b.seq === 2 ? { ...b, proxy: true as const } : b)) });
    await openRoom(backend);
    const rows = await screen.findAllByTestId('room-bid');
    expect(rows[0]!.textContent).toContain('代理');
    expect(rows[1]!.textContent).not.toContain('代理');
    room?.unmount();
    server.use(...quoteRoomBackend({ mode: 'onceOff' }).handlers);
    authMock.signIn('demo_person');
    room = renderApp(`/quoteHall?activityId=${ROOM_ACTIVITY_ID}`);
    await screen.findByTestId('quote-room', {}, { timeout: 10_000 });
    expect(screen.queryByTestId('room-proxy')).toBeNull();
  });
});
