/**
 * The lot's listing announcement, written from what is stored about it (domain/rules/announcement.ts):
 * the project, its detail (transferor, deposit deadline), its planned auction (the newest activity not ended)
 * and the staff's own announcement text (the lot draft's, as 其他事项). Stored, sanitised, as the project's
 * 项目公告 tab and as the content of its 挂牌公告 / 信息预披露公告 notices, so the tab, the notice list and
 * the auction never disagree. Called by the work system's publication, formal listing and changes, by the
 * creation of an auction, and by the demo seed when it plans a demo auction on a listing.
 */
import type { Kysely } from 'kysely';
import { OPEN_ACTIVITY_STATUSES } from '#domain/contract/activity';
import type { BiddingMode } from '#domain/contract/hall';
import { announcementHtml, announcementTitle, type AnnouncementLot } from '#domain/rules/announcement';
import type { Database } from '../../db/schema.ts';
import { sanitizeRichText } from '../common/rich-text.ts';
import { NOTICE_TYPES } from '../content/trading-notices.ts';

type Db = Kysely<Database>;

const PRE_DISCLOSED = '预披露';
/** The code prefix of a 信息预披露公告 (staff/lots.ts: YP-<project code>). */
export const PRE_DISCLOSURE_NOTICE_PREFIX = 'YP-';

/** The announcement facts of a stored lot; `remarksHtml` overrides the draft's announcement text. */
export async function lotAnnouncementFacts(db: Db, projectId: number, remarksHtml?: string): Promise<AnnouncementLot> {
  const p = await db
    .selectFrom('project')
    .leftJoin('project_detail', 'project_detail.project_id', 'project.id')
    .select([
      'project.assets_name', 'project.project_code', 'project.type_code', 'project.province', 'project.city', 'project.county', 'project.price_type',
      'project.start_price_fen', 'project.price_unit', 'project.price_other', 'project.deposit_fen', 'project.announcement_start_at',
      'project.announcement_end_at', 'project.org_name', 'project.state', 'project_detail.transferor_name', 'project_detail.deposit_end_at',
    ])
    .where('project.id', '=', projectId)
    .executeTakeFirstOrThrow();
  const a = await db
    .selectFrom('bid_activity')
    .select(['mode', 'start_at', 'end_at', 'start_price_fen', 'increment_fen'])
    .where('project_id', '=', projectId)
    .where('status', 'in', OPEN_ACTIVITY_STATUSES)
    .orderBy('start_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  let remarks = remarksHtml;
  if (remarks === undefined) {
    const draft = await db.selectFrom('lot_draft').select('data').where('project_id', '=', projectId).executeTakeFirst();
    remarks = draft ? ((JSON.parse(draft.data) as { sections?: { announcement?: string } }).sections?.announcement ?? '') : '';
  }
  return {
    kind: p.state.includes(PRE_DISCLOSED) ? 'preDisclosure' : 'listing',
    assetsName: p.assets_name,
    projectCode: p.project_code,
    typeCode: Number(p.type_code),
    region: `${p.province || '河北省'}${p.city ?? ''}${p.county ?? ''}`,
    priceType: Number(p.price_type),
    startPriceFen: p.start_price_fen === null ? null : Number(p.start_price_fen),
    priceUnit: p.price_unit ?? '',
    priceOther: p.price_other ?? '',
    depositFen: Number(p.deposit_fen),
    enrolmentStartAt: Number(p.announcement_start_at),
    enrolmentEndAt: Number(p.announcement_end_at),
    depositEndAt: p.deposit_end_at === null || p.deposit_end_at === undefined ? null : Number(p.deposit_end_at),
    transferorName: p.transferor_name ?? '',
    orgName: p.org_name,
    auction: a
      ? { mode: a.mode as BiddingMode, startAt: Number(a.start_at), endAt: Number(a.end_at), startPriceFen: Number(a.start_price_fen), incrementFen: Number(a.increment_fen) }
      : null,
    remarksHtml: remarks,
  };
}

/**
 * Writes the lot's announcement from its stored facts: the 项目公告 tab and the content of its listing
 * notices. Returns the title and the sanitised HTML (for a new notice).
 */
export async function writeLotAnnouncement(db: Db, projectId: number, remarksHtml?: string): Promise<{ title: string; content: string; preDisclosure: boolean }> {
  const facts = await lotAnnouncementFacts(db, projectId, remarksHtml);
  const content = sanitizeRichText(announcementHtml(facts));
  await db.deleteFrom('project_section').where('project_id', '=', projectId).where('section_key', '=', 'announcement').execute();
  await db.insertInto('project_section').values({ project_id: projectId, section_key: 'announcement', content }).execute();
  // The notices of what it is now: a formal listing leaves its earlier 信息预披露公告 (YP-…) as published.
  const preDisclosed = (code: string) => code.startsWith(PRE_DISCLOSURE_NOTICE_PREFIX);
  const notices = await db.selectFrom('notice').select(['id', 'notice_code']).where('assets_id', '=', projectId).where('notice_type', '=', NOTICE_TYPES.listing).execute();
  const ids = notices.filter((n) => preDisclosed(n.notice_code) === (facts.kind === 'preDisclosure')).map((n) => n.id);
  if (ids.length > 0) await db.updateTable('notice').set({ content }).where('id', 'in', ids).execute();
  return { title: announcementTitle(facts), content, preDisclosure: facts.kind === 'preDisclosure' };
}
