/**
 * The content centre (dscq-content): plates, front-page news, article details with attachments, page
 * modules, ads and key recommendations, partners, content columns and the download centre.
 */
import type { Kysely, Selectable } from 'kysely';
import { formatChinaTime } from '#domain/rules/chinaTime';
import type { Page } from '#domain/contract/envelope';
import { fenToYuan } from '#domain/rules/money';
import type { Ad, ColumnContent, DownloadFile, KeyProject, NewsArticle, NewsPlate, NewsPlateDetail, PageModule, Partner, SourceType } from '#domain/contract/content';
import type { Database } from '../../db/schema.ts';
import type { AdTable, NewsPlateTable } from '../../db/tables/content.ts';
import { notFound } from '../../lib/envelope.ts';
import { toFlag } from '../../lib/wire.ts';
import { listAttachments, toAttachment } from './files.ts';
import { getNewsDetail, listNews } from './news.ts';
import { withLots } from '../auctions/lot-states.ts';
import { fetchPage, type PageRequest } from '../common/paging.ts';
import { sanitizeRichText } from '../common/rich-text.ts';

/* ---------- plates ---------- */

function toPlate(r: Selectable<NewsPlateTable>): NewsPlate {
  return {
    id: r.id,
    plateCode: r.code,
    plateName: r.name,
    parentId: r.parent_id,
    sort: r.sort,
    sourceType: (r.source_type === 2 ? 2 : 1) as SourceType,
    noticeType: r.notice_type,
  };
}

export interface PlateFilter {
  parentId?: number | undefined;
  plateCode?: string | undefined;
  sourceType?: number | undefined;
}

/** news-platecfig/select: plates in display order, optionally the children of one parent. */
export async function selectPlates(db: Kysely<Database>, f: PlateFilter): Promise<NewsPlate[]> {
  let q = db.selectFrom('news_plate').selectAll();
  if (f.parentId !== undefined) q = q.where('parent_id', '=', f.parentId);
  if (f.plateCode !== undefined) q = q.where('code', '=', f.plateCode);
  if (f.sourceType !== undefined) q = q.where('source_type', '=', f.sourceType);
  const rows = await q.orderBy('sort').orderBy('id').execute();
  return rows.map(toPlate);
}

/** news-platecfig/detail: one plate (by id or code) with its parent and children. */
export async function getPlateDetail(db: Kysely<Database>, by: { id?: number | undefined; plateCode?: string | undefined }): Promise<NewsPlateDetail> {
  let q = db.selectFrom('news_plate').selectAll();
  if (by.id !== undefined) q = q.where('id', '=', by.id);
  else if (by.plateCode !== undefined) q = q.where('code', '=', by.plateCode);
  else throw notFound('栏目不存在');
  const row = await q.executeTakeFirst();
  if (!row) throw notFound('栏目不存在');
  const parent = row.parent_id === null ? undefined : await db.selectFrom('news_plate').selectAll().where('id', '=', row.parent_id).executeTakeFirst();
  const children = await db.selectFrom('news_plate').selectAll().where('parent_id', '=', row.id).orderBy('sort').orderBy('id').execute();
  return { ...toPlate(row), parent: parent ? toPlate(parent) : null, children: children.map(toPlate) };
}

/* ---------- news ---------- */

/** news-content/front-page: the articles flagged for the home page (the news carousel), newest first. */
export async function listFrontPageNews(db: Kysely<Database>, s: PageRequest & { plateId?: number | undefined }, now: number) {
  const page = await listNews(db, { ...s, frontPageOnly: true }, now);
  return page;
}

/** news-content/detail: the article (HTML sanitised on the way out too), its plate and attachments. */
export async function getNewsArticle(db: Kysely<Database>, id: number, now: number): Promise<NewsArticle> {
  const detail = await getNewsDetail(db, id, now);
  const plate = await db.selectFrom('news_plate').select('name').where('id', '=', detail.plateId).executeTakeFirst();
  return {
    ...detail,
    content: sanitizeRichText(detail.content),
    plateName: plate?.name ?? '',
    attachments: await listAttachments(db, 'news', id),
  };
}

/* ---------- page modules ---------- */

/** page-modules-content/batch-list: the modules of the asked groups, in the order asked, then by sort. */
export async function batchListModules(db: Kysely<Database>, codes: string[]): Promise<PageModule[]> {
  if (codes.length === 0) return [];
  const rows = await db
    .selectFrom('page_module as m')
    .leftJoin('news_plate as p', (join) => join.onRef('p.code', '=', 'm.plate_code'))
    .select([
      'm.id',
      'm.modules_code',
      'm.name',
      'm.has_more_button',
      'm.more_button_url',
      'm.source_type',
      'm.plate_code',
      'm.notice_type',
      'm.sort',
      'p.id as plate_id',
    ])
    .where('m.modules_code', 'in', codes)
    .orderBy('m.sort')
    .orderBy('m.id')
    .execute();
  const order = new Map(codes.map((code, i) => [code, i]));
  return rows
    .sort((a, b) => order.get(a.modules_code)! - order.get(b.modules_code)!)
    .map((r) => ({
      id: r.id,
      modulesCode: r.modules_code,
      name: r.name,
      hasMoreButton: toFlag(r.has_more_button),
      moreButtonUrl: r.more_button_url,
      sourceType: (r.source_type === 2 ? 2 : r.source_type === 3 ? 3 : 1) as SourceType,
      plateCode: r.plate_code,
      plateId: r.plate_id ?? null,
      noticeType: r.notice_type,
      sort: r.sort,
    }));
}

/* ---------- ads ---------- */

function toAd(r: Selectable<AdTable>): Ad {
  return { id: r.id, url: r.url, imgSrc: r.img_src, code: r.code, title: r.title, sort: r.sort };
}

/** ad-ads/list: the shown ads of one position, by sort. */
export async function listAds(db: Kysely<Database>, s: PageRequest & { code?: string | undefined }): Promise<Page<Ad>> {
  let q = db.selectFrom('ad').where('status', '=', 1);
  if (s.code !== undefined) q = q.where('code', '=', s.code);
  return fetchPage(q, s, (x) => x.selectAll().orderBy('sort').orderBy('id'), toAd);
}

const KEY_PROJECT_COLUMNS = [
  'ad.id',
  'ad.ref_code',
  'ad.code',
  'ad.title',
  'ad.summary',
  'ad.url',
  'ad.img_src',
  'ad.assets_id',
  'ad.sort',
  'ad.status',
  'ad.created_at',
  'p.assets_name',
  'p.type_name',
  'p.state',
  'p.price_type',
  'p.start_price_fen',
  'p.the_tone_interval',
  'p.the_tone_max_fen',
  'p.price_unit',
  'p.price_other',
  'p.city',
  'p.announcement_end_at',
  'p.project_type',
] as const;

type KeyProjectRow = Selectable<AdTable> & {
  assets_name: string | null;
  type_name: string | null;
  state: string | null;
  price_type: number | null;
  start_price_fen: number | null;
  the_tone_interval: number | null;
  the_tone_max_fen: number | null;
  price_unit: string | null;
  price_other: string | null;
  city: string | null;
  announcement_end_at: number | null;
  project_type: number | null;
};

function toKeyProject(r: KeyProjectRow): KeyProject {
  return {
    ...toAd(r),
    summary: r.summary,
    assetsId: r.assets_id,
    assetsName: r.assets_name ?? r.title,
    typeName: r.type_name ?? '',
    state: r.state ?? '',
    priceType: r.price_type ?? 1,
    startPrice: r.start_price_fen === null ? 0 : fenToYuan(r.start_price_fen),
    theToneInterval: r.the_tone_interval ?? 1,
    theToneMax: r.the_tone_max_fen === null ? null : fenToYuan(r.the_tone_max_fen),
    priceUnit: r.price_unit ?? '',
    priceOther: r.price_other ?? '',
    city: r.city ?? '',
    announcementEndTime: r.announcement_end_at === null ? '' : formatChinaTime(r.announcement_end_at),
    projectType: r.project_type ?? 0,
  };
}

/** ad-ads/keyProjects-page: key recommendations (ads of one position) with their project's facts. */
export async function pageKeyProjects(db: Kysely<Database>, s: PageRequest & { code: string }, now: number): Promise<Page<KeyProject>> {
  const q = db
    .selectFrom('ad')
    .leftJoin('project as p', 'p.id', 'ad.assets_id')
    .where('ad.status', '=', 1)
    .where('ad.code', '=', s.code);
  const page = await fetchPage(
    q,
    s,
    (x) => x.select(KEY_PROJECT_COLUMNS).orderBy('ad.sort').orderBy('ad.id'),
    (r) => toKeyProject(r as KeyProjectRow),
  );
  return { ...page, records: await withLots(db, now, page.records, (item) => item.assetsId) };
}

/** (ours) ad-ads/detail: one key recommendation, for /zhongdianDetail. */
export async function getKeyProject(db: Kysely<Database>, id: number, now: number): Promise<KeyProject> {
  const row = await db
    .selectFrom('ad')
    .leftJoin('project as p', 'p.id', 'ad.assets_id')
    .select(KEY_PROJECT_COLUMNS)
    .where('ad.id', '=', id)
    .where('ad.status', '=', 1)
    .executeTakeFirst();
  if (!row) throw notFound('推荐项目不存在');
  const [item] = await withLots(db, now, [toKeyProject(row as KeyProjectRow)], (k) => k.assetsId);
  return item!;
}

/* ---------- partners ---------- */

export async function pagePartners(db: Kysely<Database>, s: PageRequest & { positionType?: number | undefined }): Promise<Page<Partner>> {
  let q = db.selectFrom('partner');
  if (s.positionType !== undefined) q = q.where('position_type', '=', s.positionType);
  return fetchPage(
    q,
    s,
    (x) => x.selectAll().orderBy('sort').orderBy('id'),
    (r) => ({ id: r.id, name: r.name, url: r.url, imgSrc: r.img_src, positionType: r.position_type }),
  );
}

/* ---------- columns ---------- */

const COLUMN_CONTENT_COLUMNS = [
  'cc.id',
  'cc.title',
  'cc.summary',
  'cc.img_src',
  'cc.link_url',
  'cc.content',
  'cc.sort',
  'cc.publish_at',
  'c.code as column_code',
  'c.name as column_name',
  'c.description as column_description',
  'c.img_src as column_img_src',
] as const;

interface ColumnContentRow {
  id: number;
  title: string;
  summary: string;
  img_src: string;
  link_url: string;
  content: string;
  sort: number;
  publish_at: number;
  column_code: string;
  column_name: string;
  column_description: string;
  column_img_src: string;
}

function toColumnContent(r: ColumnContentRow): ColumnContent {
  return {
    id: r.id,
    columnCode: r.column_code,
    columnName: r.column_name,
    columnDescription: r.column_description,
    columnImgSrc: r.column_img_src,
    title: r.title,
    summary: r.summary,
    imgSrc: r.img_src,
    linkUrl: r.link_url,
    content: sanitizeRichText(r.content),
    sort: r.sort,
    publishDate: formatChinaTime(r.publish_at),
  };
}

/** columns-content/page: the items of one column (by code or id), by sort. */
export async function pageColumnContent(
  db: Kysely<Database>,
  s: PageRequest & { columnCode?: string | undefined; columnId?: number | undefined },
): Promise<Page<ColumnContent>> {
  let q = db.selectFrom('column_content as cc').innerJoin('content_column as c', 'c.id', 'cc.column_id');
  if (s.columnCode !== undefined) q = q.where('c.code', '=', s.columnCode);
  if (s.columnId !== undefined) q = q.where('c.id', '=', s.columnId);
  return fetchPage(q, s, (x) => x.select(COLUMN_CONTENT_COLUMNS).orderBy('cc.sort').orderBy('cc.id'), (r) =>
    toColumnContent(r as ColumnContentRow),
  );
}

export async function getColumnContent(db: Kysely<Database>, id: number): Promise<ColumnContent> {
  const row = await db
    .selectFrom('column_content as cc')
    .innerJoin('content_column as c', 'c.id', 'cc.column_id')
    .select(COLUMN_CONTENT_COLUMNS)
    .where('cc.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('内容不存在');
  return toColumnContent(row as ColumnContentRow);
}

/* ---------- downloads ---------- */

/** (ours) download-file/page: the download centre, by category then sort. */
export async function pageDownloads(db: Kysely<Database>, s: PageRequest & { category?: string | undefined }): Promise<Page<DownloadFile>> {
  let q = db.selectFrom('download_file as d').innerJoin('content_file as f', 'f.id', 'd.file_id');
  if (s.category !== undefined) q = q.where('d.category', '=', s.category);
  return fetchPage(
    q,
    s,
    (x) =>
      x
        .select(['d.id as download_id', 'd.title', 'd.category', 'd.publish_at', 'f.id', 'f.file_name', 'f.size'])
        .orderBy('d.sort')
        .orderBy('d.id'),
    (r) => ({
      ...toAttachment(r),
      id: r.download_id,
      fileId: r.id,
      title: r.title,
      category: r.category,
      publishDate: formatChinaTime(r.publish_at),
    }),
  );
}
