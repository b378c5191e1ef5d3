/**
 * The trading centre around one project: its detail (disclosure sections, attachments, package children,
 * bidding activity, favourite flag, feature tags), recommendations, the cover, and the short lists of the
 * home and state-owned pages (newest listings, Hebei state-owned projects), plus the feature tags and the
 * filter bar's configuration.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import { formatChinaTime } from '#domain/rules/chinaTime';
import type { ListedAsset } from '#domain/contract/portal';
import type { Page } from '#domain/contract/envelope';
import type { LotActivity } from '#domain/contract/lotState';
import { fenToYuan } from '#domain/rules/money';
import { DISCLOSURE_SECTIONS, PROJECT_NATURE, type AssetsFeature, type DisclosureSection, type FilterConfig, type ProjectActivity, type ProjectDetail } from '#domain/contract/projects';
import type { Database, ProjectTable } from '../../db/schema.ts';
import { notFound } from '../../lib/envelope.ts';
import { listProjectAttachments } from './attachments.ts';
import { listLotPhotos } from './photos.ts';
import { publicFileUrl } from '../content/files.ts';
import { fetchPage, type PageRequest } from '../common/paging.ts';
import { applyLot, currentActivities, pageWithLots, withLots } from '../auctions/lot-states.ts';
import { toListedAsset } from './search.ts';
import { sanitizeRichText } from '../common/rich-text.ts';

export const PROJECT_NOT_FOUND = '项目不存在';

/** States a visitor can still act on: the "new" lists show only these. */
const OPEN_STATES = ['正在报名', '预披露'];

/* ---------- default covers ---------- */

type Motif = 'city' | 'hall' | 'meeting' | 'land';

/** A type's default cover is the content file `IMG-COVER-<key>` (seeded; replace the file to change it). */
export const TYPE_COVERS: readonly { key: string; typeCode: number | null; name: string; motif: Motif }[] = [
  { key: 'equity', typeCode: 1, name: '产权转让', motif: 'city' },
  { key: 'physical', typeCode: 2, name: '实物资产', motif: 'hall' },
  { key: 'leasing', typeCode: 3, name: '资产租赁', motif: 'land' },
  { key: 'capital', typeCode: 4, name: '增资扩股', motif: 'meeting' },
  { key: 'judicial', typeCode: 5, name: '司法拍卖', motif: 'hall' },
  { key: 'house', typeCode: 6, name: '房屋租赁', motif: 'city' },
  { key: 'admin', typeCode: null, name: '行政事业资产', motif: 'hall' },
];

/** The judicial items' pictures, by their projecttype. */
export const JUDICIAL_COVER_KINDS: readonly { key: string; projecttype: string; name: string; motif: Motif }[] = [
  { key: 'sf-house', projecttype: '住宅用房', name: '住宅用房', motif: 'city' },
  { key: 'sf-car', projecttype: '机动车', name: '机动车', motif: 'land' },
  { key: 'sf-equity', projecttype: '股权', name: '股权', motif: 'meeting' },
  { key: 'sf-shop', projecttype: '商业用房', name: '商业用房', motif: 'city' },
  { key: 'sf-machine', projecttype: '机械设备', name: '机械设备', motif: 'hall' },
];

export const coverRef = (key: string) => `IMG-COVER-${key.toUpperCase()}`;

export function judicialCoverKey(projecttype: string): string {
  return (JUDICIAL_COVER_KINDS.find((k) => k.projecttype === projecttype) ?? JUDICIAL_COVER_KINDS[0]!).key;
}

function coverKeyOf(p: Pick<Selectable<ProjectTable>, 'type_code' | 'association_id'>): string {
  if (p.association_id === 88) return 'admin';
  return (TYPE_COVERS.find((c) => c.typeCode === p.type_code) ?? TYPE_COVERS[0]!).key;
}

/** GET cover/aliAssetsId: the project's own picture, else its type's default cover. */
export async function getCover(db: Kysely<Database>, id: number): Promise<{ imgUrl: string }> {
  const p = await db.selectFrom('project').select(['img_url', 'type_code', 'association_id']).where('id', '=', id).executeTakeFirst();
  if (!p) throw notFound(PROJECT_NOT_FOUND);
  if (p.img_url) return { imgUrl: p.img_url };
  const file = await db.selectFrom('content_file').select('id').where('ref_code', '=', coverRef(coverKeyOf(p))).executeTakeFirst();
  return { imgUrl: file ? publicFileUrl(file.id) : '' };
}

/* ---------- detail ---------- */

/** The asset's bidding activity: the live one, else the next scheduled, else the last ended; null without. */
export async function getProjectActivity(db: Kysely<Database>, projectId: number, now: number): Promise<ProjectActivity | null> {
  return toProjectActivity((await currentActivities(db, [projectId], now)).get(projectId) ?? null);
}

function toProjectActivity(a: LotActivity | null): ProjectActivity | null {
  if (!a) return null;
  return { activityId: a.activityId, status: a.status, startTime: formatChinaTime(a.startTime), endTime: formatChinaTime(a.endTime), mode: a.mode };
}

async function projectFeatures(db: Kysely<Database>, projectId: number): Promise<AssetsFeature[]> {
  return db
    .selectFrom('project_feature as pf')
    .innerJoin('assets_feature as f', 'f.id', 'pf.feature_id')
    .select(['f.id', 'f.name'])
    .where('pf.project_id', '=', projectId)
    .orderBy('f.sort')
    .orderBy('f.id')
    .execute();
}

export async function isCollected(db: Kysely<Database>, userId: number | null, projectId: number): Promise<boolean> {
  if (userId === null) return false;
  const row = await db.selectFrom('collect_asset').select('id').where('user_id', '=', userId).where('project_id', '=', projectId).executeTakeFirst();
  return row !== undefined;
}

/**
 * GET project/detail: one project whatever its kind (single asset, package, child asset, managed project).
 * Each view counts (circuseeCount), except the work system's (countView false).
 */
export async function getProjectDetail(db: Kysely<Database>, id: number, userId: number | null, now: number, countView = true): Promise<ProjectDetail> {
  if (countView) await db.updateTable('project').set((eb) => ({ view_count: eb('view_count', '+', 1) })).where('id', '=', id).execute();
  const p = await db.selectFrom('project').selectAll().where('id', '=', id).executeTakeFirst();
  if (!p) throw notFound(PROJECT_NOT_FOUND);
  const [detail, sectionRows, attachments, children, activities, collected, features, photos] = await Promise.all([
    db.selectFrom('project_detail').selectAll().where('project_id', '=', id).executeTakeFirst(),
    db.selectFrom('project_section').select(['section_key', 'content']).where('project_id', '=', id).execute(),
    listProjectAttachments(db, id),
    db.selectFrom('project').selectAll().where('parent_id', '=', id).orderBy('project_code').execute(),
    currentActivities(db, [id], now),
    isCollected(db, userId, id),
    projectFeatures(db, id),
    listLotPhotos(db, id),
  ]);
  const activity = activities.get(id) ?? null;
  const byKey = new Map(sectionRows.map((s) => [s.section_key, s.content]));
  const sections: DisclosureSection[] = DISCLOSURE_SECTIONS.flatMap(({ key, title }) => {
    const content = byKey.get(key);
    return content === undefined ? [] : [{ key, title, content: sanitizeRichText(content) }];
  });
  const listed = applyLot(toListedAsset(p), activity);
  return {
    ...listed,
    enrollEndTime: listed.announcementEndTime,
    transferorName: detail?.transferor_name || p.org_name,
    contactName: detail?.contact_name ?? '',
    contactPhone: detail?.contact_phone ?? '',
    appraisedValue: detail?.appraised_value_fen === null || detail?.appraised_value_fen === undefined ? null : fenToYuan(detail.appraised_value_fen),
    sections,
    attachments,
    children: await withLots(db, now, children.map(toListedAsset)),
    parentId: p.parent_id,
    activity: toProjectActivity(activity),
    collected,
    features,
    photos,
  };
}

/* ---------- lists ---------- */

/** POST search/assets-recommend: same type first, then same city, enrolling first, newest. */
export async function recommendProjects(db: Kysely<Database>, assetsId: number, size: number, now: number): Promise<ListedAsset[]> {
  const base = await db.selectFrom('project').select(['id', 'type_code', 'city', 'parent_id']).where('id', '=', assetsId).executeTakeFirst();
  if (!base) throw notFound(PROJECT_NOT_FOUND);
  const rows = await db
    .selectFrom('project')
    .selectAll()
    .where('parent_id', 'is', null)
    .where('id', '!=', base.id)
    .where('id', '!=', base.parent_id ?? 0)
    .orderBy(sql`case when type_code = ${base.type_code ?? -1} then 0 else 1 end`)
    .orderBy(sql`case when city = ${base.city} then 0 else 1 end`)
    .orderBy(sql`case when state like ${'%正在报名%'} then 0 else 1 end`)
    .orderBy('announcement_start_at', 'desc')
    .orderBy('id', 'desc')
    .limit(size)
    .execute();
  return withLots(db, now, rows.map(toListedAsset));
}

/** GET top/new-publish: the newest open listings. */
export async function topNewPublish(db: Kysely<Database>, size: number, now: number): Promise<ListedAsset[]> {
  const rows = await db
    .selectFrom('project')
    .selectAll()
    .where('parent_id', 'is', null)
    .where('state', 'in', OPEN_STATES)
    .orderBy('announcement_start_at', 'desc')
    .orderBy('id', 'desc')
    .limit(size)
    .execute();
  return withLots(db, now, rows.map(toListedAsset));
}

/**
 * POST basic-assets/new-publish: the newest open listings of the given projectTypes (0 and 3: single
 * assets). plateId (ours to read, the spec shows only the name) is the plate = asset type (typeCode).
 */
export async function basicNewPublish(
  db: Kysely<Database>,
  p: { projectTypes?: number[] | undefined; plateId?: number | undefined; limit: number },
  now: number,
): Promise<ListedAsset[]> {
  let query = db.selectFrom('project').selectAll().where('parent_id', 'is', null).where('state', 'in', OPEN_STATES);
  if (p.projectTypes?.length) query = query.where('project_type', 'in', p.projectTypes);
  if (p.plateId !== undefined) query = query.where('type_code', '=', p.plateId);
  const rows = await query.orderBy('announcement_start_at', 'desc').orderBy('id', 'desc').limit(p.limit).execute();
  return withLots(db, now, rows.map(toListedAsset));
}

/** GET project/hb-projects: the province's (Hebei) projects of one nature, state-owned by default, newest first. */
export async function hbProjects(db: Kysely<Database>, p: PageRequest & { projectNature?: number | undefined }, now: number): Promise<Page<ListedAsset>> {
  const query = db
    .selectFrom('project')
    .where('parent_id', 'is', null)
    .where('province', '=', '河北省')
    .where('project_nature', '=', p.projectNature ?? PROJECT_NATURE.stateOwned);
  return pageWithLots(db, now, await fetchPage(query, p, (q) => q.selectAll().orderBy('announcement_start_at', 'desc').orderBy('id', 'desc'), toListedAsset));
}

/* ---------- configuration ---------- */

export async function listFeatures(db: Kysely<Database>): Promise<AssetsFeature[]> {
  return db.selectFrom('assets_feature').select(['id', 'name']).orderBy('sort').orderBy('id').execute();
}

/** The filter bar named `code` ('project', the trading centre's, by default); [] for an unknown one. */
export async function listFilterConfig(db: Kysely<Database>, code: string): Promise<FilterConfig[]> {
  const rows = await db.selectFrom('filter_query_config').selectAll().where('code', '=', code).orderBy('sort').orderBy('id').execute();
  return rows.map((r) => ({ field: r.field as FilterConfig['field'], label: r.label, options: JSON.parse(r.options) as FilterConfig['options'] }));
}
