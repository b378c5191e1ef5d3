/**
 * 路演: a lot's roadshows as the portal shows them (with the bearer's follow), following and unfollowing
 * (a user's own rows only; idempotent), and the work system's list, schedule / change and withdrawal.
 * The materials are the lot's own attachments (project_attachment), downloaded through the attachment
 * ticket like any other; the reminder before the start is reminders.ts's job.
 */
import type { Kysely, Selectable } from 'kysely';
import type { AttachmentInfo } from '#domain/contract/projects';
import type { Roadshow, RoadshowFollow, RoadshowKind, StaffRoadshow, StaffRoadshowInput, StaffRoadshowPage } from '#domain/contract/roadshow';
import { formatChinaTime } from '#domain/rules/chinaTime';
import { roadshowPhase, roadshowProblem } from '#domain/rules/roadshow';
import type { Database } from '../../db/schema.ts';
import type { RoadshowTable } from '../../db/tables/roadshows.ts';
import { BusinessError, notFound } from '../../lib/envelope.ts';
import { fetchPage, type PageRequest } from '../common/paging.ts';
import { listProjectAttachments } from '../projects/attachments.ts';
import { PROJECT_NOT_FOUND } from '../projects/detail.ts';
import { recordStaffAction, type StaffActor } from '../staff/audit.ts';

export const ROADSHOW_NOT_FOUND = '路演不存在或已取消';
export const ROADSHOW_ENDED = '路演已结束';

type Row = Selectable<RoadshowTable>;

function materialIds(row: Pick<Row, 'material_ids'>): number[] {
  try {
    const ids: unknown = JSON.parse(row.material_ids);
    return Array.isArray(ids) ? ids.filter((id): id is number => Number.isSafeInteger(id)) : [];
  } catch {
    return [];
  }
}

async function followerCounts(db: Kysely<Database>, ids: readonly number[]): Promise<Map<number, { followers: number; reminded: number }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('roadshow_follow')
    .select((eb) => ['roadshow_id', eb.fn.countAll<number>().as('followers'), eb.fn.count<number>('reminded_at').as('reminded')])
    .where('roadshow_id', 'in', ids)
    .groupBy('roadshow_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.roadshow_id), { followers: Number(r.followers), reminded: Number(r.reminded) }]));
}

function toRoadshow(row: Row, attachments: readonly AttachmentInfo[], followers: number, now: number): Omit<Roadshow, 'followed'> {
  const wanted = new Set(materialIds(row));
  return {
    id: row.id,
    assetsId: Number(row.project_id),
    kind: row.kind as RoadshowKind,
    title: row.title,
    presenter: row.presenter,
    startTime: formatChinaTime(Number(row.start_at)),
    endTime: formatChinaTime(Number(row.end_at)),
    phase: roadshowPhase(Number(row.start_at), Number(row.end_at), now),
    videoUrl: row.video_url,
    posterUrl: row.poster_url,
    materials: attachments.filter((a) => wanted.has(a.id)),
    followers,
  };
}

/** A lot's roadshows on the portal (not the withdrawn), earliest start first; `followed` for `userId`. */
export async function lotRoadshows(db: Kysely<Database>, projectId: number, userId: number | null, now: number): Promise<Roadshow[]> {
  const rows = await db.selectFrom('roadshow').selectAll().where('project_id', '=', projectId).where('cancelled_at', 'is', null).orderBy('start_at').orderBy('id').execute();
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [attachments, counts, mine] = await Promise.all([
    listProjectAttachments(db, projectId),
    followerCounts(db, ids),
    userId === null ? Promise.resolve([]) : db.selectFrom('roadshow_follow').select('roadshow_id').where('user_id', '=', userId).where('roadshow_id', 'in', ids).execute(),
  ]);
  const followed = new Set(mine.map((r) => Number(r.roadshow_id)));
  return rows.map((row) => ({ ...toRoadshow(row, attachments, counts.get(row.id)?.followers ?? 0, now), followed: followed.has(row.id) }));
}

async function liveRoadshow(db: Kysely<Database>, id: number): Promise<Row> {
  const row = await db.selectFrom('roadshow').selectAll().where('id', '=', id).where('cancelled_at', 'is', null).executeTakeFirst();
  if (!row) throw notFound(ROADSHOW_NOT_FOUND);
  return row;
}

async function followState(db: Kysely<Database>, roadshowId: number, followed: boolean): Promise<RoadshowFollow> {
  const counts = await followerCounts(db, [roadshowId]);
  return { roadshowId, followed, followers: counts.get(roadshowId)?.followers ?? 0 };
}

/** 关注路演: once per user (following twice keeps one row); an ended roadshow is not followed. */
export async function followRoadshow(db: Kysely<Database>, userId: number, roadshowId: number, now: number): Promise<RoadshowFollow> {
  const row = await liveRoadshow(db, roadshowId);
  if (Number(row.end_at) <= now) throw new BusinessError(400, ROADSHOW_ENDED);
  await db
    .insertInto('roadshow_follow')
    .values({ roadshow_id: roadshowId, user_id: userId, created_at: now, reminded_at: null })
    .onConflict((oc) => oc.columns(['roadshow_id', 'user_id']).doNothing())
    .execute();
  return followState(db, roadshowId, true);
}

/** 取消关注: the user's own row; not following is fine. */
export async function unfollowRoadshow(db: Kysely<Database>, userId: number, roadshowId: number): Promise<RoadshowFollow> {
  await db.deleteFrom('roadshow_follow').where('roadshow_id', '=', roadshowId).where('user_id', '=', userId).execute();
  return followState(db, roadshowId, false);
}

/* ---- the work system ---- */

export interface StaffRoadshowContext {
  db: Kysely<Database>;
  now: () => number;
}

/** The staff form as stored: times parsed by the route (epoch ms). */
export interface RoadshowInput extends Omit<StaffRoadshowInput, 'startTime' | 'endTime'> {
  startAt: number;
  endAt: number;
}

export async function staffRoadshowPage(c: StaffRoadshowContext, filter: { assetsId?: number | undefined }, request: PageRequest): Promise<StaffRoadshowPage> {
  const now = c.now();
  let query = c.db.selectFrom('roadshow').innerJoin('project', 'project.id', 'roadshow.project_id').where('roadshow.cancelled_at', 'is', null);
  if (filter.assetsId !== undefined) query = query.where('roadshow.project_id', '=', filter.assetsId);
  const page = await fetchPage(
    query,
    request,
    (q) => q.selectAll('roadshow').select(['project.assets_name', 'project.project_code']).orderBy('roadshow.start_at', 'desc').orderBy('roadshow.id', 'desc'),
    (row) => row,
  );
  const counts = await followerCounts(c.db, page.records.map((r) => r.id));
  const attachmentsOf = new Map<number, AttachmentInfo[]>();
  for (const projectId of new Set(page.records.map((r) => Number(r.project_id)))) attachmentsOf.set(projectId, await listProjectAttachments(c.db, projectId));
  const records: StaffRoadshow[] = page.records.map((row) => ({
    ...toRoadshow(row, attachmentsOf.get(Number(row.project_id)) ?? [], counts.get(row.id)?.followers ?? 0, now),
    assetsName: row.assets_name,
    projectCode: row.project_code,
    createdBy: row.created_by,
    reminded: counts.get(row.id)?.reminded ?? 0,
  }));
  const attachments = filter.assetsId === undefined ? [] : await listProjectAttachments(c.db, filter.assetsId);
  return { ...page, records, attachments };
}

/**
 * Schedules a roadshow for a published lot (no id) or changes one. A new start time re-arms the
 * reminder (its followers are reminded again before the new start). Audited as roadshow.create / .edit.
 */
export async function saveRoadshow(c: StaffRoadshowContext, id: number | undefined, input: RoadshowInput, actor: StaffActor): Promise<StaffRoadshow> {
  const now = c.now();
  const videoUrl = input.videoUrl?.trim() ?? '';
  const posterUrl = input.posterUrl?.trim() ?? '';
  const problem = roadshowProblem({ kind: input.kind, startAt: input.startAt, endAt: input.endAt, videoUrl, posterUrl });
  if (problem) throw new BusinessError(400, problem);
  const savedId = await c.db.transaction().execute(async (trx) => {
    const project = await trx.selectFrom('project').select(['id']).where('id', '=', input.assetsId).executeTakeFirst();
    if (!project) throw notFound(PROJECT_NOT_FOUND);
    const attachments = await listProjectAttachments(trx, input.assetsId);
    const known = new Set(attachments.map((a) => a.id));
    const materials = input.materialIds ?? attachments.map((a) => a.id);
    const stranger = materials.find((m) => !known.has(m));
    if (stranger !== undefined) throw new BusinessError(400, `附件 ${stranger} 不属于该项目`);
    const values = {
      project_id: input.assetsId,
      kind: input.kind,
      title: input.title.trim(),
      presenter: input.presenter.trim(),
      start_at: input.startAt,
      end_at: input.endAt,
      video_url: videoUrl,
      poster_url: posterUrl,
      material_ids: JSON.stringify([...new Set(materials)]),
      updated_at: now,
    };
    if (id === undefined) {
      if (input.endAt <= now) throw new BusinessError(400, '结束时间须晚于当前时间');
      const created = await trx
        .insertInto('roadshow')
        .values({ ...values, ref_code: null, created_by: actor.loginName, created_at: now, cancelled_at: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordStaffAction(trx, now, actor, { action: 'roadshow.create', subject: `roadshow:${created.id}`, after: values });
      return created.id;
    }
    const before = await trx.selectFrom('roadshow').selectAll().where('id', '=', id).where('cancelled_at', 'is', null).executeTakeFirst();
    if (!before) throw notFound(ROADSHOW_NOT_FOUND);
    if (Number(before.project_id) !== input.assetsId) throw new BusinessError(400, '路演不属于该项目');
    await trx.updateTable('roadshow').set(values).where('id', '=', id).execute();
    if (Number(before.start_at) !== input.startAt) await trx.updateTable('roadshow_follow').set({ reminded_at: null }).where('roadshow_id', '=', id).execute();
    await recordStaffAction(trx, now, actor, { action: 'roadshow.edit', subject: `roadshow:${id}`, before, after: values });
    return id;
  });
  const page = await staffRoadshowPage(c, { assetsId: input.assetsId }, { current: 1, size: 100 });
  return page.records.find((r) => r.id === savedId)!;
}

/** Withdraws a roadshow from the portal (its followers get no reminder). Audited with the reason. */
export async function cancelRoadshow(c: StaffRoadshowContext, id: number, reason: string, actor: StaffActor): Promise<void> {
  const now = c.now();
  await c.db.transaction().execute(async (trx) => {
    const done = await trx.updateTable('roadshow').set({ cancelled_at: now, updated_at: now }).where('id', '=', id).where('cancelled_at', 'is', null).executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) throw notFound(ROADSHOW_NOT_FOUND);
    await recordStaffAction(trx, now, actor, { action: 'roadshow.cancel', subject: `roadshow:${id}`, reason });
  });
}
