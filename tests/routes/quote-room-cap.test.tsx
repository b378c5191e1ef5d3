/**
 * The bidding room's quick buttons under a cap (封顶价, issue 29's phone check): through the whole app with
 * the live worker's logic in process and msw as the server (tests/mocks/handlers/quote-room.ts). A quick
 * bid is never above the cap: a button that would be offers the highest valid bid within it (the cap
 * itself when it lies on the increments' grid, read 封顶价), once; final's window of final offers, which lie
 * above the cap by design, keeps its +k buttons.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ModeState } from '#domain/contract/bidModes';
import { authMock } from '../mocks/handlers/auth';
import { quoteRoomBackend, RIVAL_CODE, ROOM_ACTIVITY_ID, ROOM_CODES } from '../mocks/handlers/quote-room';
import { renderApp } from '../mocks/renderApp';
import { useMockServer } from '../mocks/server';

const server = useMockServer();
vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => authMock.reset());

const MY_CODE = ROOM_CODES.demo_person!;
const ROOM = `/quoteHall?activityId=${ROOM_ACTIVITY_ID}`;
const modeState = (over: Partial<ModeState>): ModeState => ({ sealed: false, phase: 'open', nextDropAt: null, floorPrice: null, nextIncrement: 10_000, ...over });

async function openRoom(backend: ReturnType<typeof quoteRoomBackend>) {
  server.use(...backend.handlers);
  authMock.signIn('demo_person');
  renderApp(ROOM);
  await screen.findByTestId('quote-room', {}, { timeout: 10_000 });
  await waitFor(() => expect(screen.getByTestId('room-my-code').textContent).toBe(MY_CODE), { timeout: 6_000 });
}

/** The quick buttons as [words, amount], in order. */
const quickButtons = () =>
  within(screen.getByRole('group', { name: '快捷加价' }))
    .getAllByRole('button')
    .map((b) => [b.querySelector('.room-bid__quick-step')!.textContent, b.querySelector('.room-bid__quick-amount')!.textContent]);
const waitQuick = (expected: string[][]) => waitFor(() => expect(quickButtons()).toEqual(expected), { timeout: 6_000 });
const amountField = () => screen.getByLabelText('出价金额（元）') as HTMLInputElement;

describe('/quoteHall: quick bids never above the cap', () => {
  it('start 82.00, increment 1,000.00, cap 1,082.00: 起拍价 and 封顶价, no 4,082.00; 封顶价 puts the cap in the field and is sent as a bid', async () => {
    const backend = quoteRoomBackend({ startPrice: 82, biddingPrice: 82, maxPrice: 82, increment: 1_000, modeState: modeState({ capPrice: 1_082, nextIncrement: 1_000 }) });
    await openRoom(backend);
    await waitQuick([
      ['起拍价', '82.00'],
      ['封顶价', '1,082.00'],
    ]);
    expect(screen.queryByText('4,082.00')).toBeNull();
    expect(screen.queryByText(/起拍价 \+4 个幅度/)).toBeNull();

    fireEvent.click(within(screen.getByRole('group', { name: '快捷加价' })).getByText('封顶价').closest('button')!);
    expect(amountField().value).toBe('1082');
    fireEvent.click(screen.getByRole('form', { name: '出价' }).querySelector('button[type="submit"]')!);
    const asked = (await screen.findAllByText('确认以 1,082.00 元出价？', {}, { timeout: 5_000 })).at(-1)!;
    fireEvent.click(within(asked.closest('.ant-modal-confirm') as HTMLElement).getByText('确认出价').closest('button')!);
    await waitFor(() => expect(screen.getByTestId('room-bid-feedback').textContent).toMatch(/出价成功：1,082.00元/), { timeout: 6_000 });
    expect(backend.state.bidCalls.map((c) => c.amount)).toEqual([1_082]);
  });

  it('a cap three increments up: +5 becomes 封顶价; after a rival bid the buttons stop at the cap, each amount once', async () => {
    const backend = quoteRoomBackend({ modeState: modeState({ capPrice: 1_030_000 }) });
    await openRoom(backend);
    await waitQuick([
      ['起拍价', '1,000,000.00'],
      ['起拍价 +1 个幅度', '1,010,000.00'],
      ['封顶价', '1,030,000.00'],
    ]);
    backend.bidAs(RIVAL_CODE, 1_010_000);
    await waitFor(() => expect(screen.getByTestId('room-next-price').textContent).toBe('1,020,000.00'), { timeout: 6_000 });
    await waitQuick([
      ['+1 个幅度', '1,020,000.00'],
      ['封顶价', '1,030,000.00'],
    ]);
  });

  it('a cap off the increments: the highest valid bid below it, never the amount above', async () => {
    const backend = quoteRoomBackend({ modeState: modeState({ capPrice: 1_025_000 }) });
    await openRoom(backend);
    await waitQuick([
      ['起拍价', '1,000,000.00'],
      ['起拍价 +1 个幅度', '1,010,000.00'],
      ['起拍价 +2 个幅度', '1,020,000.00'],
    ]);
    expect(screen.queryByText('1,040,000.00')).toBeNull();
  });

  it('a sealed offer (一次报价) under a cap: the same bound', async () => {
    const backend = quoteRoomBackend({ mode: 'onceOff', modeState: modeState({ sealed: true, phase: 'sealed', capPrice: 1_020_000 }) });
    await openRoom(backend);
    await waitQuick([
      ['起拍价', '1,000,000.00'],
      ['起拍价 +1 个幅度', '1,010,000.00'],
      ['封顶价', '1,020,000.00'],
    ]);
  });

  it("final's window: final offers lie above the cap in whole increments, so its buttons keep +1, +2, +5", async () => {
    const cap = 1_100_000;
    const backend = quoteRoomBackend({ mode: 'final', modeState: modeState({ phase: 'final', sealed: true, capPrice: cap }), biddingPrice: cap, maxPrice: cap, biddingCount: 2 });
    backend.state.mine.demo_person = { myAtCap: true, myCanMatch: false, myOffer: null };
    await openRoom(backend);
    await waitQuick([
      ['+1 个幅度', '1,110,000.00'],
      ['+2 个幅度', '1,120,000.00'],
      ['+5 个幅度', '1,150,000.00'],
    ]);
  });
});
