/**
 * Fixtures of the bidding tests: activities of any mode created directly in the database, the engine
 * driven at chosen server times, and a small independent reference model of the rules (written from
 * the product's bidding rules without the production functions, so the two can disagree).
 */
import type { Kysely } from 'kysely';
import type { ActivitySettings } from '#domain/contract/bidModes';
import { placeBid, type BidResult, type EngineDeps } from '../../server/bidding/engine.ts';
import { joinStage, type JoinResult } from '../../server/bidding/join.ts';
import type { Database } from '../../server/db/schema.ts';
import { TEST_DATABASE_URL } from './helpers.ts';

/**
 * A property test's runs and seed: its own defaults per database (PostgreSQL's runs are slower), overridden
 * by BID_PROPERTY_RUNS (a longer search) and BID_PROPERTY_SEED (another seed, or `random`: undefined).
 */
export function propertySettings(runs: { sqlite: number; postgres: number }, seed: number): { runs: number; seed: number | undefined } {
  return {
    runs: Number(process.env.BID_PROPERTY_RUNS) || (TEST_DATABASE_URL ? runs.postgres : runs.sqlite),
    seed: process.env.BID_PROPERTY_SEED === 'random' ? undefined : Number(process.env.BID_PROPERTY_SEED) || seed,
  };
}

/** The demo bidders bidder01 … bidder04's user ids, in that order. */
export async function demoBidderIds(db: Kysely<Database>): Promise<number[]> {
  const rows = await db.selectFrom('app_user').select('id').where('login_name', 'in', ['bidder01', 'bidder02', 'bidder03', 'bidder04']).orderBy('login_name').execute();
  return rows.map((r) => r.id);
}

export interface ActivitySpec {
  mode: string;
  startAt: number;
  endAt: number;
  startFen: number;
  incrementFen: number;
  capFen?: number | null;
  reserveFen?: number | null;
  windowMs?: number;
  extensionMs?: number;
  allowSelfOutbid?: boolean;
  settings?: ActivitySettings;
  /** Qualified bidders with their pre-emptive ranks (null: none). */
  bidders: Array<{ userId: number; rank: number | null }>;
  /**
   * The model's own record of the floor (not stored by createActivity): how long the activity stood
   * suspended so far — a falling price's clock does not run then (modelResume).
   */
  pausedMs?: number;
}

/**
 * A plain live activity of `mode` around `now` (started a minute ago, ending in ten; 10,000 yuan, step 100,
 * no extension window) with `users` qualified and no pre-emptive rights.
 */
export function liveSpec(mode: string, now: number, users: readonly number[], over: Partial<ActivitySpec> = {}): ActivitySpec {
  return {
    mode,
    startAt: now - 60_000,
    endAt: now + 10 * 60_000,
    startFen: 1_000_000,
    incrementFen: 10_000,
    windowMs: 0,
    extensionMs: 0,
    bidders: users.map((userId) => ({ userId, rank: null })),
    ...over,
  };
}

let activitySeq = 0;

export async function createActivity(db: Kysely<Database>, spec: ActivitySpec, projectId?: number): Promise<number> {
  const project =
    projectId ??
    (await db.selectFrom('project').select('id').where('parent_id', 'is', null).orderBy('id').executeTakeFirstOrThrow()).id;
  const code = `T-${process.pid}-${Date.now().toString(36)}-${++activitySeq}`;
  const { id } = await db
    .insertInto('bid_activity')
    .values({
      activity_code: code,
      project_id: project,
      mode: spec.mode,
      status: 'live',
      outcome: null,
      start_at: spec.startAt,
      end_at: spec.endAt,
      original_end_at: spec.endAt,
      start_price_fen: spec.startFen,
      increment_fen: spec.incrementFen,
      reserve_fen: spec.reserveFen ?? null,
      cap_fen: spec.capFen ?? null,
      extension_window_ms: spec.windowMs ?? 0,
      extension_ms: spec.extensionMs ?? 0,
      allow_self_outbid: spec.allowSelfOutbid ? 1 : 0,
      current_price_fen: spec.startFen,
      max_price_fen: spec.startFen,
      bid_count: 0,
      extension_count: 0,
      leader_user_id: null,
      leader_bid_code: null,
      last_bid_at: null,
      org_name: '河北产权市场 测试',
      settings: JSON.stringify(spec.settings ?? {}),
      lock_version: 0,
      created_at: spec.startAt,
      updated_at: spec.startAt,
      settled_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [i, b] of spec.bidders.entries()) {
    await db.insertInto('bid_qualification').values({ activity_id: id, user_id: b.userId, bid_code: `${code.slice(-4)}${i + 1}`, pre_emptive_rank: b.rank, created_at: spec.startAt }).execute();
  }
  return id;
}

let keySeq = 0;
export const freshKey = (): string => `fx-${process.pid}-${Date.now().toString(36)}-${++keySeq}`;

/** One bid through the engine at server time `at`. */
export function bidAt(engine: EngineDeps, o: { userId: number; mode: string; activityId: number; amountFen: number; at: number; key?: string }): Promise<BidResult> {
  return placeBid(
    { ...engine, now: () => o.at },
    { userId: o.userId, mode: o.mode, activityId: o.activityId, amountFen: o.amountFen, idempotencyKey: o.key ?? freshKey(), receivedAt: o.at, ip: '127.0.0.1' },
  );
}

/** two-stage: a confirmation to join stage 2 through the engine at server time `at`. */
export function joinAt(engine: EngineDeps, o: { userId: number; activityId: number; at: number }): Promise<JoinResult> {
  return joinStage({ ...engine, now: () => o.at }, { userId: o.userId, activityId: o.activityId, ip: '127.0.0.1' });
}

// ---------------------------------------------------------------- the reference model

export type ModelRejection =
  | 'notStarted'
  | 'closed'
  | 'belowStart'
  | 'tooLow'
  | 'notMultiple'
  | 'aboveCap'
  | 'selfOutbid'
  | 'alreadyBid'
  | 'belowDutchPrice'
  | 'sold'
  | 'taken'
  | 'alreadyWon'
  | 'notFixedPrice'
  | 'capReached'
  | 'notAtCap'
  | 'alreadyAtCap'
  | 'finalAlreadyOffered'
  | 'stage1Closed'
  | 'notJoined'
  | 'suspended';

export type ModelJoinRejection = 'joinNotOpen' | 'joinClosed' | 'noQuote' | 'suspended';

export interface ModelState {
  count: number;
  priceFen: number;
  maxFen: number;
  leader: number | null;
  leaderRank: number | null;
  leaderSeq: number;
  endAt: number;
  extensions: number;
  bidders: Set<number>;
  /** final: the cap was reached; who bid the cap (in order, with ranks); the final offers. */
  frozen: boolean;
  atCap: Array<{ userId: number; rank: number | null }>;
  offers: Array<{ userId: number; rank: number | null; amountFen: number; seq: number }>;
  /** two-stage: who confirmed joining stage 2. */
  joined: Set<number>;
  /** The floor: since when the activity stands suspended (null: it does not), and why. */
  suspendedAt: number | null;
  suspendReason: string;
  /** The last suspension once resumed: no bid received in [from, to) is taken, whenever it is decided. */
  lastSuspension: { from: number; to: number } | null;
}

export function initialModel(spec: ActivitySpec): ModelState {
  return {
    count: 0,
    priceFen: spec.startFen,
    maxFen: spec.startFen,
    leader: null,
    leaderRank: null,
    leaderSeq: 0,
    endAt: spec.endAt,
    extensions: 0,
    bidders: new Set(),
    frozen: false,
    atCap: [],
    offers: [],
    joined: new Set(),
    suspendedAt: null,
    suspendReason: '',
    lastSuspension: null,
  };
}

function stepAbove(spec: ActivitySpec, priceFen: number): number {
  const tiers = [...(spec.settings?.tiers ?? [])].sort((a, b) => a.fromFen - b.fromFen);
  let step = spec.incrementFen;
  for (const t of tiers) if (t.fromFen <= priceFen) step = t.incrementFen;
  return step;
}

/** A better pre-emptive right: a rank beats no rank, a smaller rank a larger one. */
const betterRight = (rank: number | null, than: number | null) => rank !== null && (than === null || rank < than);

type ModelAnswer = { rejection: ModelRejection } | { rejection: null; loggedFen: number };

/** The dutch price at `at` from the spec's settings. */
function dutchPrice(spec: ActivitySpec, at: number): number {
  const d = spec.settings!.dutch!;
  // The descent's clock runs from the start but not while the activity stood suspended.
  return Math.max(d.floorFen, spec.startFen - Math.floor(Math.max(0, at - spec.startAt - (spec.pausedMs ?? 0)) / d.intervalMs) * d.decrementFen);
}

/** The model's dutch price at `at` (what the room shows; a test compares it across a suspension). */
export function modelDutchPrice(spec: ActivitySpec, at: number): number {
  return dutchPrice(spec, at);
}

/** One sealed offer (onceOff, two-stage's stage 1). */
function sealedOffer(spec: ActivitySpec, s: ModelState, userId: number, rank: number | null, amountFen: number): ModelAnswer {
  if (s.bidders.has(userId)) return { rejection: 'alreadyBid' };
  if (spec.capFen != null && amountFen > spec.capFen) return { rejection: 'aboveCap' };
  if (amountFen < spec.startFen) return { rejection: 'belowStart' };
  if ((amountFen - spec.startFen) % spec.incrementFen !== 0) return { rejection: 'notMultiple' };
  s.count += 1;
  s.bidders.add(userId);
  s.maxFen = s.count === 1 ? amountFen : Math.max(s.maxFen, amountFen);
  const better = s.leader === null || amountFen > s.priceFen || (amountFen === s.priceFen && betterRight(rank, s.leaderRank));
  if (better) Object.assign(s, { priceFen: amountFen, leader: userId, leaderRank: rank, leaderSeq: s.count });
  return { rejection: null, loggedFen: amountFen };
}

/**
 * One open ascending bid: the amount rules, then the end rule `endAfter`; reaching the cap sets the end
 * to `capEnd` (the bid's time, or final's window).
 */
function ascendingBid(
  spec: ActivitySpec,
  s: ModelState,
  userId: number,
  rank: number | null,
  amountFen: number,
  at: number,
  endAfter: (end: number) => number,
  capEnd = at,
): ModelAnswer {
  if (spec.capFen != null && amountFen > spec.capFen) return { rejection: 'aboveCap' };
  if (s.count === 0) {
    if (amountFen < spec.startFen) return { rejection: 'belowStart' };
    if ((amountFen - spec.startFen) % stepAbove(spec, spec.startFen) !== 0) return { rejection: 'notMultiple' };
  } else {
    if (!spec.allowSelfOutbid && s.leader === userId) return { rejection: 'selfOutbid' };
    const match = amountFen === s.priceFen && s.leader !== userId && betterRight(rank, s.leaderRank);
    if (!match) {
      const step = stepAbove(spec, s.priceFen);
      if (amountFen < s.priceFen + step) return { rejection: 'tooLow' };
      if ((amountFen - s.priceFen) % step !== 0) return { rejection: 'notMultiple' };
    }
  }
  s.count += 1;
  s.bidders.add(userId);
  s.maxFen = s.count === 1 ? amountFen : Math.max(s.maxFen, amountFen);
  Object.assign(s, { priceFen: amountFen, leader: userId, leaderRank: rank, leaderSeq: s.count });
  const end = endAfter(s.endAt);
  if (end > s.endAt) s.extensions += 1;
  s.endAt = spec.capFen != null && amountFen >= spec.capFen ? capEnd : end;
  return { rejection: null, loggedFen: amountFen };
}

/** final once the cap is reached: a holder's match at the cap, or one sealed final offer above it. */
function finalPhaseBid(spec: ActivitySpec, s: ModelState, userId: number, rank: number | null, amountFen: number): ModelAnswer {
  const cap = spec.capFen!;
  const atCap = s.atCap.some((b) => b.userId === userId);
  if (amountFen === cap) {
    if (atCap) return { rejection: 'alreadyAtCap' };
    if (!betterRight(rank, s.atCap.at(-1)!.rank)) return { rejection: 'capReached' };
    s.count += 1;
    s.atCap.push({ userId, rank });
    if (s.offers.length === 0) Object.assign(s, { leader: userId, leaderRank: rank, leaderSeq: s.count, priceFen: cap });
    return { rejection: null, loggedFen: cap };
  }
  if (amountFen < cap) return { rejection: 'capReached' };
  if (!atCap) return { rejection: 'notAtCap' };
  if (s.offers.some((o) => o.userId === userId)) return { rejection: 'finalAlreadyOffered' };
  if ((amountFen - cap) % stepAbove(spec, cap) !== 0) return { rejection: 'notMultiple' };
  s.count += 1;
  s.maxFen = Math.max(s.maxFen, amountFen);
  s.offers.push({ userId, rank, amountFen, seq: s.count });
  // The best offer: the highest; at an equal amount a better pre-emptive right, then the earlier.
  const best = s.offers.reduce((b, o) => (o.amountFen > b.amountFen || (o.amountFen === b.amountFen && betterRight(o.rank, b.rank)) ? o : b));
  Object.assign(s, { leader: best.userId, leaderRank: best.rank, leaderSeq: best.seq, priceFen: best.amountFen });
  return { rejection: null, loggedFen: amountFen };
}

/** Applies one bid to the model: the rejection, or null and the state changed (amount logged returned). */
export function modelBid(spec: ActivitySpec, s: ModelState, userId: number, amountFen: number, at: number): ModelAnswer {
  const rank = spec.bidders.find((b) => b.userId === userId)?.rank ?? null;
  // The floor first: nothing is taken while suspended, nor what was received during the last suspension.
  if (s.suspendedAt !== null || (s.lastSuspension !== null && at >= s.lastSuspension.from && at < s.lastSuspension.to)) return { rejection: 'suspended' };
  const ts = spec.settings?.twoStage;
  // Refusals before the window: a taken fixed price; two-stage's confirmation window.
  if (spec.mode === 'first-come-first-served' && s.count > 0) return { rejection: s.leader === userId ? 'alreadyWon' : 'taken' };
  if (spec.mode === 'two-stage' && ts && at >= spec.startAt && at >= ts.stage1EndAt && at < ts.stage1EndAt + ts.joinWindowMs) return { rejection: 'stage1Closed' };
  if (at < spec.startAt) return { rejection: 'notStarted' };
  if (at >= s.endAt) return { rejection: 'closed' };
  const softClose = (end: number) => (at >= end - (spec.windowMs ?? 0) ? Math.max(end, at + (spec.extensionMs ?? 0)) : end);
  switch (spec.mode) {
    case 'dutch-auction': {
      const price = dutchPrice(spec, at);
      if (s.count > 0) return { rejection: 'sold' };
      if (amountFen < price) return { rejection: 'belowDutchPrice' };
      Object.assign(s, { count: 1, priceFen: price, maxFen: price, leader: userId, endAt: at });
      return { rejection: null, loggedFen: price };
    }
    case 'onceOff':
      return sealedOffer(spec, s, userId, rank, amountFen);
    case 'first-come-first-served':
      if (amountFen !== spec.startFen) return { rejection: 'notFixedPrice' };
      Object.assign(s, { count: 1, priceFen: spec.startFen, maxFen: spec.startFen, leader: userId, leaderRank: rank, endAt: at });
      return { rejection: null, loggedFen: spec.startFen };
    case 'v-shaped': {
      if (s.count > 0) return ascendingBid(spec, s, userId, rank, amountFen, at, softClose);
      const price = dutchPrice(spec, at);
      if (amountFen < price) return { rejection: 'belowDutchPrice' };
      Object.assign(s, { count: 1, priceFen: price, maxFen: price, leader: userId, leaderRank: rank, leaderSeq: 1, endAt: at + spec.settings!.vShaped!.ascendingMs });
      s.bidders.add(userId);
      return { rejection: null, loggedFen: price };
    }
    case 'two-stage': {
      if (at < ts!.stage1EndAt) return sealedOffer(spec, s, userId, rank, amountFen);
      if (!s.joined.has(userId)) return { rejection: 'notJoined' };
      return ascendingBid(spec, s, userId, rank, amountFen, at, (end) => Math.max(end, at + ts!.cycleMs));
    }
    case 'final': {
      if (s.frozen) return finalPhaseBid(spec, s, userId, rank, amountFen);
      const phased = spec.settings?.phased;
      const answer = ascendingBid(spec, s, userId, rank, amountFen, at, phased ? (end) => (at >= phased.freeEndAt ? Math.max(end, at + phased.cycleMs) : end) : softClose, at + spec.settings!.final!.windowMs);
      if (answer.rejection === null && spec.capFen != null && amountFen >= spec.capFen) {
        s.frozen = true;
        s.atCap.push({ userId, rank });
      }
      return answer;
    }
    case 'phased': {
      const phased = spec.settings!.phased!;
      return ascendingBid(spec, s, userId, rank, amountFen, at, (end) => (at >= phased.freeEndAt ? Math.max(end, at + phased.cycleMs) : end));
    }
    default:
      return ascendingBid(spec, s, userId, rank, amountFen, at, softClose);
  }
}

/** two-stage: a confirmation to join stage 2 at `at` (null: accepted, or already joined). */
export function modelJoin(spec: ActivitySpec, s: ModelState, userId: number, at: number): ModelJoinRejection | null {
  const ts = spec.settings!.twoStage!;
  if (s.joined.has(userId)) return null;
  if (s.suspendedAt !== null) return 'suspended';
  if (at < ts.stage1EndAt) return 'joinNotOpen';
  if (at >= ts.stage1EndAt + ts.joinWindowMs) return 'joinClosed';
  if (!s.bidders.has(userId)) return 'noQuote';
  s.joined.add(userId);
  s.endAt = Math.max(s.endAt, ts.stage1EndAt + ts.joinWindowMs + ts.cycleMs);
  return null;
}

// ---------------------------------------------------------------- the floor in the model

export type ModelFloorRefusal = 'alreadySuspended' | 'endPassed' | 'notSuspended' | 'endNotFuture' | 'tooEarly' | 'outOfRange';

/**
 * 中止 at `at`: the activity (live, as the fixtures make it) stops taking bids and its clock stands still.
 * Refused while already suspended, or once its end has come.
 */
export function modelSuspend(s: ModelState, at: number, reason: string): ModelFloorRefusal | null {
  if (s.suspendedAt !== null) return 'alreadySuspended';
  if (at >= s.endAt) return 'endPassed';
  s.suspendedAt = at;
  s.suspendReason = reason;
  return null;
}

/**
 * 恢复 at `at` with the new end `endAt`, as the product rule reads (bidding.md "The floor"): the end becomes
 * `endAt`; each phase boundary that still lay ahead when the clock stopped keeps its distance to the end
 * (it moves by the same amount as the end) and must still lie ahead when bidding resumes, else the new end
 * is refused as too early; the confirmation window stays between 5 s and a day; a falling price does not
 * fall while suspended. Returns the activity's new schedule (a new spec), or the refusal.
 */
export function modelResume(spec: ActivitySpec, s: ModelState, at: number, endAt: number): { spec: ActivitySpec } | { refusal: ModelFloorRefusal } {
  if (s.suspendedAt === null) return { refusal: 'notSuspended' };
  if (endAt <= at) return { refusal: 'endNotFuture' };
  const stoppedAt = s.suspendedAt;
  const shift = endAt - s.endAt;
  const settings: ActivitySettings = { ...spec.settings };
  const ahead: number[] = [];
  const phased = spec.settings?.phased;
  if (phased && phased.freeEndAt > stoppedAt) {
    ahead.push(phased.freeEndAt + shift);
    settings.phased = { ...phased, freeEndAt: phased.freeEndAt + shift };
  }
  const ts = spec.settings?.twoStage;
  if (ts && ts.stage1EndAt > stoppedAt) {
    ahead.push(ts.stage1EndAt + shift);
    settings.twoStage = { ...ts, stage1EndAt: ts.stage1EndAt + shift };
  } else if (ts && ts.stage1EndAt + ts.joinWindowMs > stoppedAt) {
    ahead.push(ts.stage1EndAt + ts.joinWindowMs + shift);
    settings.twoStage = { ...ts, joinWindowMs: ts.joinWindowMs + shift };
  }
  if (ahead.some((boundary) => boundary <= at)) return { refusal: 'tooEarly' };
  const window = settings.twoStage?.joinWindowMs;
  if (window !== undefined && (window < 5_000 || window > 86_400_000)) return { refusal: 'outOfRange' };
  const descending = spec.settings?.dutch !== undefined && s.count === 0;
  s.lastSuspension = { from: stoppedAt, to: at };
  s.suspendedAt = null;
  s.endAt = endAt;
  return { spec: { ...spec, settings, pausedMs: (spec.pausedMs ?? 0) + (descending ? at - stoppedAt : 0) } };
}

// ---------------------------------------------------------------- 代理出价 in the model

/** One ceiling in the model (docs/bidding.md "Proxy bidding"), ids as the test numbers them. */
export interface ModelProxy {
  id: number;
  userId: number;
  ceilingFen: number;
  setAt: number;
  status: 'active' | 'cancelled' | 'exceeded';
}

/** One bid of the model's log. */
export interface ModelLogged {
  userId: number;
  amountFen: number;
  proxy: boolean;
}

/** The model with ceilings: the bid log and the 'outbid' messages (plain or exceeded) per user. */
export interface ProxyModel {
  spec: ActivitySpec;
  s: ModelState;
  proxies: ModelProxy[];
  log: ModelLogged[];
  messages: Map<number, number>;
}

export function initialProxyModel(spec: ActivitySpec): ProxyModel {
  return { spec, s: initialModel(spec), proxies: [], log: [], messages: new Map() };
}

const cloneState = (s: ModelState): ModelState => ({ ...s, bidders: new Set(s.bidders), atCap: [...s.atCap], offers: [...s.offers], joined: new Set(s.joined) });

/** True when `userId` may bid `amountFen` now (tried on a copy of the state). */
function validNow(m: ProxyModel, s: ModelState, userId: number, amountFen: number, at: number): boolean {
  return modelBid(m.spec, cloneState(s), userId, amountFen, at).rejection === null;
}

/** The amounts a bidder could bid now, smallest first: the current price (a match) and price + k steps up to `limit`. */
function amountsUpTo(m: ProxyModel, s: ModelState, limit: number): number[] {
  const step = stepAbove(m.spec, s.priceFen);
  const out = s.priceFen <= limit ? [s.priceFen] : [];
  for (let v = s.priceFen + step; v <= limit; v += step) out.push(v);
  return out;
}

/** The smallest amount `p` may bid now (null: none within its ceiling, or he leads, or no bid yet). */
function modelProxyMin(m: ProxyModel, s: ModelState, p: ModelProxy, at: number): number | null {
  if (s.count === 0 || s.leader === p.userId) return null;
  for (const v of amountsUpTo(m, s, p.ceilingFen).slice(0, 2)) if (validNow(m, s, p.userId, v, at)) return v;
  return null;
}

const rankOf = (spec: ActivitySpec, userId: number) => spec.bidders.find((b) => b.userId === userId)?.rank ?? null;

/** Priority: the higher ceiling, then the better pre-emptive right, then the earlier, then the lower id. */
function modelPriority(spec: ActivitySpec, a: ModelProxy, b: ModelProxy): number {
  if (a.ceilingFen !== b.ceilingFen) return b.ceilingFen - a.ceilingFen;
  const ra = rankOf(spec, a.userId);
  const rb = rankOf(spec, b.userId);
  if (betterRight(ra, rb)) return -1;
  if (betterRight(rb, ra)) return 1;
  return a.setAt !== b.setAt ? a.setAt - b.setAt : a.id - b.id;
}

/** After `loser` bids `v`, can `winner` still bid within his ceiling? */
function answerable(m: ProxyModel, s: ModelState, loser: ModelProxy, v: number, winner: ModelProxy, at: number): boolean {
  const t = cloneState(s);
  if (modelBid(m.spec, t, loser.userId, v, at).rejection !== null) return false;
  return modelProxyMin(m, t, winner, at) !== null;
}

/** The loser's highest amount within his ceiling that the winner can still answer. */
function modelBestAnswerable(m: ProxyModel, s: ModelState, loser: ModelProxy, winner: ModelProxy, at: number): number | null {
  const amounts = amountsUpTo(m, s, loser.ceilingFen).reverse();
  for (const v of amounts) if (answerable(m, s, loser, v, winner, at)) return v;
  return null;
}

/** Records a bid's 'outbid' message for the leader it displaced (none when his ceiling answers). */
function modelNotice(m: ProxyModel, displaced: number | null, at: number): void {
  if (displaced === null) return;
  const own = m.proxies.find((p) => p.userId === displaced && p.status === 'active');
  if (own && modelProxyMin(m, m.s, own, at) !== null) return;
  if (own) own.status = 'exceeded';
  m.messages.set(displaced, (m.messages.get(displaced) ?? 0) + 1);
}

/** Applies an accepted bid to the model (log, messages). */
function modelAccepted(m: ProxyModel, before: number | null, userId: number, amountFen: number, proxy: boolean, at: number): void {
  m.log.push({ userId, amountFen, proxy });
  modelNotice(m, before !== userId ? before : null, at);
}

/** The ceilings answer until none bids; then the ceilings the price passed are exceeded (one message each). */
export function modelResolveProxies(m: ProxyModel, at: number): void {
  for (let n = 0; n < 500; n++) {
    const active = m.proxies.filter((p) => p.status === 'active');
    const contenders = active.filter((p) => modelProxyMin(m, m.s, p, at) !== null).sort((a, b) => modelPriority(m.spec, a, b));
    const first = contenders[0];
    if (!first) break;
    const defender = active.find((p) => p.userId === m.s.leader);
    const pool = [...contenders, ...(defender ? [defender] : [])].sort((a, b) => modelPriority(m.spec, a, b));
    let bidder = first;
    let amount: number;
    if (defender && pool[0] === defender) {
      amount = modelBestAnswerable(m, m.s, first, defender, at) ?? modelProxyMin(m, m.s, first, at)!;
    } else {
      const runnerUp = pool[1];
      const reach = runnerUp && runnerUp !== defender ? modelBestAnswerable(m, m.s, runnerUp, first, at) : null;
      if (reach !== null && runnerUp) {
        bidder = runnerUp;
        amount = reach;
      } else {
        amount = modelProxyMin(m, m.s, first, at)!;
      }
    }
    const before = m.s.leader;
    if (modelBid(m.spec, m.s, bidder.userId, amount, at).rejection !== null) break;
    modelAccepted(m, before, bidder.userId, amount, true, at);
  }
  if (m.s.count === 0) return;
  for (const p of m.proxies) {
    if (p.status === 'active' && p.userId !== m.s.leader && modelProxyMin(m, m.s, p, at) === null) {
      p.status = 'exceeded';
      m.messages.set(p.userId, (m.messages.get(p.userId) ?? 0) + 1);
    }
  }
}

/** A manual bid with ceilings: the bid, then the ceilings' answers. */
export function modelProxyBid(m: ProxyModel, userId: number, amountFen: number, at: number, proxiesOpen: boolean): ReturnType<typeof modelBid> {
  const before = m.s.leader;
  const answer = modelBid(m.spec, m.s, userId, amountFen, at);
  if (answer.rejection !== null) return answer;
  if (proxiesOpen) {
    modelAccepted(m, before, userId, answer.loggedFen, false, at);
    modelResolveProxies(m, at);
  } else {
    m.log.push({ userId, amountFen: answer.loggedFen, proxy: false });
    if (before !== null && before !== userId) m.messages.set(before, (m.messages.get(before) ?? 0) + 1);
  }
  return answer;
}

export type ModelProxyRefusal = 'closed' | 'belowMinimum' | 'aboveCap' | 'offGrid' | 'notRaised';

/** Sets or raises `userId`'s ceiling at `at` (ascending modes only; the window open). */
export function modelSetProxy(m: ProxyModel, userId: number, ceilingFen: number, at: number, id: number): ModelProxyRefusal | null {
  const { spec, s } = m;
  if (at < spec.startAt || at >= s.endAt) return 'closed';
  const own = m.proxies.find((p) => p.userId === userId);
  if (own?.status === 'active' && ceilingFen <= own.ceilingFen) return 'notRaised';
  if (spec.capFen != null && ceilingFen > spec.capFen) return 'aboveCap';
  const step = stepAbove(spec, s.priceFen);
  const min = s.count === 0 ? spec.startFen : s.leader === userId ? s.priceFen + step : betterRight(rankOf(spec, userId), s.leaderRank) ? s.priceFen : s.priceFen + step;
  if (ceilingFen < min) return 'belowMinimum';
  if ((spec.settings?.tiers ?? []).length === 0 && (ceilingFen - spec.startFen) % spec.incrementFen !== 0) return 'offGrid';
  if (own) Object.assign(own, { ceilingFen, setAt: at, status: 'active' });
  else m.proxies.push({ id, userId, ceilingFen, setAt: at, status: 'active' });
  if (s.count > 0 && s.leader !== userId) modelResolveProxies(m, at);
  return null;
}

/** Cancels `userId`'s ceiling; false when he has no active one. */
export function modelCancelProxy(m: ProxyModel, userId: number): boolean {
  const own = m.proxies.find((p) => p.userId === userId);
  if (!own || own.status !== 'active') return false;
  own.status = 'cancelled';
  return true;
}
