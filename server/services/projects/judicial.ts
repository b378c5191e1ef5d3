/**
 * The judicial-auction service (separate in the real system, served by us under /judicial): items by
 * offset and limit with name, court, city and state filters, their courts and cities, and one item's
 * detail. Answers use the service's own shape (JudicialAnswer), built by routes/judicial.ts.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import { formatChinaTime } from '#domain/rules/chinaTime';
import { fenToYuan } from '#domain/rules/money';
import type { JudicialCity, JudicialCourt, JudicialItem, JudicialItemDetail, JudicialList, JudicialRound } from '#domain/contract/projects';
import type { Database } from '../../db/schema.ts';
import type { JudicialItemTable } from '../../db/tables/projects-detail.ts';
import { notFound } from '../../lib/envelope.ts';
import { CITIES } from '../../reference/places.ts';
import { containsPattern } from './search.ts';
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
  state?: string | undefined;
}

type ItemRow = Selectable<JudicialItemTable> & { court_name: string };

function toItem(r: ItemRow): JudicialItem {
  return {
    pkHouseproject: r.pk_houseproject,
    name: r.name,
    projecttype: r.projecttype,
    upsetprice: fenToYuan(r.upset_price_fen),
    auctiontime: formatChinaTime(r.auction_at),
    round: r.round as JudicialRound,
    state: r.state,
    courtName: r.court_name,
    cityName: CITY_NAMES.get(r.city_code) ?? '',
    imgUrl: r.img_url,
  };
}

/** Latest auction first (upcoming ones lead), id breaking ties. */
export async function queryJudicial(db: Kysely<Database>, q: JudicialQuery): Promise<JudicialList> {
  let query = db.selectFrom('judicial_item as i').innerJoin('judicial_court as c', 'c.id', 'i.court_id');
  if (q.name) query = query.where(sql<boolean>`lower(i.name) like lower(${containsPattern(q.name)}) escape '\\'`);
  if (q.courtId !== undefined) query = query.where('i.court_id', '=', q.courtId);
  if (q.cityCode) query = query.where('i.city_code', '=', q.cityCode);
  if (q.state) query = query.where('i.state', '=', q.state);
  const { total } = await query.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow();
  const rows = await query
    .selectAll('i')
    .select('c.name as court_name')
    .orderBy('i.auction_at', 'desc')
    .orderBy('i.id', 'desc')
    .limit(q.limit)
    .offset(q.offset)
    .execute();
  return { list: rows.map(toItem), totalCount: Number(total) };
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
