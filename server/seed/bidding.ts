/**
 * Live demo bidding: activities on listed projects, with bid histories, and the demo bidders
 * (bidder01 … bidder05, verified in seed/accounts.ts) qualified in every one of them, so a newcomer can
 * log in and bid at once.
 *
 * Unlike the rest of the seed this is a top-up, run at every start (startup.ts): demo auctions end, so
 * whenever fewer than LIVE_MIN are live or fewer than UPCOMING_MIN are scheduled, new ones are created
 * relative to `now` (some ending within minutes). It never touches activities that exist.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { DEMO_BIDDERS } from './accounts.ts';
import { createRng, type Rng } from './prng.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const LIVE_MIN = 24;
export const LIVE_TARGET = 30;
export const UPCOMING_MIN = 6;
export const UPCOMING_TARGET = 10;
/** Judicial rule (bidding-rules.md): a bid in the last 5 minutes extends the end to 5 minutes after it. */
export const DEMO_EXTENSION_MS = 5 * MINUTE;

const ORGANISERS = ['河北产权市场 交易一部', '河北产权市场 交易二部', '河北产权市场 拍卖中心', '河北冀拍拍卖有限公司', '石家庄市公共资源交易中心'];

export interface LiveDemoReport {
  live: number;
  scheduled: number;
}

/** A "nice" bid step for a start price: about 1 % rounded to 1, 2 or 5 × 10^k yuan, at least 100 yuan. */
export function demoIncrementFen(startFen: number): number {
  const target = Math.max(10_000, Math.round(startFen / 100));
  const magnitude = 10 ** Math.floor(Math.log10(target));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((v) => v >= target) ?? target;
  return step;
}

interface Plan {
  status: 'live' | 'scheduled';
  startAt: number;
  endAt: number;
  bids: number;
}

function plans(rng: Rng, now: number, live: number, scheduled: number): Plan[] {
  const out: Plan[] = [];
  for (let i = 0; i < live; i++) {
    // The first few end within minutes of start-up; the rest over the next three days.
    const endAt = i < 4 ? now + (3 + i * 2) * MINUTE + rng.int(0, 59) * 1000 : now + rng.int(30, 3 * 24 * 60) * MINUTE;
    out.push({ status: 'live', startAt: now - rng.int(60, 2 * 24 * 60) * MINUTE, endAt, bids: rng.chance(0.65) ? rng.int(1, 12) : 0 });
  }
  for (let i = 0; i < scheduled; i++) {
    const startAt = now + (i === 0 ? 10 * MINUTE : rng.int(30, 2 * 24 * 60) * MINUTE);
    out.push({ status: 'scheduled', startAt, endAt: startAt + rng.int(2, 24) * HOUR, bids: 0 });
  }
  return out;
}

/** Creates demo activities until LIVE_MIN live and UPCOMING_MIN scheduled ones exist. */
export async function ensureLiveDemo(db: Kysely<Database>, now: number): Promise<LiveDemoReport> {
  const counts = await db
    .selectFrom('bid_activity')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('status', 'in', ['live', 'scheduled'])
    .where('activity_code', 'like', 'DEMO-%')
    .where('end_at', '>', now)
    .groupBy('status')
    .execute();
  const have = (status: string) => Number(counts.find((c) => c.status === status)?.n ?? 0);
  const needLive = have('live') < LIVE_MIN ? LIVE_TARGET - have('live') : 0;
  const needScheduled = have('scheduled') < UPCOMING_MIN ? UPCOMING_TARGET - have('scheduled') : 0;
  if (needLive + needScheduled === 0) return { live: 0, scheduled: 0 };

  const bidders = await db.selectFrom('app_user').select(['id', 'login_name']).where('login_name', 'in', [...DEMO_BIDDERS]).orderBy('id').execute();
  // Listed projects with a plain yuan price and no activity under way, newest listings first.
  const busy = db.selectFrom('bid_activity').select('project_id').where('status', 'in', ['live', 'scheduled']);
  const projects = await db
    .selectFrom('project')
    .select(['id', 'start_price_fen', 'org_name'])
    .where('price_type', '=', 1)
    .where('start_price_fen', '>=', 1_000_000)
    .where('parent_id', 'is', null)
    .where('id', 'not in', busy)
    .orderBy('announcement_start_at', 'desc')
    .orderBy('id', 'desc')
    .limit(needLive + needScheduled)
    .execute();

  const rng = createRng(Math.floor(now / MINUTE));
  const report: LiveDemoReport = { live: 0, scheduled: 0 };
  await db.transaction().execute(async (trx) => {
    for (const [index, plan] of plans(rng, now, needLive, needScheduled).entries()) {
      const project = projects[index];
      if (!project) break;
      const startFen = project.start_price_fen;
      const incrementFen = demoIncrementFen(startFen);
      const bidCount = bidders.length >= 2 ? plan.bids : 0;
      const currentFen = bidCount > 0 ? startFen + (bidCount - 1) * incrementFen : startFen;
      const codes = new Map(bidders.map((b) => [b.id, String(rng.int(100_000, 999_999))]));
      // Bidders take turns (never outbidding themselves): the i-th bid is by bidders[i % n].
      const bidderOf = (seq: number) => bidders[(seq - 1 + index) % bidders.length]!;
      const leader = bidCount > 0 ? bidderOf(bidCount) : null;
      const lastBidAt = bidCount > 0 ? Math.min(now - MINUTE, plan.startAt + bidCount * 7 * MINUTE) : null;
      const code = `DEMO-${now.toString(36)}-${String(index + 1).padStart(2, '0')}`;
      const { id } = await trx
        .insertInto('bid_activity')
        .values({
          activity_code: code,
          project_id: project.id,
          mode: 'ongoing',
          status: plan.status,
          outcome: null,
          start_at: plan.startAt,
          end_at: plan.endAt,
          original_end_at: plan.endAt,
          start_price_fen: startFen,
          increment_fen: incrementFen,
          reserve_fen: startFen,
          cap_fen: null,
          extension_window_ms: DEMO_EXTENSION_MS,
          extension_ms: DEMO_EXTENSION_MS,
          allow_self_outbid: 0,
          current_price_fen: currentFen,
          max_price_fen: currentFen,
          bid_count: bidCount,
          extension_count: 0,
          leader_user_id: leader?.id ?? null,
          leader_bid_code: leader ? codes.get(leader.id)! : null,
          last_bid_at: lastBidAt,
          org_name: ORGANISERS[index % ORGANISERS.length]!,
          settings: '{}',
          lock_version: 0,
          created_at: now,
          updated_at: now,
          settled_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const bidder of bidders) {
        await trx.insertInto('bid_qualification').values({ activity_id: id, user_id: bidder.id, bid_code: codes.get(bidder.id)!, pre_emptive_rank: null, created_at: now }).execute();
      }
      for (let seq = 1; seq <= bidCount; seq++) {
        const bidder = bidderOf(seq);
        const placedAt = Math.min(now - MINUTE, plan.startAt + seq * 7 * MINUTE) - (bidCount - seq) * 1000;
        await trx
          .insertInto('bid')
          .values({
            activity_id: id,
            seq,
            user_id: bidder.id,
            bid_code: codes.get(bidder.id)!,
            amount_fen: startFen + (seq - 1) * incrementFen,
            placed_at: placedAt,
            idempotency_key: `seed-${code}-${seq}`,
          })
          .execute();
      }
      report[plan.status] += 1;
    }
  });
  return report;
}
