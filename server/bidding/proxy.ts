/**
 * 代理出价 (docs/bidding.md "Proxy bidding"): a bidder's private ceiling — read, set or raised, cancelled.
 * Setting and cancelling run in the activity's lane of the engine (runInLane), under the lot's lock and in
 * order with the bids; setting a ceiling while someone else leads places the ceilings' bids at once, in the
 * same transaction, through the engine's own path (placeProxyBids). The ceiling is never shown to anyone
 * but its owner; the bids it places are ordinary public bids, marked 代理.
 */
import type { Kysely } from 'kysely';
import { AUTH_STATUS } from '#domain/contract/auth';
import type { ActivitySettings } from '#domain/contract/bidModes';
import type { ProxyAnswer, ProxyBidState, ProxyStatus } from '#domain/contract/proxy';
import { bidWindowRejection, suspendedBidMessage, BID_REJECTION_MESSAGES } from '#domain/rules/bidRules';
import { GENESIS_HASH } from '#domain/rules/bidChain';
import { fenToYuan } from '#domain/rules/money';
import { ceilingRejection, minimumCeiling, PROXY_MESSAGES } from '#domain/rules/proxy';
import { modeRules } from '../bidding-modes/index.ts';
import { parseSettings } from '../bidding-modes/settings.ts';
import type { ActivityRow } from '../bidding-modes/types.ts';
import type { PreparedTx, Statement } from '../db/prepared.ts';
import type { Database } from '../db/schema.ts';
import { fail, ok } from '../lib/envelope.ts';
import { ENGINE_MESSAGES, loadProxies, placeProxyBids, proxyState, runInLane, type EngineDeps, type LaneResult } from './engine.ts';
import { lockForBid, numbered, POSTGRES_BID_STATEMENTS, SQLITE_BID_STATEMENTS, type LockExtras } from './statements.ts';

const VERIFIED: readonly number[] = [AUTH_STATUS.verifiedPerson, AUTH_STATUS.verifiedOrg, AUTH_STATUS.verifiedThirdParty];

interface ProxyStatements {
  find: Statement;
  insert: Statement;
  update: Statement;
  cancel: Statement;
  touch: Statement;
}

const SQLITE_PROXY: ProxyStatements = {
  find: { name: 'proxy_find', text: 'select id, ceiling_fen, status, set_at, updated_at from proxy_bid where activity_id = ? and user_id = ?' },
  insert: {
    name: 'proxy_insert',
    text: `insert into proxy_bid (activity_id, user_id, ceiling_fen, status, set_at, created_at, updated_at) values (?, ?, ?, 'active', ?, ?, ?)`,
  },
  update: { name: 'proxy_update', text: `update proxy_bid set ceiling_fen = ?, status = 'active', set_at = ?, updated_at = ? where id = ?` },
  cancel: { name: 'proxy_cancel', text: `update proxy_bid set status = 'cancelled', updated_at = ? where id = ? and status = 'active'` },
  // A new row version of the activity: a bid of another process waiting on its lock then reads again
  // (lockForBid) and sees the ceiling set meanwhile. No event: lock_version and status stay.
  touch: { name: 'proxy_touch', text: 'update bid_activity set updated_at = ? where id = ?' },
};
const POSTGRES_PROXY: ProxyStatements = Object.fromEntries(
  Object.entries(SQLITE_PROXY).map(([k, st]) => [k, { name: st.name, text: numbered(st.text) }]),
) as unknown as ProxyStatements;

interface ProxyRow {
  id: number;
  ceiling_fen: number;
  status: string;
  set_at: number;
  updated_at: number;
}

const wire = (r: ProxyRow): ProxyBidState => ({
  ceiling: fenToYuan(Number(r.ceiling_fen)),
  status: r.status as ProxyStatus,
  setTime: Number(r.set_at),
  updateTime: Number(r.updated_at),
});

type LockedRow = ActivityRow & LockExtras;

/** Why this user may not hold a ceiling in `a` now (null: he may). */
function refusalOf(a: LockedRow, settings: ActivitySettings | null, at: number, joined: boolean): string | null {
  const rules = modeRules(a.mode);
  if (!rules?.acceptsProxy || !settings) return PROXY_MESSAGES.modeNotAllowed;
  if (a.u_is_allowed !== 1 || a.u_auth_status === null || !VERIFIED.includes(a.u_auth_status)) return ENGINE_MESSAGES.notVerified;
  if (a.q_bid_code === null) return ENGINE_MESSAGES.notQualified;
  if (a.status === 'suspended') return suspendedBidMessage(a.suspend_reason);
  if (a.status === 'ended' && a.outcome === 'terminated') return BID_REJECTION_MESSAGES.terminated;
  if (a.status === 'ended' || bidWindowRejection(a.start_at, a.end_at, at) !== null) return PROXY_MESSAGES.notLive;
  if (!rules.acceptsProxy(a, settings, at)) return PROXY_MESSAGES.phaseNotAllowed;
  if (a.mode === 'two-stage' && !joined) return PROXY_MESSAGES.notJoined;
  return null;
}

interface Locked {
  row: LockedRow;
  settings: ActivitySettings | null;
  own: ProxyRow | null;
  refusal: string | null;
}

/** The activity under its lock (the engine's lock statement), with the caller's ceiling and whether he may set one. */
async function lockFor(tx: PreparedTx, userId: number, activityId: number, at: number): Promise<Locked | null> {
  const st = tx.dialect === 'sqlite' ? SQLITE_BID_STATEMENTS : POSTGRES_BID_STATEMENTS;
  const ps = tx.dialect === 'sqlite' ? SQLITE_PROXY : POSTGRES_PROXY;
  const row = await lockForBid<LockedRow>(tx, st.lock, ['', userId, 0, userId, userId, userId, '', activityId]);
  if (!row) return null;
  let settings: ActivitySettings | null = null;
  try {
    settings = parseSettings(row.mode, row.settings);
  } catch {
    settings = null;
  }
  const joined = row.mode === 'two-stage' && (await tx.all(st.joined, [activityId, userId])).length > 0;
  const [own] = await tx.all<ProxyRow>(ps.find, [activityId, userId]);
  return { row, settings, own: own ?? null, refusal: refusalOf(row, settings, at, joined) };
}

async function leaderRankOf(tx: PreparedTx, a: ActivityRow): Promise<number | null> {
  if (a.leader_user_id === null) return null;
  const st = tx.dialect === 'sqlite' ? SQLITE_BID_STATEMENTS : POSTGRES_BID_STATEMENTS;
  return (await tx.all<{ pre_emptive_rank: number | null }>(st.rank, [a.id, a.leader_user_id]))[0]?.pre_emptive_rank ?? null;
}

function answerOf(input: ProxyInput, locked: Locked, own: ProxyRow | null, leaderRank: number | null, placed?: number): ProxyAnswer {
  const { row, settings, refusal } = locked;
  const min = refusal === null && settings ? minimumCeiling(proxyState(row, settings, leaderRank), input.userId, row.q_rank) : null;
  return {
    activityId: input.activityId,
    proxy: own ? wire(own) : null,
    allowed: refusal === null,
    reason: refusal,
    minCeiling: min === null ? null : fenToYuan(min),
    ...(placed !== undefined ? { placed } : {}),
  };
}

export interface ProxyInput {
  userId: number;
  activityId: number;
  ip: string;
}

const audit = (tx: PreparedTx, deps: EngineDeps, input: ProxyInput, action: string, result: string, detail: string) =>
  tx.run((tx.dialect === 'sqlite' ? SQLITE_BID_STATEMENTS : POSTGRES_BID_STATEMENTS).audit, [deps.now(), input.userId, input.ip.slice(0, 64), action, `activity:${input.activityId}`, result, detail]);

/**
 * Sets or raises the caller's ceiling (PUT): under the activity's lock, in its lane. Then, when someone else
 * leads, the ceilings bid at once in the same transaction.
 */
export function setProxy(deps: EngineDeps, input: ProxyInput & { ceilingFen: number }): Promise<LaneResult<ProxyAnswer>> {
  return runInLane<ProxyAnswer>(deps, input.activityId, async (tx) => {
    const at = deps.now();
    const locked = await lockFor(tx, input.userId, input.activityId, at);
    if (!locked) return { status: 404, body: fail(404, ENGINE_MESSAGES.noActivity) };
    const { row, settings, own } = locked;
    if (locked.refusal !== null || !settings) {
      await audit(tx, deps, input, 'proxy.set', 'failure', locked.refusal ?? 'settings');
      return { status: 400, body: fail(400, locked.refusal ?? ENGINE_MESSAGES.badSettings) };
    }
    const leaderRank = await leaderRankOf(tx, row);
    const state = proxyState(row, settings, leaderRank);
    const active = own && own.status === 'active' ? Number(own.ceiling_fen) : null;
    const rejection = ceilingRejection(state, input.userId, row.q_rank, input.ceilingFen, active);
    if (rejection) {
      await audit(tx, deps, input, 'proxy.set', 'failure', rejection);
      return { status: 400, body: fail(400, PROXY_MESSAGES[rejection]) };
    }
    const ps = tx.dialect === 'sqlite' ? SQLITE_PROXY : POSTGRES_PROXY;
    if (own) await tx.run(ps.update, [input.ceilingFen, at, at, own.id]);
    else await tx.run(ps.insert, [input.activityId, input.userId, input.ceilingFen, at, at, at]);
    if (tx.dialect === 'postgres') await tx.run(ps.touch, [at, input.activityId]);
    await audit(tx, deps, input, 'proxy.set', 'success', `ceiling_fen=${input.ceilingFen}`);
    // Someone else leads: the ceilings answer now (his, and any other that then must).
    const placed =
      row.bid_count > 0 && Number(row.leader_user_id) !== input.userId
        ? await placeProxyBids(tx, deps, {
            activity: row,
            lastHash: row.b_prev_hash ?? GENESIS_HASH,
            projectName: row.project_name,
            settings,
            leaderRank,
            at,
            proxies: await loadProxies(tx, input.activityId),
          })
        : null;
    const [stored] = await tx.all<ProxyRow>(ps.find, [input.activityId, input.userId]);
    const afterRow = placed ? { ...locked, row: { ...row, ...placed.activity } } : locked;
    const answer = answerOf(input, afterRow, stored ?? null, placed ? placed.leaderRank : leaderRank, placed?.answers.length ?? 0);
    const last = placed?.answers.at(-1)?.committed;
    return {
      status: 200,
      body: ok(answer),
      ...(last && placed ? { committed: { activity: last.activity, bids: placed.answers.flatMap((a) => a.committed?.bids ?? []) } } : {}),
    };
  });
}

/** Cancels the caller's ceiling (DELETE), in the lane: a bid decided after it no longer triggers it. */
export function cancelProxy(deps: EngineDeps, input: ProxyInput): Promise<LaneResult<ProxyAnswer>> {
  return runInLane<ProxyAnswer>(deps, input.activityId, async (tx) => {
    const at = deps.now();
    const locked = await lockFor(tx, input.userId, input.activityId, at);
    if (!locked) return { status: 404, body: fail(404, ENGINE_MESSAGES.noActivity) };
    const { own } = locked;
    if (!own) return { status: 400, body: fail(400, PROXY_MESSAGES.noProxy) };
    if (own.status !== 'active') return { status: 400, body: fail(400, PROXY_MESSAGES.notActive) };
    const ps = tx.dialect === 'sqlite' ? SQLITE_PROXY : POSTGRES_PROXY;
    await tx.run(ps.cancel, [at, own.id]);
    await audit(tx, deps, input, 'proxy.cancel', 'success', `ceiling_fen=${own.ceiling_fen}`);
    return { status: 200, body: ok(answerOf(input, locked, { ...own, status: 'cancelled', updated_at: at }, await leaderRankOf(tx, locked.row))) };
  });
}

/** The caller's own ceiling (GET): read without the lock (a plain read of his row and the activity). */
export async function readProxy(db: Kysely<Database>, deps: Pick<EngineDeps, 'now'>, input: ProxyInput): Promise<ProxyAnswer | null> {
  const a = await db.selectFrom('bid_activity').selectAll().where('id', '=', input.activityId).executeTakeFirst();
  if (!a) return null;
  const [q, u, own, joined, leader] = await Promise.all([
    db.selectFrom('bid_qualification').select(['bid_code', 'pre_emptive_rank']).where('activity_id', '=', a.id).where('user_id', '=', input.userId).executeTakeFirst(),
    db.selectFrom('app_user').select(['auth_status', 'is_allowed']).where('id', '=', input.userId).executeTakeFirst(),
    db.selectFrom('proxy_bid').select(['id', 'ceiling_fen', 'status', 'set_at', 'updated_at']).where('activity_id', '=', a.id).where('user_id', '=', input.userId).executeTakeFirst(),
    a.mode === 'two-stage' ? db.selectFrom('bid_stage_join').select('id').where('activity_id', '=', a.id).where('user_id', '=', input.userId).executeTakeFirst() : undefined,
    a.leader_user_id === null
      ? undefined
      : db.selectFrom('bid_qualification').select('pre_emptive_rank').where('activity_id', '=', a.id).where('user_id', '=', a.leader_user_id).executeTakeFirst(),
  ]);
  const row: LockedRow = {
    ...a,
    s_open: null,
    project_name: null,
    q_bid_code: q?.bid_code ?? null,
    q_rank: q?.pre_emptive_rank ?? null,
    u_auth_status: u?.auth_status ?? null,
    u_is_allowed: u?.is_allowed ?? null,
    r_request_hash: null,
    r_status_code: null,
    r_answer: null,
    b_prev_hash: null,
    x_proxy: null,
  };
  let settings: ActivitySettings | null = null;
  try {
    settings = parseSettings(a.mode, a.settings);
  } catch {
    settings = null;
  }
  const locked: Locked = { row, settings, own: own ?? null, refusal: refusalOf(row, settings, deps.now(), joined !== undefined) };
  return answerOf(input, locked, own ?? null, leader?.pre_emptive_rank ?? null);
}
