/** A lot's auctions as the work system shows them (with their qualified bidders and a pending change). */
import type { Kysely, Selectable } from 'kysely';
import { formatChinaTime } from '#domain/rules/chinaTime';
import { fenToYuan } from '#domain/rules/money';
import { BIDDING_MODE_NAMES } from '#domain/rules/hall';
import type { BiddingMode } from '#domain/contract/hall';
import type { StaffActivity } from '#domain/contract/staffLots';
import { parseSettings } from '../../bidding-modes/settings.ts';
import type { Database } from '../../db/schema.ts';
import type { BidActivityTable } from '../../db/tables/bidding.ts';

type Db = Kysely<Database>;
type ActivityRow = Selectable<BidActivityTable>;

const activitySubject = (id: number) => `activity:${id}`;

async function pendingChange(db: Db, id: number): Promise<number | null> {
  const row = await db.selectFrom('staff_approval').select('id').where('kind', '=', 'activity.change').where('subject', '=', activitySubject(id)).where('state', '=', 'pending').executeTakeFirst();
  return row ? Number(row.id) : null;
}

export async function toStaffActivity(db: Db, r: ActivityRow): Promise<StaffActivity> {
  const qualified = await db.selectFrom('bid_qualification').select((eb) => eb.fn.countAll<number>().as('n')).where('activity_id', '=', r.id).executeTakeFirstOrThrow();
  return {
    activityId: Number(r.id),
    activityCode: r.activity_code,
    assetsId: Number(r.project_id),
    mode: r.mode as BiddingMode,
    modeName: BIDDING_MODE_NAMES[r.mode as BiddingMode] ?? r.mode,
    status: r.status as StaffActivity['status'],
    outcome: r.outcome,
    startTime: formatChinaTime(Number(r.start_at)),
    endTime: formatChinaTime(Number(r.end_at)),
    startPrice: fenToYuan(Number(r.start_price_fen)),
    increment: fenToYuan(Number(r.increment_fen)),
    reservePrice: r.reserve_fen === null ? null : fenToYuan(Number(r.reserve_fen)),
    capPrice: r.cap_fen === null ? null : fenToYuan(Number(r.cap_fen)),
    extensionSec: Math.round(Number(r.extension_ms) / 1000),
    allowSelfOutbid: r.allow_self_outbid === 1,
    currentPrice: fenToYuan(Number(r.current_price_fen)),
    bidCount: Number(r.bid_count),
    settings: parseSettings(r.mode, r.settings),
    qualified: Number(qualified.n),
    pendingApprovalId: await pendingChange(db, Number(r.id)),
  };
}

/** A lot's auctions, newest first. */
export async function lotActivities(db: Db, assetsId: number): Promise<StaffActivity[]> {
  const rows = await db.selectFrom('bid_activity').selectAll().where('project_id', '=', assetsId).orderBy('start_at', 'desc').orderBy('id', 'desc').execute();
  return Promise.all(rows.map((r) => toStaffActivity(db, r)));
}

