/**
 * Live demo bidding: activities of all eight modes on listed projects, with bid histories where the mode
 * keeps one, and the demo bidders (bidder01 … bidder05, verified in seed/accounts.ts) qualified in every
 * one of them, so a newcomer can log in and bid at once. bidder05 holds a pre-emptive right (rank 1) in
 * the phased and final ones.
 *
 * A top-up, not a one-off: it runs at every start (prepare.ts) and, with the demo seed on, every few
 * seconds from the demo scheduler (scheduler.ts), and creates only what is missing relative to `now`:
 * - per mode, one live activity ending within minutes (so results, extensions and phase turns are seen)
 *   and one ending later, and one scheduled;
 * - when fewer than LIVE_MIN are live (UPCOMING_MIN scheduled), 'ongoing' ones up to LIVE_TARGET
 *   (UPCOMING_TARGET), the first ending minutes after a fresh start.
 * It never touches activities that exist; ended ones are settled by the lifecycle sweep.
 *
 * Every new auction goes through the lot's timeline (lot-plan.ts, with the settings the server runs): the
 * listing it lands on — one of the demo's own (HBCQ-…), never a pre-disclosure, a price range or a lot whose
 * deal was made outside the demo's auctions — gets its enrolment and deposit deadline moved to before the
 * auction's start (in the past for a live one) and its word to match (正在报名 / 报名已截止), its package's
 * children with it, and its announcement rewritten with the new dates. The listing's start price is the
 * auction's (one price). Demo listings whose enrolment deadline has passed stop reading 正在报名.
 */
import type { Kysely } from 'kysely';
import { dutchEndAt, sealedRanking } from '#domain/rules/bidModes';
import { bidChainHash, GENESIS_HASH } from '#domain/rules/bidChain';
import { BID_CODE_MAX, BID_CODE_MIN, drawUnusedBidCode } from '#domain/rules/bidCode';
import { type ActivitySettings } from '#domain/contract/bidModes';
import { OPEN_ACTIVITY_STATUSES } from '#domain/contract/activity';
import { BIDDING_MODES, type BiddingMode } from '#domain/contract/hall';
import { DEFAULT_LOT_TIMELINE_SETTINGS, lotAssetClass, type LotTimelineSettings } from '#domain/rules/lotTimeline';
import type { Database } from '../db/schema.ts';
import { sanitizeRichText } from '../services/common/rich-text.ts';
import { DEMO_BIDDERS } from './accounts.ts';
import { detailFor, sectionsFor } from './data/projects-detail.ts';
import { STATES, type ProjectSeed } from './data/projects.ts';
import { announcementStartFor, assertDemoLot, enrolmentEndFor } from './lot-plan.ts';
import { createRng, type Rng } from './prng.ts';
import { writeLotAnnouncement } from '../services/projects/announcement.ts';
import { closeDueEnrolments } from '../services/projects/enrolment-deadlines.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const LIVE_MIN = 24;
export const LIVE_TARGET = 30;
export const UPCOMING_MIN = 6;
export const UPCOMING_TARGET = 10;
/** Judicial rule (bidding-rules.md): a bid in the last 5 minutes extends the end to 5 minutes after it. */
export const DEMO_EXTENSION_MS = 5 * MINUTE;
/** A live activity ending within this is one of the mode's "ending within minutes". */
export const DEMO_SOON_MS = 20 * MINUTE;

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
  /** Ends within minutes. */
  soon: boolean;
}

/** What is under way now, per mode. */
interface Existing {
  mode: string;
  status: string;
  end_at: number;
}

/** The activities missing relative to `now` (see the file comment). */
function plans(rng: Rng, now: number, existing: readonly Existing[]): Plan[] {
  const out: Plan[] = [];
  const live = existing.filter((a) => a.status === 'live');
  const scheduled = existing.filter((a) => a.status === 'scheduled');
  const liveStart = () => now - rng.int(60, 2 * 24 * 60) * MINUTE;
  const drawn = () => (rng.chance(0.65) ? rng.int(1, 12) : 0);
  BIDDING_MODES.forEach((mode, index) => {
    const ofMode = live.filter((a) => a.mode === mode);
    if (!ofMode.some((a) => a.end_at <= now + DEMO_SOON_MS)) {
      // 3 minutes for the first mode (ongoing: the room journey's extension), then every 1.5 minutes.
      out.push({ status: 'live', mode, startAt: liveStart(), endAt: now + (3 * MINUTE + index * 90_000) + rng.int(0, 59) * 1000, bids: drawn(), soon: true });
    }
    if (!ofMode.some((a) => a.end_at > now + DEMO_SOON_MS)) {
      out.push({ status: 'live', mode, startAt: liveStart(), endAt: now + rng.int(60, 6 * 60) * MINUTE, bids: Math.max(1, drawn()), soon: false });
    }
    if (!scheduled.some((a) => a.mode === mode)) {
      const startAt = now + rng.int(15, 120) * MINUTE;
      out.push({ status: 'scheduled', mode, startAt, endAt: startAt + rng.int(1, 4) * HOUR, bids: 0, soon: false });
    }
  });
  const liveCount = live.length + out.filter((p) => p.status === 'live').length;
  if (live.length < LIVE_MIN) {
    for (let i = 0; i < LIVE_TARGET - liveCount; i++) {
      // Every third ongoing lot is still without bids (a newcomer's first bid is then the start price).
      out.push({ status: 'live', mode: 'ongoing', startAt: liveStart(), endAt: now + rng.int(30, 3 * 24 * 60) * MINUTE, bids: i % 3 === 2 ? 0 : drawn(), soon: false });
    }
  }
  const scheduledCount = scheduled.length + out.filter((p) => p.status === 'scheduled').length;
  if (scheduled.length < UPCOMING_MIN) {
    for (let i = 0; i < UPCOMING_TARGET - scheduledCount; i++) {
      const startAt = now + (i === 0 ? 10 * MINUTE : rng.int(30, 2 * 24 * 60) * MINUTE);
      out.push({ status: 'scheduled', mode: 'ongoing', startAt, endAt: startAt + rng.int(2, 24) * HOUR, bids: 0, soon: false });
    }
  }
  return out;
}

/** Creates the missing demo activities (see the file comment) in one transaction. */
export async function ensureLiveDemo(db: Kysely<Database>, now: number, settings?: LotTimelineSettings): Promise<LiveDemoReport> {
  const { report } = await db.transaction().execute((trx) => topUpLiveDemo(trx, now, settings));
  return report;
}

/**
 * The top-up inside the caller's transaction (the demo scheduler runs it after taking its lease in the same
 * transaction). Returns what it created.
 */
export async function topUpLiveDemo(trx: Kysely<Database>, now: number, settings: LotTimelineSettings = DEFAULT_LOT_TIMELINE_SETTINGS): Promise<{ report: LiveDemoReport; ids: number[] }> {
  // The words follow the dates before the top-up picks its lots (the listing-deadlines job does it too, every 30 s).
  await closeDueEnrolments(trx, now);
  const existing = await trx
    .selectFrom('bid_activity')
    .select(['mode', 'status', 'end_at'])
    .where('status', 'in', ['live', 'scheduled'])
    .where('activity_code', 'like', 'DEMO-%')
    .where('end_at', '>', now)
    .execute();
  const rng = createRng(Math.floor(now / 1000));
  const wanted = plans(rng, now, existing);
  const report: LiveDemoReport = { live: 0, scheduled: 0 };
  const ids: number[] = [];
  if (wanted.length === 0) return { report, ids };

  const bidders = await trx.selectFrom('app_user').select(['id', 'login_name']).where('login_name', 'in', [...DEMO_BIDDERS]).orderBy('id').execute();
  // The demo's listed projects with one plain yuan price and no activity under way: those that never had one
  // first, then the newest listings. Not a pre-disclosure (no auction, no enrolment), not a lot whose deal
  // stands for an auction held outside the demo (money.ts, staff-work.ts).
  const busy = trx.selectFrom('bid_activity').select('project_id').where('status', 'in', OPEN_ACTIVITY_STATUSES);
  const projects = await trx
    .selectFrom('project')
    .leftJoin('project_detail', 'project_detail.project_id', 'project.id')
    .select(['project.id', 'project.project_code', 'project.start_price_fen', 'project.org_name', 'project.type_code', 'project.project_nature', 'project.announcement_start_at', 'project_detail.asset_class'])
    .where('project_code', 'like', `${DEMO_CODE_PREFIX}%`)
    .where('price_type', '=', 1)
    .where('the_tone_interval', '=', 1)
    .where('start_price_fen', '>=', 1_000_000)
    .where('parent_id', 'is', null)
    .where('state', 'not like', `%${STATES.preDisclosure}%`)
    .where('project.id', 'not in', busy)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('deal').select('deal.id').whereRef('deal.project_id', '=', 'project.id').where('deal.activity_id', 'is', null))))
    .orderBy((eb) => eb.selectFrom('bid_activity').select((e) => e.fn.countAll<number>().as('n')).whereRef('bid_activity.project_id', '=', 'project.id'))
    .orderBy('announcement_start_at', 'desc')
    .orderBy('project.id', 'desc')
    .limit(wanted.length)
    .execute();

  for (const [index, plan] of wanted.entries()) {
    const project = projects[index];
    if (!project) break;
    const startFen = project.start_price_fen;
    const incrementFen = demoIncrementFen(startFen);
    const codes = demoBidCodes(rng, bidders.map((b) => b.id));
    const shape = modeShape(plan, startFen, incrementFen, now);
    const count = bidders.length >= 2 && !shape.noBids ? Math.min(plan.bids, shape.maxBids) : 0;
    const demoBids = shape.sealed
      ? sealedDemoBids(rng, bidders, Math.min(count, bidders.length), startFen, incrementFen, shape.startAt, now)
      : ascendingDemoBids(bidders, count, index, startFen, incrementFen, shape.startAt, Math.min(now - MINUTE, shape.quietFrom));
    const bidCount = demoBids.length;
    const leader = shape.sealed ? sealedRanking(demoBids)[0] : demoBids.at(-1);
    const code = `DEMO-${now.toString(36)}-${String(index + 1).padStart(2, '0')}`;
    await planListing(trx, project, { startAt: shape.startAt, endAt: shape.endAt, startPriceFen: startFen }, now, settings);
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
        cap_fen: shape.capFen,
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
        updated_at: bidCount > 0 ? Math.max(...demoBids.map((b) => b.placedAt)) : now,
        settled_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const bidder of bidders) {
      // bidder05 holds a pre-emptive right (第一顺位) in the phased and final demos.
      const rank = (plan.mode === 'phased' || plan.mode === 'final') && bidder.login_name === 'bidder05' ? 1 : null;
      await trx.insertInto('bid_qualification').values({ activity_id: id, user_id: bidder.id, bid_code: codes.get(bidder.id)!, pre_emptive_rank: rank, created_at: now }).execute();
    }
    // Each bid chained to the one before (domain/rules/bidChain.ts), as the engine writes them.
    let prevHash = GENESIS_HASH;
    for (const b of [...demoBids].sort((x, y) => x.seq - y.seq)) {
      const bidCode = codes.get(b.userId)!;
      const hash = bidChainHash({ activityId: id, seq: b.seq, bidCode, amountFen: b.amountFen, serverTime: b.placedAt, prevHash });
      await trx
        .insertInto('bid')
        .values({
          activity_id: id,
          seq: b.seq,
          user_id: b.userId,
          bid_code: bidCode,
          amount_fen: b.amountFen,
          placed_at: b.placedAt,
          idempotency_key: `seed-${code}-${b.seq}`,
          prev_hash: prevHash,
          hash,
          sealed: shape.sealed ? 1 : 0,
        })
        .execute();
      prevHash = hash;
    }
    // The listing's announcement names this auction (the one builder: services/projects/announcement.ts).
    await writeLotAnnouncement(trx, project.id);
    report[plan.status] += 1;
    ids.push(id);
  }
  return { report, ids };
}

/**
 * Each bidder's six-digit bid code in one activity, unique within it: a bidder drawing a code already
 * given draws again (two equal codes failed the seed's insert about once in 10^5 activities; a clean-clone
 * CI run met it).
 */
export function demoBidCodes(rng: { int(min: number, max: number): number }, userIds: readonly number[]): Map<number, string> {
  const used = new Set<string>();
  return new Map(userIds.map((id) => [id, drawUnusedBidCode(() => rng.int(BID_CODE_MIN, BID_CODE_MAX), used)]));
}

/** The demo's own listings (data/projects.ts codes); staff-published lots are never touched. */
const DEMO_CODE_PREFIX = 'HBCQ-';
/** The disclosure section besides the announcement that quotes the dates (the announcement has its own builder). */
const REWRITTEN_SECTIONS = ['tradeNotice'] as const;

/**
 * The listing's dates for its new auction, by the lot's timeline (lot-plan.ts): enrolment and the deposit
 * close the margin before the auction opens, the announcement starts early enough for the disclosure
 * minimum; throws rather than write a lot the rule refuses. Writes them, the matching word, the package's
 * children, and the sections that quote them (the package's announcement is written once its auction exists).
 */
async function planListing(
  trx: Kysely<Database>,
  project: { id: number; project_code: string; type_code: number | null; project_nature: number; announcement_start_at: number; asset_class: string | null },
  auction: { startAt: number; endAt: number; startPriceFen: number },
  now: number,
  settings: LotTimelineSettings,
): Promise<void> {
  const others = await trx.selectFrom('bid_activity').select(['status', 'outcome', 'start_price_fen']).where('project_id', '=', project.id).orderBy('end_at', 'desc').execute();
  const failed = others.find((a) => a.status === 'ended' && a.outcome === 'failed');
  const plan = {
    ...auction,
    openAuctions: others.filter((a) => a.status !== 'ended').length,
    previousFailedStartFen: failed ? Number(failed.start_price_fen) : null,
  };
  const enrolmentEndAt = enrolmentEndFor(auction.startAt, settings);
  const lot = { assetClass: lotAssetClass(project.type_code, project.project_nature, project.asset_class), announcementStartAt: Number(project.announcement_start_at), enrolmentEndAt, depositEndAt: null };
  const announcementStartAt = announcementStartFor(project.project_code, lot, settings, plan);
  assertDemoLot(project.project_code, { ...lot, announcementStartAt }, settings, plan);
  const state = enrolmentEndAt > now ? STATES.enrolling : STATES.enrolmentClosed;
  const rows = await trx
    .updateTable('project')
    .set({ announcement_start_at: announcementStartAt, announcement_end_at: enrolmentEndAt, state })
    .where((eb) => eb.or([eb('id', '=', project.id), eb('parent_id', '=', project.id)]))
    .returningAll()
    .execute();
  // The deposit closes with the enrolment (null: the enrolment deadline).
  await trx.updateTable('project_detail').set({ deposit_end_at: null }).where('project_id', 'in', rows.map((r) => r.id)).execute();
  for (const row of rows) {
    // A child shares its package's dates; its announcement says so (it has no auction of its own).
    if (row.id !== project.id) await writeLotAnnouncement(trx, row.id);
    const p = row as unknown as ProjectSeed;
    const sections = sectionsFor(p, detailFor(p));
    for (const key of REWRITTEN_SECTIONS) {
      await trx.updateTable('project_section').set({ content: sanitizeRichText(sections[key]) }).where('project_id', '=', row.id).where('section_key', '=', key).execute();
    }
  }
}

interface DemoBid {
  seq: number;
  userId: number;
  amountFen: number;
  placedAt: number;
  preEmptiveRank: null;
}

/**
 * Bidders take turns (never outbidding themselves): the i-th bid is by bidders[i % n], one increment each,
 * all before `lastAt` (outside the extension window, so the history extended nothing).
 */
function ascendingDemoBids(
  bidders: readonly { id: number }[],
  count: number,
  offset: number,
  startFen: number,
  incrementFen: number,
  startAt: number,
  lastAt: number,
): DemoBid[] {
  return Array.from({ length: count }, (_, i) => {
    const seq = i + 1;
    return {
      seq,
      userId: bidders[(seq - 1 + offset) % bidders.length]!.id,
      amountFen: startFen + (seq - 1) * incrementFen,
      placedAt: Math.max(startAt + seq, Math.min(lastAt, startAt + seq * 7 * MINUTE) - (count - seq) * 1000),
      preEmptiveRank: null,
    };
  });
}

/** Sealed offers (onceOff, two-stage's stage 1): distinct bidders, each one offer at the start price + a few increments. */
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
    placedAt: Math.max(startAt + i + 1, Math.min(now - MINUTE, startAt + (i + 1) * 11 * MINUTE) - (count - i) * 1000),
    preEmptiveRank: null,
  }));
}

interface ModeShape {
  startAt: number;
  endAt: number;
  reserveFen: number | null;
  capFen: number | null;
  extensionMs: number;
  settings: ActivitySettings;
  sealed: boolean;
  /** An acceptance would end or turn it (dutch, v-shaped, first-come): the demo has no bids. */
  noBids: boolean;
  maxBids: number;
  /** Demo bids come before this (outside the extension window or the timed period). */
  quietFrom: number;
}

/** Times and parameters of one demo activity by mode (a scheduled one starts at its plan's start). */
function modeShape(plan: Plan, startFen: number, incrementFen: number, now: number): ModeShape {
  const base: ModeShape = {
    startAt: plan.startAt,
    endAt: plan.endAt,
    reserveFen: startFen,
    capFen: null,
    extensionMs: DEMO_EXTENSION_MS,
    settings: {},
    sealed: false,
    noBids: false,
    maxBids: 12,
    quietFrom: plan.endAt - DEMO_EXTENSION_MS - MINUTE,
  };
  const scheduled = plan.status === 'scheduled';
  // Down by two increments per interval to 70 % of the start: 流拍 below that.
  const descent = () => {
    const floorFen = Math.ceil((startFen * 0.7) / incrementFen) * incrementFen;
    const dutch = { decrementFen: 2 * incrementFen, intervalMs: plan.soon ? MINUTE : 10 * MINUTE, floorFen };
    const span = dutchEndAt(dutch, startFen, 0);
    // Started so that it ends at plan.endAt (soon ones) or within the hour; a scheduled one at its start.
    const endAt = scheduled ? plan.startAt + span : plan.soon ? plan.endAt : Math.min(plan.endAt, now + 50 * MINUTE);
    return { dutch, floorFen, startAt: endAt - span, endAt };
  };
  switch (plan.mode) {
    case 'phased': {
      // Free period until T before the end; each bid in the timed period restarts the cycle.
      const cycleMs = plan.soon ? 3 * MINUTE : 5 * MINUTE;
      return {
        ...base,
        extensionMs: cycleMs,
        quietFrom: plan.endAt - cycleMs - MINUTE,
        // Tiered increments (theToneInterval 2): double the step from 120 % of the start price on.
        settings: {
          phased: { freeEndAt: plan.endAt - cycleMs, cycleMs },
          tiers: [{ fromFen: 0, incrementFen }, { fromFen: Math.round((startFen * 1.2) / incrementFen) * incrementFen, incrementFen: incrementFen * 2 }],
        },
      };
    }
    case 'final':
      // The cap 8 increments above the start (the history stays below it); 3 or 10 minutes of final offers.
      return { ...base, capFen: startFen + 8 * incrementFen, maxBids: 6, settings: { final: { windowMs: plan.soon ? 3 * MINUTE : 10 * MINUTE } } };
    case 'onceOff':
      return { ...base, extensionMs: 0, sealed: true };
    case 'two-stage':
      // Stage 1 until the plan's end, then 2 (5) minutes to confirm and cycles of 2 (5) minutes.
      return {
        ...base,
        extensionMs: 0,
        sealed: true,
        settings: { twoStage: { stage1EndAt: plan.endAt, joinWindowMs: plan.soon ? 2 * MINUTE : 5 * MINUTE, cycleMs: plan.soon ? 2 * MINUTE : 5 * MINUTE } },
      };
    case 'first-come-first-served':
      return { ...base, extensionMs: 0, noBids: true };
    case 'dutch-auction': {
      const d = descent();
      return { ...base, startAt: d.startAt, endAt: d.endAt, reserveFen: d.floorFen, extensionMs: 0, settings: { dutch: d.dutch }, noBids: true };
    }
    case 'v-shaped': {
      const d = descent();
      return { ...base, startAt: d.startAt, endAt: d.endAt, reserveFen: d.floorFen, settings: { dutch: d.dutch, vShaped: { ascendingMs: plan.soon ? 5 * MINUTE : 30 * MINUTE } }, noBids: true };
    }
    default:
      return base;
  }
}
