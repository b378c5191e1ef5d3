/**
 * The path into the room, through the whole app with msw as the server: the hall's 我的竞价 column
 * (a visitor's 如何参与 with the deadline; a qualified bidder's standing, live with the row's leader, and his
 * one-click way into the room), a project page for a qualified bidder, and the payment result's notice.
 */
import { act, fireEvent, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { VerificationStatus } from '#domain/contract/auth';
import type { MyLot } from '#domain/contract/desk';
import { formatChinaTime } from '#domain/rules/chinaTime';
import { lotStatus } from '#domain/rules/lotState';
import { DESK_POLL_MS } from '../../workers/desk';
import { paidNotice } from '@/features/enrolment/pages/CashierDeskPage';
import { currentFeedback } from '@/features/quote-room/components/BidPanel';
import { authMock } from '../mocks/handlers/auth';
import { enrolMock } from '../mocks/handlers/enrolment';
import { bidEntryFixture, hallBackend } from '../mocks/handlers/hall';
import { listingFixture } from '../mocks/fixtures';
import { renderApp } from '../mocks/renderApp';
import { useMockServer } from '../mocks/server';

const server = useMockServer();
vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => {
  authMock.reset();
  enrolMock.reset();
});
const HOUR = 3_600_000;

/**
 * The desk signal is polled every DESK_POLL_MS. Fake timers that still run at the real pace (so msw, the
 * queries and antd go on as they do) let a test bring the next poll forward instead of sitting it out.
 */
function pollableTimers(): () => Promise<void> {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  onTestFinished(() => {
    vi.useRealTimers();
  });
  return async () => {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(DESK_POLL_MS);
    });
  };
}

function myLot(activityId: number, assetsId: number, over: Partial<MyLot> = {}, status: 'live' | 'scheduled' = 'live'): MyLot {
  const now = Date.now();
  const lot = lotStatus('正在报名', {
    activityId,
    status,
    outcome: null,
    mode: 'ongoing',
    startTime: status === 'live' ? now - HOUR : now + HOUR,
    endTime: now + 3 * HOUR,
    currentPrice: 1_000_000,
    biddingCount: 0,
  });
  return { listing: listingFixture({ id: assetsId, lot }), bidCode: '123456', myBidCount: 0, leaderBidCode: null, enrolment: null, favourite: false, ...over };
}

async function rowOf(container: HTMLElement, activityId: number): Promise<HTMLElement> {
  let row: HTMLElement | null = null;
  await waitFor(
    () => {
      row = container.querySelector<HTMLElement>(`[data-testid="live-row"][data-activity-id="${activityId}"]`);
      expect(row).not.toBeNull();
    },
    { timeout: 10_000 },
  );
  return row!;
}

describe('the hall: 我的竞价', () => {
  it('a visitor gets 如何参与: log in, the deadline, the steps', async () => {
    server.use(...hallBackend({ live: [bidEntryFixture(0), bidEntryFixture(1)] }).handlers);
    const { container } = renderApp('/hall');
    const row = await rowOf(container, 7000);
    expect(within(row).queryByText('进入竞价室')).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: /^如何参与/ }));
    const hint = await within(document.body).findByTestId('enrol-hint');
    await waitFor(() => expect(hint).toHaveTextContent('请先登录。报名截止 2026-11-28 17:00；报名并交纳保证金，审核通过并取得竞买号后即可进入竞价室出价。'));
  });

  it('a qualified bidder: his standing follows the live leader, and the room is one click away', async () => {
    const backend = hallBackend({ live: [bidEntryFixture(0), bidEntryFixture(1, { biddingCount: 2, biddingPrice: 1_100_000, leaderBidCode: '999999' })] });
    server.use(...backend.handlers);
    authMock.signIn('demo_person');
    enrolMock.state.deskLots = [
      { owner: 'demo_person', value: myLot(7000, 3000) },
      { owner: 'demo_person', value: myLot(7001, 3001, { bidCode: '222222', myBidCount: 1, leaderBidCode: '999999' }) },
    ];
    const { container } = renderApp('/hall');
    const first = await rowOf(container, 7000);
    await waitFor(() => expect(within(first).getByTestId('my-standing')).toHaveTextContent('未出价'));
    expect(within(first).getByRole('link', { name: /^进入竞价室/ })).toHaveAttribute('href', '#/quoteHall?activityId=7000');
    const second = await rowOf(container, 7001);
    expect(within(second).getByTestId('my-standing')).toHaveTextContent('出局');

    // He leads 7000 (a bid with his code reaches the hall), then someone outbids him.
    backend.bid(7000, 1_000_000, '123456');
    await waitFor(() => expect(within(first).getByTestId('my-standing')).toHaveTextContent('领先'), { timeout: 8_000 });
    backend.bid(7000, 1_010_000, '777777');
    await waitFor(() => expect(within(first).getByTestId('my-standing')).toHaveTextContent('出局'), { timeout: 8_000 });
  });
});

describe('a project page for a qualified bidder', () => {
  it('offers 进入竞价室 and shows his steps', async () => {
    authMock.signIn('demo_person');
    enrolMock.state.deskLots = [{ owner: 'demo_person', value: myLot(9, 201) }];
    const { projectsMock } = await import('../mocks/handlers/projects');
    projectsMock.state.details.set(201, { activity: { activityId: 9, status: 'live', startTime: '2026-11-21 09:00:00', endTime: '2026-11-21 23:00:00', mode: 'ongoing' } });
    renderApp('/projectDetail/201.html');
    const enter = await within(document.body).findByTestId('head-enter-room', {}, { timeout: 10_000 });
    expect(enter).toHaveAttribute('href', '#/quoteHall?activityId=9');
    const panel = document.querySelector<HTMLElement>('.activity-panel')!;
    expect(within(panel).getByTestId('my-steps')).toHaveTextContent('我的参与：已报名已交保证金竞买号 123456');
    expect(within(panel).getByTestId('enter-room')).toHaveTextContent('进入竞价室');
    expect(within(panel).queryByTestId('enrol-hint')).toBeNull();
  });
});

describe('alerts', () => {
  it('the header counts unread messages live; a new outbid message is a toast naming the lot, with the room', async () => {
    authMock.signIn('demo_person');
    enrolMock.addMessage('demo_person', '「旧消息」报名审核通过', '早先的消息');
    renderApp('/index');
    const bell = await within(document.body).findByTestId('header-messages', {}, { timeout: 10_000 });
    await waitFor(() => expect(bell).toHaveAttribute('data-unread', '1'), { timeout: 10_000 });
    // A message there at the start is counted, not announced.
    expect(document.querySelector('.ant-notification')).toBeNull();

    enrolMock.addMessage('demo_person', '「石家庄市某国有企业闲置办公楼」出价已被超越', '竞买号 654321 以 1,020,000.00 元出价领先，您已出局。', {
      kind: 'outbid',
      link: '/quoteHall?activityId=7001',
    });
    await waitFor(() => expect(bell).toHaveAttribute('data-unread', '2'), { timeout: 10_000 });
    // The count is in the link's name; the badge's rolling digits are not read as its text.
    expect(within(document.body).getByRole('link', { name: '我的消息，2 条未读' })).toBe(bell);
    expect(within(bell).getByTestId('header-messages-count').closest('[aria-hidden="true"]')).not.toBeNull();
    const alert = await within(document.body).findByTestId('outbid-alert', {}, { timeout: 5_000 });
    expect(document.querySelector('.ant-notification')).toHaveTextContent('「石家庄市某国有企业闲置办公楼」出价已被超越');
    const toast = alert.closest<HTMLElement>('.ant-notification-notice')!;
    expect(within(toast).getByRole('link', { name: '进入竞价室' })).toHaveAttribute('href', '#/quoteHall?activityId=7001');
    // The way to the full list, and the toasts' place: the bottom right, never over the header.
    expect(within(toast).getByRole('link', { name: '全部消息' })).toHaveAttribute('href', '#/myMessage');
    expect(document.querySelector('.ant-notification')).toHaveClass('ant-notification-bottomRight');
  });

  it('reminds before the end of a lot on his desk, naming it and linking the room (once)', async () => {
    authMock.signIn('demo_person');
    const now = Date.now();
    const ending = myLot(7005, 3005);
    ending.listing = { ...ending.listing, assetsName: '保定某厂房', lot: { ...ending.listing.lot, biddingEndTime: formatChinaTime(now + 5 * 60_000) } };
    enrolMock.state.deskLots = [{ owner: 'demo_person', value: ending }, { owner: 'demo_person', value: myLot(7006, 3006) }];
    renderApp('/index');
    const reminder = await within(document.body).findByTestId('lot-reminder', {}, { timeout: 20_000 });
    expect(document.querySelector('.ant-notification')).toHaveTextContent(/「保定某厂房」[45] 分钟后结束竞价/);
    expect(within(reminder.closest<HTMLElement>('.ant-notification-notice')!).getByRole('link', { name: '进入竞价室' })).toHaveAttribute('href', '#/quoteHall?activityId=7005');
    // The lot ending in 3 hours is not due; the one shown is not shown again.
    expect(document.querySelectorAll('[data-testid="lot-reminder"]')).toHaveLength(1);
  });

  it('several reminders due at once make one toast listing them', async () => {
    authMock.signIn('demo_person');
    const soon = (activityId: number, name: string) => {
      const l = myLot(activityId, activityId - 4000);
      l.listing = { ...l.listing, assetsName: name, lot: { ...l.listing.lot, biddingEndTime: formatChinaTime(Date.now() + 4 * 60_000) } };
      return { owner: 'demo_person', value: l };
    };
    enrolMock.state.deskLots = [soon(7007, '承德某仓库'), soon(7008, '邯郸某车辆')];
    renderApp('/index');
    const reminder = await within(document.body).findByTestId('lot-reminder', {}, { timeout: 20_000 });
    expect(document.querySelector('.ant-notification')).toHaveTextContent('2 个关注的标的即将开始或结束竞价');
    expect(within(reminder).getAllByRole('link').map((a) => a.textContent)).toEqual([
      expect.stringMatching(/^「承德某仓库」[34] 分钟后结束竞价$/),
      expect.stringMatching(/^「邯郸某车辆」[34] 分钟后结束竞价$/),
    ]);
  });
});

describe('live pages', () => {
  it('the enrolment detail and the deposit detail follow their state without a reload', async () => {
    const nextPoll = pollableTimers();
    authMock.signIn('demo_person');
    const { enrolmentId, depositId } = enrolMock.addApproved('demo_person');
    const enrolment = enrolMock.state.enrolments.find((e) => e.value.id === enrolmentId)!.value;
    Object.assign(enrolment, { status: 'submitted', statusText: '已提交', depositId: null, depositStatus: null });
    const { router } = renderApp(`/enrollDetail?id=${enrolmentId}`);
    expect(await within(document.body).findByText(/报名已提交，交易机构正在审核/, {}, { timeout: 10_000 })).toBeInTheDocument();

    // The operator approves: the desk signal's key changes, the page refetches (no reload, no navigation).
    Object.assign(enrolment, { status: 'depositPending', statusText: '待交保证金', depositId, depositStatus: 'pending' });
    await nextPoll();
    expect(await within(document.body).findByText(/审核已通过，请缴纳交易保证金/, {}, { timeout: 12_000 })).toBeInTheDocument();

    await act(() => router.navigate({ href: `/depositDetail?id=${depositId}` }));
    const deposit = enrolMock.state.deposits.find((d) => d.value.id === depositId)!.value;
    expect(await within(document.body).findByText('待缴纳', {}, { timeout: 10_000 })).toBeInTheDocument();
    Object.assign(deposit, { status: 'confirmed', statusText: '已缴纳', method: 'online', confirmTime: '2026-11-21 10:05:00' });
    await nextPoll();
    expect(await within(document.body).findByText('已缴纳', {}, { timeout: 12_000 })).toBeInTheDocument();
  });
});

const pendingVerification: VerificationStatus = {
  state: 'pending',
  userType: 1,
  reason: '',
  name: '李**',
  idType: 0,
  idNumber: '**************1234',
  orgName: '',
  creditCode: '',
  submittedAt: '2026-11-21 10:00:00',
  reviewedAt: '',
  legalPerson: '',
  legalIdType: null,
  legalIdNumber: '',
  licenceFileId: '',
};

describe('a real-name review on the open page', () => {
  it('/realNamePersonInfo turns from 审核中 to 已通过 when the approval message arrives, without a reload', async () => {
    const nextPoll = pollableTimers();
    authMock.signIn('demo_new');
    authMock.state.verification.set('demo_new', { ...pendingVerification });
    renderApp('/realNamePersonInfo');
    expect(await within(document.body).findByText('实名认证审核中', {}, { timeout: 10_000 })).toBeInTheDocument();

    // The reviewer approves: the server records it and sends the message (the desk stream's next poll).
    authMock.state.verification.set('demo_new', { ...pendingVerification, state: 'approved', reviewedAt: '2026-11-21 10:30:00' });
    enrolMock.addMessage('demo_new', '个人实名认证已通过', '您提交的个人实名认证已审核通过，现在可以报名参与竞价等交易。', { kind: 'system', link: '/membership' });
    await nextPoll();
    expect(await within(document.body).findByText('实名认证已通过', { selector: '.ant-result-title' }, { timeout: 12_000 })).toBeInTheDocument();
  });
});

describe('the payment result (paidNotice)', () => {
  it('says when bidding starts, and links the room once it is open and the code is there', () => {
    expect(paidNotice(undefined)).toEqual({ text: '银行已确认到账。竞价活动发布后您将取得竞买资格并获得竞买号，竞价时间以竞价公告为准。', room: null });
    const scheduled = paidNotice(myLot(5, 50, {}, 'scheduled'));
    expect(scheduled.room).toBeNull();
    expect(scheduled.text).toMatch(/^银行已确认到账。竞价将于 \d{4}-\d{2}-\d{2} \d{2}:\d{2} 开始，\d{4}-\d{2}-\d{2} \d{2}:\d{2} 结束。您的竞买号为 123456。竞价开始后即可进入竞价室出价。$/);
    expect(paidNotice(myLot(5, 50)).room).toBe(5);
    expect(paidNotice(myLot(5, 50, { bidCode: null })).room).toBeNull();
    expect(paidNotice(myLot(5, 50, { bidCode: null })).text).toContain('竞买资格确认后将为您分配竞买号');
  });
});

describe('the room: currentFeedback', () => {
  it('a success or a refusal clears when a later bid arrives or the phase changes; a network failure stays', () => {
    const success = { kind: 'success' as const, text: '出价成功', count: 5, status: 'live' };
    expect(currentFeedback(success, { biddingCount: 4, status: 'live' })).toBe(success); // own bid not polled yet
    expect(currentFeedback(success, { biddingCount: 5, status: 'live' })).toBe(success);
    expect(currentFeedback(success, { biddingCount: 6, status: 'live' })).toBeNull(); // outbid
    expect(currentFeedback(success, { biddingCount: 5, status: 'ended' })).toBeNull();
    const network = { kind: 'network' as const, text: '网络异常', request: { activityId: 1, amount: 1, idempotencyKey: 'k' } };
    expect(currentFeedback(network, { biddingCount: 9, status: 'ended' })).toBe(network);
  });
});

describe('the room: one unit per panel (pricePanelMoney)', () => {
  it('every amount of the price panel in the same unit, the full yuan on hover', async () => {
    const { pricePanelMoney } = await import('@/features/quote-room/room');
    const mixed = pricePanelMoney({ biddingPrice: 10_200, startPrice: 9_800, modeState: undefined });
    expect([mixed(10_200), mixed(9_800)]).toEqual([
      { label: '1.02万元', tooltip: '10,200.00元' },
      { label: '0.98万元', tooltip: '9,800.00元' },
    ]);
    const small = pricePanelMoney({ biddingPrice: 9_900, startPrice: 9_800, modeState: undefined });
    expect(small(9_900)).toEqual({ label: '9,900.00元', tooltip: '9,900.00元' });
  });
});

describe('the watch board (/myWatch)', () => {
  it('shows 120 watched lots from one stream, windowed, sorted by time left; filters by standing and favourites', async () => {
    const now = Date.now();
    // Reversed ids: the board sorts by time left, not by id.
    const live = Array.from({ length: 120 }, (_, i) => bidEntryFixture(i, { endTime: now + (120 - i) * HOUR, leaderBidCode: i === 7 ? '123456' : null, biddingCount: i === 7 ? 1 : 0 }));
    const backend = hallBackend({ live });
    server.use(...backend.handlers);
    authMock.signIn('demo_person');
    enrolMock.state.deskLots = live.map((e, i) => ({ owner: 'demo_person', value: myLot(e.activityId, e.assetsId, { favourite: i % 10 === 0 }) }));
    const { container, router } = renderApp('/myWatch');
    await waitFor(() => expect(container.querySelectorAll('[data-testid="watch-row"]').length).toBeGreaterThan(0), { timeout: 10_000 });
    expect(within(container).getByTestId('watch-total')).toHaveTextContent('共关注 120 场竞价');
    const table = within(container).getByTestId('watch-table');
    expect(table).toHaveAttribute('aria-rowcount', '121');
    const rows = () => Array.from(container.querySelectorAll<HTMLElement>('[data-testid="watch-row"]'));
    // Windowed: far fewer rows in the DOM than lots; the one ending soonest first.
    expect(rows().length).toBeLessThan(120);
    expect(rows()[0]).toHaveAttribute('data-activity-id', String(7119));
    expect(rows()[1]).toHaveAttribute('data-activity-id', String(7118));
    // Each lot not yet ended can go into the user's calendar.
    expect(within(rows()[0]!).getByRole('button', { name: /^加入日历：/ })).toBeInTheDocument();
    // One stream for all of them: each poll asks for the 120 lots at once.
    const watchCalls = backend.callsTo('watch');
    expect(watchCalls.length).toBeGreaterThan(0);
    expect(String(watchCalls[0]!.body.activityIds).split(',')).toHaveLength(120);

    await act(() => router.navigate({ href: '/myWatch?filter=leading' }));
    await waitFor(() => expect(rows().map((r) => r.getAttribute('data-activity-id'))).toEqual(['7007']));
    expect(within(rows()[0]!).getByTestId('my-standing')).toHaveTextContent('领先');
    await act(() => router.navigate({ href: '/myWatch?filter=favourite' }));
    await waitFor(() => expect(rows()).toHaveLength(12));
    await act(() => router.navigate({ href: '/myWatch?filter=all&q=' + encodeURIComponent(live[5]!.assetsName.slice(0, 6)) }));
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    for (const row of rows()) expect(row).toHaveTextContent(live[5]!.assetsName.slice(0, 6));
  });

  it('a bid reaches the board row: price, bid count and standing follow', async () => {
    const live = [bidEntryFixture(0), bidEntryFixture(1)];
    const backend = hallBackend({ live });
    server.use(...backend.handlers);
    authMock.signIn('demo_person');
    enrolMock.state.deskLots = live.map((e) => ({ owner: 'demo_person', value: myLot(e.activityId, e.assetsId, { myBidCount: 1 }) }));
    const { container } = renderApp('/myWatch');
    let row!: HTMLElement;
    await waitFor(() => {
      row = container.querySelector<HTMLElement>('[data-testid="watch-row"][data-activity-id="7000"]')!;
      expect(row).not.toBeNull();
    }, { timeout: 10_000 });
    expect(within(row).getByTestId('watch-count')).toHaveTextContent('0 次');
    backend.bid(7000, 1_050_000, '123456');
    await waitFor(() => expect(within(row).getByTestId('watch-price')).toHaveTextContent('105.00万元'), { timeout: 8_000 });
    expect(within(row).getByTestId('watch-count')).toHaveTextContent('1 次');
    expect(within(row).getByTestId('my-standing')).toHaveTextContent('领先');
    backend.bid(7000, 1_060_000, '999999');
    await waitFor(() => expect(within(row).getByTestId('my-standing')).toHaveTextContent('出局'), { timeout: 8_000 });
  });
});
