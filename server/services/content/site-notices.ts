/**
 * The content side of blade-desk: site notices (notice-info), recruitment, titles by position and the
 * hot-investment list; and the notice detail of dscq-project.
 */
import type { Kysely } from 'kysely';
import { formatChinaTime } from '#domain/rules/chinaTime';
import type { Page } from '#domain/contract/envelope';
import { fenToYuan } from '#domain/rules/money';
import { NOTICE_TYPE_NAMES } from '#domain/rules/content';
import { type HotInvestment, type NoticeDetail, type NoticeInfo, type NoticeInfoDetail, type PositionTitle, type Recruit, type RecruitDetail } from '#domain/contract/content';
import type { Database } from '../../db/schema.ts';
import type { NoticeInfoTable, RecruitTable } from '../../db/tables/content.ts';
import { notFound } from '../../lib/envelope.ts';
import { toFlag } from '../../lib/wire.ts';
import { listAttachments } from './files.ts';
import { withLots } from '../auctions/lot-states.ts';
import { fetchPage, type PageRequest } from '../common/paging.ts';
import { sanitizeRichText } from '../common/rich-text.ts';

/* ---------- notice-info ---------- */

function toNoticeInfo(r: Pick<NoticeInfoTable, 'title' | 'category' | 'is_top' | 'publish_at'> & { id: number }): NoticeInfo {
  return { id: r.id, title: r.title, category: r.category, isTop: toFlag(r.is_top), publishDate: formatChinaTime(r.publish_at) };
}

/** notice-info/list: pinned first, then newest. */
export async function pageNoticeInfo(db: Kysely<Database>, s: PageRequest & { category?: number | undefined }, now: number): Promise<Page<NoticeInfo>> {
  let q = db.selectFrom('notice_info').where('hidden', '=', 0).where('publish_at', '<=', now);
  if (s.category !== undefined) q = q.where('category', '=', s.category);
  return fetchPage(
    q,
    s,
    (x) => x.select(['id', 'title', 'category', 'is_top', 'publish_at']).orderBy('is_top', 'desc').orderBy('publish_at', 'desc').orderBy('id', 'desc'),
    toNoticeInfo,
  );
}

export async function getNoticeInfo(db: Kysely<Database>, id: number, now: number): Promise<NoticeInfoDetail> {
  const row = await db.selectFrom('notice_info').selectAll().where('id', '=', id).where('hidden', '=', 0).where('publish_at', '<=', now).executeTakeFirst();
  if (!row) throw notFound('公告不存在');
  return { ...toNoticeInfo(row), content: sanitizeRichText(row.content) };
}

/* ---------- recruit ---------- */

function toRecruit(r: Omit<RecruitTable, 'id' | 'content' | 'ref_code'> & { id: number }): Recruit {
  return {
    id: r.id,
    title: r.title,
    department: r.department,
    headcount: r.headcount,
    location: r.location,
    education: r.education,
    publishDate: formatChinaTime(r.publish_at),
    deadline: formatChinaTime(r.deadline_at),
  };
}

export async function pageRecruits(db: Kysely<Database>, s: PageRequest): Promise<Page<Recruit>> {
  return fetchPage(
    db.selectFrom('recruit'),
    s,
    (x) =>
      x
        .select(['id', 'title', 'department', 'headcount', 'location', 'education', 'publish_at', 'deadline_at'])
        .orderBy('publish_at', 'desc')
        .orderBy('id', 'desc'),
    toRecruit,
  );
}

export async function getRecruit(db: Kysely<Database>, id: number): Promise<RecruitDetail> {
  const row = await db.selectFrom('recruit').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('招聘信息不存在');
  return { ...toRecruit(row), content: sanitizeRichText(row.content) };
}

/* ---------- title by position ---------- */

export async function getTitleByPosition(db: Kysely<Database>, position: string): Promise<PositionTitle> {
  const row = await db.selectFrom('title_config').selectAll().where('position', '=', position).executeTakeFirst();
  if (!row) throw notFound('标题配置不存在');
  return { position: row.position, title: row.title, subTitle: row.sub_title, moreUrl: row.more_url };
}

/* ---------- hot investments ---------- */

/** hot-investments/list: the most viewed listings that are still open (enrolling or pre-disclosure). */
export async function listHotInvestments(db: Kysely<Database>, size: number, now: number): Promise<HotInvestment[]> {
  const rows = await db
    .selectFrom('project')
    .select([
      'id',
      'assets_name',
      'type_name',
      'project_type',
      'state',
      'price_type',
      'start_price_fen',
      'the_tone_interval',
      'the_tone_max_fen',
      'price_unit',
      'price_other',
      'city',
      'img_url',
      'view_count',
    ])
    // Package children are reached through their package, never listed on their own.
    .where('parent_id', 'is', null)
    .where((eb) => eb.or([eb('state', 'like', '%正在报名%'), eb('state', 'like', '%预披露%')]))
    .orderBy('view_count', 'desc')
    .orderBy('id', 'desc')
    .limit(size)
    .execute();
  const items = rows.map((r) => ({
    id: r.id,
    assetsName: r.assets_name,
    typeName: r.type_name,
    projectType: r.project_type,
    state: r.state,
    priceType: r.price_type,
    startPrice: fenToYuan(r.start_price_fen),
    theToneInterval: r.the_tone_interval,
    theToneMax: r.the_tone_max_fen === null ? null : fenToYuan(r.the_tone_max_fen),
    priceUnit: r.price_unit,
    priceOther: r.price_other,
    city: r.city,
    imgUrl: r.img_url,
    circuseeCount: r.view_count,
  }));
  return withLots(db, now, items);
}

/* ---------- notice detail (dscq-project) ---------- */

export async function getNoticeDetail(db: Kysely<Database>, id: number, now: number): Promise<NoticeDetail> {
  const row = await db.selectFrom('notice').selectAll().where('id', '=', id).where('hidden', '=', 0).where('publish_at', '<=', now).executeTakeFirst();
  if (!row) throw notFound('公告不存在');
  return {
    id: row.id,
    noticeTitle: row.title,
    noticeType: row.notice_type,
    noticeTypeName: NOTICE_TYPE_NAMES[row.notice_type] ?? '交易公告',
    assetsId: row.assets_id,
    publishDate: formatChinaTime(row.publish_at),
    content: sanitizeRichText(row.content),
    source: '河北产权交易所',
    attachments: await listAttachments(db, 'notice', row.id),
  };
}
