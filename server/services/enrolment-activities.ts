/**
 * The operator's bidding activities: create and schedule one for a listed asset (mode 'ongoing' and the modes
 * the engine knows, with start/end, start price, increment, reserve and extension), then qualify every
 * enrolment of the asset that was waiting for it with a confirmed deposit.
 */
import type { Kysely } from 'kysely';
import { formatChinaTime } from '../../src/domain/chinaTime.ts';
import { BIDDING_MODES, type BiddingMode } from '../../src/domain/hall.ts';
import type { Database } from '../db/schema.ts';
import { BusinessError } from '../lib/envelope.ts';
import { qualifyWaiting } from './enrolment.ts';

export interface NewActivity {
  assetsId: number;
  mode: BiddingMode;
  startAt: number;
  endAt: number;
  startPriceFen: number;
  incrementFen: number;
  reserveFen: number | null;
  capFen: number | null;
  /** A bid in the last window extends the end to bid time + extension (5 min: the judicial rule). */
  extensionMs: number;
  /** Mode parameters (JSON text), '{}' for ongoing. */
  settings: string;
}

export async function createActivity(db: Kysely<Database>, a: NewActivity, now: number): Promise<{ id: number; code: string; qualified: number }> {
  if (!BIDDING_MODES.includes(a.mode)) throw new BusinessError(400, `未知竞价方式 ${a.mode}`);
  if (a.endAt <= a.startAt) throw new BusinessError(400, '结束时间须晚于开始时间');
  if (a.endAt <= now) throw new BusinessError(400, '结束时间须晚于当前时间');
  if (a.startPriceFen <= 0 || a.incrementFen <= 0) throw new BusinessError(400, '起始价与加价幅度须大于0');
  const project = await db.selectFrom('project').select(['id', 'org_name', 'parent_id']).where('id', '=', a.assetsId).executeTakeFirst();
  if (!project || project.parent_id !== null) throw new BusinessError(404, `项目 ${a.assetsId} 不存在`);
  const busy = await db.selectFrom('bid_activity').select('activity_code').where('project_id', '=', a.assetsId).where('status', 'in', ['scheduled', 'live']).executeTakeFirst();
  if (busy) throw new BusinessError(409, `项目 ${a.assetsId} 已有未结束的竞价活动 ${busy.activity_code}`);
  const code = `OPS-${formatChinaTime(now).replace(/\D/g, '')}-${a.assetsId}`;
  const { id } = await db
    .insertInto('bid_activity')
    .values({
      activity_code: code,
      project_id: a.assetsId,
      mode: a.mode,
      status: a.startAt <= now ? 'live' : 'scheduled',
      outcome: null,
      start_at: a.startAt,
      end_at: a.endAt,
      original_end_at: a.endAt,
      start_price_fen: a.startPriceFen,
      increment_fen: a.incrementFen,
      reserve_fen: a.reserveFen,
      cap_fen: a.capFen,
      extension_window_ms: a.extensionMs,
      extension_ms: a.extensionMs,
      allow_self_outbid: 0,
      current_price_fen: a.startPriceFen,
      max_price_fen: a.startPriceFen,
      bid_count: 0,
      extension_count: 0,
      leader_user_id: null,
      leader_bid_code: null,
      last_bid_at: null,
      org_name: project.org_name,
      settings: a.settings,
      lock_version: 0,
      created_at: now,
      updated_at: now,
      settled_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, code, qualified: await qualifyWaiting(db, a.assetsId, now) };
}

export async function listActivities(db: Kysely<Database>, all: boolean, limit = 100) {
  let q = db
    .selectFrom('bid_activity')
    .innerJoin('project', 'project.id', 'bid_activity.project_id')
    .select(['bid_activity.id', 'bid_activity.activity_code', 'bid_activity.mode', 'bid_activity.status', 'bid_activity.start_at', 'bid_activity.end_at', 'project.id as assets_id', 'project.assets_name'])
    .where('bid_activity.activity_code', 'not like', 'DEMO-%');
  if (!all) q = q.where('bid_activity.status', 'in', ['scheduled', 'live']);
  return q.orderBy('bid_activity.start_at', 'desc').limit(limit).execute();
}
