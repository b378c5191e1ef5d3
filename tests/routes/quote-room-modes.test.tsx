/**
 * The bidding room in the later modes (final, first-come-first-served, two-stage, v-shaped), through
 * the whole app with the live worker's logic in process and msw as the server (tests/mocks/handlers/
 * quote-room.ts): each mode's phase, what the price panel says, the buttons that make sense in the phase
 * (an amount, one acceptance, the confirmation to join stage 2, or why there is nothing to do), the
 * pre-check's messages and the confirmation's wording. Phase turns that happen on time alone are shown
 * with boundaries already passed (no waiting on the clock).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ModeState } from '#domain/contract/bidModes';
import { BID_REJECTION_MESSAGES } from '#domain/rules/bidRules';
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

async function openRoom(backend: ReturnType<typeof quoteRoomBackend>, loginName = 'demo_person') {
  server.use(...backend.handlers);
  authMock.signIn(loginName);
  renderApp(ROOM);
  await screen.findByTestId('quote-room', {}, { timeout: 10_000 });
  await waitFor(() => expect(screen.getByTestId('room-my-code').textContent).toBe(MY_CODE), { timeout: 6_000 });
}

const text = (testId: string) => screen.getByTestId(testId).textContent ?? '';
const waitText = (testId: string, expected: string | RegExp, timeout = 6_000) => waitFor(() => expect(text(testId)).toMatch(expected), { timeout });
const submitButton = () => screen.getByRole('form', { name: '出价' }).querySelector('button[type="submit"]')! as HTMLButtonElement;

/** Types an amount (unless an acceptance), presses the form's button and confirms the question asked. */
async function send(question: string, amount?: string) {
  if (amount !== undefined) fireEvent.change(screen.getByLabelText('出价金额（元）'), { target: { value: amount } });
  fireEvent.click(submitButton());
  const asked = (await screen.findAllByText(question, {}, { timeout: 5_000 })).at(-1)!;
  fireEvent.click(within(asked.closest('.ant-modal-confirm') as HTMLElement).getByText('确认出价').closest('button')!);
}

describe('/quoteHall: final (最终报价)', () => {
  const cap = 1_100_000;
  const finalState = modeState({ phase: 'final', sealed: true, capPrice: cap, nextIncrement: 10_000 });

  it('open bidding shows the cap and the pre-check refuses above it; at the cap the price freezes and the bidder at the cap makes one final offer', async () => {
    const backend = quoteRoomBackend({ mode: 'final', modeState: modeState({ capPrice: cap }) });
    backend.bidAs(RIVAL_CODE, 1_050_000);
    await openRoom(backend);
    expect(text('room-mode')).toBe('最终报价');
    expect(text('room-cap')).toBe('110万元');
    fireEvent.change(screen.getByLabelText('出价金额（元）'), { target: { value: '1120000' } });
    fireEvent.click(submitButton());
    await waitText('room-bid-feedback', BID_REJECTION_MESSAGES.aboveCap);
    expect(backend.state.bidCalls).toHaveLength(0);

    await send('确认以 1,100,000.00 元出价？', '1100000');
    await waitText('room-bid-feedback', /出价成功/);
    // The server: the cap is reached, the window of final offers is open; this bidder is at the cap.
    backend.state.mine.demo_person = { myAtCap: true, myCanMatch: false, myOffer: null };
    backend.set({ modeState: finalState, biddingPrice: cap, maxPrice: cap });
    await waitText('room-phase', '最终报价期');
    await waitText('room-my-standing', '已入围');
    expect(screen.getByRole('heading', { name: '封顶价（价格已冻结）' })).toBeTruthy();
    expect(text('room-price')).toBe('110万元');
    expect(text('room-price-time')).toMatch(/^已达封顶价，最终报价期至 \d{2}:\d{2}:\d{2}：以封顶价出价的竞买人可提交一次密封的最终报价/);
    expect(screen.getByText('最终报价期间不公开报价记录，竞价结束后公布结果。')).toBeTruthy();
    expect(text('room-next-price')).toBe('1,110,000.00');
    expect(submitButton().textContent).toBe('提交最终报价');
    // The cap itself is not a final offer; not a whole increment above it neither.
    fireEvent.change(screen.getByLabelText('出价金额（元）'), { target: { value: '1100000' } });
    fireEvent.click(submitButton());
    await waitText('room-bid-feedback', BID_REJECTION_MESSAGES.alreadyAtCap);
    fireEvent.change(screen.getByLabelText('出价金额（元）'), { target: { value: '1105000' } });
    fireEvent.click(submitButton());
    await waitText('room-bid-feedback', BID_REJECTION_MESSAGES.notMultiple);

    await send('确认以 1,150,000.00 元提交最终报价？', '1150000');
    await waitText('room-bid-feedback', /出价成功：1,150,000.00元/);
    await waitText('room-my-standing', '已报价');
    await waitText('room-bid-notice', '您已提交最终报价 1,150,000.00元，最终报价期结束后公布结果。');
    expect(screen.queryByRole('form', { name: '出价' })).toBeNull();
    expect(backend.state.bidCalls.map((c) => [c.mode, c.amount])).toEqual([
      ['final', 1_100_000],
      ['final', 1_150_000],
    ]);
  });

  it('a pre-emptive holder matches the cap with one button; a bidder who is neither at the cap nor a holder is told why he cannot offer', async () => {
    const holder = quoteRoomBackend({ mode: 'final', modeState: finalState, biddingPrice: cap, maxPrice: cap, biddingCount: 3 });
    holder.state.mine.demo_person = { myAtCap: false, myCanMatch: true, myOffer: null };
    await openRoom(holder);
    expect(submitButton().textContent).toBe('以封顶价 1,100,000.00 元行使优先购买权');
    expect(text('room-next-price')).toBe('1,100,000.00');
    await send('确认以 1,100,000.00 元行使优先购买权？');
    await waitText('room-bid-feedback', /出价成功：1,100,000.00元/);
    // Now at the cap: the final offer form.
    await waitFor(() => expect(submitButton().textContent).toBe('提交最终报价'), { timeout: 6_000 });
  });

  it('a bidder outside the cap reads why, with no form', async () => {
    const other = quoteRoomBackend({ mode: 'final', modeState: finalState, biddingPrice: cap, maxPrice: cap, biddingCount: 2 });
    other.state.mine.demo_person = { myAtCap: false, myCanMatch: false, myOffer: null };
    await openRoom(other);
    await waitText('room-bid-notice', '价格已达封顶价，进入最终报价期：仅以封顶价出价的竞买人可提交最终报价。');
    expect(screen.queryByRole('form', { name: '出价' })).toBeNull();
  });
});

describe('/quoteHall: first-come-first-served (先到先得)', () => {
  it('one button accepts the fixed price; once taken, the phase says so and a late acceptance hears 已被他人应价', async () => {
    const backend = quoteRoomBackend({ mode: 'first-come-first-served', startPrice: 800_000, biddingPrice: 800_000, maxPrice: 800_000, modeState: modeState({ phase: 'fixed', nextIncrement: 0 }) });
    await openRoom(backend);
    expect(text('room-mode')).toBe('先到先得');
    expect(text('room-phase')).toBe('先到先得：等待应价');
    expect(screen.getByRole('heading', { name: '挂牌价格' })).toBeTruthy();
    expect(text('room-price-time')).toBe('先到先得：第一位应价的竞买人以挂牌价格成交，其他竞买人的应价无效。');
    expect(screen.queryByLabelText('出价金额（元）')).toBeNull();
    expect(submitButton().textContent).toBe('以挂牌价格 800,000.00 元应价');

    backend.bidAs(RIVAL_CODE, 800_000);
    await waitText('room-phase', '已被应价');
    await waitText('room-price-time', `竞买号 ${RIVAL_CODE} 于`);
    fireEvent.click(submitButton());
    await waitText('room-bid-feedback', BID_REJECTION_MESSAGES.taken);
    expect(backend.state.bidCalls).toHaveLength(0);
  });

  it('the first acceptance wins', async () => {
    const backend = quoteRoomBackend({ mode: 'first-come-first-served', startPrice: 800_000, biddingPrice: 800_000, maxPrice: 800_000, modeState: modeState({ phase: 'fixed', nextIncrement: 0 }) });
    await openRoom(backend);
    await send('确认以 800,000.00 元应价？');
    await waitText('room-bid-feedback', /出价成功：800,000.00元/);
    await waitText('room-my-standing', '领先');
    expect(backend.state.bidCalls[0]).toMatchObject({ mode: 'first-come-first-served', amount: 800_000 });
  });
});

describe('/quoteHall: an answer that ends the activity', () => {
  it('a late acceptance refused as the activity ends: the form goes, the answer stays in the room', async () => {
    const backend = quoteRoomBackend({ mode: 'first-come-first-served', startPrice: 800_000, biddingPrice: 800_000, maxPrice: 800_000, modeState: modeState({ phase: 'fixed', nextIncrement: 0 }) });
    await openRoom(backend);
    // A rival's acceptance commits first: this one is refused, and the activity ends with the rival's.
    backend.refuseNext(BID_REJECTION_MESSAGES.taken);
    await send('确认以 800,000.00 元应价？');
    await waitText('room-bid-feedback', BID_REJECTION_MESSAGES.taken);
    backend.bidAs(RIVAL_CODE, 800_000);
    backend.end('sold');
    await waitFor(() => expect(screen.queryByRole('form', { name: '出价' })).toBeNull(), { timeout: 6_000 });
    expect(text('room-last-answer')).toBe(`出价未成功：${BID_REJECTION_MESSAGES.taken}`);
  });
});

describe('/quoteHall: two-stage (先一次报价后多次报价)', () => {
  it('stage 1 takes one sealed quote; the room turns to the confirmation window when stage 1 is over and 确认参加第二阶段 joins', async () => {
    const stage1End = Date.now() + 60 * 60_000;
    const backend = quoteRoomBackend({ mode: 'two-stage', endTime: stage1End, originalEndTime: stage1End, modeState: modeState({ phase: 'stage1', sealed: true, phaseEndsAt: stage1End }) });
    backend.bidAs(RIVAL_CODE, 1_030_000);
    await openRoom(backend);
    expect(text('room-phase')).toBe('第一阶段：密封报价');
    expect(text('room-price')).toBe('结束前不公开');
    expect(text('room-price-time')).toMatch(/^第一阶段（密封报价）截止 \d{2}:\d{2}:\d{2}：每位竞买人报价一次/);
    expect(submitButton().textContent).toBe('提交第一阶段报价');
    await send('确认以 1,020,000.00 元报价？', '1020000');
    await waitText('room-bid-feedback', /出价成功：1,020,000.00元/);
    await waitText('room-bid-notice', '您已提交第一阶段报价 1,020,000.00元，第一阶段截止后公布最高报价。');
    await waitText('room-my-standing', '已报价');

    // Stage 1 is over (its deadline passed; the server has opened the window): the highest quote is public.
    const joinEnd = Date.now() + 30 * 60_000;
    backend.set({ endTime: joinEnd, modeState: modeState({ phase: 'stage1', sealed: true, phaseEndsAt: Date.now() - 1000 }) });
    await waitText('room-phase', '确认参加第二阶段');
    backend.set({ biddingPrice: 1_030_000, maxPrice: 1_030_000, leaderBidCode: RIVAL_CODE, modeState: modeState({ phase: 'join', phaseEndsAt: joinEnd }) });
    await waitFor(() => expect(screen.getByTestId('room-join')).toBeTruthy(), { timeout: 6_000 });
    expect(await screen.findByRole('heading', { name: '第一阶段最高报价（第二阶段起始价）' }, { timeout: 6_000 })).toBeTruthy();
    expect(text('room-price')).toBe('103万元');
    fireEvent.click(screen.getByTestId('room-join'));
    const asked = await screen.findByText(/^确认参加第二阶段限时报价？/, {}, { timeout: 5_000 });
    fireEvent.click(within(asked.closest('.ant-modal-confirm') as HTMLElement).getByText('确认参加').closest('button')!);
    await waitText('room-bid-notice', /^您已确认参加第二阶段，第二阶段于 \d{2}:\d{2}:\d{2} 开始。$/);
    expect(backend.state.joinCalls).toEqual([{ activityId: ROOM_ACTIVITY_ID, loginName: 'demo_person' }]);
  });

  it('stage 2 opens when the window has passed and someone joined: the joined bidder bids up from the highest quote', async () => {
    const backend = quoteRoomBackend({
      mode: 'two-stage',
      biddingPrice: 1_030_000,
      maxPrice: 1_030_000,
      endTime: Date.now() + 60 * 60_000,
      modeState: modeState({ phase: 'join', phaseEndsAt: Date.now() - 1000 }),
    });
    backend.bidAs(RIVAL_CODE, 1_030_000);
    backend.state.mine.demo_person = { myOffer: 1_020_000, myJoined: true };
    await openRoom(backend);
    await waitText('room-phase', '第二阶段：限时报价');
    expect(text('room-next-price')).toBe('1,040,000.00');
    await send('确认以 1,040,000.00 元出价？', '1040000');
    await waitText('room-my-standing', '领先');
  });

  it('a bidder without a quote cannot join, and one who did not join cannot bid in stage 2', async () => {
    const window = quoteRoomBackend({ mode: 'two-stage', biddingPrice: 1_030_000, leaderBidCode: RIVAL_CODE, modeState: modeState({ phase: 'join', phaseEndsAt: Date.now() + 60_000 }) });
    window.state.mine.demo_person = { myOffer: null, myJoined: false };
    await openRoom(window);
    await waitText('room-bid-notice', '您在第一阶段未提交有效报价，不能参加第二阶段。');
    expect(screen.queryByTestId('room-join')).toBeNull();
    window.set({ modeState: modeState({ phase: 'stage2', phaseEndsAt: null }) });
    await waitText('room-bid-notice', '您未确认参加第二阶段，不能在第二阶段出价。');
  });
});

describe('/quoteHall: v-shaped (V 型)', () => {
  it('falls like a dutch auction with one acceptance button, then turns to ascending bidding from the accepted price', async () => {
    const backend = quoteRoomBackend({
      mode: 'v-shaped',
      biddingPrice: 900_000,
      maxPrice: 900_000,
      modeState: modeState({ phase: 'descending', nextDropAt: Date.now() + 60_000, floorPrice: 600_000, nextIncrement: 10_000 }),
    });
    await openRoom(backend);
    expect(text('room-mode')).toBe('V 型竞价');
    expect(text('room-phase')).toBe('降价中');
    expect(screen.getByRole('heading', { name: '当前降价价格' })).toBeTruthy();
    expect(text('room-price-time')).toMatch(/最低价 60万元；首次应价后转为加价竞价$/);
    expect(screen.getByText('V 型竞价：首次应价后转为加价竞价')).toBeTruthy();
    expect(submitButton().textContent).toBe('以当前价 900,000.00 元应价');
    await send('确认以 900,000.00 元应价？');
    await waitText('room-bid-feedback', /出价成功：900,000.00元/);
    await waitText('room-phase', '加价竞价中');
    await waitText('room-my-standing', '领先');
    await waitText('room-next-price', '910,000.00');
    expect(screen.getByLabelText('出价金额（元）')).toBeTruthy();
    backend.bidAs(RIVAL_CODE, 910_000);
    await waitText('room-my-standing', '出局');
    fireEvent.change(screen.getByLabelText('出价金额（元）'), { target: { value: '915000' } });
    fireEvent.click(submitButton());
    await waitText('room-bid-feedback', BID_REJECTION_MESSAGES.tooLow);
  });
});
