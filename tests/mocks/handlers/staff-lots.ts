/**
 * The work system's lot, auction, result, contract and content API (STAFF_LOT_PATHS) as msw handlers over
 * a small in-memory state, for the console's tests (tests/console/lots.test.tsx, content.test.tsx): a test
 * installs them with `server.use(...staffLotHandlers)`. Sessions are handlers/staff.ts's (staffMock).
 */
import { http, HttpResponse } from 'msw';
import type { ApprovalItem } from '#domain/contract/staff';
import {
  STAFF_LOT_PATHS,
  type StaffActivity,
  type StaffContentDetail,
  type StaffContract,
  type StaffLotDetail,
  type StaffLotFields,
} from '#domain/contract/staffLots';
import { staffMock } from './staff';

const api = (path: string) => `/api${path}`;
const ok = <T>(data: T) => HttpResponse.json({ code: 200, success: true, msg: '操作成功', data });
const fail = (code: number, msg: string) => HttpResponse.json({ code, success: false, msg, data: null }, { status: code });

/** The refusal the timeline gives a lot whose disclosure is too short (lotProblems' sentence). */
export const TIMELINE_PROBLEM = '其他资产的信息披露期不得少于10个工作日（自 2026-12-01 09:00:00 起，报名截止不得早于 2026-12-15 09:00:00）';

const fields = (over: Partial<StaffLotFields> = {}): StaffLotFields => ({
  assetsName: '',
  typeCode: 2,
  projectNature: 1,
  assetClass: 'other',
  priceType: 1,
  startPrice: null,
  priceUnit: '',
  priceOther: '',
  depositAmount: 0,
  appraisedValue: null,
  announcementStartTime: '',
  enrolEndTime: '',
  depositEndTime: null,
  city: '',
  county: '',
  orgName: '',
  transferorName: '',
  contactName: '',
  contactPhone: '',
  managed: false,
  sections: { announcement: '', transferor: '', target: '', tradeNotice: '', buyerAptitude: '', riskWarning: '' },
  ...over,
});

const activity = (over: Partial<StaffActivity>): StaffActivity => ({
  activityId: 501,
  activityCode: 'JJ202612001',
  assetsId: 301,
  mode: 'ongoing',
  modeName: '多次报价',
  status: 'ended',
  outcome: 'sold',
  startTime: '2026-11-20 09:00:00',
  endTime: '2026-11-20 10:00:00',
  startPrice: 1000000,
  increment: 10000,
  reservePrice: null,
  capPrice: null,
  extensionSec: 300,
  allowSelfOutbid: false,
  currentPrice: 1080000,
  bidCount: 8,
  settings: {},
  qualified: 3,
  pendingApprovalId: null,
  ...over,
});

function freshState() {
  const published: StaffLotDetail = {
    draftId: 7,
    assetsId: 301,
    projectCode: 'HBCQ-2026-301',
    assetsName: '石家庄市某国有企业 30% 股权转让',
    stage: 'sold',
    stageLabel: '成交',
    listingState: '已成交',
    startPrice: 1000000,
    enrolEndTime: '2026-11-18 17:00:00',
    pendingApprovalId: null,
    updateTime: '2026-11-20 10:00:00',
    fields: fields({ assetsName: '石家庄市某国有企业 30% 股权转让', startPrice: 1000000, enrolEndTime: '2026-11-18 17:00:00' }),
    attachments: [],
    photo: null,
    imgUrl: '',
    photos: [],
    locked: true,
    problems: [],
    preDisclosureProblems: [],
    activities: [activity({})],
    portal: null,
  };
  return {
    lots: [published] as StaffLotDetail[],
    nextDraft: 20,
    created: [] as Record<string, unknown>[],
    prepared: [] as number[],
    /** Publication preparations sent as 信息预披露 (their draftIds). */
    preDisclosed: [] as number[],
    /** Formal listings prepared (the bodies sent). */
    formal: [] as Record<string, unknown>[],
    activities: [activity({})] as StaffActivity[],
    activityCreates: [] as Record<string, unknown>[],
    resultPublishes: [] as Record<string, unknown>[],
    contracts: [
      { id: 41, contractCode: 'HT2026110041', state: 'signed', stateText: '已签署', assetsName: '石家庄市某国有企业 30% 股权转让', parties: '河北某集团 / 李**', transferorAssigned: true, updateTime: '2026-11-21 10:00:00' },
      { id: 42, contractCode: 'HT2026110042', state: 'drafting', stateText: '起草中', assetsName: '保定市某厂房及设备', parties: '保定某实业有限公司(未指定账户) / 王**', transferorAssigned: false, updateTime: '2026-11-22 09:00:00' },
    ] as StaffContract[],
    assigned: [] as Array<{ id: unknown; loginName: unknown }>,
    draftedMissing: 0,
    sealed: [] as number[],
    content: [
      { kind: 'news', id: 81, title: '省产权交易中心召开年度工作会议', state: 'published', stateLabel: '已发布', publishTime: '2026-11-10 09:00:00', group: '中心动态', content: '<p>会议</p>', plateId: 3, summary: '', source: '', isFrontPage: 0, category: null, isTop: 0, noticeType: null, assetsId: null },
    ] as StaffContentDetail[],
    schedules: [] as Record<string, unknown>[],
  };
}

export const staffLotMock = {
  state: freshState(),
  reset() {
    staffLotMock.state = freshState();
  },
};

function signed(request: Request): boolean {
  const token = (request.headers.get('Authorization') ?? '').replace(/^Bearer /, '');
  return staffMock.state.sessions.has(token);
}

async function body(request: Request): Promise<Record<string, unknown>> {
  try {
    return (await request.json()) as Record<string, unknown>;
  } catch {
    return {};
  }
}

const guard = (handle: (request: Request, url: URL) => Response | Promise<Response>) => ({ request }: { request: Request }) =>
  signed(request) ? handle(request, new URL(request.url)) : fail(401, '登录已失效，请重新登录');

const summary = (lot: StaffLotDetail) => {
  const { fields: _f, attachments: _a, photo: _p, imgUrl: _i, locked: _l, problems: _pr, preDisclosureProblems: _pp, activities: _ac, portal: _po, ...rest } = lot;
  return rest;
};

export const staffLotHandlers = [
  http.get(api(STAFF_LOT_PATHS.lotPage), guard((_r, url) => {
    const state = url.searchParams.get('state');
    const q = url.searchParams.get('q') ?? '';
    const lots = staffLotMock.state.lots.filter(
      (l) => (!state || (state === 'published' ? l.assetsId !== null : state === 'draft' ? l.assetsId === null && l.pendingApprovalId === null : l.pendingApprovalId !== null)) && l.assetsName.includes(q),
    );
    return ok({ records: lots.map(summary), total: lots.length, current: 1, size: 20, pages: 1 });
  })),
  http.get(api(STAFF_LOT_PATHS.lotDetail), guard((_r, url) => {
    const draftId = Number(url.searchParams.get('draftId'));
    const assetsId = Number(url.searchParams.get('assetsId'));
    const lot = staffLotMock.state.lots.find((l) => (draftId && l.draftId === draftId) || (assetsId && l.assetsId === assetsId));
    return lot ? ok(lot) : fail(404, '项目不存在');
  })),
  http.post(api(STAFF_LOT_PATHS.lotCreate), guard(async (request) => {
    const input = await body(request);
    staffLotMock.state.created.push(input);
    const draftId = staffLotMock.state.nextDraft++;
    const f = fields(input as Partial<StaffLotFields>);
    const lot: StaffLotDetail = {
      draftId,
      assetsId: null,
      projectCode: '',
      assetsName: f.assetsName,
      stage: 'draft',
      stageLabel: '草稿',
      listingState: '',
      startPrice: f.startPrice,
      enrolEndTime: f.enrolEndTime,
      pendingApprovalId: null,
      updateTime: '2026-12-01 09:00:00',
      fields: f,
      attachments: [],
      photo: null,
      imgUrl: '',
      photos: [],
      locked: false,
      problems: [TIMELINE_PROBLEM],
      preDisclosureProblems: [],
      activities: [],
      portal: null,
    };
    staffLotMock.state.lots.push(lot);
    return ok(lot);
  })),
  http.post(api(STAFF_LOT_PATHS.lotEdit), guard(async (request) => {
    const { draftId, ...input } = await body(request);
    const lot = staffLotMock.state.lots.find((l) => l.draftId === draftId);
    if (!lot) return fail(404, '项目草稿不存在');
    lot.fields = fields({ ...lot.fields, ...(input as Partial<StaffLotFields>) });
    lot.assetsName = lot.fields.assetsName;
    lot.problems = lot.fields.enrolEndTime >= '2026-12-15 09:00:00' ? [] : [TIMELINE_PROBLEM];
    return ok(lot);
  })),
  http.post(api(STAFF_LOT_PATHS.lotChangePrepare), guard(async (request) => {
    const input = await body(request);
    staffLotMock.state.formal.push(input);
    if (input.formal !== 1) return fail(400, '没有要变更的内容');
    if (String(input.enrolEndTime) < '2026-12-15 09:00:00') return fail(400, TIMELINE_PROBLEM);
    const lot = staffLotMock.state.lots.find((l) => l.assetsId === input.assetsId)!;
    lot.pendingApprovalId = 91;
    return ok({ id: 91, kind: 'lot.publish', kindLabel: '发布项目', subject: `project:${lot.assetsId}`, summary: `预披露项目「${lot.assetsName}」转为正式挂牌`, payload: '{}', state: 'pending', preparedBy: '周建军（op_auction）', preparedAt: '2026-12-01 09:00:00', decidedBy: null, decidedAt: null, reason: '', canApprove: false, canWithdraw: true } satisfies ApprovalItem);
  })),
  http.post(api(STAFF_LOT_PATHS.lotPublishPrepare), guard(async (request) => {
    const { draftId, preDisclosure } = await body(request);
    const lot = staffLotMock.state.lots.find((l) => l.draftId === draftId);
    if (!lot) return fail(404, '项目草稿不存在');
    const problems = preDisclosure === 1 ? lot.preDisclosureProblems : lot.problems;
    if (problems.length > 0) return fail(400, problems.join('；'));
    staffLotMock.state.prepared.push(lot.draftId!);
    if (preDisclosure === 1) staffLotMock.state.preDisclosed.push(lot.draftId!);
    lot.pendingApprovalId = 90;
    const item: ApprovalItem = {
      id: 90,
      kind: 'lot.publish',
      kindLabel: '发布项目',
      subject: `lotDraft:${lot.draftId}`,
      summary: `发布项目 ${lot.assetsName}`,
      payload: '{}',
      state: 'pending',
      preparedBy: '周建军（op_auction）',
      preparedAt: '2026-12-01 09:00:00',
      decidedBy: null,
      decidedAt: null,
      reason: '',
      canApprove: false,
      canWithdraw: true,
    };
    return ok(item);
  })),
  http.get(api(STAFF_LOT_PATHS.activityList), guard((_r, url) => ok(staffLotMock.state.activities.filter((a) => a.assetsId === Number(url.searchParams.get('assetsId')))))),
  http.post(api(STAFF_LOT_PATHS.activityCreate), guard(async (request) => {
    const p = await body(request);
    staffLotMock.state.activityCreates.push(p);
    if (typeof p.startTime === 'string' && p.startTime < '2026-12-20 00:00:00') return fail(400, '竞价开始时间须在报名截止（2026-12-20 00:00:00）之后');
    const created = activity({ activityId: 502, activityCode: 'JJ202612002', assetsId: p.assetsId as number, mode: p.mode as StaffActivity['mode'], modeName: '降价拍（荷兰式）', status: 'scheduled', outcome: null, bidCount: 0, currentPrice: p.startPrice as number });
    staffLotMock.state.activities.push(created);
    return ok(created);
  })),
  http.get(api(STAFF_LOT_PATHS.resultPreview), guard((_r, url) => {
    const activityId = Number(url.searchParams.get('activityId'));
    const noticeType = Number(url.searchParams.get('noticeType') ?? 2) || 2;
    return ok({
      activityId,
      assetsId: 301,
      outcome: 'sold',
      noticeType,
      title: `石家庄市某国有企业 30% 股权转让${noticeType === 2 ? '成交公告' : '结果公示'}`,
      content: '<p>受让方：河北****有限公司，成交价 1,080,000.00 元。</p>',
      published: staffLotMock.state.resultPublishes.filter((r) => r.activityId === activityId).map((r) => (r.noticeType as number) ?? 2),
    });
  })),
  http.post(api(STAFF_LOT_PATHS.resultPublish), guard(async (request) => {
    const p = await body(request);
    staffLotMock.state.resultPublishes.push(p);
    return ok({ kind: 'announcement', id: 95, title: '石家庄市某国有企业 30% 股权转让成交公告', state: 'published', stateLabel: '已发布', publishTime: '2026-12-01 09:00:00', group: '成交公告' });
  })),
  http.get(api(STAFF_LOT_PATHS.contractPage), guard((_r, url) => ok(staffLotMock.state.contracts.filter((c) => c.state === (url.searchParams.get('state') ?? 'signed'))))),
  http.post(api(STAFF_LOT_PATHS.contractAssignTransferor), guard(async (request) => {
    const { id, loginName } = await body(request);
    if (loginName !== 'demo_org') return fail(400, '只能指定已完成实名认证的账户');
    const c = staffLotMock.state.contracts.find((x) => x.id === id);
    if (!c) return fail(404, '合同不存在');
    c.transferorAssigned = true;
    c.parties = c.parties.replace('(未指定账户)', '');
    staffLotMock.state.assigned.push({ id, loginName });
    return ok(null);
  })),
  http.post(api(STAFF_LOT_PATHS.contractDraftMissing), guard(() => {
    staffLotMock.state.draftedMissing += 1;
    return ok({ drafted: 2 });
  })),
  http.post(api(STAFF_LOT_PATHS.contractSeal), guard(async (request) => {
    const { id } = await body(request);
    const c = staffLotMock.state.contracts.find((x) => x.id === id);
    if (!c) return fail(404, '合同不存在');
    c.state = 'sealed';
    staffLotMock.state.sealed.push(c.id);
    return ok({ id: c.id, contractCode: c.contractCode, state: 'sealed' });
  })),
  http.get(api(STAFF_LOT_PATHS.contentPage), guard((_r, url) => {
    const kind = url.searchParams.get('kind');
    const state = url.searchParams.get('state');
    const records = staffLotMock.state.content.filter((c) => c.kind === kind && (!state || c.state === state));
    return ok({ records, total: records.length, current: 1, size: 20, pages: 1 });
  })),
  http.get(api(STAFF_LOT_PATHS.contentDetail), guard((_r, url) => {
    const item = staffLotMock.state.content.find((c) => c.id === Number(url.searchParams.get('id')));
    return item ? ok(item) : fail(404, '内容不存在');
  })),
  http.get(api(STAFF_LOT_PATHS.contentPlates), guard(() => ok([{ id: 3, code: 'zxdt', name: '中心动态', parentId: null }]))),
  http.post(api(STAFF_LOT_PATHS.contentCreate), guard(async (request) => {
    const p = await body(request);
    const scheduled = typeof p.publishTime === 'string' && p.publishTime > '2026-12-01 09:00:00';
    const item: StaffContentDetail = {
      kind: p.kind as StaffContentDetail['kind'],
      id: 82 + staffLotMock.state.content.length,
      title: p.title as string,
      state: scheduled ? 'scheduled' : 'published',
      stateLabel: scheduled ? '定时发布' : '已发布',
      publishTime: (p.publishTime as string | undefined) ?? '2026-12-01 09:00:00',
      group: '中心动态',
      content: p.content as string,
      plateId: (p.plateId as number | undefined) ?? null,
      summary: '',
      source: '',
      isFrontPage: 0,
      category: null,
      isTop: 0,
      noticeType: null,
      assetsId: null,
    };
    staffLotMock.state.content.push(item);
    return ok(item);
  })),
  http.post(api(STAFF_LOT_PATHS.contentSchedule), guard(async (request) => {
    const p = await body(request);
    staffLotMock.state.schedules.push(p);
    const item = staffLotMock.state.content.find((c) => c.id === p.id)!;
    Object.assign(item, { state: 'scheduled', stateLabel: '定时发布', publishTime: p.publishTime ?? item.publishTime });
    return ok(item);
  })),
  http.post(api(STAFF_LOT_PATHS.contentUnpublish), guard(async (request) => {
    const p = await body(request);
    const item = staffLotMock.state.content.find((c) => c.id === p.id)!;
    Object.assign(item, { state: 'hidden', stateLabel: '已下线' });
    return ok(item);
  })),
];
