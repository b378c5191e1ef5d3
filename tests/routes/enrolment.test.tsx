import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import type { SiteRuntime } from '#domain/contract/portal';
import { DEFAULT_FEE_SCHEDULE } from '#domain/rules/settlement';
import { ENROLMENT_COMMITMENTS, type PaymentOrderAnswer } from '#domain/contract/enrolment';
import { formatChinaTime } from '#domain/rules/chinaTime';
import { lotStatus } from '#domain/rules/lotState';
import { envelope, listingFixture } from '../mocks/fixtures';
import { authMock } from '../mocks/handlers/auth';
import { ENROL_ASSETS_ID, ENROL_ASSETS_NAME, MOCK_TERMS, enrolMock } from '../mocks/handlers/enrolment';
import { userFilesMock } from '../mocks/handlers/user-files';
import { renderApp } from '../mocks/renderApp';
import { useMockServer } from '../mocks/server';

/**
 * Enrolment and the user centre through the whole app (router, HTTP client, msw backend):
 * the enrolment form and its refusal, the sandbox cashier, the bidding-room list, messages, and
 * another user's record answering 404.
 */
const server = useMockServer();
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8000 });
beforeEach(() => {
  authMock.reset();
  enrolMock.reset();
  userFilesMock.reset();
});

describe('/bidEnrollNormal', () => {
  it('prefills the bidder, needs every commitment, submits and shows the enrolment detail', async () => {
    authMock.signIn('demo_person');
    const { router } = renderApp(`/bidEnrollNormal?assetsId=${ENROL_ASSETS_ID}`);
    expect(await screen.findByText('填写报名信息', { selector: 'h1' })).toBeInTheDocument();
    expect(await screen.findByText(ENROL_ASSETS_NAME)).toBeInTheDocument();
    expect(screen.getByText('张**')).toBeInTheDocument();
    // The deposit, in the project facts and again in 费用测算 (with the fee and the total if won at the listing price).
    expect(screen.getAllByText('20.00万元').length).toBe(2);
    expect(within(await screen.findByRole('region', { name: '费用测算' })).getByText('交易服务费').closest('div')).toHaveTextContent(/万元|元/);
    const submit = screen.getByText('提交报名').closest('button')!;
    expect(submit).toBeDisabled();

    fireEvent.change(screen.getByLabelText('联系人'), { target: { value: '张建国' } });
    fireEvent.change(screen.getByLabelText('联系电话'), { target: { value: '1391234' } });
    for (const c of ENROLMENT_COMMITMENTS) fireEvent.click(screen.getByText(c.text));
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    // The browser checks the mobile number with the same rule as the server.
    expect(await screen.findByText(/手机号码/)).toBeInTheDocument();
    expect(enrolMock.state.submits).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('联系电话'), { target: { value: '13912345678' } });
    fireEvent.click(submit);
    await waitFor(() => expect(router.state.location.pathname).toBe('/enrollDetail'));
    expect(await screen.findByText(/报名已提交，交易机构正在审核/)).toBeInTheDocument();
    expect(enrolMock.state.submits[0]).toMatchObject({ assetsId: ENROL_ASSETS_ID, contactName: '张建国', contactPhone: '13912345678', commitments: ENROLMENT_COMMITMENTS.map((c) => c.key) });
  });

  it('shows the 竞买须知 in effect, sends its version and hash, and the detail shows what was accepted', async () => {
    authMock.signIn('demo_person');
    const { router } = renderApp(`/bidEnrollNormal?assetsId=${ENROL_ASSETS_ID}`);
    expect(await screen.findByText(`《竞买须知》v${MOCK_TERMS.version}`)).toBeInTheDocument();
    expect(screen.getByRole('document', { name: '竞买须知全文' })).toHaveTextContent('报价一经提交不得撤回');
    expect(screen.getByText(new RegExp(`SHA-256 ${MOCK_TERMS.sha256}`))).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('联系人'), { target: { value: '张建国' } });
    fireEvent.change(screen.getByLabelText('联系电话'), { target: { value: '13912345678' } });
    for (const c of ENROLMENT_COMMITMENTS) fireEvent.click(screen.getByText(c.text));
    const submit = screen.getByText('提交报名').closest('button')!;
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    await waitFor(() => expect(router.state.location.pathname).toBe('/enrollDetail'));
    expect(enrolMock.state.submits[0]).toMatchObject({ termsVersion: MOCK_TERMS.version, termsSha256: MOCK_TERMS.sha256 });
    const accepted = await screen.findByText(`已同意《竞买须知》v${MOCK_TERMS.version}（SHA-256 ${MOCK_TERMS.sha256}，2026-11-21 10:00:00）`);
    expect(accepted.closest('td')).toBeInTheDocument();
  });

  it('an outdated 竞买须知 is refused with the server\'s reason', async () => {
    authMock.signIn('demo_person');
    // The server has moved on to a newer version since the page was loaded.
    server.use(
      http.post('*/api/dscq-project/enroll/submit', () =>
        HttpResponse.json({ code: 409, success: false, msg: '《竞买须知》已更新为 v2026.2（2026-11-21 00:00:00 起施行），您同意的 v2026.1 已不再适用，请阅读最新版本后重新提交报名', data: null }, { status: 409 }),
      ),
    );
    renderApp(`/bidEnrollNormal?assetsId=${ENROL_ASSETS_ID}`);
    expect(await screen.findByText(`《竞买须知》v${MOCK_TERMS.version}`)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('联系人'), { target: { value: '张建国' } });
    fireEvent.change(screen.getByLabelText('联系电话'), { target: { value: '13912345678' } });
    for (const c of ENROLMENT_COMMITMENTS) fireEvent.click(screen.getByText(c.text));
    const submit = screen.getByText('提交报名').closest('button')!;
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    expect((await screen.findAllByText(/竞买须知》已更新为 v2026\.2/)).length).toBeGreaterThan(0);
  });

  it('attaches a file chosen from 我的文件 (only his own are offered)', async () => {
    authMock.signIn('demo_person');
    const fileId = userFilesMock.addFile('demo_person', '营业执照（盖章）.pdf');
    userFilesMock.addFile('bidder01', '别人的执照.pdf');
    const { router } = renderApp(`/bidEnrollNormal?assetsId=${ENROL_ASSETS_ID}`);
    expect(await screen.findByText(ENROL_ASSETS_NAME)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('联系人'), { target: { value: '张建国' } });
    fireEvent.change(screen.getByLabelText('联系电话'), { target: { value: '13912345678' } });
    fireEvent.mouseDown(screen.getByLabelText('从我的文件选择附件'));
    fireEvent.click(await screen.findByText('营业执照（盖章）.pdf', { selector: '.ant-select-item-option-content' }));
    expect(screen.queryByText('别人的执照.pdf')).toBeNull();
    for (const c of ENROLMENT_COMMITMENTS) fireEvent.click(screen.getByText(c.text));
    const submit = screen.getByText('提交报名').closest('button')!;
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    await waitFor(() => expect(router.state.location.pathname).toBe('/enrollDetail'));
    expect(enrolMock.state.submits[0]).toMatchObject({ attachments: [{ fileId, name: '营业执照（盖章）.pdf' }] });
  });

  it('an enrolled user sees why not and a way to the enrolment', async () => {
    authMock.signIn('demo_person');
    enrolMock.addApproved('demo_person');
    renderApp(`/bidEnrollNormal?assetsId=${ENROL_ASSETS_ID}`);
    expect(await screen.findByText('您已报名该项目，请勿重复报名')).toBeInTheDocument();
    expect(screen.getByText('查看报名详情')).toBeInTheDocument();
    expect(screen.queryByText('提交报名')).toBeNull();
  });
});

describe('/cashierDesk', () => {
  it('pays through the sandbox bank and shows the confirmation once the bank has notified', async () => {
    authMock.signIn('demo_person');
    const { depositId } = enrolMock.addApproved('demo_person');
    renderApp(`/cashierDesk?depositId=${depositId}`);
    expect(await screen.findByText('收银台', { selector: 'h1' })).toBeInTheDocument();
    expect(await screen.findByText('20.00万元')).toBeInTheDocument();
    expect(screen.getByText('（200,000.00元）')).toBeInTheDocument();
    fireEvent.click(screen.getByText('立即支付').closest('button')!);
    const bank = await screen.findByLabelText('模拟网银');
    expect(within(bank).getByText('模拟网银（沙箱）')).toBeInTheDocument();
    fireEvent.click(within(bank).getByText('确认支付').closest('button')!);
    expect(await screen.findByText('保证金支付成功', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText('进入我的竞价室')).toBeInTheDocument();
  });
});

describe('/cashierDesk by the server\'s payment gateway', () => {
  const runtime = (over: Partial<SiteRuntime>) =>
    server.use(http.get('/api/dscq-system/site/runtime', () => HttpResponse.json(envelope<SiteRuntime>({ demo: false, payment: 'gateway', paymentName: '测试银行', sms: 'gateway', feeSchedule: DEFAULT_FEE_SCHEDULE, ...over }))));

  it('without online payment (none) offers the bank transfer only', async () => {
    runtime({ payment: 'none', paymentName: '' });
    authMock.signIn('demo_person');
    const { depositId } = enrolMock.addApproved('demo_person');
    renderApp(`/cashierDesk?depositId=${depositId}`);
    expect(await screen.findByText('线下银行转账（转账后上传付款凭证）')).toBeInTheDocument();
    expect(screen.queryByText(/网银在线支付/)).toBeNull();
    expect(screen.queryByText('立即支付')).toBeNull();
    expect(screen.getByText('去上传付款凭证')).toBeInTheDocument();
  });

  it('a real gateway: named on the option, then a link to its pay page and the wait for its confirmation', async () => {
    runtime({});
    server.use(
      http.post('/api/dscq-user/deposit/pay-order', async ({ request }) => {
        const { depositId } = (await request.json()) as { depositId: number };
        const order: PaymentOrderAnswer = { orderNo: 'PO2026112100000077', depositId, amount: 200_000, status: 'created', gateway: 'testbank', gatewayName: '测试银行', createTime: '2026-11-21 10:06:00', paidTime: null, payUrl: 'https://pay.testbank.example/order/PO2026112100000077' };
        return HttpResponse.json(envelope(order));
      }),
      http.get('/api/dscq-user/deposit/pay-order/status', () =>
        HttpResponse.json(envelope<PaymentOrderAnswer>({ orderNo: 'PO2026112100000077', depositId: 1, amount: 200_000, status: 'created', gateway: 'testbank', gatewayName: '测试银行', createTime: '2026-11-21 10:06:00', paidTime: null })),
      ),
    );
    authMock.signIn('demo_person');
    const { depositId } = enrolMock.addApproved('demo_person');
    renderApp(`/cashierDesk?depositId=${depositId}`);
    expect(await screen.findByText('网银在线支付（测试银行）')).toBeInTheDocument();
    fireEvent.click(screen.getByText('立即支付').closest('button')!);
    const bank = await screen.findByLabelText('网银支付');
    expect(within(bank).getByText('前往测试银行支付').closest('a')).toHaveAttribute('href', 'https://pay.testbank.example/order/PO2026112100000077');
    expect(within(bank).getByText('支付完成后本页将自动确认到账…')).toBeInTheDocument();
    expect(screen.queryByLabelText('模拟网银')).toBeNull();
  });
});

describe('/myProject and the user centre', () => {
  it('list=2 opens the bidding rooms: the bid code and a link to the room', async () => {
    authMock.signIn('demo_person');
    enrolMock.addRoom('demo_person');
    enrolMock.addRoom('bidder01', { activityId: 9999, assetsName: '别人的竞价室' });
    renderApp('/myProject?list=2');
    const rooms = await screen.findByLabelText('竞价室列表');
    expect(within(rooms).getByText(ENROL_ASSETS_NAME, { exact: false })).toBeInTheDocument();
    expect(within(rooms).getByText('318402')).toBeInTheDocument();
    expect(within(rooms).getByText('进入竞价室').closest('a')).toHaveAttribute('href', '#/quoteHall?activityId=9101');
    expect(screen.queryByText('别人的竞价室')).toBeNull();
  });

  it('each room reads its state, time left and my standing in the words every page uses', async () => {
    authMock.signIn('demo_person');
    const soon = (ms: number) => new Date(Date.now() + ms + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
    enrolMock.addRoom('demo_person', { activityId: 9101, assetsName: '领先的竞价室', endTime: soon(2 * 3_600_000) });
    enrolMock.addRoom('demo_person', { activityId: 9102, assetsName: '出局的竞价室', leaderBidCode: '999999', myBidCount: 1 });
    enrolMock.addRoom('demo_person', { activityId: 9103, assetsName: '即将开始的竞价室', status: 'scheduled', startTime: soon(3_600_000), leaderBidCode: null, myBidCount: 0 });
    enrolMock.addRoom('demo_person', { activityId: 9104, assetsName: '成交的竞价室', status: 'ended', outcome: 'sold' });
    renderApp('/myProject?list=2');
    const rooms = await screen.findByLabelText('竞价室列表');
    const room = (name: string) => within(rooms).getByText(name).closest<HTMLElement>('.uc-room')!;
    expect(room('领先的竞价室')).toHaveTextContent('竞价中');
    expect(within(room('领先的竞价室')).getByTestId('my-standing')).toHaveTextContent('领先');
    expect(within(room('领先的竞价室')).getByTestId('room-time-left')).toHaveTextContent('距竞价结束');
    expect(within(room('出局的竞价室')).getByTestId('my-standing')).toHaveTextContent('出局');
    expect(room('即将开始的竞价室')).toHaveTextContent('即将竞价');
    expect(within(room('即将开始的竞价室')).getByTestId('my-standing')).toHaveTextContent('未出价');
    expect(within(room('即将开始的竞价室')).getByTestId('room-time-left')).toHaveTextContent('距竞价开始');
    expect(room('成交的竞价室')).toHaveTextContent('已成交');
    expect(room('成交的竞价室')).toHaveTextContent('成交价');
    expect(within(room('成交的竞价室')).getByTestId('my-standing')).toHaveTextContent('竞得');
    expect(within(room('成交的竞价室')).queryByTestId('room-time-left')).toBeNull();
  });

  it('lists my enrolments with their status and a link to the detail', async () => {
    authMock.signIn('demo_person');
    const { enrolmentId, depositId } = enrolMock.addApproved('demo_person');
    // The desk's lot of that enrolment: still enrolling for two more days, its deposit not paid.
    const enrolEnd = formatChinaTime(Date.now() + 2 * 86_400_000);
    enrolMock.state.deskLots = [
      {
        owner: 'demo_person',
        value: {
          listing: listingFixture({ id: ENROL_ASSETS_ID, announcementEndTime: enrolEnd, lot: lotStatus('正在报名', null) }),
          bidCode: null,
          myBidCount: 0,
          leaderBidCode: null,
          enrolment: { id: enrolmentId, status: 'depositPending', statusText: '待交保证金', depositId, depositStatus: 'pending' },
          favourite: false,
        },
      },
    ];
    renderApp('/myProject');
    expect(await screen.findByText('待交保证金')).toBeInTheDocument();
    expect(screen.getByText('查看详情').closest('a')).toHaveAttribute('href', `#/enrollDetail?id=${enrolmentId}`);
    // Its next step and the time left to it, in the words of the lot's page.
    const next = await screen.findByTestId('enrolment-next-step');
    expect(next).toHaveTextContent('缴纳保证金');
    expect(next).toHaveTextContent('距报名截止');
  });

  it('/usercenterIndex summarises enrolments, rooms and unread messages', async () => {
    authMock.signIn('demo_person');
    enrolMock.addApproved('demo_person');
    enrolMock.addRoom('demo_person');
    enrolMock.addMessage('demo_person', '报名审核通过', '您报名的项目已审核通过。');
    renderApp('/usercenterIndex');
    expect(await screen.findByText('未读消息')).toBeInTheDocument();
    expect(screen.getByText('待审核 0 · 待缴保证金 1')).toBeInTheDocument();
    expect(screen.getByText('报名审核通过')).toBeInTheDocument();
  });

  it('/myMessage → /myMessageDetail reads a message; another user’s message is 不存在', async () => {
    authMock.signIn('demo_person');
    const mine = enrolMock.addMessage('demo_person', '保证金到账确认', '您缴纳的交易保证金 200,000.00 元已确认到账。');
    const others = enrolMock.addMessage('bidder01', '别人的消息', '不可见');
    const { router } = renderApp('/myMessage');
    expect(await screen.findByText('未读 1 条')).toBeInTheDocument();
    expect(screen.queryByText('别人的消息')).toBeNull();
    // (Hash links: the memory history of the test follows them through the router.)
    expect(screen.getByText('保证金到账确认').closest('a')).toHaveAttribute('href', `#/myMessageDetail?id=${mine}`);
    await act(() => router.navigate({ href: `/myMessageDetail?id=${mine}` }));
    expect(await screen.findByText('您缴纳的交易保证金 200,000.00 元已确认到账。')).toBeInTheDocument();
    await act(() => router.navigate({ href: `/myMessageDetail?id=${others}` }));
    expect(await screen.findAllByText('消息不存在')).not.toHaveLength(0);
  });

  it('/enrollDetail of another user’s enrolment shows 报名记录不存在', async () => {
    authMock.signIn('demo_person');
    const { enrolmentId } = enrolMock.addApproved('bidder01');
    renderApp(`/enrollDetail?id=${enrolmentId}`);
    expect(await screen.findAllByText('报名记录不存在')).not.toHaveLength(0);
  });
});
