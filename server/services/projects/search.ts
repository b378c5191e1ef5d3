/**
 * Listed assets (dscq-project search): the trading centre's search with its filters and sorts, and the
 * row → ListedAsset mapping every project list shares. Package children (parent_id set) are reached
 * through their package and never listed on their own.
 */
import { sql, type Kysely, type Selectable, type SelectQueryBuilder } from 'kysely';
import { formatChinaTime } from '#domain/rules/chinaTime';
import type { ListedAsset } from '#domain/contract/portal';
import type { Page } from '#domain/contract/envelope';
import { fenToYuan, yuanToFen } from '#domain/rules/money';
import type { ProjectSort } from '#domain/contract/projects';
import { isPostgres } from '../../db/migrations/portable.ts';
import type { Database, ProjectTable } from '../../db/schema.ts';
import { containsPattern, LIKE_ESCAPE } from '../common/like.ts';
import { pageOffset, toPage, type PageRequest } from '../common/paging.ts';
import { stateWordCondition, withLots } from '../auctions/lot-states.ts';
import { normaliseKeyword } from './search-keys.ts';

export interface ProjectSearch extends PageRequest {
  typeCode?: number | undefined;
  notTypeCodeList?: number[] | undefined;
  /** Keyword: Chinese text, full pinyin or pinyin initials of the name, or the project code. */
  q?: string | undefined;
  associationId?: number | undefined;
  /** A state word the state text contains (正在报名, 报名已截止 …). */
  state?: string | undefined;
  city?: string | undefined;
  county?: string | undefined;
  /** Yuan, inclusive, on startPrice; listings without a price (面议) drop out when either is given. */
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  projectNature?: number | undefined;
  /** An assets_feature id. */
  assetsFeature?: number | undefined;
  orderBy?: ProjectSort | undefined;
  order?: 'asc' | 'desc' | undefined;
}

const SORT_COLUMNS = {
  publishDate: 'announcement_start_at',
  price: 'start_price_fen',
  views: 'view_count',
} as const satisfies Record<ProjectSort, keyof ProjectTable>;

type ProjectQuery = SelectQueryBuilder<Database, 'project', object>;

/**
 * The keyword condition: a plain substring of search_text (name, pinyin, initials and code, stored lower
 * case without whitespace), so 'Shi Jia Zhuang', 'SJZ' and '35%股权' all match literally. One substring
 * search per row (instr / strpos: no LIKE wildcards to escape) keeps 10,000 listings within a few ms.
 */
function keywordMatches(db: Kysely<Database>, q: string) {
  const keyword = normaliseKeyword(q);
  return isPostgres(db as Kysely<unknown>) ? sql<boolean>`strpos(search_text, ${keyword}) > 0` : sql<boolean>`instr(search_text, ${keyword}) > 0`;
}

/** Top-level listings with the search's filters applied (no order). */
export function filteredProjects(db: Kysely<Database>, s: Omit<ProjectSearch, keyof PageRequest>): ProjectQuery {
  let query: ProjectQuery = db.selectFrom('project').where('parent_id', 'is', null);
  if (s.typeCode !== undefined) query = query.where('type_code', '=', s.typeCode);
  if (s.notTypeCodeList?.length) {
    // NOT IN alone would also drop rows without a type (NULL); those are not excluded.
    const excluded = s.notTypeCodeList;
    query = query.where((eb) => eb.or([eb('type_code', 'is', null), eb('type_code', 'not in', excluded)]));
  }
  if (s.associationId !== undefined) query = query.where('association_id', '=', s.associationId);
  if (s.state) {
    // The displayed (lot) state: 竞价中 picks the lots bidding now, whatever their listing's own text says.
    const condition = stateWordCondition(s.state);
    query = query.where(condition ?? sql<boolean>`state like ${containsPattern(s.state)} escape ${LIKE_ESCAPE}`);
  }
  if (s.city) query = query.where('city', '=', s.city);
  if (s.county) query = query.where('county', '=', s.county);
  if (s.projectNature !== undefined) query = query.where('project_nature', '=', s.projectNature);
  if (s.minPrice !== undefined || s.maxPrice !== undefined) {
    query = query.where('price_type', '!=', 3);
    if (s.minPrice !== undefined) query = query.where('start_price_fen', '>=', yuanToFen(s.minPrice));
    if (s.maxPrice !== undefined) query = query.where('start_price_fen', '<=', yuanToFen(s.maxPrice));
  }
  if (s.assetsFeature !== undefined) {
    const featureId = s.assetsFeature;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('project_feature')
          .select('project_feature.project_id')
          .whereRef('project_feature.project_id', '=', 'project.id')
          .where('project_feature.feature_id', '=', featureId),
      ),
    );
  }
  if (s.q && normaliseKeyword(s.q)) {
    // As a subquery of its own, the scan reads only the (parent_id, start, search_text) index.
    const matching = db.selectFrom('project').select('id').where('parent_id', 'is', null).where(keywordMatches(db, s.q));
    query = query.where('id', 'in', matching);
  }
  return query;
}

/**
 * Newest announcement first by default; id breaks ties so pages never overlap. Two steps: the page's ids
 * with the total (a window count, so a keyword scan runs once, and the (parent_id, sort key) indexes walk
 * deep offsets without reading rows), then those rows.
 */
export async function searchProjects(db: Kysely<Database>, s: ProjectSearch, now: number): Promise<Page<ListedAsset>> {
  const column = SORT_COLUMNS[s.orderBy ?? 'publishDate'];
  const direction = s.order ?? 'desc';
  const filtered = filteredProjects(db, s);
  const offset = pageOffset(s);
  const count = async () => Number((await filtered.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);
  const pageIds = filtered.select('id').orderBy(column, direction).orderBy('id', direction).limit(s.size).offset(offset);
  let ids: { id: number }[];
  let total: number;
  if (s.q && normaliseKeyword(s.q)) {
    // A keyword scans every listing: do it once, counting in the same pass.
    const counted = await pageIds.select(sql<number | string>`count(*) over ()`.as('total')).execute();
    ids = counted;
    // Past the last page there is no row to carry the total: count on its own.
    total = counted.length ? Number(counted[0]!.total) : offset === 0 ? 0 : await count();
  } else {
    // Without one, both are index walks, cheaper apart than a window over every row.
    [total, ids] = await Promise.all([count(), pageIds.execute()]);
  }
  const rows = ids.length
    ? await db
        .selectFrom('project')
        .selectAll()
        .where('id', 'in', ids.map((r) => r.id))
        .orderBy(column, direction)
        .orderBy('id', direction)
        .execute()
    : [];
  return toPage(s, total, await withLots(db, now, rows.map(toListedAsset)));
}

/**
 * A listing row as the wire shows it, before its lot state: `state` is the listing's own text here;
 * withLots (services/auctions/lot-states.ts) derives the displayed state of every answer from it and the activity.
 */
export function toListedAsset(r: Selectable<ProjectTable>): Omit<ListedAsset, 'listingState' | 'lot'> {
  return {
    id: r.id,
    projectCode: r.project_code,
    assetsName: r.assets_name,
    typeCode: r.type_code,
    typeName: r.type_name,
    associationId: r.association_id,
    projectNature: r.project_nature,
    projectType: r.project_type,
    state: r.state,
    priceType: r.price_type,
    startPrice: fenToYuan(r.start_price_fen),
    theToneInterval: r.the_tone_interval,
    theToneMax: r.the_tone_max_fen === null ? null : fenToYuan(r.the_tone_max_fen),
    priceUnit: r.price_unit,
    priceOther: r.price_other,
    deposit: fenToYuan(r.deposit_fen),
    announcementStartTime: formatChinaTime(r.announcement_start_at),
    announcementEndTime: formatChinaTime(r.announcement_end_at),
    city: r.city,
    county: r.county,
    orgName: r.org_name,
    imgUrl: r.img_url,
    circuseeCount: r.view_count,
  };
}
