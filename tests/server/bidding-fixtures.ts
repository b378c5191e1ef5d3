/**
 * Fixtures of the bidding tests: activities of any mode created directly in the database, the engine
 * driven at chosen server times, and a small independent reference model of the rules (written from
 * the product's bidding rules without the production functions, so the two can disagree).
 */
import type { Kysely } from 'kysely';
import type { ActivitySettings } from '../../src/domain/bidModes.ts';
import { placeBid, type BidResult, type EngineDeps } from '../../server/bidding/engine.ts';
import type { Database } from '../../server/db/schema.ts';

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

// ---------------------------------------------------------------- the reference model

export type ModelRejection = 'notStarted' | 'closed' | 'belowStart' | 'tooLow' | 'notMultiple' | 'aboveCap' | 'selfOutbid' | 'alreadyBid' | 'belowDutchPrice' | 'sold';

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
}

export function initialModel(spec: ActivitySpec): ModelState {
  return { count: 0, priceFen: spec.startFen, maxFen: spec.startFen, leader: null, leaderRank: null, leaderSeq: 0, endAt: spec.endAt, extensions: 0, bidders: new Set() };
}

function stepAbove(spec: ActivitySpec, priceFen: number): number {
  const tiers = [...(spec.settings?.tiers ?? [])].sort((a, b) => a.fromFen - b.fromFen);
  let step = spec.incrementFen;
  for (const t of tiers) if (t.fromFen <= priceFen) step = t.incrementFen;
  return step;
}

/** Applies one bid to the model: the rejection, or null and the state changed (amount logged returned). */
export function modelBid(spec: ActivitySpec, s: ModelState, userId: number, amountFen: number, at: number): { rejection: ModelRejection } | { rejection: null; loggedFen: number } {
  const rank = spec.bidders.find((b) => b.userId === userId)?.rank ?? null;
  if (at < spec.startAt) return { rejection: 'notStarted' };
  if (at >= s.endAt) return { rejection: 'closed' };
  if (spec.mode === 'dutch-auction') {
    const d = spec.settings!.dutch!;
    const price = Math.max(d.floorFen, spec.startFen - Math.floor((at - spec.startAt) / d.intervalMs) * d.decrementFen);
    if (s.count > 0) return { rejection: 'sold' };
    if (amountFen < price) return { rejection: 'belowDutchPrice' };
    Object.assign(s, { count: 1, priceFen: price, maxFen: price, leader: userId, endAt: at });
    return { rejection: null, loggedFen: price };
  }
  if (spec.mode === 'onceOff') {
    if (s.bidders.has(userId)) return { rejection: 'alreadyBid' };
    if (spec.capFen != null && amountFen > spec.capFen) return { rejection: 'aboveCap' };
    if (amountFen < spec.startFen) return { rejection: 'belowStart' };
    if ((amountFen - spec.startFen) % spec.incrementFen !== 0) return { rejection: 'notMultiple' };
    s.count += 1;
    s.bidders.add(userId);
    s.maxFen = s.count === 1 ? amountFen : Math.max(s.maxFen, amountFen);
    const better =
      s.leader === null ||
      amountFen > s.priceFen ||
      (amountFen === s.priceFen && rank !== null && (s.leaderRank === null || rank < s.leaderRank));
    if (better) Object.assign(s, { priceFen: amountFen, leader: userId, leaderRank: rank, leaderSeq: s.count });
    return { rejection: null, loggedFen: amountFen };
  }
  // ongoing and phased
  if (spec.capFen != null && amountFen > spec.capFen) return { rejection: 'aboveCap' };
  if (s.count === 0) {
    if (amountFen < spec.startFen) return { rejection: 'belowStart' };
    if ((amountFen - spec.startFen) % stepAbove(spec, spec.startFen) !== 0) return { rejection: 'notMultiple' };
  } else {
    if (!spec.allowSelfOutbid && s.leader === userId) return { rejection: 'selfOutbid' };
    const match = amountFen === s.priceFen && s.leader !== userId && rank !== null && (s.leaderRank === null || rank < s.leaderRank);
    if (!match) {
      const step = stepAbove(spec, s.priceFen);
      if (amountFen < s.priceFen + step) return { rejection: 'tooLow' };
      if ((amountFen - s.priceFen) % step !== 0) return { rejection: 'notMultiple' };
    }
  }
  s.count += 1;
  s.maxFen = s.count === 1 ? amountFen : Math.max(s.maxFen, amountFen);
  Object.assign(s, { priceFen: amountFen, leader: userId, leaderRank: rank, leaderSeq: s.count });
  let end = s.endAt;
  if (spec.mode === 'ongoing' && at >= end - (spec.windowMs ?? 0)) end = Math.max(end, at + (spec.extensionMs ?? 0));
  if (spec.mode === 'phased' && at >= spec.settings!.phased!.freeEndAt) end = Math.max(end, at + spec.settings!.phased!.cycleMs);
  if (end > s.endAt) s.extensions += 1;
  if (spec.capFen != null && amountFen >= spec.capFen) end = at;
  s.endAt = end;
  return { rejection: null, loggedFen: amountFen };
}
