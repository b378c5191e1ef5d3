/**
 * 我的服务 / 需求: an investor registers what he looks for; the exchange answers (operator);
 * a listing published afterwards that matches (listingMatchesDemand, domain/rules/userFiles.ts) is
 * recorded against the demand and sends him a message naming it — in the transaction that publishes
 * the listing, once per demand and listing (a unique pair).
 */
import type { Kysely, Selectable } from 'kysely';
import { formatChinaTime } from '#domain/rules/chinaTime';
import type { Page } from '#domain/contract/envelope';
import { fenToYuan } from '#domain/rules/money';
import { PROJECT_NATURE } from '#domain/contract/projects';
import { DEMAND_STATUS_TEXT, type DemandCriteria, type DemandDetail, type DemandMatch, type DemandStatus, type DemandSummary } from '#domain/contract/userFiles';
import { demandTypeLabel, listingMatchesDemand } from '#domain/rules/userFiles';
import type { Database } from '../../db/schema.ts';
import type { ProjectTable } from '../../db/tables/project.ts';
import type { DemandTable } from '../../db/tables/user-files.ts';
import { PROVINCE } from '../../reference/places.ts';
import { BusinessError, notFound } from '../../lib/envelope.ts';
import { appendAudit } from '../accounts/audit.ts';
import { inTransaction } from '../common/transactions.ts';
import { sendMessage } from '../user-centre/messages.ts';
import { fetchPage, type PageRequest } from '../common/paging.ts';
import { searchKeys } from '../projects/search-keys.ts';

type Db = Kysely<Database>;

export const MSG_DEMAND_NOT_FOUND = '需求不存在';
export const MSG_DEMAND_CLOSED = '需求已关闭';
export const MSG_PRICE_RANGE = '最低价格不能高于最高价格';
export const MAX_OPEN_DEMANDS = 20;

const wan = (fen: number) => {
  const v = fen / 1_000_000;
  return `${Number.isInteger(v) ? v : v.toFixed(2).replace(/0+$/, '')} 万元`;
};

export function priceText(min: number | null, max: number | null): string {
  if (min === null && max === null) return '不限';
  if (min === null) return `${wan(max!)} 以下`;
  if (max === null) return `${wan(min)} 以上`;
  return `${wan(min)} – ${wan(max)}`;
}

const criteriaOf = (r: Selectable<DemandTable>): DemandCriteria => ({
  typeCode: r.type_code,
  province: r.province,
  city: r.city,
  minPriceFen: r.min_price_fen === null ? null : Number(r.min_price_fen),
  maxPriceFen: r.max_price_fen === null ? null : Number(r.max_price_fen),
  keywords: JSON.parse(r.keywords) as string[],
});

const factsOf = (p: Selectable<ProjectTable>) => ({
  typeCode: p.type_code,
  province: p.province,
  city: p.city,
  county: p.county,
  startPriceFen: Number(p.start_price_fen),
  priceType: p.price_type,
  name: p.assets_name,
  orgName: p.org_name,
});

const summary = (r: Selectable<DemandTable>, matchCount: number): DemandSummary => ({
  id: r.id,
  demandCode: r.demand_code,
  typeCode: r.type_code,
  typeText: demandTypeLabel(r.type_code),
  region: [r.province, r.city].filter(Boolean).join(' ') || '不限',
  priceText: priceText(r.min_price_fen === null ? null : Number(r.min_price_fen), r.max_price_fen === null ? null : Number(r.max_price_fen)),
  keywords: JSON.parse(r.keywords) as string[],
  status: r.status as DemandStatus,
  statusText: DEMAND_STATUS_TEXT[r.status as DemandStatus] ?? r.status,
  matchCount,
  createTime: formatChinaTime(r.created_at),
});

async function matchCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('demand_match').select(['demand_id', (eb) => eb.fn.countAll<number>().as('n')]).where('demand_id', 'in', ids).groupBy('demand_id').execute();
  return new Map(rows.map((r) => [Number(r.demand_id), Number(r.n)]));
}

async function detailOf(db: Db, r: Selectable<DemandTable>): Promise<DemandDetail> {
  const matches = await db
    .selectFrom('demand_match')
    .innerJoin('project', 'project.id', 'demand_match.project_id')
    .select(['project.id', 'project.assets_name', 'project.project_code', 'project.city', 'project.county', 'project.start_price_fen', 'project.price_type', 'demand_match.created_at'])
    .where('demand_match.demand_id', '=', r.id)
    .orderBy('demand_match.created_at', 'desc')
    .orderBy('demand_match.id', 'desc')
    .execute();
  const list: DemandMatch[] = matches.map((m) => ({
    assetsId: m.id,
    assetsName: m.assets_name,
    projectCode: m.project_code,
    region: `${m.city} ${m.county}`.trim(),
    startPrice: m.price_type === 3 ? null : fenToYuan(Number(m.start_price_fen)),
    matchTime: formatChinaTime(m.created_at),
  }));
  return {
    ...summary(r, list.length),
    minPrice: r.min_price_fen === null ? null : fenToYuan(Number(r.min_price_fen)),
    maxPrice: r.max_price_fen === null ? null : fenToYuan(Number(r.max_price_fen)),
    note: r.note,
    answer: r.answer,
    answerTime: r.answered_at === null ? null : formatChinaTime(r.answered_at),
    matches: list,
  };
}

export interface DemandInput {
  typeCode: number | null;
  city: string;
  minPriceFen: number | null;
  maxPriceFen: number | null;
  keywords: string[];
  note: string;
}

export async function submitDemand(db: Db, userId: number, p: DemandInput, now: number, ip: string): Promise<DemandDetail> {
  if (p.minPriceFen !== null && p.maxPriceFen !== null && p.minPriceFen > p.maxPriceFen) throw new BusinessError(400, MSG_PRICE_RANGE);
  if (p.typeCode === null && !p.city && p.minPriceFen === null && p.maxPriceFen === null && p.keywords.length === 0) {
    throw new BusinessError(400, '请至少填写一项需求条件（资产类型、地区、价格区间或关键词）');
  }
  return inTransaction(db, async (trx) => {
    const { n } = await trx.selectFrom('demand').where('user_id', '=', userId).where('status', '<>', 'closed').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    if (Number(n) >= MAX_OPEN_DEMANDS) throw new BusinessError(400, `最多同时登记${MAX_OPEN_DEMANDS}条需求，请先关闭不再需要的需求`);
    const inserted = await trx
      .insertInto('demand')
      .values({
        demand_code: `TMP-${now}-${userId}-${Math.random().toString(36).slice(2)}`,
        user_id: userId,
        type_code: p.typeCode,
        province: PROVINCE,
        city: p.city.trim(),
        min_price_fen: p.minPriceFen,
        max_price_fen: p.maxPriceFen,
        keywords: JSON.stringify(p.keywords),
        note: p.note.trim(),
        status: 'open',
        answer: '',
        answered_at: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const code = `XQ${formatChinaTime(now, 'YYYY-MM-DD').replace(/\D/g, '')}${String(inserted.id).padStart(6, '0')}`;
    await trx.updateTable('demand').set({ demand_code: code }).where('id', '=', inserted.id).execute();
    await appendAudit(trx, now, { userId, ip, action: 'demand.submit', object: `demand:${inserted.id}`, result: 'success' });
    return detailOf(trx, await trx.selectFrom('demand').selectAll().where('id', '=', inserted.id).executeTakeFirstOrThrow());
  });
}

export async function myDemands(db: Db, userId: number, request: PageRequest): Promise<Page<DemandSummary>> {
  const page = await fetchPage(db.selectFrom('demand').where('user_id', '=', userId), request, (q) => q.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'), (r) => r);
  const counts = await matchCounts(db, page.records.map((r) => r.id));
  return { ...page, records: page.records.map((r) => summary(r, counts.get(r.id) ?? 0)) };
}

async function ownDemandRow(db: Db, userId: number, id: number) {
  const row = await db.selectFrom('demand').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw notFound(MSG_DEMAND_NOT_FOUND);
  return row;
}

export async function myDemand(db: Db, userId: number, id: number): Promise<DemandDetail> {
  return detailOf(db, await ownDemandRow(db, userId, id));
}

export async function closeDemand(db: Db, userId: number, id: number, now: number): Promise<DemandDetail> {
  const row = await ownDemandRow(db, userId, id);
  if (row.status === 'closed') throw new BusinessError(409, MSG_DEMAND_CLOSED);
  await db.updateTable('demand').set({ status: 'closed', updated_at: now }).where('id', '=', id).where('user_id', '=', userId).execute();
  return myDemand(db, userId, id);
}

export async function listDemands(db: Db, all: boolean): Promise<(DemandSummary & { loginName: string })[]> {
  let q = db.selectFrom('demand').innerJoin('app_user', 'app_user.id', 'demand.user_id').selectAll('demand').select('app_user.login_name');
  if (!all) q = q.where('demand.status', '=', 'open');
  const rows = await q.orderBy('demand.created_at').orderBy('demand.id').limit(500).execute();
  const counts = await matchCounts(db, rows.map((r) => r.id));
  return rows.map((r) => ({ ...summary(r, counts.get(r.id) ?? 0), loginName: r.login_name }));
}

/** The exchange's answer (答复); a later answer replaces it. Refused for a closed demand. */
export async function answerDemand(db: Db, id: number, answer: string, actor: { name: string; ip: string }, now: number): Promise<DemandDetail> {
  return inTransaction(db, async (trx) => {
    const row = await trx.selectFrom('demand').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound(MSG_DEMAND_NOT_FOUND);
    const changed = await trx
      .updateTable('demand')
      .set({ status: 'answered', answer: answer.trim(), answered_at: now, updated_at: now })
      .where('id', '=', id)
      .where('status', '<>', 'closed')
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) !== 1) throw new BusinessError(409, MSG_DEMAND_CLOSED);
    await sendMessage(trx, {
      userId: row.user_id,
      kind: 'demand',
      title: '您的需求已答复',
      content: `交易所已答复您的需求（${row.demand_code}）：${answer.trim()}`,
      link: `/demandDetail?id=${id}`,
      at: now,
    });
    await appendAudit(trx, now, { userId: null, ip: actor.ip, action: 'demand.answer', object: `demand:${id}`, result: 'success', detail: actor.name });
    return detailOf(trx, await trx.selectFrom('demand').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
  });
}

/**
 * Matches one published listing against every demand still looking (open or answered): each new match
 * is recorded and its investor gets a message naming the listing. Run in the publishing transaction.
 * Returns the demand ids newly matched.
 */
export async function matchListing(db: Db, projectId: number, now: number): Promise<number[]> {
  const project = await db.selectFrom('project').selectAll().where('id', '=', projectId).executeTakeFirst();
  if (!project) return [];
  const facts = factsOf(project);
  const demands = await db.selectFrom('demand').selectAll().where('status', 'in', ['open', 'answered']).orderBy('id').execute();
  const matched: number[] = [];
  for (const d of demands) {
    if (!listingMatchesDemand(criteriaOf(d), facts)) continue;
    const done = await db
      .insertInto('demand_match')
      .values({ demand_id: d.id, project_id: projectId, created_at: now })
      .onConflict((oc) => oc.columns(['demand_id', 'project_id']).doNothing())
      .executeTakeFirst();
    if (Number(done.numInsertedOrUpdatedRows ?? 0n) === 0) continue;
    matched.push(d.id);
    await sendMessage(db, {
      userId: d.user_id,
      kind: 'demand',
      title: `新挂牌项目符合您的需求：${project.assets_name}`,
      content: `新挂牌项目“${project.assets_name}”（${project.project_code}）符合您登记的需求（${d.demand_code}）。`,
      link: `/projectDetail/${project.id}.html`,
      at: now,
    });
  }
  return matched;
}

export interface NewListing {
  assetsName: string;
  typeCode: number;
  city: string;
  county: string;
  startPriceFen: number;
  depositFen: number;
  orgName: string;
  enrolDays: number;
  /** The work system's lots (services/staff/lots.ts) give every listing field; the operator command takes the defaults. */
  projectNature?: number;
  priceType?: number;
  priceUnit?: string;
  priceOther?: string;
  /** Default: now, and now + enrolDays. */
  announcementStartAt?: number;
  announcementEndAt?: number;
  /** The project code's middle part (default OPS). */
  codePrefix?: string;
}

export const TYPE_NAMES: Record<number, string> = { 1: '产权转让', 2: '实物资产', 3: '租赁', 4: '增资扩股', 5: '司法拍卖', 6: '房屋租赁' };

/** 挂牌: the operator publishes a listing (正在报名 from now for `enrolDays`), matched against the demands in the same transaction. */
export async function publishListing(db: Db, p: NewListing, actor: { name: string; ip: string }, now: number): Promise<{ assetsId: number; projectCode: string; matchedDemands: number }> {
  return inTransaction(db, async (trx) => {
    const temp = `TMP-${now}-${Math.random().toString(36).slice(2)}`;
    const inserted = await trx
      .insertInto('project')
      .values({
        project_code: temp,
        assets_name: p.assetsName,
        ...searchKeys(p.assetsName, temp),
        type_code: p.typeCode,
        type_name: TYPE_NAMES[p.typeCode] ?? '产权转让',
        association_id: null,
        project_nature: p.projectNature ?? PROJECT_NATURE.stateOwned,
        project_type: 0,
        state: '正在报名',
        price_type: p.priceType ?? 1,
        start_price_fen: p.startPriceFen,
        the_tone_interval: 1,
        the_tone_max_fen: null,
        price_unit: p.priceUnit ?? '元',
        price_other: p.priceOther ?? '',
        deposit_fen: p.depositFen,
        announcement_start_at: p.announcementStartAt ?? now,
        announcement_end_at: p.announcementEndAt ?? now + p.enrolDays * 86_400_000,
        province: PROVINCE,
        city: p.city,
        county: p.county,
        org_name: p.orgName,
        img_url: '',
        view_count: 0,
        created_at: now,
        parent_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const code = `HBCQ-${p.codePrefix ?? 'OPS'}${formatChinaTime(now, 'YYYY-MM-DD').replace(/\D/g, '')}-${String(inserted.id).padStart(5, '0')}`;
    await trx.updateTable('project').set({ project_code: code, ...searchKeys(p.assetsName, code) }).where('id', '=', inserted.id).execute();
    const matched = await matchListing(trx, inserted.id, now);
    await appendAudit(trx, now, { userId: null, ip: actor.ip, action: 'listing.publish', object: `project:${inserted.id}`, result: 'success', detail: actor.name });
    return { assetsId: inserted.id, projectCode: code, matchedDemands: matched.length };
  });
}
