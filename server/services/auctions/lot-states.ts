/**
 * The one lot state (domain/rules/lotState.ts) on every answer that carries a listing: search, detail,
 * favourites, recommendations, the home page's lists. One query per answer loads the activities of the
 * answer's listings; the pure rule picks each listing's current activity and derives its state. Answers
 * then carry `state` = the derived label (so every reader of `state` shows the same word), `listingState`
 * = the listing's own text, and `lot` = the whole derived state.
 *
 * The trading centre filters by state with the same rule in SQL (`lotStageSql`), so 竞价中 picks the lots
 * shown as 竞价中; tests/server/lot-state.test.ts checks the SQL against the pure rule on every seeded listing.
 */
import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Page } from '#domain/contract/envelope';
import type { ActivityOutcome, ActivityStatus } from '#domain/contract/activity';
import { STATUS_WORDS } from '#domain/rules/listing';
import { type ListingStatus } from '#domain/contract/listing';
import { currentActivity, lotStatus, stagesMatching } from '#domain/rules/lotState';
import { type LotActivity, type LotStatus } from '#domain/contract/lotState';
import { fenToYuan } from '#domain/rules/money';
import { viewTime } from '../../bidding-modes/common.ts';
import { modeRules } from '../../bidding-modes/index.ts';
import { settingsOrEmpty } from '../../bidding-modes/settings.ts';
import type { Database } from '../../db/schema.ts';

/**
 * The activities of some listings, each listing's current one (the domain's choice), with the price the
 * public sees at `now` (the mode's public view, as the hall shows it: a dutch price falls with time). A
 * package's child is auctioned with its package: it has the package's current activity (one lot, one state).
 */
export async function currentActivities(db: Kysely<Database>, projectIds: readonly number[], now: number): Promise<Map<number, LotActivity>> {
  const asked = [...new Set(projectIds)];
  const byProject = new Map<number, LotActivity[]>();
  if (asked.length === 0) return new Map();
  const packageOf = new Map(
    (await db.selectFrom('project').select(['id', 'parent_id']).where('id', 'in', asked).where('parent_id', 'is not', null).execute()).map((r) => [r.id, r.parent_id!]),
  );
  const ids = [...new Set(asked.map((id) => packageOf.get(id) ?? id))];
  const rows = await db
    .selectFrom('bid_activity')
    .select([
      'id', 'project_id', 'status', 'outcome', 'mode', 'start_at', 'end_at', 'start_price_fen', 'increment_fen',
      'current_price_fen', 'max_price_fen', 'bid_count', 'leader_bid_code', 'settings', 'cap_fen', 'suspended_at',
    ])
    .where('project_id', 'in', ids)
    .execute();
  for (const r of rows) {
    const list = byProject.get(r.project_id) ?? [];
    const view = modeRules(r.mode)?.view(r, settingsOrEmpty(r.mode, r.settings), viewTime(r, now));
    list.push({
      activityId: r.id,
      status: r.status as ActivityStatus,
      outcome: (r.outcome as ActivityOutcome | null) ?? null,
      mode: r.mode,
      startTime: r.start_at,
      endTime: r.end_at,
      currentPrice: fenToYuan(view?.priceFen ?? r.current_price_fen),
      biddingCount: r.bid_count,
    });
    byProject.set(r.project_id, list);
  }
  const chosen = new Map<number, LotActivity>();
  for (const id of asked) {
    const list = byProject.get(packageOf.get(id) ?? id);
    if (list) chosen.set(id, currentActivity(list)!);
  }
  return chosen;
}

/** A listing in an answer: its own state text (and its id, unless the answer names the listing otherwise). */
export interface StatedListing {
  id: number;
  state: string;
}

export type WithLot<T extends Pick<StatedListing, 'state'>> = Omit<T, 'state'> & { state: string; listingState: string; lot: LotStatus };

/**
 * The listings with their lot state: `state` becomes the derived label, the own text moves to
 * `listingState`. `projectId` names an item's listing when it is not its `id` (null: no listing).
 */
export async function withLots<T extends StatedListing>(db: Kysely<Database>, now: number, items: readonly T[]): Promise<WithLot<T>[]>;
export async function withLots<T extends Pick<StatedListing, 'state'>>(
  db: Kysely<Database>,
  now: number,
  items: readonly T[],
  projectId: (item: T) => number | null,
): Promise<WithLot<T>[]>;
export async function withLots<T extends Pick<StatedListing, 'state'>>(
  db: Kysely<Database>,
  now: number,
  items: readonly T[],
  projectId?: (item: T) => number | null,
): Promise<WithLot<T>[]> {
  const idOf = projectId ?? ((item: T) => (item as unknown as StatedListing).id);
  const activities = await currentActivities(
    db,
    items.flatMap((i) => idOf(i) ?? []),
    now,
  );
  return items.map((item) => {
    const id = idOf(item);
    return applyLot(item, id === null ? null : (activities.get(id) ?? null));
  });
}

export function applyLot<T extends Pick<StatedListing, 'state'>>(item: T, activity: LotActivity | null): WithLot<T> {
  const lot = lotStatus(item.state, activity);
  return { ...item, state: lot.label, listingState: item.state, lot };
}

/** A page of listings with their lot states. */
export async function pageWithLots<T extends StatedListing>(db: Kysely<Database>, now: number, page: Page<T>): Promise<Page<WithLot<T>>> {
  return { ...page, records: await withLots(db, now, page.records) };
}

/** One listing's lot state. */
export async function lotOf(db: Kysely<Database>, now: number, item: StatedListing): Promise<LotStatus> {
  return (await withLots(db, now, [item]))[0]!.lot;
}

/* ---------- the same rule in SQL (the search filter) ---------- */

/**
 * `status:outcome` of the listing's current activity ('' without one), in the domain's order: live (or suspended), then the
 * soonest scheduled, then the latest ended, then the greater id.
 */
function currentActivitySql(projectId: Expression<number>): RawBuilder<string> {
  return sql<string>`coalesce((select a.status || ':' || coalesce(a.outcome, '') from bid_activity a where a.project_id = ${projectId}
    order by case a.status when 'live' then 0 when 'suspended' then 0 when 'scheduled' then 1 else 2 end,
      case a.status when 'scheduled' then a.start_at else -a.end_at end, a.id desc limit 1), '')`;
}

/** The listing's own stage from its state text: STATUS_WORDS in their priority order. */
function listingStageSql(state: Expression<string>): RawBuilder<ListingStatus> {
  const whens = STATUS_WORDS.map(([word, stage]) => sql`when ${state} like ${`%${word}%`} then ${stage}`);
  return sql<ListingStatus>`(case ${sql.join(whens, sql` `)} else 'unknown' end)`;
}

/**
 * The lot stage of `project` rows in SQL (lotStage of domain/rules/lotState.ts). The current activity is read
 * once per row (a derived table of one row), through the bid_activity(project_id) index.
 */
export function lotStageSql(): RawBuilder<ListingStatus> {
  // A package's child follows its package's activity (currentActivities).
  const current = currentActivitySql(sql<number>`coalesce(${sql.ref('project.parent_id')}, ${sql.ref('project.id')})`);
  const listing = listingStageSql(sql.ref('project.state'));
  return sql<ListingStatus>`(select case
    when x.cur like 'live:%' then 'bidding'
    when x.cur like 'suspended:%' then 'suspended'
    when x.cur like 'scheduled:%' then (case when ${listing} = 'enrolling' then 'enrolling' else 'upcoming' end)
    when x.cur = 'ended:sold' then 'dealDone'
    when x.cur = 'ended:failed' then 'failed'
    when x.cur = 'ended:terminated' then 'terminated'
    when x.cur like 'ended:%' then 'ended'
    else ${listing} end from (select ${current} as cur) x)`;
}

/**
 * The search condition of a state word: the lots whose displayed state contains it (stagesMatching). null
 * when the word names no stage (the caller then matches the listing's own text).
 */
export function stateWordCondition(word: string): RawBuilder<SqlBool> | null {
  const stages = stagesMatching(word);
  if (stages.length === 0) return null;
  return sql<SqlBool>`${lotStageSql()} in (${sql.join(stages)})`;
}
