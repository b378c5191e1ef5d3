/**
 * The staff console's 财务 queues (QUEUE_PATHS: transfer proofs, withdrawals, invoices, settlement, deposits,
 * the books) as msw handlers over a small in-memory state. Sessions, the password confirmation and the
 * four-eyes list are staff.ts's (staffMock): money actions answer 428 until staffMock.state.confirmed, and
 * a prepared four-eyes action lands in staffMock.state.approvals. Tests add them with
 * `server.use(...staffFinanceHandlers)`.
 */
import { http, HttpResponse } from 'msw';
import type { ApprovalItem } from '#domain/contract/staff';
import {
  QUEUE_PATHS,
  type LedgerCheckAnswer,
  type SettlementItem,
  type StaffDepositItem,
  type TransferProofDetail,
  type WithdrawalDetail,
  type InvoiceQueueDetail,
} from '#domain/contract/staffQueues';
import type { DealDetail } from '#domain/contract/settlement';
import { FOUR_EYES_KINDS, permissionsOf, STAFF_REAUTH_CODE, STAFF_REAUTH_MESSAGE, type FourEyesKind, type StaffPermission } from '#domain/rules/staff';
import { staffMock } from './staff';

const api = (path: string) => `/api${path}`;
const ok = <T>(data: T) => HttpResponse.json({ code: 200, success: true, msg: '操作成功', data });
const fail = (code: number, msg: string) => HttpResponse.json({ code, success: false, msg, data: null }, { status: code });
const page = <T>(records: T[]) => ok({ records, total: records.length, size: 20, current: 1, pages: 1 });

const base = { userId: 21, loginName: 'demo_buyer', userName: '孙建军', handledBy: '', handledTime: null, reason: '' };

const deal: DealDetail = {
  id: 7,
  dealCode: 'CJ-2026-0007',
  assetsId: 301,
  assetsName: '石家庄市某国有企业 30% 股权转让',
  bidCode: 'B-7',
  price: 1_250_000,
  fee: 6_250,
  deposit: 100_000,
  amountDue: 1_156_250,
  status: 'proofSubmitted',
  statusText: '转账凭证待确认',
  confirmDue: '2026-11-22 17:00:00',
  payDue: '2026-11-29 17:00:00',
  createTime: '2026-11-20 10:00:00',
  projectCode: 'GQ-2026-301',
  buyerName: '孙建军',
  transferor: '河北冀通物流有限公司',
  dealTime: '2026-11-20 10:00:00',
  confirmTime: '2026-11-21 09:00:00',
  paidTime: null,
  payMethod: 'transfer',
  forfeitReason: '',
  handoverTime: null,
  certificateTime: null,
  payoutTime: null,
  proof: { id: 5, fileId: 'f-proof-5', fileName: '银行回单.pdf', note: '网银转账', status: 'submitted', statusText: '待确认', reason: '', submitTime: '2026-11-26 09:30:00' },
};

function freshState() {
  return {
    transferProofs: [
      {
        ...base,
        id: 5,
        state: 'submitted',
        stateText: '待确认',
        summary: '石家庄市某国有企业 30% 股权转让 应付 115.63万元',
        submitTime: '2026-11-26 09:30:00',
        waitMinutes: 330,
        dealId: 7,
        dealCode: 'CJ-2026-0007',
        assetsName: deal.assetsName,
        amountDue: deal.amountDue,
        fileName: '银行回单.pdf',
        approvalId: null,
        deal,
        files: [{ fileId: 'f-proof-5', name: '银行回单.pdf', contentType: 'application/pdf', size: 52_000, path: '/dscq-staff/file/f-proof-5' }],
      },
    ] as TransferProofDetail[],
    withdrawals: [
      {
        ...base,
        id: 2,
        state: 'requested',
        stateText: '待付款',
        summary: '提现 5,000.00 元',
        submitTime: '2026-11-26 11:00:00',
        waitMinutes: 90,
        withdrawNo: 'TX202611260002',
        amount: 5_000,
        bankName: '中国工商银行',
        cardMasked: '6222 **** **** 1234',
        accountName: '孙建军',
        available: 20_000,
        frozen: 5_000,
      },
    ] as WithdrawalDetail[],
    invoices: [
      {
        ...base,
        id: 4,
        state: 'requested',
        stateText: '待开具',
        summary: '发票 6,250.00 元',
        submitTime: '2026-11-26 12:00:00',
        waitMinutes: 60,
        invoice: {
          id: 4,
          invoiceNo: '',
          dealId: 9,
          assetsName: '唐山某仓储用地使用权',
          kind: 'normal',
          kindText: '增值税普通发票',
          title: '孙建军',
          taxpayerNo: '',
          amount: 6_250,
          email: 'buyer@example.com',
          status: 'requested',
          statusText: '待开具',
          refuseReason: '',
          requestTime: '2026-11-26 12:00:00',
          issueTime: null,
        },
      },
    ] as InvoiceQueueDetail[],
    settlements: [
      {
        ...base,
        id: 9,
        state: 'certified',
        stateText: '已出证',
        summary: '唐山某仓储用地使用权',
        submitTime: '2026-11-25 10:00:00',
        waitMinutes: 1500,
        dealCode: 'CJ-2026-0009',
        assetsName: '唐山某仓储用地使用权',
        price: 880_000,
        nextStep: 'payout',
        approvalId: null,
      },
    ] as SettlementItem[],
    deposits: [
      { id: 10, depositCode: 'BZJ-2026-0010', status: 'confirmed', statusText: '已缴纳', loginName: 'demo_buyer', userName: '孙建军', assetsId: 301, assetsName: deal.assetsName, amount: 100_000, confirmTime: '2026-11-10 10:00:00', approvalId: null },
    ] as StaffDepositItem[],
    ledger: { ok: true, entries: 42, postings: 96, totalFen: 1_234_567_800, problems: [] } as LedgerCheckAnswer,
    /** Every action the handlers took: [path, params]. */
    calls: [] as [string, Record<string, unknown>][],
  };
}

export const financeMock = {
  state: freshState(),
  reset() {
    financeMock.state = freshState();
  },
};

async function params(request: Request): Promise<Record<string, unknown>> {
  try {
    return (await request.json()) as Record<string, unknown>;
  } catch {
    return {};
  }
}

type Handle = (input: Record<string, unknown>, loginName: string) => Response;

/** A route: 401 without a session, 403 without the permission, 428 for money until the password was confirmed. */
function route(permission: StaffPermission, money: boolean, handle: Handle) {
  return async ({ request }: { request: Request }) => {
    const token = (request.headers.get('Authorization') ?? '').replace(/^Bearer /, '');
    const loginName = staffMock.state.sessions.get(token);
    if (!loginName) return fail(401, '工作系统登录已过期，请重新登录');
    const member = staffMock.state.members.find((m) => m.loginName === loginName)!;
    if (!permissionsOf(member.roles).includes(permission)) return fail(403, '无操作权限');
    if (money && !staffMock.state.confirmed) return fail(STAFF_REAUTH_CODE, STAFF_REAUTH_MESSAGE);
    const input = request.method === 'GET' ? Object.fromEntries(new URL(request.url).searchParams) : await params(request);
    if (request.method === 'POST') financeMock.state.calls.push([new URL(request.url).pathname.replace(/^\/api/, ''), input]);
    return handle(input, loginName);
  };
}

const needsReason = (input: Record<string, unknown>) => typeof input.reason !== 'string' || !input.reason.trim();

let approvalSerial = 100;
function prepare(kind: FourEyesKind, subject: string, summary: string, payload: Record<string, unknown>, loginName: string): ApprovalItem {
  approvalSerial += 1;
  const member = staffMock.state.members.find((m) => m.loginName === loginName)!;
  const item: ApprovalItem = {
    id: approvalSerial,
    kind,
    kindLabel: FOUR_EYES_KINDS[kind].label,
    subject,
    summary,
    payload: JSON.stringify(payload),
    state: 'pending',
    preparedBy: `${member.name}（${loginName}）`,
    preparedAt: '2026-11-26 15:00:00',
    decidedBy: null,
    decidedAt: null,
    reason: '',
    canApprove: false,
    canWithdraw: true,
  };
  staffMock.state.approvals.push(item);
  return item;
}

const listOf = <T extends { state: string }>(records: T[], waiting: string[], input: Record<string, unknown>) => {
  const state = String(input.state ?? 'waiting');
  return records.filter((r) => state === 'all' || (state === 'waiting' ? waiting.includes(r.state) : state === 'handled' ? !waiting.includes(r.state) : r.state === state));
};

const byId = <T extends { id: number }>(records: T[], input: Record<string, unknown>) => records.find((r) => r.id === Number(input.id));
const gone = () => fail(404, '记录不存在');
const stale = () => fail(409, '当前状态不能执行该操作（可能已被他人处理）');

export const staffFinanceHandlers = [
  // 转账凭证
  http.get(api(QUEUE_PATHS.transferProofPage), route('transfer.confirm', false, (input) => page(listOf(financeMock.state.transferProofs, ['submitted'], input)))),
  http.get(api(QUEUE_PATHS.transferProofDetail), route('transfer.confirm', false, (input) => {
    const item = byId(financeMock.state.transferProofs, input);
    return item ? ok(item) : gone();
  })),
  http.post(api(QUEUE_PATHS.transferProofPrepare), route('transfer.confirm', true, (input, loginName) => {
    const item = byId(financeMock.state.transferProofs, input);
    if (!item) return gone();
    if (item.state !== 'submitted' || item.approvalId !== null) return stale();
    const approval = prepare('transfer.confirm', `deal:${item.dealId}`, `确认 ${item.userName} 转账 ${item.amountDue} 元（${item.dealCode}）`, { id: item.id }, loginName);
    item.approvalId = approval.id;
    return ok(approval);
  })),
  http.post(api(QUEUE_PATHS.transferProofReject), route('transfer.confirm', true, (input, loginName) => {
    if (needsReason(input)) return fail(400, '原因不能为空');
    const item = byId(financeMock.state.transferProofs, input);
    if (!item) return gone();
    if (item.approvalId !== null) return fail(409, `该转账已提交确认复核（复核单 ${item.approvalId}），请先退回或撤回复核单`);
    Object.assign(item, { state: 'rejected', stateText: '已驳回', reason: input.reason, handledBy: loginName, waitMinutes: null });
    return ok(item);
  })),
  // 提现
  http.get(api(QUEUE_PATHS.withdrawalPage), route('withdrawal.pay', false, (input) => page(listOf(financeMock.state.withdrawals, ['requested'], input)))),
  http.get(api(QUEUE_PATHS.withdrawalDetail), route('withdrawal.pay', false, (input) => {
    const item = byId(financeMock.state.withdrawals, input);
    return item ? ok(item) : gone();
  })),
  http.post(api(QUEUE_PATHS.withdrawalPay), route('withdrawal.pay', true, (input, loginName) => {
    const item = byId(financeMock.state.withdrawals, input);
    if (!item) return gone();
    if (item.state !== 'requested') return stale();
    Object.assign(item, { state: 'paid', stateText: '已付款', handledBy: loginName, waitMinutes: null });
    return ok(item);
  })),
  http.post(api(QUEUE_PATHS.withdrawalFail), route('withdrawal.pay', true, (input, loginName) => {
    if (needsReason(input)) return fail(400, '原因不能为空');
    const item = byId(financeMock.state.withdrawals, input);
    if (!item) return gone();
    if (item.state !== 'requested') return stale();
    Object.assign(item, { state: 'failed', stateText: '已退回', reason: input.reason, handledBy: loginName, waitMinutes: null });
    return ok(item);
  })),
  // 发票
  http.get(api(QUEUE_PATHS.invoicePage), route('invoice.issue', false, (input) => page(listOf(financeMock.state.invoices, ['requested'], input)))),
  http.get(api(QUEUE_PATHS.invoiceDetail), route('invoice.issue', false, (input) => {
    const item = byId(financeMock.state.invoices, input);
    return item ? ok(item) : gone();
  })),
  http.post(api(QUEUE_PATHS.invoiceIssue), route('invoice.issue', true, (input, loginName) => {
    const item = byId(financeMock.state.invoices, input);
    if (!item) return gone();
    if (item.state !== 'requested') return stale();
    Object.assign(item, { state: 'issued', stateText: '已开具', handledBy: loginName, waitMinutes: null });
    return ok(item);
  })),
  http.post(api(QUEUE_PATHS.invoiceRefuse), route('invoice.issue', true, (input, loginName) => {
    if (needsReason(input)) return fail(400, '原因不能为空');
    const item = byId(financeMock.state.invoices, input);
    if (!item) return gone();
    Object.assign(item, { state: 'refused', stateText: '已拒绝', reason: input.reason, handledBy: loginName, waitMinutes: null });
    return ok(item);
  })),
  // 结算与付款
  http.get(api(QUEUE_PATHS.settlementPage), route('deal.settle', false, (input) => page(listOf(financeMock.state.settlements, ['paid', 'handedOver', 'certified'], input)))),
  http.get(api(QUEUE_PATHS.settlementDetail), route('deal.settle', false, (input) => {
    const item = byId(financeMock.state.settlements, input);
    return item ? ok({ ...item, deal: { ...deal, id: item.id, dealCode: item.dealCode, assetsName: item.assetsName, price: item.price } }) : gone();
  })),
  http.post(api(QUEUE_PATHS.settlementPayoutPrepare), route('deal.payout', true, (input, loginName) => {
    const item = byId(financeMock.state.settlements, input);
    if (!item) return gone();
    if (item.nextStep !== 'payout' || item.approvalId !== null) return stale();
    const approval = prepare('deal.payout', `deal:${item.id}`, `向转让方付款（${item.dealCode}）`, { id: item.id }, loginName);
    item.approvalId = approval.id;
    return ok(approval);
  })),
  // 保证金
  http.get(api(QUEUE_PATHS.depositPage), route('deposit.forfeit', false, (input) => {
    const q = String(input.q ?? '');
    return page(financeMock.state.deposits.filter((d) => !q || d.loginName.includes(q) || d.assetsName.includes(q) || d.depositCode.includes(q)));
  })),
  http.post(api(QUEUE_PATHS.depositForfeitPrepare), route('deposit.forfeit', true, (input, loginName) => {
    if (needsReason(input)) return fail(400, '原因不能为空');
    const item = byId(financeMock.state.deposits, input);
    if (!item) return gone();
    const approval = prepare('deposit.forfeit', `deposit:${item.id}`, `没收 ${item.userName} 保证金 ${item.amount} 元：${String(input.reason)}`, { id: item.id, reason: input.reason }, loginName);
    item.approvalId = approval.id;
    return ok(approval);
  })),
  // 账本
  http.get(api(QUEUE_PATHS.ledgerCheck), route('ledger.view', false, () => ok(financeMock.state.ledger))),
  http.get(api(QUEUE_PATHS.ledgerBalance), route('ledger.view', false, (input) =>
    input.loginName === 'demo_buyer' ? ok({ loginName: 'demo_buyer', available: 20_000, frozen: 105_000 }) : fail(404, '用户不存在'),
  )),
  http.get(api('/dscq-staff/file/:fileId'), route('transfer.confirm', false, () => new HttpResponse('%PDF-1.4', { headers: { 'content-type': 'application/pdf' } }))),
];
