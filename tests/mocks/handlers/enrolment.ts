/**
 * msw handlers for enrolment, deposits and the user centre (ENROLMENT_PATHS). `enrolMock` holds a
 * small in-memory backend: one enrollable project, the user's enrolments, deposits, rooms and messages.
 * Records belong to a login name; another user's id answers 404 as the real server does. The sandbox
 * cashier's order is confirmed on the first status poll after "pay" (the bank's asynchronous notice).
 */
import { http, HttpResponse } from 'msw';
import { ENROLMENT_PATHS, type TermsDocument, type DepositDetail, type EnrolmentDetail, type EnrolmentForm, type MessageItem, type PaymentOrderAnswer, type QualifiedRoom } from '#domain/contract/enrolment';
import { ENROLMENT_STATUS_TEXT, DEPOSIT_STATUS_TEXT, MESSAGE_KIND_TEXT } from '#domain/rules/enrolment';
import { DESK_PATHS, type DeskSignal, type MyLot } from '#domain/contract/desk';
import { envelope } from '../fixtures';
import { isAuthenticatedStatus } from '#domain/rules/auth';
import { authMock } from './auth';

export const ENROL_ASSETS_ID = 6101;
export const ENROL_ASSETS_NAME = '石家庄市某国有企业闲置仓库一处（建筑面积3,200平方米）';

/** The 竞买须知 the mock serves with the form (the hash stands for the server's SHA-256 of the text). */
export const MOCK_TERMS: TermsDocument = {
  title: '竞买须知',
  version: '2026.1',
  effectiveTime: '2026-01-01 00:00:00',
  text: '一、竞买人应已在本系统完成实名认证。\n二、报价一经提交不得撤回。',
  sha256: '5d41402abc4b2a76b9719d911017c5925d41402abc4b2a76b9719d911017c592',
};

const api = (path: string) => `*/api${path}`;
const notFound = (msg: string) => HttpResponse.json({ code: 404, success: false, msg, data: null }, { status: 404 });
const unauthorized = () => HttpResponse.json({ code: 401, success: false, msg: '请求未授权', data: null }, { status: 401 });

function loginOf(request: Request): string | null {
  const header = request.headers.get('Authorization') ?? '';
  return authMock.state.accessTokens.get(header.startsWith('Bearer ') ? header.slice(7) : '') ?? null;
}

interface Owned<T> {
  owner: string;
  value: T;
}

function freshState() {
  return {
    enrolments: [] as Owned<EnrolmentDetail>[],
    deposits: [] as Owned<DepositDetail>[],
    messages: [] as Owned<MessageItem>[],
    rooms: [] as Owned<QualifiedRoom>[],
    /** The desk: each user's lots, as GET /dscq-user/desk/lots answers them. */
    deskLots: [] as Owned<MyLot>[],
    orders: new Map<string, { owner: string; order: PaymentOrderAnswer; paid: boolean }>(),
    submits: [] as unknown[],
    seq: 100,
  };
}

export const enrolMock = {
  state: freshState(),
  reset() {
    enrolMock.state = freshState();
  },
  /** An approved enrolment waiting for its deposit (ids returned). */
  addApproved(owner: string): { enrolmentId: number; depositId: number } {
    const s = enrolMock.state;
    const enrolmentId = ++s.seq;
    const depositId = ++s.seq;
    s.enrolments.push({ owner, value: { ...enrolmentFixture(enrolmentId), status: 'depositPending', statusText: ENROLMENT_STATUS_TEXT.depositPending, depositId, depositStatus: 'pending' } });
    s.deposits.push({ owner, value: depositFixture(depositId, enrolmentId) });
    return { enrolmentId, depositId };
  },
  addRoom(owner: string, room: Partial<QualifiedRoom> = {}) {
    enrolMock.state.rooms.push({
      owner,
      value: { activityId: 9101, assetsId: ENROL_ASSETS_ID, assetsName: ENROL_ASSETS_NAME, bidCode: '318402', mode: 'ongoing', status: 'live', outcome: null, startTime: '2026-11-21 09:00:00', endTime: '2026-11-21 18:00:00', currentPrice: 1_280_000, leaderBidCode: '318402', myBidCount: 2, ...room },
    });
  },
  addMessage(owner: string, title: string, content: string, over: Partial<MessageItem> = {}): number {
    const id = ++enrolMock.state.seq;
    enrolMock.state.messages.unshift({ owner, value: { id, kind: 'enrolment', kindText: MESSAGE_KIND_TEXT.enrolment, title, content, link: '', read: false, createTime: '2026-11-21 10:00:00', ...over } });
    return id;
  },
};

function enrolmentFixture(id: number): EnrolmentDetail {
  return {
    id,
    enrolCode: `BM20261121${String(id).padStart(8, '0')}`,
    assetsId: ENROL_ASSETS_ID,
    projectCode: 'HBCQ-SW2026-0101',
    assetsName: ENROL_ASSETS_NAME,
    kind: 'normal',
    status: 'submitted',
    statusText: ENROLMENT_STATUS_TEXT.submitted,
    depositAmount: 200_000,
    depositId: null,
    depositStatus: null,
    bidCode: null,
    activityId: null,
    submitTime: '2026-11-21 10:00:00',
    bidderName: '张**',
    bidderType: 1,
    idMasked: '**************2311',
    contactName: '张建国',
    contactPhone: '139****5678',
    contactEmail: '',
    address: '',
    attachments: [],
    commitments: ['truthful', 'rules', 'inspection', 'deposit'],
    rejectReason: '',
    reviewTime: null,
    qualifyTime: null,
    acceptedTerms: null,
  };
}

function depositFixture(id: number, enrolmentId: number): DepositDetail {
  return {
    id,
    depositCode: `BZJ20261121${String(id).padStart(8, '0')}`,
    enrolmentId,
    assetsId: ENROL_ASSETS_ID,
    assetsName: ENROL_ASSETS_NAME,
    amount: 200_000,
    status: 'pending',
    statusText: DEPOSIT_STATUS_TEXT.pending,
    method: '',
    confirmTime: null,
    settleTime: null,
    createTime: '2026-11-21 10:05:00',
    projectCode: 'HBCQ-SW2026-0101',
    proofs: [],
    receiving: { accountName: '河北产权市场有限公司', bankName: '中国银行股份有限公司石家庄裕华支行', accountNo: '1012 8866 0000 2026 0713' },
    order: null,
  };
}

const formFixture = (login: string): EnrolmentForm => {
  const existing = enrolMock.state.enrolments.find((e) => e.owner === login && e.value.assetsId === ENROL_ASSETS_ID);
  return {
    project: {
      assetsId: ENROL_ASSETS_ID,
      projectCode: 'HBCQ-SW2026-0101',
      assetsName: ENROL_ASSETS_NAME,
      state: '正在报名',
      isPackage: false,
      children: [],
      startPrice: 1_250_000,
      depositAmount: 200_000,
      priceUnit: '',
      orgName: '河北产权市场 交易一部',
      enrolEndTime: '2026-12-05 17:00:00',
    },
    bidder: { bidderType: 1, bidderName: '张**', idMasked: '**************2311', phone: '138****0001', email: 'demo_person@example.com' },
    check: existing
      ? { canEnrol: false, reason: 'alreadyEnrolled', message: '您已报名该项目，请勿重复报名', enrolmentId: existing.value.id, enrolEndTime: '2026-11-28 17:00:00' }
      : { canEnrol: true, reason: null, message: '可以报名', enrolmentId: null, enrolEndTime: '2026-11-28 17:00:00' },
    terms: MOCK_TERMS,
  };
};

const page = <T>(records: T[]) => ({ records, total: records.length, size: 10, current: 1, pages: records.length ? 1 : 0 });

function owned<T>(list: Owned<T>[], login: string, match: (v: T) => boolean): T | undefined {
  return list.find((o) => o.owner === login && match(o.value))?.value;
}

export const enrolmentHandlers = [
  // The enrolment check answers visitors too (notLoggedIn), always with the deadline.
  http.get(api(ENROLMENT_PATHS.check), ({ request }) => {
    const login = loginOf(request);
    const assetsId = Number(new URL(request.url).searchParams.get('assetsId'));
    const deadline = '2026-11-28 17:00:00';
    if (!login) return HttpResponse.json(envelope({ canEnrol: false, reason: 'notLoggedIn', message: '请先登录后再报名', enrolmentId: null, enrolEndTime: deadline }));
    // As the server: verification comes before anything else a logged-in user is told.
    if (!isAuthenticatedStatus(authMock.user(login)?.authStatus ?? -1)) {
      return HttpResponse.json(envelope({ canEnrol: false, reason: 'notVerified', message: '您尚未完成实名认证，完成实名认证后方可报名', enrolmentId: null, enrolEndTime: deadline }));
    }
    const existing = owned(enrolMock.state.enrolments, login, (e) => e.assetsId === assetsId);
    return HttpResponse.json(
      envelope(
        existing
          ? { canEnrol: false, reason: 'alreadyEnrolled', message: '您已报名该项目，请勿重复报名', enrolmentId: existing.id, enrolEndTime: deadline }
          : { canEnrol: true, reason: null, message: '可以报名', enrolmentId: null, enrolEndTime: deadline },
      ),
    );
  }),
  // The live worker's desk signal: unread count, newest messages, rooms, a key of enrolments and deposits.
  http.post(api(DESK_PATHS.signal), ({ request }) => {
    const login = loginOf(request);
    if (!login) return unauthorized();
    const s = enrolMock.state;
    const messages = s.messages.filter((m) => m.owner === login).map((m) => m.value);
    const mine = <T extends { id: number; status: string }>(list: Owned<T>[]) => list.filter((o) => o.owner === login).map((o) => `${o.value.id}:${o.value.status}`).join(',');
    const signal: DeskSignal = {
      unread: messages.filter((m) => !m.read).length,
      latest: messages.slice(0, 10),
      rooms: [],
      stateKey: `${mine(s.enrolments)}|${mine(s.deposits)}`,
    };
    return HttpResponse.json(envelope(signal));
  }),
  http.get(api(DESK_PATHS.lots), ({ request }) => {
    const login = loginOf(request);
    if (!login) return unauthorized();
    return HttpResponse.json(envelope(enrolMock.state.deskLots.filter((l) => l.owner === login).map((l) => l.value)));
  }),
  http.get(api(ENROLMENT_PATHS.form), ({ request }) => {
    const login = loginOf(request);
    if (!login) return unauthorized();
    const assetsId = Number(new URL(request.url).searchParams.get('assetsId'));
    if (assetsId !== ENROL_ASSETS_ID) return notFound('项目不存在');
    return HttpResponse.json(envelope(formFixture(login)));
  }),
  http.post(api(ENROLMENT_PATHS.submit), async ({ request }) => {
    const login = loginOf(request);
    if (!login) return unauthorized();
    const body = (await request.json()) as Record<string, unknown>;
    enrolMock.state.submits.push(body);
    const id = ++enrolMock.state.seq;
    // As the server: an outdated 竞买须知 is refused; the accepted version and hash are recorded.
    if (body.termsVersion !== MOCK_TERMS.version) {
      return HttpResponse.json({ code: 409, success: false, msg: `《竞买须知》已更新为 v${MOCK_TERMS.version}，请阅读最新版本后重新提交报名`, data: null }, { status: 409 });
    }
    const acceptedTerms = { title: MOCK_TERMS.title, version: MOCK_TERMS.version, sha256: MOCK_TERMS.sha256, acceptedTime: '2026-11-21 10:00:00' };
    const detail = { ...enrolmentFixture(id), contactName: String(body.contactName), acceptedTerms };
    enrolMock.state.enrolments.push({ owner: login, value: detail });
    return HttpResponse.json(envelope(detail));
  }),
  http.get(api(ENROLMENT_PATHS.detail), ({ request }) => {
    const login = loginOf(request);
    if (!login) return unauthorized();
    const id = Number(new URL(request.url).searchParams.get('id'));
    const found = owned(enrolMock.state.enrolments, login, (e) => e.id === id);
    return found ? HttpResponse.json(envelope(found)) : notFound('报名记录不存在');
  }),
  http.get(api(ENROLMENT_PATHS.myPage), ({ request }) => {
    const login = loginOf(request);
    if (!login) return unauthorized();
    return HttpResponse.json(envelope(page(enrolMock.state.enrolments.filter((e) => e.owner === login).map((e) => e.value))));
  }),
  http.get(api(ENROLMENT_PATHS.rooms), ({ request }) => {
    const login = loginOf(request);
    if (!login) return unauthorized();
    return HttpResponse.json(envelope(enrolMock.state.rooms.filter((r) => r.owner === login).map((r) => r.value)));
  }),
  http.get(api(ENROLMENT_PATHS.depositPage), ({ request }) => {
    const login = loginOf(request);
    if (!login) return unauthorized();
    return HttpResponse.json(envelope(page(enrolMock.state.deposits.filter((d) => d.owner === login).map((d) => d.value))));
  }),
  http.get(api(ENROLMENT_PATHS.depositDetail), ({ request }) => {
    const login = loginOf(request);
    if (!login) return unauthorized();
    const id = Number(new URL(request.url).searchParams.get('id'));
    const found = owned(enrolMock.state.deposits, login, (d) => d.id === id);
    return found ? HttpResponse.json(envelope(found)) : notFound('保证金记录不存在');
  }),
  http.post(api(ENROLMENT_PATHS.payOrder), async ({ request }) => {
    const login = loginOf(request);
    if (!login) return unauthorized();
    const { depositId } = (await request.json()) as { depositId: number };
    const deposit = owned(enrolMock.state.deposits, login, (d) => d.id === depositId);
    if (!deposit) return notFound('保证金记录不存在');
    const order: PaymentOrderAnswer = { orderNo: `PO2026112100000${depositId}`, depositId, amount: deposit.amount, status: 'created', gateway: 'sandbox', gatewayName: '模拟网银（沙箱）', createTime: '2026-11-21 10:06:00', paidTime: null };
    enrolMock.state.orders.set(order.orderNo, { owner: login, order, paid: false });
    deposit.status = 'paying';
    return HttpResponse.json(envelope(order));
  }),
  http.post(api(ENROLMENT_PATHS.sandboxPay), async ({ request }) => {
    const login = loginOf(request);
    const { orderNo } = (await request.json()) as { orderNo: string };
    const entry = enrolMock.state.orders.get(orderNo);
    if (!entry || entry.owner !== login) return notFound('支付订单不存在');
    entry.paid = true;
    return HttpResponse.json(envelope(entry.order));
  }),
  http.get(api(ENROLMENT_PATHS.payOrderStatus), ({ request }) => {
    const login = loginOf(request);
    const orderNo = new URL(request.url).searchParams.get('orderNo') ?? '';
    const entry = enrolMock.state.orders.get(orderNo);
    if (!entry || entry.owner !== login) return notFound('支付订单不存在');
    if (entry.paid && entry.order.status === 'created') {
      entry.order = { ...entry.order, status: 'paid', paidTime: '2026-11-21 10:06:05' };
      const deposit = owned(enrolMock.state.deposits, entry.owner, (d) => d.id === entry.order.depositId);
      if (deposit) Object.assign(deposit, { status: 'confirmed', statusText: DEPOSIT_STATUS_TEXT.confirmed, method: 'online', confirmTime: '2026-11-21 10:06:05' });
    }
    return HttpResponse.json(envelope(entry.order));
  }),
  http.get(api(ENROLMENT_PATHS.summary), ({ request }) => {
    const login = loginOf(request);
    if (!login) return unauthorized();
    const mine = enrolMock.state.enrolments.filter((e) => e.owner === login);
    const messages = enrolMock.state.messages.filter((m) => m.owner === login).map((m) => m.value);
    return HttpResponse.json(
      envelope({
        enrolments: { total: mine.length, pendingReview: mine.filter((e) => e.value.status === 'submitted').length, depositPending: mine.filter((e) => e.value.status === 'depositPending').length, qualified: 0 },
        deposits: { total: enrolMock.state.deposits.filter((d) => d.owner === login).length, confirmedAmount: 0, paying: 0 },
        liveRooms: enrolMock.state.rooms.filter((r) => r.owner === login && r.value.status === 'live').length,
        unreadMessages: messages.filter((m) => !m.read).length,
        recentMessages: messages.slice(0, 5),
      }),
    );
  }),
  http.get(api(ENROLMENT_PATHS.messagePage), ({ request }) => {
    const login = loginOf(request);
    if (!login) return unauthorized();
    const mine = enrolMock.state.messages.filter((m) => m.owner === login).map((m) => m.value);
    return HttpResponse.json(envelope({ ...page(mine), unread: mine.filter((m) => !m.read).length }));
  }),
  http.get(api(ENROLMENT_PATHS.messageDetail), ({ request }) => {
    const login = loginOf(request);
    if (!login) return unauthorized();
    const id = Number(new URL(request.url).searchParams.get('id'));
    const found = owned(enrolMock.state.messages, login, (m) => m.id === id);
    if (!found) return notFound('消息不存在');
    found.read = true;
    return HttpResponse.json(envelope(found));
  }),
];
