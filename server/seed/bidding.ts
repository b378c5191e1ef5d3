/**
 * Live demo bidding: activities on listed projects, with bid histories, and the demo bidders
 * (bidder01 … bidder05, verified in seed/accounts.ts) qualified in every one of them, so a newcomer can
 * log in and bid at once. Most are `ongoing`; the last live ones of each top-up are phased, onceOff
 * (sealed) and dutch-auction activities, one of each ending within minutes. bidder05 holds a
 * pre-emptive right (rank 1) in the phased ones.
 *
 * Unlike the rest of the seed this is a top-up, run at every start (prepare.ts): demo auctions end, so
 * whenever fewer than LIVE_MIN are live or fewer than UPCOMING_MIN are scheduled, new ones are created
 * relative to `now` (some ending within minutes). It never touches activities that exist.
 */
import type { Kysely } from 'kysely';
import { dutchEndAt, sealedRanking, type ActivitySettings } from '../../src/domain/bidModes.ts';
import type { BiddingMode } from '../../src/domain/hall.ts';
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
  mode: BiddingMode;
  startAt: number;
  endAt: number;
  bids: number;
  /** Ends within minutes of start-up. */
  soon: boolean;
}

/** The other implemented modes of a top-up's last live activities, the first of each ending soon. */
const OTHER_MODES: readonly BiddingMode[] = ['phased', 'onceOff', 'dutch-auction', 'phased', 'onceOff', 'dutch-auction', 'onceOff', 'phased'];

function plans(rng: Rng, now: number, live: number, scheduled: number): Plan[] {
  const out: Plan[] = [];
  const others = Math.min(OTHER_MODES.length, Math.floor(live / 5));
  for (let i = 0; i < live; i++) {
    const other = i - (live - others);
    const mode = other >= 0 ? OTHER_MODES[other]! : 'ongoing';
    const soon = other >= 0 ? other < 3 : i < 4;
    // The first few end within minutes of start-up; the rest over the next three days.
    const endAt = soon ? now + (3 + (other >= 0 ? other : i) * 2) * MINUTE + rng.int(0, 59) * 1000 : now + rng.int(30, 3 * 24 * 60) * MINUTE;
    const startAt = now - rng.int(60, 2 * 24 * 60) * MINUTE;
    const drawn = rng.chance(0.65) ? rng.int(1, 12) : 0;
    // Every third ongoing lot is still without bids (a newcomer's first bid is then the start price); the
    // other modes' long-running demos always have some history (dutch ones never: a bid ends them).
    const bids = mode === 'ongoing' ? (i % 3 === 2 && !soon ? 0 : drawn) : soon ? drawn : Math.max(1, drawn);
    out.push({ status: 'live', mode, startAt, endAt, bids, soon });
  }
  for (let i = 0; i < scheduled; i++) {
    const startAt = now + (i === 0 ? 10 * MINUTE : rng.int(30, 2 * 24 * 60) * MINUTE);
    out.push({ status: 'scheduled', mode: 'ongoing', startAt, endAt: startAt + rng.int(2, 24) * HOUR, bids: 0, soon: false });
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
      const codes = new Map(bidders.map((b) => [b.id, String(rng.int(100_000, 999_999))]));
      const shape = modeShape(plan, startFen, incrementFen, now);
      const demoBids = shape.sealed
        ? sealedDemoBids(rng, bidders, Math.min(plan.bids, bidders.length), startFen, incrementFen, plan.startAt, now)
        : ascendingDemoBids(bidders, bidders.length >= 2 && !shape.noBids ? plan.bids : 0, index, startFen, incrementFen, plan.startAt, now);
      const bidCount = demoBids.length;
      const leader = shape.sealed ? sealedRanking(demoBids)[0] : demoBids.at(-1);
      const code = `DEMO-${now.toString(36)}-${String(index + 1).padStart(2, '0')}`;
      const { id } = await trx
        .insertInto('bid_activity')
        .values({
          activity_code: code,
          project_id: project.id,
          mode: plan.mode,
          status: plan.status,
          outcome: null,
          start_at: shape.startAt,
          end_at: shape.endAt,
          original_end_at: shape.endAt,
          start_price_fen: startFen,
          increment_fen: incrementFen,
          reserve_fen: shape.reserveFen,
          cap_fen: null,
          extension_window_ms: shape.extensionMs,
          extension_ms: shape.extensionMs,
          allow_self_outbid: 0,
          current_price_fen: leader?.amountFen ?? startFen,
          max_price_fen: bidCount > 0 ? Math.max(...demoBids.map((b) => b.amountFen)) : startFen,
          bid_count: bidCount,
          extension_count: 0,
          leader_user_id: leader?.userId ?? null,
          leader_bid_code: leader ? codes.get(leader.userId)! : null,
          last_bid_at: bidCount > 0 ? Math.max(...demoBids.map((b) => b.placedAt)) : null,
          org_name: ORGANISERS[index % ORGANISERS.length]!,
          settings: JSON.stringify(shape.settings),
          lock_version: 0,
          created_at: now,
          updated_at: now,
          settled_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const bidder of bidders) {
        // bidder05 holds a pre-emptive right (第一顺位) in the phased demos.
        const rank = plan.mode === 'phased' && bidder.login_name === 'bidder05' ? 1 : null;
        await trx.insertInto('bid_qualification').values({ activity_id: id, user_id: bidder.id, bid_code: codes.get(bidder.id)!, pre_emptive_rank: rank, created_at: now }).execute();
      }
      for (const b of demoBids) {
        await trx
          .insertInto('bid')
          .values({ activity_id: id, seq: b.seq, user_id: b.userId, bid_code: codes.get(b.userId)!, amount_fen: b.amountFen, placed_at: b.placedAt, idempotency_key: `seed-${code}-${b.seq}` })
          .execute();
      }
      report[plan.status] += 1;
    }
  });
  return report;
}

interface DemoBid {
  seq: number;
  userId: number;
  amountFen: number;
  placedAt: number;
  preEmptiveRank: null;
}

/** Bidders take turns (never outbidding themselves): the i-th bid is by bidders[i % n], one increment each. */
function ascendingDemoBids(
  bidders: readonly { id: number }[],
  count: number,
  offset: number,
  startFen: number,
  incrementFen: number,
  startAt: number,
  now: number,
): DemoBid[] {
  return Array.from({ length: count }, (_, i) => {
    const seq = i + 1;
    return {
      seq,
      userId: bidders[(seq - 1 + offset) % bidders.length]!.id,
      amountFen: startFen + (seq - 1) * incrementFen,
      placedAt: Math.min(now - MINUTE, startAt + seq * 7 * MINUTE) - (count - seq) * 1000,
      preEmptiveRank: null,
    };
  });
}

/** Sealed offers (onceOff): distinct bidders, each one offer at the start price + a few increments. */
function sealedDemoBids(
  rng: Rng,
  bidders: readonly { id: number }[],
  count: number,
  startFen: number,
  incrementFen: number,
  startAt: number,
  now: number,
): DemoBid[] {
  return Array.from({ length: count }, (_, i) => ({
    seq: i + 1,
    userId: bidders[i]!.id,
    amountFen: startFen + rng.int(0, 8) * incrementFen,
    placedAt: Math.min(now - MINUTE, startAt + (i + 1) * 11 * MINUTE) - (count - i) * 1000,
    preEmptiveRank: null,
  }));
}

interface ModeShape {
  startAt: number;
  endAt: number;
  reserveFen: number | null;
  extensionMs: number;
  settings: ActivitySettings;
  sealed: boolean;
  /** Dutch: a bid would end it, so the demo has none. */
  noBids: boolean;
}

/** Times and parameters of one demo activity by mode. */
function modeShape(plan: Plan, startFen: number, incrementFen: number, now: number): ModeShape {
  const base = { startAt: plan.startAt, endAt: plan.endAt, reserveFen: startFen, extensionMs: DEMO_EXTENSION_MS, settings: {}, sealed: false, noBids: false };
  if (plan.mode === 'phased') {
    // Free period until T before the end; each bid in the timed period restarts the cycle.
    const cycleMs = plan.soon ? 3 * MINUTE : 5 * MINUTE;
    return {
      ...base,
      extensionMs: cycleMs,
      // Tiered increments (theToneInterval 2): double the step from 120 % of the start price on.
      settings: {
        phased: { freeEndAt: plan.endAt - cycleMs, cycleMs },
        tiers: [{ fromFen: 0, incrementFen }, { fromFen: Math.round((startFen * 1.2) / incrementFen) * incrementFen, incrementFen: incrementFen * 2 }],
      },
    };
  }
  if (plan.mode === 'onceOff') return { ...base, extensionMs: 0, sealed: true };
  if (plan.mode === 'dutch-auction') {
    // From the start price down by two increments per interval to 70 % of it: 流拍 below that.
    const floorFen = Math.ceil((startFen * 0.7) / incrementFen) * incrementFen;
    const intervalMs = plan.soon ? MINUTE : 10 * MINUTE;
    const dutch = { decrementFen: 2 * incrementFen, intervalMs, floorFen };
    const span = dutchEndAt(dutch, startFen, 0);
    // Started so that it ends at plan.endAt (soon ones) or within the hour.
    const endAt = plan.soon ? plan.endAt : Math.min(plan.endAt, now + 50 * MINUTE);
    return { ...base, startAt: endAt - span, endAt, reserveFen: floorFen, extensionMs: 0, settings: { dutch }, noBids: true };
  }
  return base;
}
