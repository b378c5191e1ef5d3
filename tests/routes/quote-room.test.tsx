/**
 * The bidding room (/quoteHall) through the whole app: the live worker's logic in process polls
 * bidding-data every second (msw as the server, tests/mocks/handlers/quote-room.ts), the main thread asks
 * once with the user's token for the bid code. Every display rule of what a bidder sees in the room
 * (README "The bidding room"): 领先/出局/未出价, next valid price and quick buttons, extension notice, result,
 * the pre-check's messages, the server's refusal, idempotency keys, and the not-qualified / not-found /
 * not-logged-in states.
 *
 * The wall clock is frozen (tests/mocks/clock.ts): countdowns and the clock offset are exact. A change on
 * the server (a rival's bid, an extension, the end) is polled at once (`serverChanged()`, the room's own
 * re-sync) instead of waiting for the next 1 s poll.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BID_REJECTION_MESSAGES } from '#domain/rules/bidRules';
import { formatYuan } from '#domain/rules/money';
import { setAlertPrefs } from '@/lib/alertPrefs';
import { frozenClock, stepClock } from '../mocks/clock';
import { authMock } from '../mocks/handlers/auth';
import { NOT_QUALIFIED_MSG, quoteRoomBackend, RIVAL_CODE, ROOM_ACTIVITY_ID, ROOM_CODES } from '../mocks/handlers/quote-room';
import { renderApp } from '../mocks/renderApp';
import { useMockServer } from '../mocks/server';

const server = useMockServer();
vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => {
  authMock.reset();
  frozenClock();
});

const MY_CODE = ROOM_CODES.demo_person!;
const ROOM = `/quoteHall?activityId=${ROOM_ACTIVITY_ID}`;

function use(backend: ReturnType<typeof quoteRoomBackend>) {
  server.use(...backend.handlers);
  return backend;
}

let room: ReturnType<typeof renderApp> | undefined;

async function openRoom(backend: ReturnType<typeof quoteRoomBackend>, loginName = 'demo_person') {
  use(backend);
  authMock.signIn(loginName);
  const view = renderApp(ROOM);
  room = view;
  await screen.findByTestId('quote-room', {}, { timeout: 10_000 });
  return view;
}

/** The server's data changed: the open room polls it now (as after the bidder's own accepted bid). */
function serverChanged() {
  act(() => room!.liveService.resync(ROOM_ACTIVITY_ID));
}

const text = (testId: string) => screen.getByTestId(testId).textContent ?? '';
const waitText = (testId: string, expected: string | RegExp, timeout = 6_000) =>
  waitFor(() => expect(text(testId)).toMatch(expected), { timeout });

const yuanNumber = (amount: string) => formatYuan(amount).replace(/元$/, '');

/** Types an amount, presses 出价 and (when asked) confirms the dialog. */
async function bid(amount: string, confirm = true) {
  fireEvent.change(screen.getByLabelText('出价金额（元）'), { target: { value: amount } });
  fireEvent.click(screen.getByRole('form', { name: '出价' }).querySelector('button[type="submit"]')!);
  if (!confirm) return;
  // Closed dialogs may linger in the DOM (antd's leave motion): the newest question is the last one.
  const question = (await screen.findAllByText(`确认以 ${yuanNumber(amount)} 元出价？`, {}, { timeout: 5_000 })).at(-1)!;
  fireEvent.click(within(question.closest('.ant-modal-confirm') as HTMLElement).getByText('确认出价').closest('button')!);
}

describe('/quoteHall: what a bidder sees', () => {
  it('shows the name, mode, phase, current price with its time, bid count, own code, history and the server-clock offset', async () => {
    const backend = quoteRoomBackend({ assetsName: '唐山某钢铁集团报废运输车辆一批（26辆）', startPrice: 80_000, increment: 1_000 });
    backend.bidAs(RIVAL_CODE, 80_000);
    backend.bidAs('610035', 82_000);
    await openRoom(backend);

    expect(screen.getByText('唐山某钢铁集团报废运输车辆一批（26辆）')).toBeTruthy();
    expect(text('room-mode')).toBe('多次报价');
    expect(text('room-phase')).toBe('自由竞价');
    expect(text('room-price')).toBe('8.2万元');
    expect(text('room-price-time')).toMatch(/竞买号 610035 于 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} 出价/);
    expect(text('room-bid-count')).toBe('2 次');
    await waitText('room-my-code', MY_CODE);
    const rows = screen.getAllByTestId('room-bid');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^261003582,000\.00元.*领先$/),
      expect.stringMatching(/^152771980,000\.00元.*出局$/),
    ]);
    // An hour left, less the 5 s margin; the frozen clock and the server agree to the millisecond.
    expect(text('room-countdown')).toBe('00时59分55秒');
    await waitText('room-clock', '服务器时间校准 +0 ms');
    // The price chart (loaded lazily) draws the room's bids, in bid order.
    await waitFor(() => expect(screen.getAllByTestId('price-chart-point')).toHaveLength(2), { timeout: 6_000 });
    expect(screen.getByRole('img', { name: /^价格走势：共 2 次出价，起始价8万元，从8万元到8.2万元$/ })).toBeTruthy();
  });

  it('未出价 → 领先 after my confirmed bid → 出局 when another bidder outbids me', async () => {
    const backend = quoteRoomBackend();
    backend.bidAs(RIVAL_CODE);
    await openRoom(backend);
    await waitText('room-my-standing', '未出价');

    await bid('1010000');
    await waitText('room-bid-feedback', `出价成功：1,010,000.00元（竞买号 ${MY_CODE}）`);
    await waitText('room-my-standing', '领先');
    expect(backend.state.bidCalls).toHaveLength(1);
    expect(backend.state.bidCalls[0]).toMatchObject({ mode: 'ongoing', activityId: ROOM_ACTIVITY_ID, amount: 1_010_000, loginName: 'demo_person' });

    backend.bidAs(RIVAL_CODE);
    serverChanged();
    await waitText('room-my-standing', '出局');
    await waitText('room-price', '102万元');
    expect(screen.getAllByTestId('room-bid')[1]!.textContent).toContain(`${MY_CODE}（我）`);
    // Being outbid is read out politely (the countdown seconds never are).
    expect(text('room-announcer')).toBe(`您的出价已被超越，当前价102万元，竞买号${RIVAL_CODE}领先`);
  });

  it('next valid price: the start price before any bid, then current + increment; quick buttons read 起拍价 before the first bid, then add 1, 2, 5 increments', async () => {
    const backend = quoteRoomBackend({ startPrice: 1_000_000, increment: 10_000 });
    await openRoom(backend);
    expect(text('room-next-price')).toBe('1,000,000.00');
    const quick = screen.getByRole('group', { name: '快捷加价' });
    // Before the first bid the first button holds the start price itself, and says so.
    fireEvent.click(within(quick).getByText('起拍价').closest('button')!);
    expect((screen.getByLabelText('出价金额（元）') as HTMLInputElement).value).toBe('1000000');
    fireEvent.click(within(quick).getByText('起拍价 +1 个幅度').closest('button')!);
    expect((screen.getByLabelText('出价金额（元）') as HTMLInputElement).value).toBe('1010000');
    expect(within(quick).queryByText('+1 个幅度')).toBeNull();

    backend.bidAs(RIVAL_CODE, 1_050_000);
    serverChanged();
    await waitText('room-next-price', '1,060,000.00');
    fireEvent.click(within(quick).getByText('+5 个幅度').closest('button')!);
    expect((screen.getByLabelText('出价金额（元）') as HTMLInputElement).value).toBe('1100000');
    fireEvent.click(within(quick).getByText('+1 个幅度').closest('button')!);
    expect((screen.getByLabelText('出价金额（元）') as HTMLInputElement).value).toBe('1060000');
  });

  it('the amount field holds the next minimum and follows the price; what was typed stays while still valid; 出价 sends the field', async () => {
    const backend = quoteRoomBackend({ startPrice: 1_000_000, increment: 10_000 });
    await openRoom(backend);
    const input = () => (screen.getByLabelText('出价金额（元）') as HTMLInputElement).value;
    expect(input()).toBe('1000000');

    backend.bidAs(RIVAL_CODE, 1_050_000);
    serverChanged();
    await waitText('room-next-price', '1,060,000.00');
    expect(input()).toBe('1060000');

    // Typed above the minimum: kept when the price moves but stays below it; replaced once it is too low.
    fireEvent.change(screen.getByLabelText('出价金额（元）'), { target: { value: '1100000' } });
    backend.bidAs(RIVAL_CODE, 1_070_000);
    serverChanged();
    await waitText('room-next-price', '1,080,000.00');
    expect(input()).toBe('1100000');
    backend.bidAs(RIVAL_CODE, 1_100_000);
    serverChanged();
    await waitText('room-next-price', '1,110,000.00');
    expect(input()).toBe('1110000');

    fireEvent.click(screen.getByRole('form', { name: '出价' }).querySelector('button[type="submit"]')!);
    const question = (await screen.findAllByText('确认以 1,110,000.00 元出价？')).at(-1)!;
    fireEvent.click(within(question.closest('.ant-modal-confirm') as HTMLElement).getByText('确认出价').closest('button')!);
    await waitFor(() => expect(backend.state.bidCalls).toHaveLength(1));
    expect(backend.state.bidCalls[0]).toMatchObject({ amount: 1_110_000 });
  });

  it('提醒设置 出价前确认 off: one click on 出价 bids the minimum, no question asked', async () => {
    setAlertPrefs({ confirmBids: false });
    try {
      const backend = quoteRoomBackend({ startPrice: 1_000_000, increment: 10_000 });
      backend.bidAs(RIVAL_CODE, 1_050_000);
      await openRoom(backend);
      await waitText('room-next-price', '1,060,000.00');
      fireEvent.click(screen.getByRole('form', { name: '出价' }).querySelector('button[type="submit"]')!);
      await waitFor(() => expect(backend.state.bidCalls).toHaveLength(1));
      expect(backend.state.bidCalls[0]).toMatchObject({ amount: 1_060_000 });
      expect(screen.queryByText(/^确认以/)).toBeNull();
      await waitText('room-bid-feedback', `出价成功：1,060,000.00元（竞买号 ${MY_CODE}）`);
    } finally {
      setAlertPrefs({ confirmBids: true });
    }
  });

  it('the amount field keeps at most 12 integer digits and truncates decimals to the fen', async () => {
    await openRoom(quoteRoomBackend());
    const input = screen.getByLabelText('出价金额（元）') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '1010000.129' } });
    expect(input.value).toBe('1010000.12');
    fireEvent.change(input, { target: { value: '1234567890123' } });
    expect(input.value).toBe('');
    fireEvent.change(input, { target: { value: 'abc' } });
    expect(input.value).toBe('');
  });

  it('shows 竞价时间已延长至 HH:mm:ss when the end moves later', async () => {
    const backend = quoteRoomBackend();
    await openRoom(backend);
    expect(screen.queryByTestId('room-extension')).toBeNull();
    // 2026-11-21 10:35:00 China time.
    const newEnd = Date.UTC(2026, 10, 21, 2, 35, 0);
    backend.extendTo(Math.max(newEnd, Date.now() + 60 * 60_000 + 1));
    const expected = new Date(backend.state.activity.endTime + 8 * 3_600_000).toISOString().slice(11, 19);
    serverChanged();
    await waitFor(() => expect(screen.getByTestId('room-extension').textContent).toContain(`竞价时间已延长至 ${expected}`));
    expect(text('room-phase')).toBe('延时竞价（已延时 1 次）');
  });

  it('a late bid of mine extends the end and the notice follows', async () => {
    const backend = quoteRoomBackend({ endTime: Date.now() + 3 * 60_000, originalEndTime: Date.now() + 3 * 60_000 });
    await openRoom(backend);
    await bid('1000000');
    // Three minutes left, inside the 5 minute window: the end moves 5 minutes later than the bid.
    const expected = new Date(Date.now() + 5 * 60_000 + 8 * 3_600_000).toISOString().slice(11, 19);
    await waitFor(() => expect(screen.getByTestId('room-extension').textContent).toContain(`竞价时间已延长至 ${expected}`));
  });

  it('shows the result when it ends: 成交 with the winning code and price, or 流拍', async () => {
    const sold = quoteRoomBackend();
    sold.bidAs(RIVAL_CODE, 1_000_000);
    const view = await openRoom(sold);
    expect(screen.queryByTestId('room-result')).toBeNull();
    sold.end('sold');
    serverChanged();
    await waitText('room-result', `竞价结果：成交竞买号 ${RIVAL_CODE} 以 1,000,000.00元 成交`);
    expect(text('room-countdown')).toBe('竞价已结束');
    expect(screen.queryByRole('form', { name: '出价' })).toBeNull();
    expect(text('room-announcer')).toContain('竞价已结束，成交');
    expect(text('room-my-standing')).toBe('未出价');
    expect(screen.getAllByTestId('room-bid')[0]!.textContent).toMatch(/成交$/);
    view.unmount();

    const failed = quoteRoomBackend();
    failed.end('failed');
    await openRoom(failed);
    await waitText('room-result', /竞价结果：流拍竞价期间无人出价/);
    expect(text('room-phase')).toBe('流拍');
  });

  it('after the end the winner reads 竞得 and the outbid bidder 未竞得, with the 成交价', async () => {
    const backend = quoteRoomBackend();
    const view = await openRoom(backend);
    await bid('1000000');
    await waitText('room-my-standing', '领先');
    backend.end('sold');
    serverChanged();
    await waitText('room-my-standing', '竞得');
    expect(text('room-result')).toContain('恭喜您竞得本标的');
    expect(screen.getByText('成交价')).toBeTruthy();
    view.unmount();

    const lost = quoteRoomBackend();
    lost.bidAs(MY_CODE, 1_000_000);
    lost.bidAs(RIVAL_CODE);
    lost.end('sold');
    await openRoom(lost);
    await waitText('room-my-standing', '未竞得');
    expect(text('room-result')).toContain('您未竞得本标的');
  });
});

describe('/quoteHall: placing a bid', () => {
  it('pre-checks with the domain rules and shows the same Chinese messages, sending nothing', async () => {
    const backend = quoteRoomBackend();
    backend.bidAs(RIVAL_CODE, 1_000_000);
    await openRoom(backend);

    await bid('', false);
    await waitText('room-bid-feedback', '请输入出价金额');
    await bid('1005000', false);
    await waitText('room-bid-feedback', BID_REJECTION_MESSAGES.tooLow);
    await bid('1015000', false);
    await waitText('room-bid-feedback', BID_REJECTION_MESSAGES.notMultiple);
    expect(backend.state.bidCalls).toHaveLength(0);
    expect(screen.queryByText(/^确认以/)).toBeNull();

    // Leading already: the form waits, saying why (the leader may not outbid himself).
    await bid('1010000');
    await waitText('room-my-standing', '领先');
    const submit = screen.getByRole('form', { name: '出价' }).querySelector('button[type="submit"]')!;
    await waitFor(() => expect(submit).toBeDisabled());
    expect(submit).toHaveAttribute('title', '您当前为最高出价人，其他竞买人出价后方可再次加价。');
    expect(screen.getByTestId('room-bid-leading')).toHaveTextContent('您当前为最高出价人，其他竞买人出价后方可再次加价。');
    expect(screen.getByLabelText('出价金额（元）')).toBeDisabled();
    expect(backend.state.bidCalls).toHaveLength(1);
  });

  it('asks 确认以 X 元出价？ and sends nothing when cancelled', async () => {
    const backend = quoteRoomBackend();
    await openRoom(backend);
    fireEvent.change(screen.getByLabelText('出价金额（元）'), { target: { value: '1000000' } });
    fireEvent.click(screen.getByRole('form', { name: '出价' }).querySelector('button[type="submit"]')!);
    const question = await screen.findByText('确认以 1,000,000.00 元出价？');
    fireEvent.click(within(question.closest('.ant-modal-confirm') as HTMLElement).getByText(/^取\s*消$/).closest('button')!);
    expect(screen.queryByTestId('room-bid-feedback')!.textContent).toBe('');
    // Nothing went out: the next, confirmed bid is the server's first (no waiting for something not to happen).
    await bid('1000000');
    await waitText('room-bid-feedback', /出价成功/);
    expect(backend.state.bidCalls).toHaveLength(1);
  });

  it("bids in the auction's first second: the room's whole-second clock is not taken for 竞价尚未开始 once the server says live", async () => {
    // The auction opened 0.4 s into the second the room's clock shows; the server's time is past it.
    const backend = quoteRoomBackend({ startTime: Date.now() + 400 });
    await openRoom(backend);
    stepClock(500);
    await bid('1000000');
    await waitText('room-bid-feedback', /出价成功/);
    expect(backend.state.bidCalls).toHaveLength(1);
  });

  it("shows the server's refusal inline, under the button, not as a floating message (a rival got in first: too low; not qualified)", async () => {
    const backend = quoteRoomBackend();
    await openRoom(backend);
    backend.refuseNext(BID_REJECTION_MESSAGES.tooLow);
    await bid('1000000');
    await waitFor(() => expect(within(screen.getByTestId('room-bid-feedback')).getByText(BID_REJECTION_MESSAGES.tooLow)).toBeTruthy(), { timeout: 5_000 });
    expect(screen.getAllByText(BID_REJECTION_MESSAGES.tooLow)).toHaveLength(1);
    expect(document.querySelector('.ant-message-notice')).toBeNull();

    backend.refuseNext(NOT_QUALIFIED_MSG, 403);
    await bid('1000000');
    await waitText('room-bid-feedback', NOT_QUALIFIED_MSG);
    backend.refuseNext(BID_REJECTION_MESSAGES.closed);
    await bid('1000000');
    await waitText('room-bid-feedback', BID_REJECTION_MESSAGES.closed);
    // Still on the room: a 403 on a bidding-mode URL does not navigate away.
    expect(screen.getByTestId('quote-room')).toBeTruthy();
  });

  it('gives each attempt a fresh idempotency key (32 hex digits) and retries a network failure with the same key', async () => {
    const backend = quoteRoomBackend();
    await openRoom(backend);
    backend.state.networkFailures = 1;
    await bid('1000000');
    await waitText('room-bid-feedback', `出价成功：1,000,000.00元（竞买号 ${MY_CODE}）`);
    const [failed, retried] = backend.state.bidCalls;
    expect(backend.state.bidCalls).toHaveLength(2);
    expect(failed!.idempotencyKey).toMatch(/^[0-9a-f]{32}$/);
    expect(retried!.idempotencyKey).toBe(failed!.idempotencyKey);

    backend.bidAs(RIVAL_CODE);
    serverChanged();
    await waitText('room-my-standing', '出局');
    await bid('1020000');
    await waitText('room-my-standing', '领先');
    expect(backend.state.bidCalls).toHaveLength(3);
    expect(backend.state.bidCalls[2]!.idempotencyKey).not.toBe(failed!.idempotencyKey);
  });

  it('after the retries fail, 重新提交 resends the same key and the answer is shown', async () => {
    const backend = quoteRoomBackend();
    await openRoom(backend);
    backend.state.networkFailures = 3;
    await bid('1000000');
    await waitText('room-bid-feedback', '网络异常，出价结果未知，请重试', 8_000);
    const key = backend.state.bidCalls[0]!.idempotencyKey;
    expect(backend.state.bidCalls.every((call) => call.idempotencyKey === key)).toBe(true);
    fireEvent.click(within(screen.getByTestId('room-bid-feedback')).getByText('重新提交').closest('button')!);
    await waitText('room-bid-feedback', /出价成功/);
    expect(backend.state.bidCalls.at(-1)!.idempotencyKey).toBe(key);
  });
});

describe('/quoteHall: other modes', () => {
  const modeState = (over: Record<string, unknown>) => ({ sealed: false, phase: 'open', nextDropAt: null, floorPrice: null, nextIncrement: 10_000, ...over }) as never;

  it('phased: the phase comes from the server, and the next price uses its (tiered) next increment', async () => {
    const backend = quoteRoomBackend({ mode: 'phased', modeState: modeState({ phase: 'timed', nextIncrement: 20_000 }) });
    backend.bidAs(RIVAL_CODE, 1_000_000);
    await openRoom(backend);
    expect(text('room-mode')).toBe('自由报价 + 限时报价');
    expect(text('room-phase')).toBe('限时报价期');
    expect(text('room-next-price')).toBe('1,020,000.00');
    await bid('1010000', false);
    await waitText('room-bid-feedback', BID_REJECTION_MESSAGES.tooLow);
  });

  it('onceOff (sealed): amounts and history hidden, one offer, state 已报价', async () => {
    const backend = quoteRoomBackend({ mode: 'onceOff', modeState: modeState({ phase: 'sealed', sealed: true }) });
    backend.bidAs(RIVAL_CODE, 1_200_000);
    await openRoom(backend);
    expect(text('room-price')).toBe('结束前不公开');
    expect(screen.getByText(/密封.*期间不公开报价记录/)).toBeTruthy();
    expect(text('room-next-price')).toBe('1,000,000.00');
    await bid('1050000');
    await waitText('room-bid-feedback', /出价成功/);
    await waitText('room-my-standing', '已报价');
    await bid('1060000', false);
    await waitText('room-bid-feedback', BID_REJECTION_MESSAGES.alreadyBid);
  });

  it('dutch-auction: one button accepts the current falling price', async () => {
    const dropAt = Date.now() + 60_000;
    const backend = quoteRoomBackend({ mode: 'dutch-auction', biddingPrice: 900_000, maxPrice: 900_000, modeState: modeState({ phase: 'descending', nextDropAt: dropAt, floorPrice: 600_000, nextIncrement: 0 }) });
    await openRoom(backend);
    expect(text('room-phase')).toBe('降价中');
    expect(text('room-price')).toBe('90万元');
    expect(text('room-price-time')).toContain('最低价 60万元');
    expect(screen.queryByLabelText('出价金额（元）')).toBeNull();
    const accept = screen.getByRole('form', { name: '出价' }).querySelector('button[type="submit"]')!;
    expect(accept.textContent).toBe('以当前价 900,000.00 元应价');
    fireEvent.click(accept);
    const question = await screen.findByText('确认以 900,000.00 元出价？');
    fireEvent.click(within(question.closest('.ant-modal-confirm') as HTMLElement).getByText('确认出价').closest('button')!);
    await waitText('room-bid-feedback', /出价成功：900,000.00元/);
    expect(backend.state.bidCalls[0]).toMatchObject({ mode: 'dutch-auction', amount: 900_000 });
  });
});

describe('/quoteHall: who may bid', () => {
  it('a logged-in user without a bid code sees 报名参与 leading to the project, and no bid form', async () => {
    const backend = quoteRoomBackend();
    await openRoom(backend, 'demo_org');
    const notice = await screen.findByTestId('room-not-qualified', {}, { timeout: 5_000 });
    expect(notice.textContent).toContain('您尚未取得本场竞价的竞买资格');
    expect(within(notice).getByText('报名参与').closest('a')!.getAttribute('href')).toBe(`#/projectDetail/${backend.state.activity.assetsId}.html`);
    expect(screen.queryByRole('form', { name: '出价' })).toBeNull();
    expect(screen.queryByTestId('room-my-standing')).toBeNull();
  });

  it('a package lot leads 报名参与 (and the lot name) to the package page', async () => {
    const backend = quoteRoomBackend({ projectType: 1 });
    await openRoom(backend, 'demo_org');
    const notice = await screen.findByTestId('room-not-qualified', {}, { timeout: 5_000 });
    const pkg = `#/projectPkg/${backend.state.activity.assetsId}.html`;
    expect(within(notice).getByText('报名参与').closest('a')!.getAttribute('href')).toBe(pkg);
    expect(screen.getByTitle(backend.state.activity.assetsName).closest('a')!.getAttribute('href')).toBe(pkg);
  });

  it('an unknown activity shows 竞价活动不存在 with a way back to the hall', async () => {
    use(quoteRoomBackend());
    authMock.signIn('demo_person');
    renderApp('/quoteHall?activityId=424242');
    expect(await screen.findByText('竞价活动不存在', {}, { timeout: 8_000 })).toBeTruthy();
    expect(screen.getByText('返回竞价大厅').closest('a')!.getAttribute('href')).toBe('#/hall');
  });

  it('without an activityId the room says what is missing', async () => {
    authMock.signIn('demo_person');
    renderApp('/quoteHall');
    expect(await screen.findByText(/缺少竞价活动编号/, {}, { timeout: 8_000 })).toBeTruthy();
  });

  it('not logged in: the guard sends the user to /login with the room as redirect', async () => {
    const { router } = renderApp(ROOM);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toMatchObject({ redirect: ROOM });
  });

  it('a 401 on a bid asks to log in again, linking to /login?redirect', async () => {
    const backend = quoteRoomBackend();
    await openRoom(backend);
    backend.refuseNext('请求未授权', 401);
    await bid('1000000');
    const notice = await screen.findByTestId('room-login-needed', {}, { timeout: 5_000 });
    expect(notice.textContent).toContain('登录已失效，请重新登录后出价');
    expect(within(notice).getByText(/去\s*登\s*录/).closest('a')!.getAttribute('href')).toBe(`#/login?redirect=${encodeURIComponent(ROOM)}`);
  });
});
