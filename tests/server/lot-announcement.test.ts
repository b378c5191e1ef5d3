/**
 * Announcements from the lot (issue 26 B): a demo listing with a demo auction announces the same start price,
 * enrolment period and auction times as its listing and its activity, and its 交易方式 follows the auction
 * (never 协议转让 for a lot in live bidding); its 挂牌公告 notice says what its 项目公告 tab says; an auction
 * created on a listing rewrites both. The stored text is stable under the portal's rich-text sanitiser.
 * SQLite, and PostgreSQL when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { OPEN_ACTIVITY_STATUSES } from '#domain/contract/activity';
import type { BiddingMode } from '#domain/contract/hall';
import { formatChinaTime } from '#domain/rules/chinaTime';
import { announcementMoney, announcementPrice } from '#domain/rules/announcement';
import { BIDDING_MODE_NAMES } from '#domain/rules/hall';
import { createActivity } from '../../server/services/auctions/activities.ts';
import { sanitizeRichText } from '../../server/services/common/rich-text.ts';
import { createTestApp, NOW, type TestApp } from './helpers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** The text of the announcement's row labelled `label` (as stored: <tr><th>…</th><td>…</td></tr>). */
const row = (html: string, label: string) => new RegExp(`<tr><th>${label}</th><td>([^<]*)</td></tr>`).exec(html)?.[1];

async function announcementOf(projectId: number) {
  const section = await t.handle.db.selectFrom('project_section').select('content').where('project_id', '=', projectId).where('section_key', '=', 'announcement').executeTakeFirstOrThrow();
  return section.content;
}

it('each demo auction’s listing announces its own start price, enrolment period, auction times and mode', async () => {
  const demos = await t.handle.db
    .selectFrom('bid_activity')
    .innerJoin('project', 'project.id', 'bid_activity.project_id')
    .select([
      'bid_activity.project_id', 'bid_activity.mode', 'bid_activity.start_at', 'bid_activity.end_at', 'bid_activity.start_price_fen as auction_start_fen', 'bid_activity.increment_fen',
      'project.start_price_fen', 'project.price_type', 'project.price_unit', 'project.price_other', 'project.deposit_fen', 'project.announcement_start_at', 'project.announcement_end_at', 'project.type_code',
    ])
    .where('bid_activity.activity_code', 'like', 'DEMO-%')
    .where('bid_activity.status', 'in', OPEN_ACTIVITY_STATUSES)
    .execute();
  expect(demos.length).toBeGreaterThan(8);
  for (const d of demos) {
    const html = await announcementOf(d.project_id);
    const judicial = d.type_code === 5;
    const listed = announcementPrice({ priceType: d.price_type, startPriceFen: Number(d.start_price_fen), priceUnit: d.price_unit, priceOther: d.price_other });
    // One price: the listing's is the auction's.
    expect(Number(d.auction_start_fen)).toBe(Number(d.start_price_fen));
    expect(row(html, judicial ? '起拍价' : '(?:挂牌价格|挂牌租金|拟募集资金)')).toBe(listed);
    expect(row(html, '竞价起始价')).toBe(announcementMoney(Number(d.auction_start_fen)));
    expect(row(html, '加价幅度')).toBe(announcementMoney(Number(d.increment_fen)));
    expect(row(html, '交易保证金')).toBe(Number(d.deposit_fen) > 0 ? announcementMoney(Number(d.deposit_fen)) : '无');
    expect(row(html, '报名期')).toBe(`${formatChinaTime(Number(d.announcement_start_at))} 至 ${formatChinaTime(Number(d.announcement_end_at))}`);
    expect(row(html, '竞价开始时间')).toBe(formatChinaTime(Number(d.start_at)));
    expect(row(html, '竞价结束时间')).toBe(formatChinaTime(Number(d.end_at)));
    const mode = BIDDING_MODE_NAMES[d.mode as BiddingMode];
    expect(row(html, '交易方式')).toBe(judicial ? `网络司法拍卖（${mode}）` : `网络竞价（${mode}）`);
    expect(html).not.toContain('协议转让');
    expect(html).not.toContain('不接受报名');
    expect(sanitizeRichText(html)).toBe(html);
    // Its listing notices (if the demo has one for it) say the same.
    const notices = await t.handle.db.selectFrom('notice').select('content').where('assets_id', '=', d.project_id).where('notice_type', '=', 1).execute();
    for (const n of notices) expect(n.content).toBe(html);
  }
});

it('demo listings without an auction: 协议转让 only there; pre-disclosures alone say 不接受报名; the notices match the tab', async () => {
  const rows = await t.handle.db
    .selectFrom('project')
    .innerJoin('project_section', 'project_section.project_id', 'project.id')
    .select(['project.id', 'project.state', 'project.type_code', 'project_section.content'])
    .where('project_section.section_key', '=', 'announcement')
    .where('project.parent_id', 'is', null)
    .where('project.project_code', 'like', 'HBCQ-%')
    .where((eb) => eb.not(eb.exists(eb.selectFrom('bid_activity').select('bid_activity.id').whereRef('bid_activity.project_id', '=', 'project.id').where('bid_activity.status', 'in', OPEN_ACTIVITY_STATUSES))))
    .execute();
  expect(rows.length).toBeGreaterThan(100);
  for (const r of rows) {
    const pre = r.state.includes('预披露');
    expect(r.content.includes('本项目为信息预披露，不接受报名'), `${r.id} ${r.state}`).toBe(pre);
    const method = row(r.content, '交易方式');
    expect(method).toBe(pre ? '信息预披露，正式挂牌后确定' : r.type_code === 5 ? '网络司法拍卖（竞价时间及方式另行公告）' : '协议转让');
  }
  const seeded = await t.handle.db
    .selectFrom('notice')
    .innerJoin('project_section', 'project_section.project_id', 'notice.assets_id')
    .select(['notice.content as notice', 'project_section.content as tab'])
    .where('notice.notice_code', 'like', 'GG1-%')
    .where('project_section.section_key', '=', 'announcement')
    .execute();
  expect(seeded.length).toBeGreaterThan(0);
  for (const s of seeded) expect(s.notice).toBe(s.tab);
});

it('an auction created on a listing rewrites its announcement and its listing notice with the auction', async () => {
  const p = await t.handle.db
    .selectFrom('project')
    .innerJoin('notice', 'notice.assets_id', 'project.id')
    .select(['project.id', 'project.start_price_fen', 'project.type_code'])
    .where('notice.notice_code', 'like', 'GG1-%')
    .where('project.price_type', '=', 1)
    .where('project.start_price_fen', '>', 0)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('bid_activity').select('bid_activity.id').whereRef('bid_activity.project_id', '=', 'project.id').where('bid_activity.status', 'in', OPEN_ACTIVITY_STATUSES))))
    .orderBy('project.id')
    .executeTakeFirstOrThrow();
  expect(row(await announcementOf(p.id), '交易方式')).not.toContain('网络竞价');
  const startAt = NOW + 3 * 86_400_000;
  await createActivity(t.handle.db, { assetsId: p.id, mode: 'onceOff', startAt, endAt: startAt + 7_200_000, startPriceFen: Number(p.start_price_fen), incrementFen: 100_000, reserveFen: null, capFen: null }, NOW);
  const html = await announcementOf(p.id);
  expect(row(html, '交易方式')).toBe(p.type_code === 5 ? '网络司法拍卖（一次报价（密封））' : '网络竞价（一次报价（密封））');
  expect(row(html, '竞价开始时间')).toBe(formatChinaTime(startAt));
  expect(row(html, '加价幅度')).toBe('1,000.00元');
  const notice = await t.handle.db.selectFrom('notice').select('content').where('assets_id', '=', p.id).where('notice_code', 'like', 'GG1-%').executeTakeFirstOrThrow();
  expect(notice.content).toBe(html);
});
