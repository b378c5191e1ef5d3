/**
 * msw handlers for 我的合同 (CONTRACT_PATHS): an in-memory list of contracts per login name
 * (a party's view); another user's contract answers 404 as the real server does. Only the reads and the
 * confirmation are modelled; the server tests cover the rest.
 */
import { http, HttpResponse } from 'msw';
import { CONTRACT_PATHS, type ContractDetail, type ContractState } from '#domain/contract/tradeContract';
import { CONTRACT_STATE_TEXT } from '#domain/rules/tradeContract';
import { envelope } from '../fixtures';
import { authMock } from './auth';

const api = (path: string) => `*/api${path}`;
const fail = (status: number, msg: string) => HttpResponse.json({ code: status, success: false, msg, data: null }, { status });

function loginOf(request: Request): string | null {
  const header = request.headers.get('Authorization') ?? '';
  return authMock.state.accessTokens.get(header.startsWith('Bearer ') ? header.slice(7) : '') ?? null;
}

export function contractFixture(id: number, state: ContractState, over: Partial<ContractDetail> = {}): ContractDetail {
  return {
    id,
    contractCode: `HT20261120000000${id}`,
    title: '产权交易合同',
    dealCode: `CJDEMO${id}`,
    assetsName: `测试项目${id}号`,
    price: 1_234_567.89,
    state,
    stateText: CONTRACT_STATE_TEXT[state],
    myRole: 'buyer',
    canEdit: state === 'drafting',
    canConfirm: state === 'confirming',
    canSign: state === 'signing',
    canDownload: state === 'signing' || state === 'signed' || state === 'sealed',
    updateTime: '2026-11-20 10:00:00',
    version: 1,
    clauses: [{ heading: '第二条 交易价款', text: '本合同项下交易价款为人民币 1,234,567.89 元（大写：壹佰贰拾叁万肆仟伍佰陆拾柒元捌角玖分）。' }],
    openFields: { handover: '<p>十日内交付。</p>', payment: '<p>无。</p>', other: '<p>无。</p>' },
    parties: [
      { id: 1, role: 'transferor', roleText: '转让方（甲方）', kind: 'org', name: '河北冀通物流有限公司', signOrder: 1, assigned: true, isMe: false, confirmed: false, confirmTime: null, signed: state !== 'drafting' && state !== 'confirming', signTime: null },
      { id: 2, role: 'buyer', roleText: '受让方（乙方）', kind: 'person', name: '王立军', signOrder: 2, assigned: true, isMe: true, confirmed: false, confirmTime: null, signed: state === 'signed' || state === 'sealed', signTime: null },
    ],
    nextSigner: state === 'signing' ? '王立军' : null,
    frozenTime: null,
    signedTime: null,
    sealedTime: null,
    ...over,
  };
}

function freshState() {
  return { contracts: [] as Array<{ owner: string; value: ContractDetail }>, confirms: [] as unknown[] };
}

export const contractsMock = {
  state: freshState(),
  reset() {
    contractsMock.state = freshState();
  },
  add(owner: string, c: ContractDetail) {
    contractsMock.state.contracts.push({ owner, value: c });
  },
};

const own = (login: string | null, id: number) => contractsMock.state.contracts.find((c) => c.owner === login && c.value.id === id)?.value;

export const contractHandlers = [
  http.get(api(CONTRACT_PATHS.page), ({ request }) => {
    const login = loginOf(request);
    if (!login) return fail(401, '请求未授权');
    const url = new URL(request.url);
    const state = url.searchParams.get('state');
    const current = Number(url.searchParams.get('current') ?? 1);
    const size = Number(url.searchParams.get('size') ?? 10);
    const mine = contractsMock.state.contracts.filter((c) => c.owner === login && (!state || c.value.state === state)).map((c) => c.value);
    const records = mine.slice((current - 1) * size, current * size).map(({ version: _v, clauses: _c, openFields: _o, parties: _p, nextSigner: _n, frozenTime: _f, signedTime: _s, sealedTime: _x, ...summary }) => summary);
    return HttpResponse.json(envelope({ records, total: mine.length, size, current, pages: Math.ceil(mine.length / size) }));
  }),
  http.get(api(CONTRACT_PATHS.detail), ({ request }) => {
    const c = own(loginOf(request), Number(new URL(request.url).searchParams.get('id')));
    return c ? HttpResponse.json(envelope(c)) : fail(404, '合同不存在');
  }),
  http.get(api(CONTRACT_PATHS.versions), ({ request }) => {
    const c = own(loginOf(request), Number(new URL(request.url).searchParams.get('id')));
    if (!c) return fail(404, '合同不存在');
    return HttpResponse.json(envelope([{ version: 1, actor: '系统（依模板起草）', changed: ['handover', 'payment', 'other'], changedText: '交割安排、付款补充约定、其他约定', openFields: c.openFields, time: '2026-11-20 10:00:00' }]));
  }),
  http.post(api(CONTRACT_PATHS.confirm), async ({ request }) => {
    const body = (await request.json()) as { id: number; version: number };
    const c = own(loginOf(request), body.id);
    if (!c) return fail(404, '合同不存在');
    contractsMock.state.confirms.push(body);
    if (c.state !== 'confirming') return fail(409, `合同当前状态为「${c.stateText}」，不能确认合同`);
    c.canConfirm = false;
    c.parties = c.parties.map((p) => (p.isMe ? { ...p, confirmed: true, confirmTime: '2026-11-20 11:00:00' } : p));
    return HttpResponse.json(envelope(c));
  }),
];
