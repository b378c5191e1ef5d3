import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { AMOUNT_MESSAGES, CARD_MESSAGES } from '#domain/rules/ledger';
import { authMock } from '../mocks/handlers/auth';
import { MONEY_SMS, moneyMock } from '../mocks/handlers/money';
import { userFilesMock } from '../mocks/handlers/user-files';
import { renderApp } from '../mocks/renderApp';
import { useMockServer } from '../mocks/server';

/**
 * The wallet through the whole app (router, HTTP client, msw backend): the wallet's balances and
 * entries, a top-up through the sandbox bank, the ledger's filters and an entry's detail (another user's
 * answers 404), a withdrawal with its SMS code, binding a card (Luhn checked in the browser with the
 * server's rule) and unbinding, and the user-centre menu linking the pages.
 */
useMockServer();
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8000 });
beforeEach(() => {
  authMock.reset();
  moneyMock.reset();
  userFilesMock.reset();
});

describe('/wallet/index', () => {
  it('shows balances and the latest entries; the menu links the wallet and the fund account', async () => {
    authMock.signIn('demo_person');
    moneyMock.addEntry('demo_person', 'topUp', 150_000, 0);
    moneyMock.addEntry('demo_person', 'depositFromWallet', -100_000, 100_000, '某国有企业闲置仓库');
    renderApp('/wallet/index');
    expect(await screen.findByText('我的钱包', { selector: 'h1' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('wallet-available')).toHaveTextContent('500.00'));
    expect(screen.getByTestId('wallet-frozen')).toHaveTextContent('1,000.00');
    expect(screen.getByText('钱包支付保证金')).toBeInTheDocument();
    expect(screen.getAllByText('1,000.00元').some((cell) => cell.closest('.money-out')?.textContent === '−1,000.00元')).toBe(true);
    expect(screen.getByText('尚未绑定银行卡，去绑定')).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: '用户中心菜单' });
    expect(within(menu).getByText('我的钱包')).toHaveAttribute('aria-current', 'page');
    expect(within(menu).getByText('资金账户')).toHaveAttribute('href', '#/accountFunds');
  });
});

describe('/wallet/handle', () => {
  it('tops up through the sandbox bank; bad amounts are refused in Chinese before anything is sent', async () => {
    authMock.signIn('demo_person');
    const { router } = renderApp('/wallet/handle?action=topUp');
    const amount = await screen.findByLabelText('充值金额（元）');
    fireEvent.change(amount, { target: { value: '0.001' } });
    fireEvent.click(screen.getByText('下一步：网银支付').closest('button')!);
    expect(await screen.findByText(AMOUNT_MESSAGES.subFen)).toBeInTheDocument();
    fireEvent.change(amount, { target: { value: '-3' } });
    fireEvent.click(screen.getByText('下一步：网银支付').closest('button')!);
    expect(await screen.findByText(AMOUNT_MESSAGES.notPositive)).toBeInTheDocument();
    fireEvent.change(amount, { target: { value: '1,000' } });
    fireEvent.click(screen.getByText('下一步：网银支付').closest('button')!);
    expect(await screen.findByText(AMOUNT_MESSAGES.format)).toBeInTheDocument();
    expect(moneyMock.state.orders.size).toBe(0);

    fireEvent.change(amount, { target: { value: '2000.5' } });
    fireEvent.click(screen.getByText('下一步：网银支付').closest('button')!);
    const bank = await screen.findByLabelText('模拟网银');
    expect(within(bank).getByText('2,000.50元')).toBeInTheDocument();
    fireEvent.click(within(bank).getByText('确认支付').closest('button')!);
    expect(await screen.findByText('充值成功')).toBeInTheDocument();
    expect(screen.getByText('返回我的钱包', { selector: 'button span' }).closest('a')).toHaveAttribute('href', '#/wallet/index');
    await act(() => router.navigate({ to: '/wallet/index' }));
    await waitFor(() => expect(screen.getByTestId('wallet-available')).toHaveTextContent('2,000.50'));
  });

  it('withdraws to the bound card with an SMS code; more than the balance is refused in the browser', async () => {
    authMock.signIn('demo_person');
    moneyMock.bindCard('demo_person');
    moneyMock.addEntry('demo_person', 'depositRelease', 50_000, -50_000);
    renderApp('/wallet/handle?action=withdraw');
    expect(await screen.findByTestId('withdraw-available')).toHaveTextContent('500.00 元');
    fireEvent.change(screen.getByLabelText('提现金额（元）'), { target: { value: '600' } });
    fireEvent.change(screen.getByPlaceholderText('6位短信验证码'), { target: { value: MONEY_SMS } });
    fireEvent.click(screen.getByText('确认提现').closest('button')!);
    expect(await screen.findByText('可用余额不足')).toBeInTheDocument();
    expect(moneyMock.state.withdrawals).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('提现金额（元）'), { target: { value: '300' } });
    fireEvent.click(screen.getByText('获取验证码').closest('button')!);
    expect(await screen.findByText(/秒后重新获取/)).toBeInTheDocument();
    fireEvent.click(screen.getByText('确认提现').closest('button')!);
    expect(await screen.findByText('提现申请已提交')).toBeInTheDocument();
    expect(screen.getByText(/300\.00元将转入 622202\*{9}3446/)).toBeInTheDocument();
    expect(moneyMock.state.withdrawals).toEqual([{ amount: '300', smsCode: MONEY_SMS }]);
  });

  it('without a bound card, withdrawal leads to binding one', async () => {
    authMock.signIn('demo_person');
    renderApp('/wallet/handle?action=withdraw');
    expect(await screen.findByText('请先绑定银行卡')).toBeInTheDocument();
    expect(screen.getByText('去绑定银行卡')).toHaveAttribute('href', '#/accountFundsDetail');
  });
});

describe('/wallet/detail', () => {
  it('filters by direction and type, opens an entry, and another user’s entry answers 404', async () => {
    authMock.signIn('demo_person');
    moneyMock.addEntry('demo_person', 'topUp', 100_000, 0);
    moneyMock.addEntry('demo_person', 'withdraw', -20_000, 0);
    const other = moneyMock.addEntry('demo_org', 'topUp', 1, 0);
    const { router } = renderApp('/wallet/detail');
    expect(await screen.findByText('钱包明细', { selector: 'h1' })).toBeInTheDocument();
    expect(await screen.findByText('共 2 条')).toBeInTheDocument();
    fireEvent.click(screen.getByText('支出'));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ direction: 'out' }));
    expect(await screen.findByText('共 1 条')).toBeInTheDocument();
    const link = screen.getByText('提现', { selector: 'a' });
    const id = Number(link.getAttribute('href')!.split('id=')[1]);
    await act(() => router.navigate({ to: '/wallet/detail', search: { id } }));
    expect(await screen.findByText('账务明细', { selector: 'h1' })).toBeInTheDocument();
    expect((await screen.findByText('200.00元')).closest('.money-out')).toHaveTextContent('−200.00元');
    await act(() => router.navigate({ to: '/wallet/detail', search: { id: other.id } }));
    // The page and the catalogue's message both say so.
    expect((await screen.findAllByText('账务记录不存在')).length).toBeGreaterThan(0);
    expect(screen.queryByText('200.00元')).toBeNull();
  });
});

describe('/accountFunds and /accountFundsDetail', () => {
  it('binds a card: Luhn checked in the browser, the verified name prefilled, the SMS code; then unbinds', async () => {
    authMock.signIn('demo_person');
    const { router } = renderApp('/accountFunds');
    expect(await screen.findByText('尚未绑定银行卡')).toBeInTheDocument();
    expect(screen.getByText('绑定银行卡').closest('a')).toHaveAttribute('href', '#/accountFundsDetail');
    await act(() => router.navigate({ to: '/accountFundsDetail' }));
    const name = await screen.findByLabelText('开户名');
    expect(name).toHaveValue('张建国');
    fireEvent.mouseDown(screen.getByLabelText('开户银行'));
    fireEvent.click(await screen.findByText('中国工商银行', { selector: '.ant-select-item-option-content' }));
    fireEvent.change(screen.getByLabelText('银行卡号'), { target: { value: '6222020200112233445' } });
    fireEvent.change(screen.getByPlaceholderText('6位短信验证码'), { target: { value: MONEY_SMS } });
    fireEvent.click(screen.getByText('确认绑定').closest('button')!);
    expect(await screen.findByText(CARD_MESSAGES.luhn)).toBeInTheDocument();
    expect(moneyMock.state.binds).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('银行卡号'), { target: { value: '6222 0202 0011 2233 446' } });
    fireEvent.click(screen.getByText('确认绑定').closest('button')!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/accountFunds'));
    expect(await screen.findByTestId('card-no')).toHaveTextContent('622202*********3446');
    expect(moneyMock.state.binds).toEqual([{ bankCode: 'ICBC', cardNo: '6222020200112233446', accountName: '张建国', smsCode: MONEY_SMS }]);

    fireEvent.click(screen.getByText('解绑银行卡').closest('button')!);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByPlaceholderText('6位短信验证码'), { target: { value: MONEY_SMS } });
    fireEvent.click(within(dialog).getByText('确认解绑').closest('button')!);
    expect(await screen.findByText('尚未绑定银行卡')).toBeInTheDocument();
  });

  it('an unverified user is sent to real-name verification first', async () => {
    authMock.signIn('demo_new');
    renderApp('/accountFundsDetail');
    expect(await screen.findByText('请先完成实名认证，再绑定银行卡')).toBeInTheDocument();
  });
});

describe('/projectSettlement, /projectSettleDetail, /settleDetailPayInfo', () => {
  it('the winner reads the 成交确认书, confirms the deal and pays the amount due through the sandbox bank', async () => {
    authMock.signIn('demo_person');
    const deal = moneyMock.addDeal('demo_person');
    const { router } = renderApp('/projectSettlement');
    expect(await screen.findByText('项目结算', { selector: 'h1' })).toBeInTheDocument();
    expect(await screen.findByText('待确认成交')).toBeInTheDocument();
    expect(screen.getByText('确认成交')).toHaveAttribute('href', `#/projectSettleDetail?id=${deal.id}`);
    await act(() => router.navigate({ to: '/projectSettleDetail', search: { id: deal.id } }));
    expect(await screen.findByTestId('amount-due')).toHaveTextContent('8.15万元（81,500.00元）');
    // The PDF is read with the token and shown from an object URL (jsdom has none: stubbed).
    const blobs: Blob[] = [];
    const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    onTestFinished(() => void Object.assign(URL, original));
    Object.assign(URL, { createObjectURL: (b: Blob) => (blobs.push(b), 'blob:letter'), revokeObjectURL: () => {} });
    fireEvent.click(screen.getByText('查看成交确认书').closest('button')!);
    const letter = await screen.findByTitle('成交确认书');
    expect(letter).toHaveAttribute('src', 'blob:letter');
    expect(blobs[0]!.type).toBe('application/pdf');
    expect(await blobs[0]!.text()).toContain('%PDF');
    fireEvent.click(screen.getByText(/^关\s*闭$/, { selector: 'button span' }).closest('button')!);
    fireEvent.click(screen.getByText('确认成交', { selector: 'button span' }).closest('button')!);
    expect(await screen.findByText('待支付价款')).toBeInTheDocument();
    expect(screen.getByText('支付价款', { selector: 'button span' }).closest('a')).toHaveAttribute('href', `#/settleDetailPayInfo?id=${deal.id}`);

    await act(() => router.navigate({ to: '/settleDetailPayInfo', search: { id: deal.id } }));
    fireEvent.click((await screen.findByText('网银在线支付')).closest('button')!);
    const bank = await screen.findByLabelText('模拟网银');
    expect(within(bank).getByText('8.15万元')).toBeInTheDocument();
    expect(within(bank).getByText('（81,500.00元）')).toBeInTheDocument();
    fireEvent.click(within(bank).getByText('确认支付').closest('button')!);
    expect(await screen.findByText('价款支付成功')).toBeInTheDocument();
    expect(deal.status).toBe('paid');
  });

  it('another user’s deal answers 404', async () => {
    authMock.signIn('demo_org');
    const deal = moneyMock.addDeal('demo_person');
    renderApp(`/projectSettleDetail?id=${deal.id}`);
    expect((await screen.findAllByText('成交记录不存在')).length).toBeGreaterThan(0);
  });
});

describe('/accountFunds: where released deposits go', () => {
  it('with a bound card the user chooses 原路退回银行卡; the choice is saved', async () => {
    authMock.signIn('demo_person');
    moneyMock.bindCard('demo_person');
    renderApp('/accountFunds');
    const section = await screen.findByRole('region', { name: '保证金退还方式' });
    await waitFor(() => expect(within(section).getByLabelText('退回钱包可用余额')).toBeChecked());
    fireEvent.click(within(section).getByLabelText('原路退回银行卡'));
    expect(await screen.findByText('保证金将原路退回银行卡')).toBeInTheDocument();
    expect(moneyMock.state.releaseChoice.get('demo_person')).toBe('card');
    expect(within(section).getByLabelText('原路退回银行卡')).toBeChecked();
  });
});

describe('/settleDetailPayInfo: transfer proof', () => {
  it('the buyer chooses his transfer receipt from 我的文件 and submits it; the page then waits for the exchange', async () => {
    authMock.signIn('demo_person');
    const deal = moneyMock.addDeal('demo_person', 'awaitingPayment');
    const fileId = userFilesMock.addFile('demo_person', '转账回单.pdf');
    userFilesMock.addFile('bidder01', '别人的回单.pdf');
    renderApp(`/settleDetailPayInfo?id=${deal.id}`);
    const form = await screen.findByRole('region', { name: '提交转账凭证' });
    fireEvent.click(within(form).getByText('提交转账凭证', { selector: 'button span' }).closest('button')!);
    expect(await within(form).findByText('请选择转账凭证文件')).toBeInTheDocument();
    fireEvent.mouseDown(within(form).getByLabelText('转账凭证'));
    expect(screen.queryByText('别人的回单.pdf')).toBeNull();
    fireEvent.click(await screen.findByText('转账回单.pdf', { selector: '.ant-select-item-option-content' }));
    fireEvent.change(within(form).getByLabelText('备注'), { target: { value: '工行网银 11-21 转出' } });
    fireEvent.click(within(form).getByText('提交转账凭证', { selector: 'button span' }).closest('button')!);
    expect(await screen.findByText('转账凭证已提交，待交易机构确认')).toBeInTheDocument();
    expect(moneyMock.state.proofs).toEqual([{ dealId: deal.id, fileId, note: '工行网银 11-21 转出' }]);
  });
});

describe('/myInvoice', () => {
  it('requests an invoice for a paid fee; a bad 统一社会信用代码 is refused in the browser with the server’s rule', async () => {
    authMock.signIn('demo_person');
    const deal = moneyMock.addDeal('demo_person', 'paid');
    renderApp('/myInvoice');
    expect(await screen.findByText('我的发票', { selector: 'h1' })).toBeInTheDocument();
    fireEvent.click(screen.getByText('申请开票').closest('button')!);
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByLabelText('开票项目'));
    fireEvent.click(await screen.findByText(/石家庄市某国有企业闲置仓库一处（服务费/, { selector: '.ant-select-item-option-content' }));
    fireEvent.change(within(dialog).getByLabelText('发票抬头'), { target: { value: '河北冀通物流有限公司' } });
    fireEvent.change(within(dialog).getByLabelText('纳税人识别号（统一社会信用代码）'), { target: { value: '91350100M000100Y44' } });
    fireEvent.change(within(dialog).getByLabelText('接收邮箱'), { target: { value: 'finance@example.com' } });
    fireEvent.click(within(dialog).getByText('提交申请').closest('button')!);
    expect(await within(dialog).findByText('统一社会信用代码校验位错误')).toBeInTheDocument();
    expect(moneyMock.state.invoiceRequests).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('纳税人识别号（统一社会信用代码）'), { target: { value: '91350100M000100Y43' } });
    fireEvent.click(within(dialog).getByText('提交申请').closest('button')!);
    expect(await screen.findByText('已申请')).toBeInTheDocument();
    expect(moneyMock.state.invoiceRequests[0]).toMatchObject({ dealId: String(deal.id), kind: 'normal', title: '河北冀通物流有限公司', taxpayerNo: '91350100M000100Y43', email: 'finance@example.com' });
  });

  it('a person’s invoice with the optional fields left untouched is sent with them empty', async () => {
    authMock.signIn('demo_person');
    const deal = moneyMock.addDeal('demo_person', 'paid');
    renderApp('/myInvoice');
    fireEvent.click((await screen.findByText('申请开票')).closest('button')!);
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByLabelText('开票项目'));
    fireEvent.click(await screen.findByText(/石家庄市某国有企业闲置仓库一处（服务费/, { selector: '.ant-select-item-option-content' }));
    fireEvent.change(within(dialog).getByLabelText('发票抬头'), { target: { value: '张建国' } });
    fireEvent.change(within(dialog).getByLabelText('接收邮箱'), { target: { value: 'zhang@example.com' } });
    fireEvent.click(within(dialog).getByText('提交申请').closest('button')!);
    expect(await screen.findByText('已申请')).toBeInTheDocument();
    expect(moneyMock.state.invoiceRequests[0]).toMatchObject({ dealId: String(deal.id), kind: 'normal', title: '张建国', taxpayerNo: '', email: 'zhang@example.com' });
  });
});
