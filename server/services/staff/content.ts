/**
 * Content (content.edit): news articles, the site's notices (notice-info) and trading announcements
 * (notice: 挂牌公告, 成交公告, 结果公示) — list, read, create, edit, schedule (publish at a time) and unpublish.
 * Rich text goes through the portal's sanitiser before it is stored (and again when served). The public
 * reads (services/content/news.ts, site-notices.ts, trading-notices.ts) show a row only when it is not
 * hidden and its publish time is at or before the server's clock, so a scheduled item appears by itself.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { formatChinaTime } from '#domain/rules/chinaTime';
import type { Page } from '#domain/contract/envelope';
import {
  STAFF_CONTENT_STATE_LABELS,
  type StaffContentDetail,
  type StaffContentInput,
  type StaffContentItem,
  type StaffContentKind,
  type StaffContentState,
  type StaffPlate,
} from '#domain/contract/staffLots';
import type { Database } from '../../db/schema.ts';
import { BusinessError, notFound } from '../../lib/envelope.ts';
import { sanitizeRichText } from '../common/rich-text.ts';
import { fetchPage, type PageRequest } from '../common/paging.ts';
import { NOTICE_TYPE_NAMES } from '../content/trading-notices.ts';
import type { ApprovalContext } from './approvals.ts';
import { recordStaffAction, type StaffActor } from './audit.ts';

type Db = Kysely<Database>;

const TABLE = { news: 'news', siteNotice: 'notice_info', announcement: 'notice' } as const;
// The seed's categories: 1 通知 (maintenance, reminders), 2 公告 (announcements, warnings).
const SITE_NOTICE_CATEGORIES: Record<number, string> = { 1: '通知', 2: '公告' };

export function contentState(row: { hidden: number; publish_at: number }, now: number): StaffContentState {
  if (Number(row.hidden) === 1) return 'hidden';
  return Number(row.publish_at) > now ? 'scheduled' : 'published';
}

interface AnyRow {
  id: number;
  title: string;
  content: string;
  publish_at: number;
  hidden: number;
  plate_id?: number;
  summary?: string;
  source?: string;
  is_front_page?: number;
  category?: number;
  is_top?: number;
  notice_type?: number;
  assets_id?: number | null;
}

async function plateNames(db: Db): Promise<Map<number, string>> {
  return new Map((await db.selectFrom('news_plate').select(['id', 'name']).execute()).map((p) => [Number(p.id), p.name]));
}

function toItem(kind: StaffContentKind, r: AnyRow, now: number, plates: Map<number, string>): StaffContentItem {
  const state = contentState(r, now);
  const group =
    kind === 'news' ? (plates.get(Number(r.plate_id)) ?? '') : kind === 'siteNotice' ? (SITE_NOTICE_CATEGORIES[Number(r.category)] ?? '公告') : (NOTICE_TYPE_NAMES[Number(r.notice_type)] ?? '交易公告');
  return { kind, id: Number(r.id), title: r.title, state, stateLabel: STAFF_CONTENT_STATE_LABELS[state], publishTime: formatChinaTime(Number(r.publish_at)), group };
}

function toDetail(kind: StaffContentKind, r: AnyRow, now: number, plates: Map<number, string>): StaffContentDetail {
  return {
    ...toItem(kind, r, now, plates),
    content: sanitizeRichText(r.content),
    plateId: r.plate_id === undefined ? null : Number(r.plate_id),
    summary: r.summary ?? '',
    source: r.source ?? '',
    isFrontPage: Number(r.is_front_page ?? 0),
    category: r.category === undefined ? null : Number(r.category),
    isTop: Number(r.is_top ?? 0),
    noticeType: r.notice_type === undefined ? null : Number(r.notice_type),
    assetsId: r.assets_id === undefined || r.assets_id === null ? null : Number(r.assets_id),
  };
}

async function rowOf(db: Db, kind: StaffContentKind, id: number): Promise<AnyRow> {
  const row = await db.selectFrom(TABLE[kind]).selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('内容不存在');
  return row as unknown as AnyRow;
}

export interface ContentFilter {
  kind: StaffContentKind;
  state?: StaffContentState | undefined;
  q?: string | undefined;
}

export async function contentPage(c: ApprovalContext, f: ContentFilter, page: PageRequest): Promise<Page<StaffContentItem>> {
  const now = c.now();
  // One table per kind; the queries differ only by table, so they are built on a loosely typed builder.
  let q = (c.db as unknown as Kysely<Record<string, AnyRow>>).selectFrom(TABLE[f.kind]);
  if (f.state === 'hidden') q = q.where('hidden', '=', 1);
  if (f.state === 'scheduled') q = q.where('hidden', '=', 0).where('publish_at', '>', now);
  if (f.state === 'published') q = q.where('hidden', '=', 0).where('publish_at', '<=', now);
  if (f.q) q = q.where('title', 'like', `%${f.q.replace(/[%_]/g, '')}%`);
  const plates = await plateNames(c.db);
  return fetchPage(q, page, (x) => x.selectAll().orderBy('publish_at', 'desc').orderBy('id', 'desc'), (r) => toItem(f.kind, r as AnyRow, now, plates));
}

export async function contentDetail(c: ApprovalContext, kind: StaffContentKind, id: number): Promise<StaffContentDetail> {
  return toDetail(kind, await rowOf(c.db, kind, id), c.now(), await plateNames(c.db));
}

export async function listPlates(db: Db): Promise<StaffPlate[]> {
  const rows = await db.selectFrom('news_plate').select(['id', 'code', 'name', 'parent_id']).where('source_type', '=', 1).orderBy('sort').orderBy('id').execute();
  return rows.map((r) => ({ id: Number(r.id), code: r.code, name: r.name, parentId: r.parent_id === null ? null : Number(r.parent_id) }));
}

export type ContentInput = Omit<StaffContentInput, 'publishTime' | 'kind'> & { publishAt?: number | undefined };

async function checked(db: Db, kind: StaffContentKind, input: Partial<ContentInput>): Promise<void> {
  if (input.title !== undefined && !input.title.trim()) throw new BusinessError(400, '请填写标题');
  if (input.content !== undefined && !sanitizeRichText(input.content).replace(/<[^>]*>/g, '').trim()) throw new BusinessError(400, '请填写正文');
  if (kind === 'news' && input.plateId !== undefined) {
    const plate = await db.selectFrom('news_plate').select(['id', 'source_type']).where('id', '=', input.plateId).executeTakeFirst();
    if (!plate || plate.source_type !== 1) throw new BusinessError(400, '新闻栏目不存在');
  }
  if (kind === 'announcement' && input.noticeType !== undefined && !(input.noticeType in NOTICE_TYPE_NAMES)) throw new BusinessError(400, '公告类型须为 1（挂牌公告）、2（成交公告）或 3（结果公示）');
  if (kind === 'announcement' && input.assetsId !== undefined) {
    const p = await db.selectFrom('project').select('id').where('id', '=', input.assetsId).executeTakeFirst();
    if (!p) throw new BusinessError(400, `项目 ${input.assetsId} 不存在`);
  }
}

/** The columns an input sets (only what it gives). */
function columns(kind: StaffContentKind, input: Partial<ContentInput>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (input.title !== undefined) out.title = input.title.trim();
  if (input.content !== undefined) out.content = sanitizeRichText(input.content);
  if (input.publishAt !== undefined) out.publish_at = input.publishAt;
  if (kind === 'news') {
    if (input.plateId !== undefined) out.plate_id = input.plateId;
    if (input.summary !== undefined) out.summary = input.summary.trim();
    if (input.source !== undefined) out.source = input.source.trim();
    if (input.isFrontPage !== undefined) out.is_front_page = input.isFrontPage;
  } else if (kind === 'siteNotice') {
    if (input.category !== undefined) out.category = input.category;
    if (input.isTop !== undefined) out.is_top = input.isTop;
  } else {
    if (input.noticeType !== undefined) out.notice_type = input.noticeType;
    if (input.assetsId !== undefined) out.assets_id = input.assetsId;
  }
  return out;
}

const subject = (kind: StaffContentKind, id: number) => `${TABLE[kind]}:${id}`;

export async function createContent(c: ApprovalContext, kind: StaffContentKind, input: ContentInput, actor: StaffActor): Promise<StaffContentDetail> {
  if (!input.title || !input.content) throw new BusinessError(400, '请填写标题和正文');
  if (kind === 'news' && input.plateId === undefined) throw new BusinessError(400, '请选择新闻栏目');
  await checked(c.db, kind, input);
  const now = c.now();
  const code = `STF-${formatChinaTime(now, 'YYYY-MM-DD').replace(/\D/g, '')}-${randomBytes(4).toString('hex')}`;
  const values = { publish_at: now, ...columns(kind, input) };
  const db = c.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const base =
    kind === 'news'
      ? { ref_code: code, summary: '', img_src: '', is_outer_link: 0, outer_link_url: '', source: '河北产权市场', created_at: now, is_front_page: 0 }
      : kind === 'siteNotice'
        ? { ref_code: code, category: 1, is_top: 0 }
        : { notice_code: code, notice_type: 1, assets_id: null, is_front_page: 0, created_at: now };
  const row = (await db.insertInto(TABLE[kind]).values({ ...base, ...values, hidden: 0 }).returning('id').executeTakeFirstOrThrow()) as { id: number };
  const detail = await contentDetail(c, kind, Number(row.id));
  await recordStaffAction(c.db, now, actor, { action: 'content.create', subject: subject(kind, Number(row.id)), after: detail });
  return detail;
}

async function update(c: ApprovalContext, kind: StaffContentKind, id: number, set: Record<string, unknown>, action: string, actor: StaffActor, reason?: string): Promise<StaffContentDetail> {
  const before = await contentDetail(c, kind, id);
  const db = c.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  await db.updateTable(TABLE[kind]).set(set).where('id', '=', id).execute();
  const after = await contentDetail(c, kind, id);
  await recordStaffAction(c.db, c.now(), actor, { action, subject: subject(kind, id), before, after, ...(reason ? { reason } : {}) });
  return after;
}

export async function editContent(c: ApprovalContext, kind: StaffContentKind, id: number, input: Partial<ContentInput>, actor: StaffActor): Promise<StaffContentDetail> {
  await rowOf(c.db, kind, id);
  await checked(c.db, kind, input);
  const set = columns(kind, input);
  if (Object.keys(set).length === 0) throw new BusinessError(400, '没有要修改的内容');
  return update(c, kind, id, set, 'content.edit', actor);
}

/** Publish at `publishAt` (now when absent): public from then on; an unpublished item is shown again. */
export async function scheduleContent(c: ApprovalContext, kind: StaffContentKind, id: number, publishAt: number | undefined, actor: StaffActor): Promise<StaffContentDetail> {
  await rowOf(c.db, kind, id);
  return update(c, kind, id, { publish_at: publishAt ?? c.now(), hidden: 0 }, 'content.schedule', actor);
}

export async function unpublishContent(c: ApprovalContext, kind: StaffContentKind, id: number, reason: string, actor: StaffActor): Promise<StaffContentDetail> {
  const row = await rowOf(c.db, kind, id);
  if (Number(row.hidden) === 1) throw new BusinessError(409, '该内容已下线');
  return update(c, kind, id, { hidden: 1 }, 'content.unpublish', actor, reason);
}
