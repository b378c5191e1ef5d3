/**
 * The floor (中止 / 恢复 / 终结) as a bidder sees it, through the whole app with the live worker's logic in
 * process and msw as the server (tests/mocks/handlers/quote-room.ts, hall.ts): in the room a banner 竞价已中止
 * with the reason, the countdown standing still, the bid form disabled with the reason, and read out; after
 * the resumption the form and the countdown to the new end; a terminated auction reads 已终结 (not 流拍). In
 * the hall the suspended lot reads 已中止 with its reason and a frozen countdown. The wall clock is frozen
 * and stepped (tests/mocks/clock.ts); a server change is polled at once (`resync`), never waited for.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatChinaTime } from '#domain/rules/chinaTime';
import { frozenClock, stepClock } from '../mocks/clock';
import { authMock } from '../mocks/handlers/auth';
import { bidEntryFixture, hallBackend } from '../mocks/handlers/hall';
import { quoteRoomBackend, RIVAL_CODE, ROOM_ACTIVITY_ID } from '../mocks/handlers/quote-room';
import { renderApp } from '../mocks/renderApp';
import { useMockServer } from '../mocks/server';

const server = useMockServer();
vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => {
  authMock.reset();
});

const MINUTE = 60_000;
const text = (testId: string) => screen.getByTestId(testId).textContent ?? '';
const waitText = (testId: string, expected: string | RegExp, timeout = 6_000) => waitFor(() => expect(text(testId)).toMatch(expected), { timeout });

describe('/quoteHall: the floor', () => {
  it('suspended: banner with the reason, the countdown stands still, the form disabled; resumed: bidding again to the new end', async () => {
    frozenClock();
    const backend = quoteRoomBackend({ endTime: Date.now() + 30 * MINUTE + 5_000, originalEndTime: Date.now() + 30 * MINUTE + 5_000 });
    backend.bidAs(RIVAL_CODE, 1_000_000);
    server.use(...backend.handlers);
    authMock.signIn('demo_person');
    const view = renderApp(`/quoteHall?activityId=${ROOM_ACTIVITY_ID}`);
    await screen.findByTestId('quote-room', {}, { timeout: 10_000 });
    await waitText('room-countdown', '00时30分00秒');
    expect(screen.queryByTestId('room-suspended')).toBeNull();

    // The server kept the time left when its clock stopped (a little less than the end is away now: the
    // room shows the kept time, not a count to the end).
    backend.suspend('标的权属存在争议，需核实', 12 * MINUTE + 5_000);
    act(() => view.liveService.resync(ROOM_ACTIVITY_ID));
    await waitFor(() => expect(screen.getByTestId('room-suspended').textContent).toContain('竞价已中止'));
    expect(text('room-suspended')).toContain('中止原因：标的权属存在争议，需核实');
    expect(text('room-phase')).toBe('已中止');
    // The form stays, disabled, saying why.
    const form = screen.getByRole('form', { name: '出价' });
    expect((within(form).getByLabelText('出价金额（元）') as HTMLInputElement).disabled).toBe(true);
    const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    expect(submit.disabled).toBe(true);
    expect(submit.textContent).toBe('竞价已中止');
    expect(text('room-bid-suspended')).toBe('竞价已中止：标的权属存在争议，需核实');
    expect(text('room-announcer')).toBe('竞价已中止：标的权属存在争议，需核实');
    // The clock stands still at the time the server kept, whatever the time now.
    await waitText('room-countdown', '00时12分00秒');
    expect(screen.getByText('剩余时间（竞价已中止，计时暂停）')).toBeTruthy();
    stepClock(10 * MINUTE);
    act(() => view.liveService.resync(ROOM_ACTIVITY_ID));
    await waitFor(() => expect(backend.state.dataCalls).toBeGreaterThan(2));
    expect(text('room-countdown')).toBe('00时12分00秒');

    // Resumed with a new end twenty minutes from now: the banner goes, the form comes back, the countdown runs.
    const endsAt = Date.now() + 20 * MINUTE + 5_000;
    backend.resume(endsAt);
    act(() => view.liveService.resync(ROOM_ACTIVITY_ID));
    await waitText('room-countdown', '00时20分00秒');
    expect(screen.queryByTestId('room-suspended')).toBeNull();
    expect(screen.queryByTestId('room-bid-suspended')).toBeNull();
    expect((within(screen.getByRole('form', { name: '出价' })).getByLabelText('出价金额（元）') as HTMLInputElement).disabled).toBe(false);
    expect(text('room-end-time')).toBe(formatChinaTime(endsAt));
    expect(text('room-announcer')).toBe(`竞价已恢复，结束时间 ${formatChinaTime(endsAt, 'HH:mm:ss')}`);
  });

  it('a bid refused by the server while suspended shows its reason (the room had not heard yet)', async () => {
    frozenClock();
    const backend = quoteRoomBackend();
    server.use(...backend.handlers);
    authMock.signIn('demo_person');
    renderApp(`/quoteHall?activityId=${ROOM_ACTIVITY_ID}`);
    await screen.findByTestId('quote-room', {}, { timeout: 10_000 });
    await waitText('room-my-code', /\d{6}/);
    backend.suspend('系统维护');
    // The room has not heard of it yet (no poll since): the form is still open.
    const form = screen.getByRole('form', { name: '出价' });
    const input = within(form).getByLabelText('出价金额（元）');
    fireEvent.change(input, { target: { value: '1000000' } });
    fireEvent.click(form.querySelector('button[type="submit"]')!);
    const question = (await screen.findAllByText('确认以 1,000,000.00 元出价？', {}, { timeout: 5_000 })).at(-1)!;
    fireEvent.click(within(question.closest('.ant-modal-confirm') as HTMLElement).getByText('确认出价').closest('button')!);
    // The server's refusal is said (a message), and the room, polling, shows the suspension and disables the form.
    await waitFor(() => expect(screen.getAllByText('竞价已中止：系统维护').length).toBeGreaterThan(0), { timeout: 6_000 });
    await waitText('room-bid-suspended', '竞价已中止：系统维护');
    expect(text('room-suspended')).toContain('中止原因：系统维护');
    expect(backend.state.bidCalls).toHaveLength(1);
  });

  it('terminated: 已终结 with the reason, no form, not 流拍', async () => {
    frozenClock();
    const backend = quoteRoomBackend();
    backend.bidAs(RIVAL_CODE, 1_000_000);
    backend.terminate('转让方撤回挂牌申请');
    server.use(...backend.handlers);
    authMock.signIn('demo_person');
    renderApp(`/quoteHall?activityId=${ROOM_ACTIVITY_ID}`);
    await screen.findByTestId('quote-room', {}, { timeout: 10_000 });
    await waitText('room-result', '竞价结果：已终结');
    expect(text('room-result')).toContain('终结原因：转让方撤回挂牌申请');
    expect(text('room-result')).toContain('无成交结果');
    expect(text('room-result')).not.toContain('流拍');
    expect(text('room-phase')).toBe('已终结');
    expect(text('room-countdown')).toBe('竞价已终结');
    expect(screen.queryByRole('form', { name: '出价' })).toBeNull();
  });
});

describe('/hall: the floor', () => {
  it('a suspended lot reads 已中止 with its reason and a countdown that stands still; resumed, it counts down again', async () => {
    const now = frozenClock();
    const backend = hallBackend({
      live: [
        bidEntryFixture(0, { assetsName: '中止的标的', endTime: now + 2 * 3_600_000 }, now),
        bidEntryFixture(1, { assetsName: '正常的标的', endTime: now + 3 * 3_600_000 }, now),
      ],
      upcoming: [],
    });
    server.use(...backend.handlers);
    const view = renderApp('/hall');
    const row = async (name: string) => {
      let found: HTMLElement | undefined;
      await waitFor(
        () => {
          found = Array.from(view.container.querySelectorAll<HTMLElement>('[data-testid="live-row"]')).find((r) => within(r).queryByRole('link', { name }));
          expect(found).toBeDefined();
        },
        { timeout: 10_000 },
      );
      return found!;
    };
    await waitFor(async () => expect(within(await row('中止的标的')).getByTestId('live-countdown').textContent).toBe('01时59分55秒'), { timeout: 10_000 });
    expect(view.container.querySelector('[data-testid="hall-suspended"]')).toBeNull();

    backend.suspend(7000, '网络故障');
    // Its rate now, and a tick of the (frozen, stepped) clock: the hall's rows change with the next tick.
    act(() => view.liveService.resync(7000));
    await waitFor(() => expect(backend.callsTo('bidding-rate').at(-1)?.status).toBe(200));
    stepClock(1000);
    await waitFor(async () => expect(within(await row('中止的标的')).getByTestId('live-status').textContent).toContain('已中止'), { timeout: 10_000 });
    const suspended = await row('中止的标的');
    expect(within(suspended).getByTestId('live-status').getAttribute('title')).toBe('中止原因：网络故障');
    expect(within(await row('正常的标的')).getByTestId('live-status').textContent).toBe('竞价中');
    const banner = await screen.findByTestId('hall-suspended', {}, { timeout: 5_000 });
    expect(banner.textContent).toContain('竞价已中止');
    expect(banner.textContent).toContain('「中止的标的」中止原因：网络故障');
    // The suspended lot's countdown stands at the time it had left; the other one runs.
    expect(within(suspended).getByTestId('live-countdown').textContent).toBe('01时59分55秒');
    stepClock(30 * MINUTE);
    await waitFor(async () => expect(within(await row('正常的标的')).getByTestId('live-countdown').textContent).toBe('02时29分54秒'), { timeout: 5_000 });
    expect(within(await row('中止的标的')).getByTestId('live-countdown').textContent).toBe('01时59分55秒');

    backend.suspend(7000, null, Date.now() + 3_600_000);
    act(() => view.liveService.resync(7000));
    await waitFor(() => expect(backend.callsTo('bidding-rate').at(-1)?.status).toBe(200));
    stepClock(1000);
    await waitFor(async () => expect(within(await row('中止的标的')).getByTestId('live-status').textContent).toBe('竞价中'), { timeout: 10_000 });
    expect(within(await row('中止的标的')).getByTestId('live-countdown').textContent).toBe('00时59分54秒');
    expect(view.container.querySelector('[data-testid="hall-suspended"]')).toBeNull();
  });
});
