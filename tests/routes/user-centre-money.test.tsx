/**
 * One money rule in the user centre, through the whole app with msw: every table and summary of the user
 * centre (overview, 我的项目 and its rooms, deposits, enrolment and deposit details, the cashier, wallet and
 * ledger, settlement, invoices, contracts) shows amounts as the hall does — 万元 from 10000 yuan, with the
 * exact yuan on hover — never '422,415,000.00 元', which is easily misread by a factor of ten.
 */
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { http as mswHttp, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ENROLMENT_PATHS } from '#domain/contract/enrolment';
import { INVOICE_STATUS_TEXT } from '#domain/rules/invoice';
import { envelope } from '../mocks/fixtures';
import { authMock } from '../mocks/handlers/auth';
import { contractFixture, contractsMock } from '../mocks/handlers/contracts';
import { enrolMock } from '../mocks/handlers/enrolment';
import { moneyMock } from '../mocks/handlers/money';
import { renderApp } from '../mocks/renderApp';
import { useMockServer } from '../mocks/server';

const server = useMockServer();
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8000 });

/** What the brief forbids: an amount in yuan with separators, two decimals and ' 元'. */
const OLD_YUAN = /\d{1,3}(,\d{3})+\.\d{2} 元/;
/** Any amount of 10000 yuan or more written in yuan, with or without a space. */
const BIG_YUAN = /(\d{1,3}(,\d{3}){2,}|\d{2,3},\d{3})\.\d{2}\s?元/;

/**
 * The page's text outside inputs, hover tooltips (the exact yuan on purpose) and the exact yuan written
 * beside an amount to pay (.money-exact).
 */
function visibleText(): string {
  const copy = document.body.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('input, textarea, .money-exact, .ant-tooltip').forEach((node) => node.remove());
  return copy.textContent ?? '';
}

function expectOneRule() {
  const text = visibleText();
  expect(text).not.toMatch(OLD_YUAN);
  expect(text).not.toMatch(BIG_YUAN);
  expect(text).toMatch(/\d万元|\.\d{2}万元/);
}

beforeEach(() => {
  authMock.reset();
  enrolMock.reset();
  moneyMock.reset();
  contractsMock.reset();
  authMock.signIn('demo_person');
});

describe('the user centre writes money by the one rule', () => {
  it('/usercenterIndex: 已缴 in 万元', async () => {
    server.use(
      mswHttp.get(`*/api${ENROLMENT_PATHS.summary}`, () =>
        HttpResponse.json(
          envelope({
            enrolments: { total: 3, pendingReview: 0, depositPending: 0, qualified: 3 },
            deposits: { total: 3, confirmedAmount: 422_415_000, paying: 0 },
            liveRooms: 1,
            unreadMessages: 0,
            recentMessages: [],
          }),
        ),
      ),
    );
    renderApp('/usercenterIndex');
    expect(await screen.findByText('42,241.50万元')).toBeInTheDocument();
    expectOneRule();
  });

  it('/myProject: the deposit column and the rooms’ 当前价 in 万元, the exact yuan on hover', async () => {
    const { enrolmentId } = enrolMock.addApproved('demo_person');
    enrolMock.state.enrolments.find((e) => e.value.id === enrolmentId)!.value.depositAmount = 5_604_300;
    enrolMock.addRoom('demo_person', { currentPrice: 7_816_000 });
    const enrolments = renderApp('/myProject');
    const deposit = await screen.findByText('560.43万元');
    expectOneRule();
    fireEvent.mouseEnter(deposit);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('5,604,300.00元');
    enrolments.unmount();

    renderApp('/myProject?list=2');
    expect(await screen.findByText('781.60万元')).toBeInTheDocument();
    expectOneRule();
  });

  it('/myDeposit, /depositDetail, /enrollDetail and the cashier', async () => {
    const { enrolmentId, depositId } = enrolMock.addApproved('demo_person');
    enrolMock.state.enrolments.find((e) => e.value.id === enrolmentId)!.value.depositAmount = 560_430_000;
    enrolMock.state.deposits.find((d) => d.value.id === depositId)!.value.amount = 560_430_000;

    const pages = ['/myDeposit', `/depositDetail?id=${depositId}`, `/enrollDetail?id=${enrolmentId}`, `/cashierDesk?depositId=${depositId}`, `/depositAddPayInfo?depositId=${depositId}`];
    for (const path of pages) {
      const view = renderApp(path);
      expect((await screen.findAllByText('56,043.00万元'))[0]).toBeInTheDocument();
      expectOneRule();
      view.unmount();
    }
  });

  it('/wallet/index and /wallet/detail: balances and entries', async () => {
    moneyMock.addEntry('demo_person', 'topUp', 4_224_150_000, 0);
    moneyMock.addEntry('demo_person', 'depositFromWallet', -2_000_000_000, 2_000_000_000, '某国有企业闲置仓库');
    const index = renderApp('/wallet/index');
    await waitFor(() => expect(screen.getByTestId('wallet-available')).toHaveTextContent('2,224.15万元'));
    expect(screen.getByTestId('wallet-frozen')).toHaveTextContent('2,000.00万元');
    expect(screen.getByText('−')).toBeInTheDocument();
    expectOneRule();
    index.unmount();

    renderApp('/wallet/detail');
    expect(await screen.findByText('4,224.15万元')).toBeInTheDocument();
    expectOneRule();
  });

  it('/projectSettlement, /projectSettleDetail and /myInvoice', async () => {
    const deal = moneyMock.addDeal('demo_person', 'paid');
    Object.assign(deal, { price: 78_160_000, fee: 390_800, deposit: 5_000_000, amountDue: 73_550_800 });
    moneyMock.state.invoices.push({
      owner: 'demo_person',
      value: { id: 1, invoiceNo: 'FP1', dealId: deal.id, assetsName: deal.assetsName, kind: 'normal', kindText: '增值税普通发票', title: '张建国', taxpayerNo: '', amount: 390_800, email: '', status: 'requested', statusText: INVOICE_STATUS_TEXT.requested, refuseReason: '', requestTime: '2026-11-21 12:00:00', issueTime: null },
    });
    for (const [path, amount] of [
      ['/projectSettlement', '7,816.00万元'],
      [`/projectSettleDetail?id=${deal.id}`, '7,355.08万元'],
      ['/myInvoice', '39.08万元'],
    ] as const) {
      const view = renderApp(path);
      expect((await screen.findAllByText(amount))[0]).toBeInTheDocument();
      expectOneRule();
      view.unmount();
    }
  });

  it('/myContract: 成交价 in 万元', async () => {
    contractsMock.add('demo_person', contractFixture(1, 'signing', { price: 78_160_000 }));
    renderApp('/myContract');
    expect(await screen.findByText('7,816.00万元')).toBeInTheDocument();
    expectOneRule();
  });
});
