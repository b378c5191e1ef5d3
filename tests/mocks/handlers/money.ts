/**
 * msw handlers for the wallet and fund account (MONEY_PATHS). `moneyMock` is a small in-memory
 * backend per login name: balances, entries, the bound card, top-up orders (confirmed on the first status
 * poll after the sandbox bank's "pay", as the bank notifies asynchronously) and withdrawals. The SMS code is
 * always 246810. Another user's entry answers 404 as the real server does.
 */
import { http, HttpResponse } from 'msw';
import { ENROLMENT_PATHS } from '#domain/contract/enrolment';
import { BANKS, MONEY_PATHS, type BankCardView, type LedgerEntryKind, type WalletEntry } from '#domain/contract/ledger';
import { LEDGER_ENTRY_TEXT, parseWalletAmount, validateCardNumber } from '#domain/rules/ledger';
import { INVOICE_PATHS, type InvoiceItem, type InvoiceRequest } from '#domain/contract/invoice';
import { INVOICE_STATUS_TEXT, checkInvoiceRequest } from '#domain/rules/invoice';
import { DEAL_STATUS_TEXT } from '#domain/rules/settlement';
import { SETTLEMENT_PATHS, type DealDetail, type DealStatus } from '#domain/contract/settlement';
import { envelope } from '../fixtures';
import { authMock } from './auth';

export const MONEY_SMS = '246810';
const api = (path: string) => `*/api${path}`;
const fail = (status: number, msg: string) => HttpResponse.json({ code: status, success: false, msg, data: null }, { status });

function loginOf(request: Request): string | null {
  const header = request.headers.get('Authorization') ?? '';
  return authMock.state.accessTokens.get(header.startsWith('Bearer ') ? header.slice(7) : '') ?? null;
}

interface Wallet {
  availableFen: number;
  frozenFen: number;
  withdrawingFen: number;
  card: BankCardView | null;
  entries: WalletEntry[];
  requiredName: string | null;
}

function freshState() {
  return {
    deals: [] as Array<{ owner: string; value: DealDetail }>,
    invoices: [] as Array<{ owner: string; value: InvoiceItem }>,
    invoiceRequests: [] as unknown[],
    wallets: new Map<string, Wallet>(),
    orders: new Map<string, { owner: string; amountFen: number; paid: boolean; status: 'created' | 'paid'; dealId?: number }>(),
    binds: [] as unknown[],
    withdrawals: [] as unknown[],
    proofs: [] as Array<{ dealId: number; fileId: string; note: string }>,
    releaseChoice: new Map<string, 'wallet' | 'card'>(),
    seq: 500,
  };
}

async function params(request: Request): Promise<Record<string, string>> {
  const url = new URL(request.url);
  const out: Record<string, string> = Object.fromEntries(url.searchParams.entries());
  if (request.method === 'POST') {
    const text = await request.text();
    if (text) Object.assign(out, Object.fromEntries(Object.entries(JSON.parse(text) as Record<string, unknown>).map(([k, v]) => [k, String(v)])));
  }
  return out;
}

export const moneyMock = {
  state: freshState(),
  reset() {
    moneyMock.state = freshState();
  },
  wallet(owner: string): Wallet {
    let w = moneyMock.state.wallets.get(owner);
    if (!w) {
      w = { availableFen: 0, frozenFen: 0, withdrawingFen: 0, card: null, entries: [], requiredName: owner === 'demo_new' ? null : '张建国' };
      moneyMock.state.wallets.set(owner, w);
    }
    return w;
  },
  addEntry(owner: string, kind: LedgerEntryKind, availableFen: number, frozenFen: number, memo = ''): WalletEntry {
    const w = moneyMock.wallet(owner);
    w.availableFen += availableFen;
    w.frozenFen += frozenFen;
    const entry: WalletEntry = { id: ++moneyMock.state.seq, kind, kindText: LEDGER_ENTRY_TEXT[kind], availableChange: availableFen / 100, frozenChange: frozenFen / 100, memo, ref: '', time: '2026-11-21 12:00:00' };
    w.entries.unshift(entry);
    return entry;
  },
  /** A deal of `owner`: price 100,000 元, fee 1,500 元, deposit 20,000 元 → 81,500 元 due. */
  addDeal(owner: string, status: DealStatus = 'awaitingConfirmation'): DealDetail {
    const value: DealDetail = {
      id: ++moneyMock.state.seq,
      dealCode: 'CJ2026112100000001',
      assetsId: 6101,
      assetsName: '石家庄市某国有企业闲置仓库一处',
      bidCode: '1203',
      price: 100_000,
      fee: 1_500,
      deposit: 20_000,
      amountDue: 81_500,
      status,
      statusText: DEAL_STATUS_TEXT[status],
      confirmDue: '2026-11-24 12:00:00',
      payDue: null,
      createTime: '2026-11-21 12:00:00',
      projectCode: 'HBCQ-2026-001',
      buyerName: '张建国',
      transferor: '石家庄某国有企业',
      dealTime: '2026-11-21 12:00:00',
      confirmTime: null,
      paidTime: null,
      payMethod: '',
      forfeitReason: '',
      handoverTime: null,
      certificateTime: null,
      payoutTime: null,
      proof: null,
    };
    moneyMock.state.deals.push({ owner, value });
    return value;
  },
  bindCard(owner: string) {
    moneyMock.wallet(owner).card = { id: 1, bankCode: 'ICBC', bankName: '中国工商银行', cardNo: '622202*********3446', accountName: '张建国', bindTime: '2026-11-20 10:00:00' };
  },
};

const summary = (w: Wallet) => ({ available: w.availableFen / 100, frozen: w.frozenFen / 100, withdrawing: w.withdrawingFen / 100, card: w.card });
const account = (w: Wallet) => ({ card: w.card, requiredName: w.requiredName, phone: '138****0001', unbindBlocked: w.withdrawingFen > 0 ? '您有提现正在处理中，处理完成后方可解绑' : '' });

const dealOf = (request: Request, id: number) => moneyMock.state.deals.find((d) => d.owner === loginOf(request) && d.value.id === id)?.value;
const setStatus = (d: DealDetail, status: DealStatus) => Object.assign(d, { status, statusText: DEAL_STATUS_TEXT[status] });

export const moneyHandlers = [
  http.get(api(INVOICE_PATHS.page), ({ request }) => {
    const mine = moneyMock.state.invoices.filter((i) => i.owner === loginOf(request)).map((i) => i.value);
    return HttpResponse.json(envelope({ records: mine, total: mine.length, size: 10, current: 1, pages: 1 }));
  }),
  http.get(api(INVOICE_PATHS.eligible), ({ request }) => {
    const invoiced = new Set(moneyMock.state.invoices.map((i) => i.value.dealId));
    const deals = moneyMock.state.deals.filter((d) => d.owner === loginOf(request) && d.value.status === 'paid' && !invoiced.has(d.value.id));
    return HttpResponse.json(envelope(deals.map((d) => ({ dealId: d.value.id, assetsName: d.value.assetsName, fee: d.value.fee }))));
  }),
  http.post(api(INVOICE_PATHS.request), async ({ request }) => {
    const user = loginOf(request)!;
    const p = (await params(request)) as unknown as InvoiceRequest;
    const first = Object.values(checkInvoiceRequest({ ...p, address: p.address ?? '', phone: p.phone ?? '', bankName: p.bankName ?? '', bankAccount: p.bankAccount ?? '', taxpayerNo: p.taxpayerNo ?? '' }))[0];
    if (first) return fail(400, first);
    const deal = moneyMock.state.deals.find((d) => d.owner === user && d.value.id === Number(p.dealId))!.value;
    moneyMock.state.invoiceRequests.push(p);
    const value: InvoiceItem = { id: ++moneyMock.state.seq, invoiceNo: 'FP2026112100000001', dealId: deal.id, assetsName: deal.assetsName, kind: p.kind, kindText: p.kind === 'special' ? '增值税专用发票' : '增值税普通发票', title: p.title, taxpayerNo: p.taxpayerNo ?? '', amount: deal.fee, email: p.email, status: 'requested', statusText: INVOICE_STATUS_TEXT.requested, refuseReason: '', requestTime: '2026-11-21 12:00:00', issueTime: null };
    moneyMock.state.invoices.push({ owner: user, value });
    return HttpResponse.json(envelope(value));
  }),
  http.get(api(SETTLEMENT_PATHS.page), ({ request }) => {
    const mine = moneyMock.state.deals.filter((d) => d.owner === loginOf(request)).map((d) => d.value);
    return HttpResponse.json(envelope({ records: mine, total: mine.length, size: 10, current: 1, pages: 1 }));
  }),
  http.get(api(SETTLEMENT_PATHS.detail), ({ request }) => {
    const d = dealOf(request, Number(new URL(request.url).searchParams.get('id')));
    return d ? HttpResponse.json(envelope(d)) : fail(404, '成交记录不存在');
  }),
  http.get(api(SETTLEMENT_PATHS.letter), ({ request }) => {
    const d = dealOf(request, Number(new URL(request.url).searchParams.get('id')));
    return d ? new HttpResponse(`%PDF-1.4\n% 成交确认书 ${d.assetsName}\n%%EOF\n`, { headers: { 'content-type': 'application/pdf' } }) : fail(404, '成交记录不存在');
  }),
  http.post(api(SETTLEMENT_PATHS.confirm), async ({ request }) => {
    const d = dealOf(request, Number((await params(request)).id));
    if (!d) return fail(404, '成交记录不存在');
    setStatus(d, 'awaitingPayment');
    Object.assign(d, { confirmTime: '2026-11-21 12:05:00', payDue: '2026-11-24 12:05:00' });
    return HttpResponse.json(envelope(d));
  }),
  http.get(api(MONEY_PATHS.releasePreference), ({ request }) => HttpResponse.json(envelope({ choice: moneyMock.state.releaseChoice.get(loginOf(request)!) ?? 'wallet' }))),
  http.post(api(MONEY_PATHS.releasePreference), async ({ request }) => {
    const choice = (await params(request)).choice;
    if (choice !== 'wallet' && choice !== 'card') return fail(400, '请选择保证金退还方式（wallet 或 card）');
    moneyMock.state.releaseChoice.set(loginOf(request)!, choice);
    return HttpResponse.json(envelope({ choice }));
  }),
  http.post(api(SETTLEMENT_PATHS.proof), async ({ request }) => {
    const p = await params(request);
    const d = dealOf(request, Number(p.id));
    if (!d) return fail(404, '成交记录不存在');
    if (d.status !== 'awaitingPayment') return fail(409, '当前状态不能提交转账凭证');
    moneyMock.state.proofs.push({ dealId: d.id, fileId: p.fileId!, note: p.note ?? '' });
    setStatus(d, 'proofSubmitted');
    d.proof = { id: 1, fileId: p.fileId!, fileName: '转账回单.pdf', note: p.note ?? '', status: 'submitted', statusText: '待确认', reason: '', submitTime: '2026-11-21 12:10:00' };
    return HttpResponse.json(envelope(d));
  }),
  http.post(api(SETTLEMENT_PATHS.payOrder), async ({ request }) => {
    const user = loginOf(request)!;
    const d = dealOf(request, Number((await params(request)).id));
    if (!d) return fail(404, '成交记录不存在');
    const orderNo = `ST2026112100000${++moneyMock.state.seq}`;
    moneyMock.state.orders.set(orderNo, { owner: user, amountFen: Math.round(d.amountDue * 100), paid: false, status: 'created', dealId: d.id });
    return HttpResponse.json(envelope({ orderNo, amount: d.amountDue, status: 'created', gatewayName: '模拟网银（沙箱）' }));
  }),
  http.get(api(MONEY_PATHS.walletSummary), ({ request }) => {
    const user = loginOf(request);
    return user ? HttpResponse.json(envelope(summary(moneyMock.wallet(user)))) : fail(401, '请求未授权');
  }),
  http.get(api(MONEY_PATHS.walletEntries), async ({ request }) => {
    const user = loginOf(request);
    if (!user) return fail(401, '请求未授权');
    const p = await params(request);
    const current = Number(p.current ?? 1);
    const size = Number(p.size ?? 10);
    const all = moneyMock.wallet(user).entries.filter((e) => (!p.kind || e.kind === p.kind) && (p.direction === 'in' ? e.availableChange > 0 : p.direction === 'out' ? e.availableChange < 0 : true));
    return HttpResponse.json(envelope({ records: all.slice((current - 1) * size, current * size), total: all.length, size, current, pages: Math.ceil(all.length / size) }));
  }),
  http.get(api(MONEY_PATHS.walletEntry), async ({ request }) => {
    const user = loginOf(request);
    if (!user) return fail(401, '请求未授权');
    const entry = moneyMock.wallet(user).entries.find((e) => e.id === Number(new URL(request.url).searchParams.get('id')));
    return entry ? HttpResponse.json(envelope(entry)) : fail(404, '账务记录不存在');
  }),
  http.post(api(MONEY_PATHS.topUp), async ({ request }) => {
    const user = loginOf(request)!;
    const parsed = parseWalletAmount((await params(request)).amount ?? '');
    if (!parsed.ok) return fail(400, parsed.message);
    const orderNo = `TU2026112100000${++moneyMock.state.seq}`;
    moneyMock.state.orders.set(orderNo, { owner: user, amountFen: parsed.fen, paid: false, status: 'created' });
    return HttpResponse.json(envelope({ orderNo, amount: parsed.fen / 100, status: 'created', gatewayName: '模拟网银（沙箱）' }));
  }),
  http.post(api(ENROLMENT_PATHS.sandboxPay), async ({ request }) => {
    const orderNo = (await params(request.clone())).orderNo ?? '';
    const order = moneyMock.state.orders.get(orderNo);
    if (!order) return undefined; // a deposit order: the enrolment mock answers
    order.paid = true;
    return HttpResponse.json(envelope({ orderNo }));
  }),
  http.get(api(MONEY_PATHS.topUpStatus), ({ request }) => {
    const user = loginOf(request);
    const orderNo = new URL(request.url).searchParams.get('orderNo') ?? '';
    const order = moneyMock.state.orders.get(orderNo);
    if (!order || order.owner !== user) return fail(404, '充值订单不存在');
    if (order.paid && order.status === 'created') {
      order.status = 'paid';
      const deal = moneyMock.state.deals.find((d) => d.value.id === order.dealId)?.value;
      if (deal) setStatus(deal, 'paid');
      else moneyMock.addEntry(user, 'topUp', order.amountFen, 0);
    }
    return HttpResponse.json(envelope({ orderNo, amount: order.amountFen / 100, status: order.status, gatewayName: '模拟网银（沙箱）' }));
  }),
  http.post(api(MONEY_PATHS.withdrawSms), () => HttpResponse.json(envelope({ resendAfter: 60 }))),
  http.post(api(MONEY_PATHS.cardSms), () => HttpResponse.json(envelope({ resendAfter: 60 }))),
  http.post(api(MONEY_PATHS.withdraw), async ({ request }) => {
    const user = loginOf(request)!;
    const p = await params(request);
    const w = moneyMock.wallet(user);
    const parsed = parseWalletAmount(p.amount ?? '');
    if (!parsed.ok) return fail(400, parsed.message);
    if (p.smsCode !== MONEY_SMS) return fail(400, '短信验证码错误或已失效');
    if (parsed.fen > w.availableFen) return fail(409, '可用余额不足');
    moneyMock.state.withdrawals.push(p);
    moneyMock.addEntry(user, 'withdraw', -parsed.fen, 0);
    w.withdrawingFen += parsed.fen;
    return HttpResponse.json(envelope({ withdrawNo: 'TX2026112100000001', amount: parsed.fen / 100, status: 'requested', cardNo: w.card!.cardNo, time: '2026-11-21 12:00:00' }));
  }),
  http.get(api(MONEY_PATHS.banks), () => HttpResponse.json(envelope(BANKS.map((b) => ({ code: b.code, name: b.name }))))),
  http.get(api(MONEY_PATHS.fundAccount), ({ request }) => {
    const user = loginOf(request);
    return user ? HttpResponse.json(envelope(account(moneyMock.wallet(user)))) : fail(401, '请求未授权');
  }),
  http.post(api(MONEY_PATHS.bindCard), async ({ request }) => {
    const user = loginOf(request)!;
    const p = await params(request);
    const card = validateCardNumber(p.cardNo ?? '');
    if (!card.ok) return fail(400, card.message);
    if (p.smsCode !== MONEY_SMS) return fail(400, '短信验证码错误或已失效');
    moneyMock.state.binds.push(p);
    const w = moneyMock.wallet(user);
    const digits = (p.cardNo ?? '').replace(/ /g, '');
    w.card = { id: 2, bankCode: p.bankCode!, bankName: BANKS.find((b) => b.code === p.bankCode)!.name, cardNo: `${digits.slice(0, 6)}${'*'.repeat(digits.length - 10)}${digits.slice(-4)}`, accountName: p.accountName!, bindTime: '2026-11-21 12:00:00' };
    return HttpResponse.json(envelope(account(w)));
  }),
  http.post(api(MONEY_PATHS.unbindCard), async ({ request }) => {
    const user = loginOf(request)!;
    const w = moneyMock.wallet(user);
    if ((await params(request)).smsCode !== MONEY_SMS) return fail(400, '短信验证码错误或已失效');
    w.card = null;
    return HttpResponse.json(envelope(account(w)));
  }),
];
