/**
 * The 审核 work queues (QUEUE_PATHS) as msw handlers for the console's review pages: real-name requests and
 * deposit proofs with a small in-memory state, their actions (a refusal without a reason is 400, an item no
 * longer waiting 409) and the staff file route (a PNG). Sessions and permissions are the staff mock's
 * (handlers/staff.ts): 401 without a session, 403 outside the member's roles. A test adds them with
 * `server.use(...staffReviewHandlers)`.
 */
import { http, HttpResponse } from 'msw';
import { QUEUE_PATHS, STAFF_USER_PATHS, type DepositProofDetail, type StaffUserItem, type QueueItem, type RealNameDetail, type StaffFileLink } from '#domain/contract/staffQueues';
import { permissionsOf, type StaffPermission } from '#domain/rules/staff';
import { staffMock } from './staff';

const api = (path: string) => `/api${path}`;
const ok = <T>(data: T) => HttpResponse.json({ code: 200, success: true, msg: '操作成功', data });
const fail = (code: number, msg: string) => HttpResponse.json({ code, success: false, msg, data: null }, { status: code });

const licence: StaffFileLink = { fileId: 'f-licence-1', name: '营业执照.png', contentType: 'image/png', size: 52_300, path: '/dscq-staff/file/f-licence-1' };
const slip: StaffFileLink = { fileId: 'f-slip-7', name: '转账回单.pdf', contentType: 'application/pdf', size: 180_000, path: '/dscq-staff/file/f-slip-7' };

const waitingItem = { handledBy: '', handledTime: null, reason: '' } satisfies Partial<QueueItem>;

function freshState() {
  const realNames: RealNameDetail[] = [
    {
      id: 21,
      kind: 'org',
      state: 'pending',
      stateText: '待审核',
      userId: 501,
      loginName: 'demo_apply_org',
      userName: '石家庄恒信贸易有限公司',
      summary: '机构认证：石家庄恒信贸易有限公司',
      submitTime: '2026-11-26 12:45:00',
      waitMinutes: 135,
      ...waitingItem,
      name: '',
      idType: null,
      idNumber: '',
      orgName: '石家庄恒信贸易有限公司',
      creditCode: '9113****0012',
      legalPerson: '刘振东',
      legalIdType: 0,
      legalIdNumber: '1301**********2817',
      files: [licence],
      phone: '138****5678',
      registerTime: '2026-11-20 09:00:00',
      history: [{ id: 19, state: 'rejected', reason: '营业执照不清晰', submitTime: '2026-11-22 10:00:00', reviewTime: '2026-11-22 15:00:00' }],
    },
    {
      id: 22,
      kind: 'person',
      state: 'pending',
      stateText: '待审核',
      userId: 502,
      loginName: 'demo_apply1',
      userName: '李明',
      summary: '个人认证：李明',
      submitTime: '2026-11-26 14:40:00',
      waitMinutes: 20,
      ...waitingItem,
      name: '李明',
      idType: 0,
      idNumber: '1301**********1234',
      orgName: '',
      creditCode: '',
      legalPerson: '',
      legalIdType: null,
      legalIdNumber: '',
      files: [],
      phone: '139****0001',
      registerTime: '2026-11-25 09:00:00',
      history: [],
    },
  ];
  const depositProofs: DepositProofDetail[] = [
    {
      id: 7,
      state: 'submitted',
      stateText: '待确认',
      userId: 600,
      loginName: 'demo_buyer',
      userName: '孙建军',
      summary: '「石家庄某公司 30% 股权」保证金 50,000.00 元，付款人 孙建军',
      submitTime: '2026-11-26 10:00:00',
      waitMinutes: 300,
      ...waitingItem,
      depositId: 31,
      assetsName: '石家庄某公司 30% 股权',
      amount: 50_000,
      payerName: '孙建军',
      bankName: '中国工商银行石家庄分行',
      files: [slip],
      deposit: {
        id: 31,
        depositCode: 'BZJ202611260031',
        enrolmentId: 40,
        assetsId: 301,
        assetsName: '石家庄某公司 30% 股权',
        amount: 50_000,
        status: 'proofSubmitted',
        statusText: '凭证待确认',
        method: 'transfer',
        confirmTime: null,
        settleTime: null,
        projectCode: 'HBCQ2026-301',
        proofs: [
          {
            id: 7,
            fileId: slip.fileId,
            payerName: '孙建军',
            payerAccount: '6222 **** 8888',
            bankName: '中国工商银行石家庄分行',
            amount: 50_000,
            paidTime: '2026-11-26 09:30:00',
            note: '',
            status: 'submitted',
            rejectReason: '',
            submitTime: '2026-11-26 10:00:00',
          },
        ],
        receiving: { accountName: '河北产权市场有限公司', bankName: '中国建设银行石家庄分行', accountNo: '1300 1234 5678 0000' },
        order: null,
      } as DepositProofDetail['deposit'],
    },
  ];
  const users: StaffUserItem[] = [
    { id: 11, loginName: 'bidder01', name: '李*', phone: '138****0101', userType: 1, authStatus: 0, allowed: true },
    { id: 12, loginName: 'bidder02', name: '王*', phone: '138****0102', userType: 1, authStatus: 0, allowed: true },
  ];
  return { realNames, depositProofs, users, unlocked: [] as string[], files: [] as string[], actions: [] as { path: string; params: Record<string, unknown> }[] };
}

export const reviewMock = {
  state: freshState(),
  reset() {
    reviewMock.state = freshState();
  },
};

/** A staff route: 401 without a session, 403 without the permission (as handlers/staff.ts). */
function guarded(permission: StaffPermission, handle: (request: Request) => Response | Promise<Response>) {
  return async ({ request }: { request: Request }) => {
    const token = (request.headers.get('Authorization') ?? '').replace(/^Bearer /, '');
    const loginName = staffMock.state.sessions.get(token);
    if (!loginName) return fail(401, '工作系统登录已过期，请重新登录');
    const member = staffMock.state.members.find((m) => m.loginName === loginName)!;
    if (!permissionsOf(member.roles).includes(permission)) return fail(403, '无操作权限');
    return handle(request);
  };
}

async function body(request: Request): Promise<Record<string, unknown>> {
  try {
    return (await request.json()) as Record<string, unknown>;
  } catch {
    return {};
  }
}

const WAITING: Record<string, readonly string[]> = { realName: ['pending'], depositProof: ['submitted'] };

function page<T extends QueueItem>(queue: string, items: T[], url: string) {
  const state = new URL(url).searchParams.get('state') ?? 'waiting';
  const waiting = WAITING[queue] ?? [];
  const records = items.filter((i) => (state === 'all' ? true : state === 'waiting' ? waiting.includes(i.state) : state === 'handled' ? !waiting.includes(i.state) : i.state === state));
  return ok({ records, total: records.length, size: 20, current: 1, pages: 1 });
}

function detail<T extends QueueItem>(items: T[], url: string) {
  const id = Number(new URL(url).searchParams.get('id'));
  const item = items.find((i) => i.id === id);
  return item ? ok(item) : fail(404, '记录不存在');
}

/** One action: records it, refuses a missing reason (400) and a handled item (409), changes the item. */
function action<T extends QueueItem>(items: () => T[], waiting: string, outcome: { state: string; stateText: string; needs?: 'reason' }) {
  return async (request: Request) => {
    const params = await body(request);
    reviewMock.state.actions.push({ path: new URL(request.url).pathname, params });
    if (outcome.needs === 'reason' && (typeof params.reason !== 'string' || !params.reason.trim())) return fail(400, '请填写原因');
    const item = items().find((i) => i.id === params.id);
    if (!item) return fail(404, '记录不存在');
    if (item.state !== waiting) return fail(409, '当前状态不能执行该操作（可能已被他人处理）');
    Object.assign(item, { state: outcome.state, stateText: outcome.stateText, waitMinutes: null, handledBy: 'op_review', handledTime: '2026-11-26 15:00:00', reason: typeof params.reason === 'string' ? params.reason : '' });
    return ok(item);
  };
}

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export const staffReviewHandlers = [
  http.get(api(QUEUE_PATHS.realNamePage), guarded('realName.review', ({ url }) => page('realName', reviewMock.state.realNames, url))),
  http.get(api(QUEUE_PATHS.realNameDetail), guarded('realName.review', ({ url }) => detail(reviewMock.state.realNames, url))),
  http.post(api(QUEUE_PATHS.realNameApprove), guarded('realName.review', action(() => reviewMock.state.realNames, 'pending', { state: 'approved', stateText: '已通过' }))),
  http.post(api(QUEUE_PATHS.realNameReject), guarded('realName.review', action(() => reviewMock.state.realNames, 'pending', { state: 'rejected', stateText: '已驳回', needs: 'reason' }))),
  http.get(api(QUEUE_PATHS.depositProofPage), guarded('depositProof.review', ({ url }) => page('depositProof', reviewMock.state.depositProofs, url))),
  http.get(api(QUEUE_PATHS.depositProofDetail), guarded('depositProof.review', ({ url }) => detail(reviewMock.state.depositProofs, url))),
  http.post(api(QUEUE_PATHS.depositProofConfirm), guarded('depositProof.review', action(() => reviewMock.state.depositProofs, 'submitted', { state: 'confirmed', stateText: '已确认' }))),
  http.post(api(QUEUE_PATHS.depositProofReject), guarded('depositProof.review', action(() => reviewMock.state.depositProofs, 'submitted', { state: 'rejected', stateText: '已驳回', needs: 'reason' }))),
  http.get(api(STAFF_USER_PATHS.find), guarded('realName.review', ({ url }) => {
    const q = new URL(url).searchParams.get('q') ?? '';
    return ok(reviewMock.state.users.filter((u) => u.loginName.includes(q) || u.name.includes(q)));
  })),
  http.post(api(STAFF_USER_PATHS.unlock), guarded('realName.review', async (request) => {
    const { loginName } = await body(request);
    if (typeof loginName !== 'string' || !reviewMock.state.users.some((u) => u.loginName === loginName)) return fail(404, '用户不存在');
    reviewMock.state.unlocked.push(loginName);
    return ok(null);
  })),
  // The file route: a 审核 member reads the queues' uploads (the server checks the file's queue; here the role).
  http.get(api('/dscq-staff/file/:fileId'), guarded('realName.review', ({ url }) => {
    reviewMock.state.files.push(decodeURIComponent(new URL(url).pathname.split('/').pop()!));
    return new HttpResponse(PNG, { headers: { 'content-type': 'image/png' } });
  })),
];
