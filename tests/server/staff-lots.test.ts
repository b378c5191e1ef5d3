/**
 * The work system's lot life on the real database: a draft the portal never shows, publication by four
 * eyes (the preparer cannot approve; the timeline is checked at preparation and again at approval), the
 * locked fields after publication and their four-eyes change, auctions in several modes checked against
 * the timeline, a published auction's change by four eyes, the result notice the portal lists, the
 * exchange's seal, content scheduled by the injectable clock, the demo seed, and the audit trail of all.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatChinaTime } from '#domain/rules/chinaTime';
import { addWorkingDays } from '#domain/rules/settlement';
import { STAFF_PATHS } from '#domain/contract/staff';
import { STAFF_LOT_PATHS as P } from '#domain/contract/staffLots';
import { CLOSE_GRACE_MS, sweepActivities } from '../../server/bidding/engine.ts';
import { DEMO_DRAFT_CODE, DEMO_SCHEDULED_NEWS } from '../../server/seed/staff-lots.ts';
import { MSG_LOT_LOCKED } from '../../server/services/staff/lots.ts';
import { freshKey } from './bidding-fixtures.ts';
import { multipartFile, type Json } from './helpers.ts';
import { createStaffApp, type StaffTestApp } from './staff-helpers.ts';

let t: StaffTestApp;
beforeEach(async () => {
  t = await createStaffApp();
});
afterEach(async () => {
  await t.close();
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const fmt = (at: number) => formatChinaTime(at);

/** A staff POST with a JSON body (rich text travels in bodies). */
async function send(token: string, path: string, body: Record<string, unknown>): Promise<{ status: number; body: Json }> {
  const res = await t.app.inject({ method: 'POST', url: `/api${path}`, payload: body, headers: { authorization: `Bearer ${token}` } });
  return { status: res.statusCode, body: res.json() };
}
const get = async (token: string, path: string, query: Record<string, string | number>) => (await t.staff(token, 'GET', path, query)).body;
const approve = async (token: string, id: number) => (await t.staff(token, 'POST', STAFF_PATHS.approvalApprove, { id })).body;

function lotBody(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    assetsName: '石家庄测试国有企业持有的某公司20%股权',
    typeCode: 1,
    projectNature: 1,
    startPrice: '1000000',
    depositAmount: '100000',
    appraisedValue: '1000000',
    announcementStartTime: fmt(t.clock.now),
    enrolEndTime: fmt(addWorkingDays(t.clock.now, 21)),
    city: '石家庄市',
    county: '长安区',
    orgName: '河北产权市场',
    transferorName: '石家庄某国有投资公司',
    contactName: '周建华',
    contactPhone: '0311-86012099',
    // As the console sends it: a JSON boolean (a query string's 0/1 is read the same).
    managed: true,
    sections: { announcement: '<p>公开挂牌转让<script>alert(1)</script></p>', target: '<p onclick="steal()">标的企业概况</p>' },
    ...over,
  };
}

async function publicSearch(q: string): Promise<number> {
  return (await t.post('/api/dscq-project/search/page', { q, size: 10 })).body.data.total as number;
}

/** Draft by op_auction, publication prepared by him and approved by op_admin: the listing's id. */
async function publishLot(over: Record<string, unknown> = {}): Promise<{ draftId: number; assetsId: number; auction: string; admin: string }> {
  const auction = await t.staffLogin('op_auction');
  const admin = await t.staffLogin('op_admin');
  const draft = await send(auction, P.lotCreate, lotBody(over));
  expect(draft.body.code, JSON.stringify(draft.body)).toBe(200);
  const draftId = draft.body.data.draftId as number;
  const item = await t.staff(auction, 'POST', P.lotPublishPrepare, { draftId });
  expect(item.body.code, JSON.stringify(item.body)).toBe(200);
  const done = await approve(admin, item.body.data.id);
  expect(done.code, JSON.stringify(done)).toBe(200);
  const detail = await get(auction, P.lotDetail, { draftId });
  return { draftId, assetsId: detail.data.assetsId as number, auction, admin };
}

/** The auction window the timeline accepts for a lot listed now for 21 working days. */
const firstAuctionStart = () => addWorkingDays(addWorkingDays(t.clock.now, 21), 1) + HOUR;

describe('a lot from draft to publication', () => {
  it('keeps a draft out of the portal; publication needs a second member; then it is public and enrollable, and locked', async () => {
    const projectsBefore = await t.count('project');
    const auction = await t.staffLogin('op_auction');
    const created = await send(auction, P.lotCreate, lotBody());
    expect(created.body.data).toMatchObject({ stage: 'draft', stageLabel: '草稿', assetsId: null, locked: false, problems: [] });
    expect(created.body.data.fields.managed).toBe(true);
    const draftId = created.body.data.draftId as number;
    // Sanitised as the portal's rich text.
    expect(created.body.data.fields.sections.announcement).toBe('<p>公开挂牌转让</p>');
    expect(created.body.data.fields.sections.target).toBe('<p>标的企业概况</p>');

    // A photo and an attachment, stored as listing files.
    const pdf = Buffer.from('%PDF-1.4\n% test\n');
    const { payload, headers } = multipartFile('评估报告.pdf', pdf, 'application/pdf');
    const up = await t.app.inject({ method: 'POST', url: `/api${P.lotFileUpload}?draftId=${draftId}&kind=attachment`, payload, headers: { ...headers, authorization: `Bearer ${auction}` } });
    expect(up.json().data, up.body).toMatchObject({ kind: 'attachment', fileName: '评估报告.pdf', fileType: 'pdf' });
    const fake = multipartFile('cover.png', Buffer.from('not a png'), 'image/png');
    const refused = await t.app.inject({ method: 'POST', url: `/api${P.lotFileUpload}?draftId=${draftId}&kind=photo`, payload: fake.payload, headers: { ...fake.headers, authorization: `Bearer ${auction}` } });
    // A photo is one of the gallery's (lot-photos.test.ts): told by its bytes.
    expect(refused.json()).toMatchObject({ code: 400, msg: '仅支持 JPG、PNG、WebP 格式的图片' });

    // Not public: no search hit, no new listing, not in the staff's published list.
    expect(await publicSearch('石家庄测试国有企业')).toBe(0);
    expect(await t.count('project')).toBe(projectsBefore);
    expect((await get(auction, P.lotPage, { state: 'draft' })).data.records.map((r: Json) => r.draftId)).toContain(draftId);

    const item = (await t.staff(auction, 'POST', P.lotPublishPrepare, { draftId })).body.data;
    expect(item).toMatchObject({ kind: 'lot.publish', state: 'pending', canApprove: false, canWithdraw: true });
    // While it waits, the draft does not change.
    expect((await send(auction, P.lotEdit, { draftId, contactName: '别人' })).body).toMatchObject({ code: 409, msg: '项目发布复核中，不能修改；如需修改请先撤回复核单' });
    expect((await approve(auction, item.id))).toMatchObject({ code: 403, msg: '不能复核本人提交的操作，须由另一位工作人员复核' });
    expect(await t.count('project')).toBe(projectsBefore);
    // Another department cannot decide it either.
    expect((await approve(await t.staffLogin('op_finance'), item.id)).code).toBe(403);

    const admin = await t.staffLogin('op_admin');
    const done = await approve(admin, item.id);
    expect(done.data).toMatchObject({ state: 'approved', decidedBy: '赵国梁（op_admin）' });
    const detail = (await get(auction, P.lotDetail, { draftId })).data;
    expect(detail).toMatchObject({ stage: 'announcement', locked: true, listingState: '正在报名' });
    const assetsId = detail.assetsId as number;
    expect(detail.portal).toMatchObject({ assetsName: '石家庄测试国有企业持有的某公司20%股权', transferorName: '石家庄某国有投资公司', contactName: '周建华' });
    expect(detail.portal.attachments).toEqual([expect.objectContaining({ fileName: '评估报告.pdf' })]);

    // Public: found, its page, a 挂牌公告, and a verified bidder may enrol.
    expect(await publicSearch('石家庄测试国有企业')).toBe(1);
    const page = await t.get('/api/dscq-project/project/detail', { id: assetsId });
    // The announcement is written from the lot's facts; what the staff member wrote stands as 其他事项.
    const announcement = page.body.data.sections.find((s: Json) => s.key === 'announcement').content as string;
    expect(announcement).toContain('<th>挂牌价格</th><td>100万元</td>');
    expect(announcement).toContain('<th>交易方式</th><td>协议转让</td>');
    expect(announcement).toContain('<h3>其他事项</h3><p>公开挂牌转让</p>');
    const notices = (await t.post('/api/dscq-project/notice/page', { noticeType: 1, size: 50 })).body.data.records;
    expect(notices.map((n: Json) => n.assetsId)).toContain(assetsId);
    const bidder = (await t.login('bidder02')).body.access_token as string;
    const check = await t.call('GET', '/api/dscq-project/enroll/check', { token: bidder, query: { assetsId } });
    expect(check.body.data).toMatchObject({ canEnrol: true });

    // Locked: an edit is a 409; a change goes through four eyes again.
    expect((await send(auction, P.lotEdit, { draftId, startPrice: '1' })).body).toMatchObject({ code: 409, msg: MSG_LOT_LOCKED });
    const change = await send(auction, P.lotChangePrepare, { assetsId, reason: '转让方更正联系人', contactName: '王丽' });
    expect(change.body.data).toMatchObject({ kind: 'lot.publish', subject: `project:${assetsId}`, state: 'pending' });
    expect(change.body.data.summary).toContain('联系人');
    expect((await t.get('/api/dscq-project/project/detail', { id: assetsId })).body.data.contactName).toBe('周建华');
    expect((await approve(auction, change.body.data.id)).code).toBe(403);
    expect((await approve(admin, change.body.data.id)).data.state).toBe('approved');
    expect((await t.get('/api/dscq-project/project/detail', { id: assetsId })).body.data.contactName).toBe('王丽');

    const trail = (await get(admin, STAFF_PATHS.auditPage, { action: 'lot', size: 50 })).data.records.map((r: Json) => `${r.action}/${r.staffLogin}`);
    expect(trail).toEqual(
      expect.arrayContaining(['lot.create/op_auction', 'lot.file.add/op_auction', 'lot.publish.prepare/op_auction', 'lot.publish.approve.refused/op_auction', 'lot.publish.approve/op_admin']),
    );
  });

  it('pre-discloses a lot (面议, no enrolment) and lists it formally through a second member, checked as a publication', async () => {
    const auction = await t.staffLogin('op_auction');
    const admin = await t.staffLogin('op_admin');
    const draft = (await send(auction, P.lotCreate, lotBody({ priceType: 3, startPrice: undefined, announcementStartTime: undefined, enrolEndTime: undefined }))).body.data;
    // 面议 and no dates: no formal listing, but a pre-disclosure.
    expect(draft.problems.join()).toContain('正式挂牌须有挂牌价格，不能为面议');
    expect(draft.preDisclosureProblems).toEqual([]);
    const item = (await t.staff(auction, 'POST', P.lotPublishPrepare, { draftId: draft.draftId, preDisclosure: 1 })).body.data;
    expect(item.summary).toContain('预披露项目');
    expect((await approve(admin, item.id)).code).toBe(200);
    const assetsId = (await get(auction, P.lotDetail, { draftId: draft.draftId })).data.assetsId as number;
    const lot = (await get(auction, P.lotDetail, { assetsId })).data;
    expect(lot).toMatchObject({ stage: 'preDisclosure', listingState: '预披露' });
    // Its formal listing needs a price and dates: what stops it is shown.
    expect(lot.problems.join()).toContain('正式挂牌须有挂牌价格，不能为面议');
    const bidder = (await t.login('bidder01')).body.access_token as string;
    const check = async () => (await t.call('GET', '/api/dscq-project/enroll/check', { token: bidder, query: { assetsId } })).body.data;
    expect(await check()).toMatchObject({ canEnrol: false });
    const notices = async () => ((await t.post('/api/dscq-project/notice/page', { assetsId, size: 10 })).body.data.records as Json[]).map((n) => n.noticeTitle as string);
    expect(await notices()).toContain(`${draft.fields.assetsName}信息预披露公告`);

    // 正式挂牌: refused while 面议; with a price and 21 working days of disclosure from now, prepared and approved by another.
    const refused = await t.staff(auction, 'POST', P.lotChangePrepare, { assetsId, reason: '转为正式挂牌', formal: 1 });
    expect(refused.body).toMatchObject({ code: 400 });
    expect(refused.body.msg).toContain('正式挂牌须有挂牌价格，不能为面议');
    const formal = await t.staff(auction, 'POST', P.lotChangePrepare, { assetsId, reason: '转为正式挂牌', formal: 1, priceType: 1, startPrice: 1_000_000, announcementStartTime: fmt(t.clock.now), enrolEndTime: fmt(addWorkingDays(t.clock.now, 21)) });
    expect(formal.body.code, JSON.stringify(formal.body)).toBe(200);
    expect(formal.body.data.summary).toContain('转为正式挂牌');
    expect((await approve(auction, formal.body.data.id)).code).toBe(403);
    expect((await approve(admin, formal.body.data.id)).code).toBe(200);
    expect((await get(auction, P.lotDetail, { assetsId })).data).toMatchObject({ listingState: '正在报名', startPrice: 1_000_000 });
    expect(await check()).toMatchObject({ canEnrol: true });
    expect(await notices()).toContain(`${draft.fields.assetsName}挂牌公告`);
    // A lot already listed formally is no pre-disclosure.
    expect((await t.staff(auction, 'POST', P.lotChangePrepare, { assetsId, reason: '再次转为正式挂牌', formal: 1 })).body).toMatchObject({ code: 409, msg: '只有预披露项目可以转为正式挂牌' });
  });

  it('refuses a publication the timeline refuses, at preparation and again at approval', async () => {
    const auction = await t.staffLogin('op_auction');
    // State-owned equity: 20 working days of disclosure.
    const short = await send(auction, P.lotCreate, lotBody({ enrolEndTime: fmt(addWorkingDays(t.clock.now, 10)) }));
    expect(short.body.data.problems.join()).toMatch(/企业国有产权的信息披露期不得少于20个工作日/);
    const refused = await t.staff(auction, 'POST', P.lotPublishPrepare, { draftId: short.body.data.draftId });
    expect(refused.body.code).toBe(400);
    expect(refused.body.msg).toMatch(/信息披露期不得少于20个工作日/);
    // 面议 is no formal listing; a deposit deadline before enrolment closes is refused.
    const negotiable = await send(auction, P.lotCreate, lotBody({ priceType: 3, startPrice: undefined, depositEndTime: fmt(t.clock.now + DAY) }));
    const msg = (await t.staff(auction, 'POST', P.lotPublishPrepare, { draftId: negotiable.body.data.draftId })).body.msg as string;
    expect(msg).toContain('正式挂牌须有挂牌价格，不能为面议');
    expect(msg).toContain('保证金截止时间不得早于报名截止时间');

    // Exactly 20 working days passes now, but no longer a week later: the approval checks again and the item waits.
    const tight = await send(auction, P.lotCreate, lotBody({ enrolEndTime: fmt(addWorkingDays(t.clock.now, 20)) }));
    const item = (await t.staff(auction, 'POST', P.lotPublishPrepare, { draftId: tight.body.data.draftId })).body.data;
    expect(item.state).toBe('pending');
    t.clock.now += 7 * DAY;
    const admin = await t.staffLogin('op_admin');
    const late = await approve(admin, item.id);
    expect(late.code).toBe(400);
    expect(late.msg).toMatch(/信息披露期不得少于20个工作日/);
    expect((await get(admin, STAFF_PATHS.approvalPage, { state: 'pending', subject: item.subject })).data.records).toHaveLength(1);
    expect(await publicSearch('石家庄测试国有企业')).toBe(0);
  });

  it('answers 403 outside the roles: the editor cannot make lots, the auctioneer cannot write news', async () => {
    const editor = await t.staffLogin('op_editor');
    expect((await send(editor, P.lotCreate, lotBody())).body).toMatchObject({ code: 403, msg: '无操作权限' });
    const auction = await t.staffLogin('op_auction');
    expect((await send(auction, P.contentCreate, { kind: 'news', title: 'x', content: '<p>x</p>', plateId: 2 })).body.code).toBe(403);
  });
});

describe('auctions of a lot', () => {
  it('creates auctions in several modes with their parameters, refused by the timeline where it must be', async () => {
    const a = await publishLot();
    const start = firstAuctionStart();
    const enrolEnd = addWorkingDays(t.clock.now, 21);

    const early = await send(a.auction, P.activityCreate, { assetsId: a.assetsId, mode: 'ongoing', startTime: fmt(enrolEnd - HOUR), endTime: fmt(enrolEnd + HOUR), startPrice: '1000000', increment: '10000' });
    expect(early.body.code).toBe(400);
    expect(early.body.msg).toContain(`竞价开始时间须在报名截止（${fmt(enrolEnd)}）之后`);
    expect(early.body.msg).toContain('须至少早于竞价开始1个工作日');
    const sameDay = await send(a.auction, P.activityCreate, { assetsId: a.assetsId, mode: 'ongoing', startTime: fmt(enrolEnd + HOUR), endTime: fmt(enrolEnd + 2 * HOUR), startPrice: '1000000', increment: '10000' });
    expect(sameDay.body.msg).toMatch(/保证金截止.*须至少早于竞价开始1个工作日/);

    const ongoing = await send(a.auction, P.activityCreate, {
      assetsId: a.assetsId,
      mode: 'ongoing',
      startTime: fmt(start),
      endTime: fmt(start + HOUR),
      startPrice: '1000000',
      increment: '10000',
      reservePrice: '1050000',
      extensionSec: 180,
      tiers: [{ fromPrice: '1200000', increment: '20000' }],
    });
    expect(ongoing.body.data).toMatchObject({ mode: 'ongoing', status: 'scheduled', startPrice: 1_000_000, increment: 10_000, reservePrice: 1_050_000, extensionSec: 180 });
    expect(ongoing.body.data.settings.tiers).toEqual([{ fromFen: 0, incrementFen: 1_000_000 }, { fromFen: 120_000_000, incrementFen: 2_000_000 }]);
    const second = await send(a.auction, P.activityCreate, { assetsId: a.assetsId, mode: 'onceOff', startTime: fmt(start + DAY), endTime: fmt(start + DAY + HOUR), startPrice: '1000000', increment: '10000' });
    expect(second.body.msg).toContain('该项目已有未结束的竞价活动，一个项目同时只能有一场竞价');

    const b = await publishLot({ assetsName: '测试实物资产一批', typeCode: 2, enrolEndTime: fmt(addWorkingDays(t.clock.now, 21)) });
    const final = await send(b.auction, P.activityCreate, { assetsId: b.assetsId, mode: 'final', startTime: fmt(start), endTime: fmt(start + HOUR), startPrice: '1000000', increment: '10000', capPrice: '1500000', finalWindowSec: 300 });
    expect(final.body.data).toMatchObject({ mode: 'final', capPrice: 1_500_000, settings: { final: { windowMs: 300_000 } } });
    const noCap = await send(b.auction, P.activityCreate, { assetsId: b.assetsId, mode: 'final', startTime: fmt(start), endTime: fmt(start + HOUR), startPrice: '1000000', increment: '10000', finalWindowSec: 300 });
    expect(noCap.body).toMatchObject({ code: 400, msg: '最终报价方式须设置封顶价' });

    const c = await publishLot({ assetsName: '测试机动车一辆', typeCode: 2 });
    const dutch = await send(c.auction, P.activityCreate, { assetsId: c.assetsId, mode: 'dutch-auction', startTime: fmt(start), startPrice: '1000000', increment: '10000', decrement: '10000', dropIntervalSec: 60, floorPrice: '900000' });
    expect(dutch.body.data).toMatchObject({ mode: 'dutch-auction', settings: { dutch: { decrementFen: 1_000_000, intervalMs: 60_000, floorFen: 90_000_000 } } });
    expect(dutch.body.data.endTime).toBe(fmt(start + 11 * 60_000));

    const listed = (await get(a.auction, P.activityList, { assetsId: a.assetsId })).data;
    expect(listed).toHaveLength(1);
    // The editor of content has no business here.
    expect((await get(await t.staffLogin('op_editor'), P.activityList, { assetsId: a.assetsId })).code).toBe(403);
  });

  it('a published auction changes only through four eyes, checked against the timeline', async () => {
    const a = await publishLot();
    const start = firstAuctionStart();
    const created = (await send(a.auction, P.activityCreate, { assetsId: a.assetsId, mode: 'ongoing', startTime: fmt(start), endTime: fmt(start + HOUR), startPrice: '1000000', increment: '10000' })).body.data;
    const activityId = created.activityId as number;

    const tooEarly = await send(a.auction, P.activityChangePrepare, { activityId, reason: '提前', startTime: fmt(t.clock.now + DAY) });
    expect(tooEarly.body.code).toBe(400);
    expect(tooEarly.body.msg).toContain('竞价开始时间须在报名截止');

    const prepared = await send(a.auction, P.activityChangePrepare, { activityId, reason: '转让方调整起始价', startPrice: '950000', increment: '5000', endTime: fmt(start + 2 * HOUR) });
    expect(prepared.body.data).toMatchObject({ kind: 'activity.change', state: 'pending', subject: `activity:${activityId}` });
    expect(prepared.body.data.summary).toContain('起始价 1000000 元 → 950000 元；加价幅度 10000 元 → 5000 元');
    // Nothing changed yet.
    expect((await get(a.auction, P.activityList, { assetsId: a.assetsId })).data[0]).toMatchObject({ startPrice: 1_000_000, pendingApprovalId: prepared.body.data.id });
    expect((await approve(a.auction, prepared.body.data.id)).code).toBe(403);
    const done = await approve(await t.staffLogin('op_admin'), prepared.body.data.id);
    expect(done.data.state).toBe('approved');
    const after = (await get(a.auction, P.activityList, { assetsId: a.assetsId })).data[0];
    expect(after).toMatchObject({ startPrice: 950_000, increment: 5_000, currentPrice: 950_000, endTime: fmt(start + 2 * HOUR), pendingApprovalId: null });

    const trail = (await get(await t.staffLogin('op_admin'), STAFF_PATHS.auditPage, { subject: `activity:${activityId}` })).data.records.map((r: Json) => `${r.action}/${r.staffLogin}`);
    expect(trail).toEqual(['activity.change.approve/op_admin', 'activity.change.approve.refused/op_auction', 'activity.change.prepare/op_auction', 'activity.create/op_auction']);
  });
});

describe('results, seals and content', () => {
  it('publishes the 成交公告 and the 结果公示 of 流拍 from the outcome, listed by the portal', async () => {
    const a = await publishLot();
    const b = await publishLot({ assetsName: '测试流拍资产' });
    const start = firstAuctionStart();
    const sold = (await send(a.auction, P.activityCreate, { assetsId: a.assetsId, mode: 'ongoing', startTime: fmt(start), endTime: fmt(start + HOUR), startPrice: '1000000', increment: '10000' })).body.data.activityId as number;
    const failed = (await send(a.auction, P.activityCreate, { assetsId: b.assetsId, mode: 'ongoing', startTime: fmt(start), endTime: fmt(start + HOUR), startPrice: '1000000', increment: '10000' })).body.data.activityId as number;
    const qualified = await t.staff(a.auction, 'POST', P.activityQualify, { activityId: sold, loginName: 'bidder01' });
    expect(qualified.body.data.bidCode).toMatch(/^\d{6}$/);

    t.clock.now = start + 10 * 60_000;
    await sweepActivities({ ...t.app.live.engine, now: () => t.clock.now });
    const bidder = (await t.login('bidder01')).body.access_token as string;
    const bid = await t.call('POST', '/api/dscq-sync/v1/bidding/ongoing/bid', { token: bidder, query: { activityId: sold, amount: 1_000_000, idempotencyKey: freshKey() } });
    expect(bid.status, JSON.stringify(bid.body)).toBe(200);
    t.clock.now = start + HOUR + CLOSE_GRACE_MS + 1000;
    await sweepActivities({ ...t.app.live.engine, now: () => t.clock.now });

    const auction = await t.staffLogin('op_auction');
    const preview = (await get(auction, P.resultPreview, { activityId: sold })).data;
    expect(preview).toMatchObject({ outcome: 'sold', noticeType: 2, title: '石家庄测试国有企业持有的某公司20%股权成交公告', published: [] });
    expect(preview.content).toContain('1,000,000.00 元');
    // The winner as the portal masks names: the first character only.
    expect(preview.content).toMatch(/<td>受让方<\/td><td>[^<]\*+<\/td>/);
    // The seller by its own name, the listing institution apart.
    expect(preview.content).toContain('<td>转让方</td><td>石家庄某国有投资公司</td>');
    expect(preview.content).toContain('<td>挂牌机构</td><td>河北产权市场</td>');
    const published = await t.staff(auction, 'POST', P.resultPublish, { activityId: sold });
    expect(published.body.data).toMatchObject({ noticeType: 2, title: preview.title });
    expect((await t.staff(auction, 'POST', P.resultPublish, { activityId: sold })).body).toMatchObject({ code: 409, msg: '该竞价的成交公告已发布' });

    expect((await t.staff(auction, 'POST', P.resultPublish, { activityId: failed, noticeType: 2 })).body).toMatchObject({ code: 409, msg: '本次竞价流拍，没有成交公告，请发布结果公示' });
    const noDeal = await t.staff(auction, 'POST', P.resultPublish, { activityId: failed });
    expect(noDeal.body.data).toMatchObject({ noticeType: 3, title: '测试流拍资产结果公示' });

    const deals = (await t.post('/api/dscq-project/notice/page', { noticeType: 2, size: 50 })).body.data.records;
    expect(deals.map((n: Json) => n.noticeTitle)).toContain(preview.title);
    const results = (await t.post('/api/dscq-project/notice/page', { noticeType: 3, size: 50 })).body.data.records;
    const mine = results.find((n: Json) => n.noticeTitle === '测试流拍资产结果公示');
    const shown = await t.post('/api/dscq-project/notice/detail', { id: mine.id });
    expect(shown.body.data.content).toContain('流拍（未成交）');
    const detail = (await get(auction, P.lotDetail, { assetsId: a.assetsId })).data;
    expect(detail.stage).toBe('resultPublicity');

    const trail = (await get(await t.staffLogin('op_admin'), STAFF_PATHS.auditPage, { action: 'result.publish' })).data.records;
    expect(trail).toHaveLength(2);
  });

  it('seals a contract the parties have signed', async () => {
    // The demo contract waiting for bidder01's signature, as if he had just signed it.
    const waiting = await t.handle.db.selectFrom('contract').select(['id']).where('state', '=', 'signing').where('signed_pdf', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
    await t.handle.db.updateTable('contract').set({ state: 'signed' }).where('id', '=', waiting.id).execute();
    const auction = await t.staffLogin('op_auction');
    const list = (await get(auction, P.contractPage, {})).data;
    expect(list.map((c: Json) => c.id)).toContain(waiting.id);
    const sealed = await t.staff(auction, 'POST', P.contractSeal, { id: waiting.id });
    expect(sealed.body.data).toMatchObject({ id: waiting.id, state: 'sealed' });
    expect((await t.staff(auction, 'POST', P.contractSeal, { id: waiting.id })).body.code).toBe(409);
    expect((await t.staff(await t.staffLogin('op_review'), 'POST', P.contractSeal, { id: waiting.id })).body.code).toBe(403);
    const trail = (await get(await t.staffLogin('op_admin'), STAFF_PATHS.auditPage, { subject: `contract:${waiting.id}` })).data.records;
    expect(trail[0]).toMatchObject({ action: 'contract.seal', staffLogin: 'op_auction' });
  });

  it('assigns the transferor’s signing account of a draft, a verified account only', async () => {
    // A drafted contract whose transferor has no account (its name matched no verified organisation).
    const draft = await t.handle.db.selectFrom('contract').select(['id']).orderBy('id').executeTakeFirstOrThrow();
    await t.handle.db.updateTable('contract').set({ state: 'drafting' }).where('id', '=', draft.id).execute();
    await t.handle.db.updateTable('contract_party').set({ user_id: null }).where('contract_id', '=', draft.id).where('role', '=', 'transferor').execute();
    const auction = await t.staffLogin('op_auction');
    const listed = async () => ((await get(auction, P.contractPage, { state: 'drafting' })).data as Json[]).find((c) => c.id === draft.id);
    expect(await listed()).toMatchObject({ state: 'drafting', transferorAssigned: false });
    expect((await t.staff(auction, 'POST', P.contractAssignTransferor, { id: draft.id, loginName: 'demo_new' })).body).toMatchObject({ code: 400, msg: '只能指定已完成实名认证的账户' });
    expect((await t.staff(auction, 'POST', P.contractAssignTransferor, { id: draft.id, loginName: 'demo_org' })).body.code).toBe(200);
    expect(await listed()).toMatchObject({ transferorAssigned: true });
    const trail = (await get(await t.staffLogin('op_admin'), STAFF_PATHS.auditPage, { subject: `contract:${draft.id}` })).data.records;
    expect(trail[0]).toMatchObject({ action: 'contract.assignTransferor', staffLogin: 'op_auction' });
  });

  it('schedules news, notices and announcements: public only from their time, until unpublished', async () => {
    const editor = await t.staffLogin('op_editor');
    const plates = (await get(editor, P.contentPlates, {})).data as Json[];
    const plateId = plates.find((p) => p.code === 'jysdt').id as number;
    const newsTotal = async () => (await t.post('/api/dscq-content/news-content/page', { plateId, size: 50 })).body.data;
    const before = (await newsTotal()).total as number;
    const at = t.clock.now + 2 * HOUR;
    const news = await send(editor, P.contentCreate, { kind: 'news', plateId, title: '工作系统定时新闻', content: '<p>正文<img src="javascript:alert(1)"><script>x()</script></p>', publishTime: fmt(at) });
    expect(news.body.data).toMatchObject({ state: 'scheduled', stateLabel: '定时发布', group: '交易所动态' });
    expect(news.body.data.content).toBe('<p>正文<img /></p>');
    const notice = await send(editor, P.contentCreate, { kind: 'siteNotice', title: '定时网站公告', content: '<p>维护</p>', publishTime: fmt(at), category: 1 });
    const announcement = await send(editor, P.contentCreate, { kind: 'announcement', noticeType: 1, title: '定时挂牌公告', content: '<p>挂牌</p>', publishTime: fmt(at) });

    expect((await newsTotal()).total).toBe(before);
    expect((await t.post('/api/dscq-content/news-content/detail', { id: news.body.data.id })).body.code).toBe(404);
    expect((await t.get('/api/blade-desk/notice-info/list', { size: 50 })).body.data.records.map((r: Json) => r.title)).not.toContain('定时网站公告');
    expect((await t.post('/api/dscq-project/notice/page', { noticeType: 1, size: 100 })).body.data.records.map((r: Json) => r.noticeTitle)).not.toContain('定时挂牌公告');

    t.clock.now = at;
    expect((await newsTotal()).total).toBe(before + 1);
    expect((await newsTotal()).records[0].title).toBe('工作系统定时新闻');
    expect((await t.get('/api/blade-desk/notice-info/list', { size: 50 })).body.data.records.map((r: Json) => r.title)).toContain('定时网站公告');
    expect((await t.post('/api/dscq-project/notice/page', { noticeType: 1, size: 100 })).body.data.records.map((r: Json) => r.noticeTitle)).toContain('定时挂牌公告');
    expect((await get(await t.staffLogin('op_editor'), P.contentDetail, { kind: 'news', id: news.body.data.id })).data.state).toBe('published');

    const again = await t.staffLogin('op_editor');
    expect((await t.staff(again, 'POST', P.contentUnpublish, { kind: 'news', id: news.body.data.id, reason: '' })).body.code).toBe(400);
    const down = await t.staff(again, 'POST', P.contentUnpublish, { kind: 'news', id: news.body.data.id, reason: '内容有误' });
    expect(down.body.data.state).toBe('hidden');
    expect((await newsTotal()).total).toBe(before);
    const edited = await send(again, P.contentEdit, { kind: 'siteNotice', id: notice.body.data.id, title: '网站维护公告（更正）' });
    expect(edited.body.data.title).toBe('网站维护公告（更正）');
    const republished = await t.staff(again, 'POST', P.contentSchedule, { kind: 'news', id: news.body.data.id });
    expect(republished.body.data.state).toBe('published');
    expect((await newsTotal()).total).toBe(before + 1);
    expect((await get(again, P.contentPage, { kind: 'announcement', q: '定时挂牌' })).data.records).toEqual([expect.objectContaining({ id: announcement.body.data.id, group: '挂牌公告' })]);

    const trail = (await get(await t.staffLogin('op_admin'), STAFF_PATHS.auditPage, { action: 'content', size: 50 })).data.records.map((r: Json) => r.action);
    expect(trail).toEqual(['content.schedule', 'content.edit', 'content.unpublish', 'content.create', 'content.create', 'content.create']);
  });
});

describe('the demo', () => {
  it('has a draft waiting for its publication by a second member, and one scheduled article, neither public', async () => {
    const draft = await t.handle.db.selectFrom('lot_draft').selectAll().where('draft_code', '=', DEMO_DRAFT_CODE).executeTakeFirstOrThrow();
    expect(draft.project_id).toBeNull();
    expect(await publicSearch('冀联物流')).toBe(0);
    const auction = await t.staffLogin('op_auction');
    const mine = (await get(auction, STAFF_PATHS.approvalPage, { state: 'pending', kind: 'lot.publish' })).data.records;
    expect(mine).toEqual([expect.objectContaining({ subject: `lotDraft:${draft.id}`, canApprove: false, canWithdraw: true })]);
    expect((await get(auction, P.lotDetail, { draftId: draft.id })).data).toMatchObject({ problems: [], pendingApprovalId: mine[0].id });
    const admin = await t.staffLogin('op_admin');
    const waiting = (await get(admin, STAFF_PATHS.approvalPage, { state: 'pending', kind: 'lot.publish' })).data.records;
    expect(waiting[0]).toMatchObject({ canApprove: true, preparedBy: '周建华（op_auction）' });

    const scheduled = await t.handle.db.selectFrom('news').select(['id', 'publish_at']).where('ref_code', '=', DEMO_SCHEDULED_NEWS).executeTakeFirstOrThrow();
    expect(scheduled.publish_at).toBeGreaterThan(t.clock.now);
    expect((await t.post('/api/dscq-content/news-content/detail', { id: scheduled.id })).body.code).toBe(404);

    // The approval publishes it (the demo's dates pass the timeline).
    expect((await approve(admin, waiting[0].id)).data.state).toBe('approved');
    expect(await publicSearch('冀联物流')).toBe(1);
  });
});
