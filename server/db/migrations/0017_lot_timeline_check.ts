/**
 * One lot, one story (issue 26): a lot's enrolment and deposit close before its auction opens
 * (domain/rules/lotTimeline.ts). Databases seeded by the old demo hold lots whose open auction (scheduled,
 * live or suspended) starts before the listing's enrolment deadline — a 竞价中 lot still counting down to
 * 报名截止. This repair keeps the auction and moves the deadlines to its start: the enrolment deadline
 * (project.announcement_end_at, the package's children with it, as they share its dates), the deposit
 * deadline (project_detail.deposit_end_at, when one is set), and an announcement start that would then no
 * longer come first goes back a day. A live lot's listing word 正在报名 becomes 报名已截止.
 *
 * Data only, no schema change. Idempotent (a repaired lot no longer matches) and cheap: a few UPDATEs with
 * correlated subqueries through bid_activity's project_id index; a consistent database changes nothing.
 * Portable SQL (SQLite and PostgreSQL).
 */
import { sql, type Kysely } from 'kysely';

const DAY = 86_400_000;
const OPEN = sql`('scheduled', 'live', 'suspended')`;

/** The earliest start of an open auction of the listing `id` (a column reference). */
const openStart = (id: ReturnType<typeof sql.ref>) => sql`(select min(a.start_at) from bid_activity a where a.project_id = ${id} and a.status in ${OPEN})`;

export async function up(db: Kysely<unknown>): Promise<void> {
  // Deposit deadlines first (they are compared with the auction, not with the enrolment deadline).
  const detailStart = openStart(sql.ref('project_detail.project_id'));
  await sql`update project_detail set deposit_end_at = ${detailStart}
    where deposit_end_at is not null and deposit_end_at > ${detailStart}`.execute(db);

  // Children before their package (they are matched by the package's auction, whose dates move next).
  for (const id of [sql.ref('project.parent_id'), sql.ref('project.id')]) {
    const start = openStart(id);
    await sql`update project set
        announcement_start_at = case when announcement_start_at >= ${start} then ${start} - ${DAY} else announcement_start_at end,
        announcement_end_at = ${start}
      where announcement_end_at > ${start}`.execute(db);
  }

  // A lot under a live (or suspended) auction no longer takes enrolments: its word says so.
  await sql`update project set state = '报名已截止'
    where state = '正在报名' and exists (select 1 from bid_activity a where a.project_id = coalesce(project.parent_id, project.id) and a.status in ('live', 'suspended'))`.execute(db);
}

export async function down(): Promise<void> {
  // A repair of data: nothing to undo.
}
