/**
 * The judicial-auction service (separate in the real system, served by us under /judicial): the one
 * judicial catalogue by offset and limit with name, court, city and state filters, its courts and cities,
 * and one court item's detail. Answers use the service's own shape (JudicialAnswer), built by routes/judicial.ts.
 *
 * The catalogue (issue 26) is every court lot: the service's items (judicial_item) and the portal's own
 * 司法拍卖 listings (project, type JUDICIAL_TYPE_CODE) with their lot state from the shared rule — the state the
 * hall shows — in one vocabulary and one order (domain/rules/judicial.ts: live, upcoming, enrolling, ended).
 * The filters run in SQL on both tables; the states, the state filter and the order run in the shared rule
 * over the filtered rows (a few hundred court lots: see docs/listings.md "Judicial auctions"), then the page is cut.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import { formatChinaTime } from '#domain/rules/chinaTime';
import { compareCatalogue, courtItemLot, type CatalogueKey } from '#domain/rules/judicial';
import { stagesMatching } from '#domain/rules/lotState';
import { JUDICIAL_TYPE_CODE, LOT_ASSET_CLASS_LABELS, lotAssetClass } from '#domain/rules/lotTimeline';
import { fenToYuan } from '#domain/rules/money';
import type { JudicialCity, JudicialCourt, JudicialItem, JudicialItemDetail, JudicialList, JudicialRound } from '#domain/contract/projects';
import type { Database } from '../../db/schema.ts';
import type { JudicialItemTable } from '../../db/tables/projects-detail.ts';
import { notFound } from '../../lib/envelope.ts';
import { CITIES } from '../../reference/places.ts';
import { applyLot, currentActivities } from '../auctions/lot-states.ts';
import { containsPattern, LIKE_ESCAPE } from '../common/like.ts';
import { sanitizeRichText } from '../common/rich-text.ts';

export const JUDICIAL_NOT_FOUND = '拍卖标的不存在';

/** City code (1301 …) → name, as dscq-system/region/list numbers the cities. */
const CITY_NAMES = new Map(CITIES.map((c) => [c.code, c.name]));

export interface JudicialQuery {
  offset: number;
  limit: number;
  name?: string | undefined;
  courtId?: number | undefined;
  cityCode?: string | undefined;
  /** A state word: the stages whose (hall) name contains it (stagesMatching), else the item's own text contains it. */
  state?: string | undefined;
}

type ItemColumns = Pick<
  Selectable<JudicialItemTable>,
  'pk_houseproject' | 'name' | 'projecttype' | 'upset_price_fen' | 'auction_at' | 'round' | 'state' | 'city_code' | 'img_url'
> & { court_name: string };

const ITEM_COLUMNS = ['i.pk_houseproject', 'i.name', 'i.projecttype', 'i.upset_price_fen', 'i.auction_at', 'i.round', 'i.state', 'i.city_code', 'i.img_url'] as const;

function toItem(r: ItemColumns): JudicialItem {
  const lot = courtItemLot(r.state);
  return {
    pkHouseproject: r.pk_houseproject,
    name: r.name,
    projecttype: r.projecttype,
    upsetprice: fenToYuan(r.upset_price_fen),
    auctiontime: formatChinaTime(r.auction_at),
    round: r.round as JudicialRound,
    state: lot.label,
    itemState: r.state,
    lot,
    source: 'court',
    assetsId: null,
    projectType: null,
    courtName: r.court_name,
    cityName: CITY_NAMES.get(r.city_code) ?? '',
    imgUrl: r.img_url,
  };
}

/** An item with what the catalogue orders it by. */
interface Keyed {
  item: JudicialItem;
  key: CatalogueKey;
}

const nameMatches = (column: string, name: string) => sql<boolean>`lower(${sql.ref(column)}) like lower(${containsPattern(name)}) escape ${LIKE_ESCAPE}`;

/** The service's items under the filters (no state filter: that is the catalogue's, on the shared states). */
async function courtItems(db: Kysely<Database>, q: JudicialQuery): Promise<Keyed[]> {
  let query = db.selectFrom('judicial_item as i').innerJoin('judicial_court as c', 'c.id', 'i.court_id');
  if (q.name) query = query.where(nameMatches('i.name', q.name));
  if (q.courtId !== undefined) query = query.where('i.court_id', '=', q.courtId);
  if (q.cityCode) query = query.where('i.city_code', '=', q.cityCode);
  const rows = await query.select(ITEM_COLUMNS).select('c.name as court_name').execute();
  return rows.map((r) => {
    const item = toItem(r);
    return { item, key: { status: item.lot.status, startTime: r.auction_at, endTime: null, key: item.pkHouseproject } };
  });
}

/**
 * The portal's 司法拍卖 listings under the filters, with their lot state (lotStatus of the listing's text and its
 * current activity, as every answer and the hall carry it). The court of a listing is its organiser (org_name);
 * a court filter picks the listings of the court with that name, a city filter those of the city with that code.
 */
async function portalLots(db: Kysely<Database>, q: JudicialQuery, now: number): Promise<Keyed[]> {
  let query = db
    .selectFrom('project')
    .leftJoin('project_detail as d', 'd.project_id', 'project.id')
    .where('project.parent_id', 'is', null)
    .where('project.type_code', '=', JUDICIAL_TYPE_CODE);
  if (q.name) query = query.where(nameMatches('project.assets_name', q.name));
  if (q.courtId !== undefined) {
    const court = await db.selectFrom('judicial_court').select('name').where('id', '=', q.courtId).executeTakeFirst();
    if (!court) return [];
    query = query.where('project.org_name', '=', court.name);
  }
  if (q.cityCode) {
    const city = CITY_NAMES.get(q.cityCode);
    if (!city) return [];
    query = query.where('project.city', '=', city);
  }
  const rows = await query
    .select([
      'project.id', 'project.assets_name', 'project.type_code', 'project.type_name', 'project.project_nature', 'project.project_type',
      'project.state', 'project.start_price_fen', 'project.org_name', 'project.city', 'project.img_url', 'd.asset_class',
    ])
    .execute();
  const activities = await currentActivities(db, rows.map((r) => r.id), now);
  return rows.map((r) => {
    const activity = activities.get(r.id) ?? null;
    const { lot } = applyLot({ state: r.state }, activity);
    const item: JudicialItem = {
      pkHouseproject: `lot-${r.id}`,
      name: r.assets_name,
      projecttype: LOT_ASSET_CLASS_LABELS[lotAssetClass(r.type_code, r.project_nature, r.asset_class)] ?? r.type_name,
      upsetprice: fenToYuan(r.start_price_fen),
      auctiontime: lot.biddingStartTime ?? '',
      round: null,
      state: lot.label,
      itemState: r.state,
      lot,
      source: 'lot',
      assetsId: r.id,
      projectType: r.project_type,
      courtName: r.org_name,
      cityName: r.city,
      imgUrl: r.img_url,
    };
    return { item, key: { status: lot.status, startTime: activity?.startTime ?? null, endTime: activity?.endTime ?? null, key: item.pkHouseproject } };
  });
}

/** Whether an item passes the state filter (JudicialQuery.state). */
function stateFilter(word: string | undefined): (item: JudicialItem) => boolean {
  const w = word?.trim() ?? '';
  if (w === '') return () => true;
  const stages = stagesMatching(w);
  return stages.length > 0 ? (item) => stages.includes(item.lot.status) : (item) => item.itemState.includes(w);
}

/** The catalogue: court items and portal listings, live first, then upcoming, enrolling, ended (compareCatalogue). */
export async function queryJudicial(db: Kysely<Database>, q: JudicialQuery, now: number): Promise<JudicialList> {
  const [court, portal] = await Promise.all([courtItems(db, q), portalLots(db, q, now)]);
  const keep = stateFilter(q.state);
  const all = [...court, ...portal].filter((k) => keep(k.item)).sort((a, b) => compareCatalogue(a.key, b.key));
  return { list: all.slice(q.offset, q.offset + q.limit).map((k) => k.item), totalCount: all.length };
}

export async function judicialDetail(db: Kysely<Database>, pk: string): Promise<JudicialItemDetail> {
  const r = await db
    .selectFrom('judicial_item as i')
    .innerJoin('judicial_court as c', 'c.id', 'i.court_id')
    .selectAll('i')
    .select('c.name as court_name')
    .where('i.pk_houseproject', '=', pk)
    .executeTakeFirst();
  if (!r) throw notFound(JUDICIAL_NOT_FOUND);
  return {
    ...toItem(r),
    appraisedValue: fenToYuan(r.appraised_fen),
    deposit: fenToYuan(r.deposit_fen),
    increment: fenToYuan(r.increment_fen),
    description: sanitizeRichText(r.description),
    caseNumber: r.case_number,
    contactPhone: r.contact_phone,
  };
}

export async function judicialCourts(db: Kysely<Database>, cityCode: string | undefined): Promise<JudicialCourt[]> {
  let query = db.selectFrom('judicial_court').select(['id', 'name', 'city_code']);
  if (cityCode) query = query.where('city_code', '=', cityCode);
  const rows = await query.orderBy('city_code').orderBy('sort').orderBy('id').execute();
  return rows.map((r) => ({ courtId: r.id, courtName: r.name, cityCode: r.city_code }));
}

/** The cities that have a court, in code order. */
export async function judicialCities(db: Kysely<Database>): Promise<JudicialCity[]> {
  const rows = await db.selectFrom('judicial_court').select('city_code').distinct().orderBy('city_code').execute();
  return rows.map((r) => ({ cityCode: r.city_code, cityName: CITY_NAMES.get(r.city_code) ?? r.city_code }));
}
