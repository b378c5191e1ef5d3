/** Listed assets (dscq-project search). */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { ListedAsset, Page } from '../../src/domain/contracts.ts';
import type { Database, ProjectTable } from '../db/schema.ts';
import { fenToYuan, formatChinaTime } from '../lib/wire.ts';
import { fetchPage, type PageRequest } from './paging.ts';

export interface ProjectSearch extends PageRequest {
  typeCode?: number | undefined;
  notTypeCodeList?: number[] | undefined;
  /** Plain-text keyword matched inside the asset name. */
  q?: string | undefined;
  associationId?: number | undefined;
  /** A state word the state text contains (正在报名, 报名已截止 …). */
  state?: string | undefined;
}

const LIKE_ESCAPE = '\\';

/** LIKE pattern that matches the keyword literally: %, _ and the escape character are escaped. */
export function containsPattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => LIKE_ESCAPE + c)}%`;
}

/** Newest listing first (announcement start), id as the tie-breaker. */
export async function searchProjects(db: Kysely<Database>, s: ProjectSearch): Promise<Page<ListedAsset>> {
  let query = db.selectFrom('project');
  if (s.typeCode !== undefined) query = query.where('type_code', '=', s.typeCode);
  if (s.notTypeCodeList?.length) {
    // NOT IN alone would also drop rows without a type (NULL); those are not excluded.
    const excluded = s.notTypeCodeList;
    query = query.where((eb) => eb.or([eb('type_code', 'is', null), eb('type_code', 'not in', excluded)]));
  }
  if (s.associationId !== undefined) query = query.where('association_id', '=', s.associationId);
  if (s.state) query = query.where(sql<boolean>`state like ${containsPattern(s.state)} escape ${LIKE_ESCAPE}`);
  if (s.q) {
    // lower() on both sides: SQLite's LIKE ignores ASCII case and PostgreSQL's does not; make them agree.
    const pattern = containsPattern(s.q);
    query = query.where(sql<boolean>`lower(assets_name) like lower(${pattern}) escape ${LIKE_ESCAPE}`);
  }
  return fetchPage(
    query,
    s,
    (q) => q.selectAll().orderBy('announcement_start_at', 'desc').orderBy('id', 'desc'),
    toListedAsset,
  );
}

export function toListedAsset(r: Selectable<ProjectTable>): ListedAsset {
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
