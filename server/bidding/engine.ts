/**
 * The server-authoritative bidding engine (README "Live bidding hall" › The engine).
 *
 * A bid is decided inside a transaction holding its activity's lock: on PostgreSQL the row lock
 * (SELECT … FOR UPDATE OF the activity), so bids on one activity queue while other activities proceed and
 * several server processes stay correct; on SQLite the database's write lock, taken at BEGIN IMMEDIATE
 * (no read-then-upgrade deadlock between processes). Inside: the bearer's session when the route checked
 * only the token (a closed one is a 401), the idempotency check, qualification, window, the mode's
 * decision (server/bidding/modes: amount rules of domain/rules/bidRules.ts and bidModes.ts, the new price,
 * leader and end), then either the accepted bid's writes — the keyed answer,
 * the bid with the next gap-free sequence number, the activity update, the 'outbid' message, the audit
 * line and, on PostgreSQL, the NOTIFY that wakes other processes' snapshots on commit — or the refusal's
 * (audit line and keyed answer), so a replay gets the same answer. The statements are prepared once
 * (statements.ts); concurrent bids share a durable commit ("Group commit" below), each still decided
 * alone and in order, and each answered only after its commit. The sweep settles ended activities
 * (settlement.ts).
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { AUTH_MESSAGES } from '#domain/rules/auth';
import { AUTH_STATUS } from '#domain/contract/auth';
import type { ActivitySettings } from '#domain/contract/bidModes';
import { bidWindowRejection, BID_REJECTION_MESSAGES, suspendedBidMessage } from '#domain/rules/bidRules';
import type { Envelope } from '#domain/contract/envelope';
import { outbidTitle } from '#domain/rules/desk';
import type { PlaceBidAnswer } from '#domain/contract/hall';
import { fenToYuan, formatFenAsYuan } from '#domain/rules/money';
import { bidChainHash, GENESIS_HASH } from '#domain/rules/bidChain';
import { bidPayload, notifyInTransaction } from '../db/changeFeed.ts';
import { preparedDialect, preparedTransaction, type PreparedTx } from '../db/prepared.ts';
import type { Database } from '../db/schema.ts';
import { fail, ok } from '../lib/envelope.ts';
import { modeRules } from '../bidding-modes/index.ts';
import type { ActivityRow, BidDecision } from '../bidding-modes/types.ts';
import { parseSettings, settingsOrEmpty } from '../bidding-modes/settings.ts';
import type { SettlementSettings } from '#domain/contract/settlement';
import { settleActivity } from './settlement.ts';
import { lockActivity } from '../services/auctions/activity-lock.ts';
import { changeEventOfActivity } from '../live/changeEvents.ts';
import { liveActivityColumns, type CommittedActivity } from '../live/liveRow.ts';
import { lockForBid, POSTGRES_BID_STATEMENTS, SQLITE_BID_STATEMENTS, type LockExtras } from './statements.ts';
import { receiptFields, signReceipt, type ReceiptSigner } from './receipts.ts';
import type { BidRecord } from '#domain/contract/activity';
import { afterProxyBid, exceededProxies, nextProxyBid, proxyCanBid, proxyExceededTitle, type ProxyCeiling, type ProxyPriceState } from '#domain/rules/proxy';

export interface EngineDeps {
  db: Kysely<Database>;
  now: () => number;
  /** PostgreSQL NOTIFY channel of live changes; null on SQLite. */
  notifyChannel: string | null;
  /**
   * Runs after every commit that changed live data. `committed`: what the commit wrote, when the caller
   * has it in hand (accepted bids): this process's snapshot takes it without reading it back; without it
   * (a sweep, a join) the snapshot reads the named rows.
   */
  afterCommit: (activityIds: readonly number[], committed?: ReadonlyMap<number, CommittedActivity>) => void;
  /** The installation's fee schedule and periods for the deals the sweep opens (defaults when absent). */
  settlement?: SettlementSettings;
  /** The exchange's receipt key (receipts.ts): an accepted bid's answer carries its signed receipt. */
  receipts?: ReceiptSigner;
  /** Each lane job's phases once its group committed (metrics: portal_bid_phase_seconds). */
  observePhases?: (phases: LanePhases) => void;
}

/**
 * Where a lane job's time went (ms): waiting in its lane for its group, its own decision inside the group's
 * transaction (lock, rules, writes), and the group's commit after the last decision (shared by the group:
 * the fsync on SQLite, the COMMIT round trip on PostgreSQL). A bid's answer comes after all three.
 */
export interface LanePhases {
  queuedMs: number;
  decideMs: number;
  commitMs: number;
}

export interface PlaceBidInput {
  userId: number;
  /** The mode word of the URL. */
  mode: string;
  activityId: number;
  amountFen: number;
  idempotencyKey: string;
  /** Server receipt time of the request: the bid's time (bidding-rules: "the server's receipt time"). */
  receivedAt: number;
  ip: string;
  /**
   * The bearer's session, when the caller has checked only the token (app.requireBearer): checked here,
   * in the bid's transaction — open, this user's, not expired, the user allowed — or the answer is 401.
   */
  sessionId?: string | undefined;
}

/** What one job of an activity's lane answers (a bid, a ceiling set or cancelled). */
export interface LaneResult<T> {
  status: number;
  body: Envelope<T | null>;
  /**
   * Bids written by this call (not a replay): the activity's newest columns and the bids in seq order —
   * the bid itself and the bids the ceilings placed after it (代理出价).
   */
  committed?: { activity: CommittedActivity['activity']; bids: BidRecord[] };
}

export type BidResult = LaneResult<PlaceBidAnswer>;

export const ENGINE_MESSAGES = {
  noActivity: '竞价活动不存在',
  modeMismatch: '竞价方式与该活动不符',
  modeUnavailable: '该竞价方式暂未开放',
  notVerified: '请先完成实名认证后再出价',
  notQualified: '您未取得本项目的竞买资格（需报名审核通过并交纳保证金）',
  keyReused: '该出价请求编号已用于另一笔出价，请刷新后重试',
  badSettings: '竞价活动参数有误，请联系交易机构',
} as const;

/** The title of the message to an outbid leader names the lot (「…」出价已被超越). */
const outbidMessageTitle = (projectName: string | null, activityCode: string) => outbidTitle(projectName ?? activityCode);

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly reason: string,
  ) {
    super(message);
  }
}

function requestHash(input: PlaceBidInput): string {
  return createHash('sha256').update(`${input.activityId}|${input.mode}|${input.amountFen}`).digest('hex');
}

interface StoredRequest {
  request_hash: string;
  status_code: number;
  answer: string;
}

/** The stored answer for a replay; a refusal when the key was used for another body. */
function replay(row: StoredRequest, hash: string): BidResult {
  if (row.request_hash !== hash) return { status: 409, body: fail(409, ENGINE_MESSAGES.keyReused) };
  return { status: row.status_code, body: JSON.parse(row.answer) as BidResult['body'] };
}

const VERIFIED: readonly number[] = [AUTH_STATUS.verifiedPerson, AUTH_STATUS.verifiedOrg, AUTH_STATUS.verifiedThirdParty];

/**
 * Places one bid. Bids are decided one by one in the order they arrive, each under its activity's lock,
 * and committed in groups (see "Group commit" below): the answer comes only after the commit is durable.
 */
export function placeBid(deps: EngineDeps, input: PlaceBidInput): Promise<BidResult> {
  return runInLane(deps, input.activityId, (tx) => decide(tx, deps, input));
}

/**
 * Runs `work` in the activity's lane: in the next group transaction, after the bids that arrived before it
 * and before the ones after it (a ceiling set or cancelled is serialised with the bids: server/bidding/proxy.ts).
 * `work` takes the activity's lock itself.
 */
export function runInLane<T>(deps: EngineDeps, activityId: number, work: (tx: PreparedTx) => Promise<LaneResult<T>>): Promise<LaneResult<T>> {
  return new Promise((resolve, reject) =>
    enqueue({ deps, activityId, work: work as Pending['work'], resolve: resolve as Pending['resolve'], reject, queuedAt: performance.now() }),
  );
}

// ------------------------------------------------------------------ group commit

/**
 * Concurrent bids share one transaction (one fsync on SQLite, one commit on PostgreSQL): a bid arriving
 * while a transaction runs waits in its lane and goes into the next one. Inside, every bid is decided in
 * arrival order by the same statements as alone (lock, decision, writes), so each sees the ones before
 * it. Lanes: SQLite has one writer at a time, so one lane; on PostgreSQL one lane per activity (the row
 * lock is what serialises, and a transaction then locks exactly one row: no lock-order deadlock between
 * processes), while different activities commit in parallel on the pool. Nothing is answered before its
 * transaction commits; if a shared transaction fails, each of its bids is retried alone, so one bid's
 * error never fails another.
 */
const MAX_BATCH = 64;

interface Pending {
  deps: EngineDeps;
  activityId: number;
  work: (tx: PreparedTx) => Promise<LaneResult<unknown>>;
  resolve: (result: LaneResult<unknown>) => void;
  reject: (error: unknown) => void;
  /** performance.now() when it joined its lane. */
  queuedAt: number;
}

interface Lane {
  pending: Pending[];
  /** A drain is scheduled or running. */
  busy: boolean;
}

const lanesByDb = new WeakMap<object, Map<number, Lane>>();

function enqueue(item: Pending): void {
  const { db } = item.deps;
  let lanes = lanesByDb.get(db);
  if (!lanes) lanesByDb.set(db, (lanes = new Map()));
  const key = preparedDialect(db) === 'sqlite' ? 0 : item.activityId;
  let lane = lanes.get(key);
  if (!lane) lanes.set(key, (lane = { pending: [], busy: false }));
  lane.pending.push(item);
  if (!lane.busy) {
    lane.busy = true;
    // After the current I/O phase: the requests that arrived together join this transaction.
    setImmediate(() => void drain(db, lanes, key, lane));
  }
}

async function drain(db: Kysely<Database>, lanes: Map<number, Lane>, key: number, lane: Lane): Promise<void> {
  while (lane.pending.length > 0) await commitGroup(db, lane.pending.splice(0, MAX_BATCH));
  lane.busy = false;
  lanes.delete(key);
}

/** Decides and commits `group` in one transaction; settles every bid's promise, never throws. */
async function commitGroup(db: Kysely<Database>, group: Pending[]): Promise<void> {
  let results: LaneResult<unknown>[];
  const started = performance.now();
  const decideMs: number[] = [];
  let decided = started;
  try {
    results = await preparedTransaction(db, async (tx) => {
      const out: LaneResult<unknown>[] = [];
      for (const { work } of group) {
        const t = performance.now();
        out.push(await work(tx));
        decided = performance.now();
        decideMs.push(decided - t);
      }
      return out;
    });
  } catch (error) {
    // Nothing of the group is committed (or answered): each bid again, alone, so one failure stays its own.
    if (group.length === 1) group[0]!.reject(error);
    else for (const item of group) await commitGroup(db, [item]);
    return;
  }
  const commitMs = performance.now() - decided;
  group.forEach((item, i) => item.deps.observePhases?.({ queuedMs: started - item.queuedAt, decideMs: decideMs[i]!, commitMs }));
  // Committed: this process's snapshot takes the accepted bids' state (in hand: nothing is read back),
  // then the bidders get their answers.
  const changed = new Map<EngineDeps['afterCommit'], Map<number, CommittedActivity>>();
  group.forEach(({ deps }, i) => {
    const written = results[i]!.committed;
    if (!written) return;
    let byActivity = changed.get(deps.afterCommit);
    if (!byActivity) changed.set(deps.afterCommit, (byActivity = new Map()));
    const id = written.activity.id;
    // In arrival order: the last bid of an activity in the group holds its newest columns.
    byActivity.set(id, { activity: written.activity, bids: [...(byActivity.get(id)?.bids ?? []), ...written.bids] });
  });
  for (const [afterCommit, committed] of changed) {
    try {
      afterCommit([...committed.keys()], committed);
    } catch (error) {
      // A listener's failure must not turn committed bids into errors.
      process.emitWarning(error instanceof Error ? error : new Error(String(error)));
    }
  }
  group.forEach((item, i) => {
    const { status, body } = results[i]!;
    item.resolve({ status, body });
  });
}

// ------------------------------------------------------------------ one bid, inside the transaction

type LockedRow = ActivityRow & LockExtras;

interface LogRow {
  seq: number;
  user_id: number;
  bid_code: string;
  amount_fen: number;
  placed_at: number;
  pre_emptive_rank: number | null;
}

const statementsOf = (tx: PreparedTx) => (tx.dialect === 'sqlite' ? SQLITE_BID_STATEMENTS : POSTGRES_BID_STATEMENTS);

async function decide(tx: PreparedTx, deps: EngineDeps, input: PlaceBidInput): Promise<BidResult> {
  const st = statementsOf(tx);
  const hash = requestHash(input);
  const { sessionId } = input;
  const sessionAt = sessionId === undefined ? 0 : deps.now();
  const row = await lockForBid<LockedRow>(tx, st.lock, [sessionId ?? '', input.userId, sessionAt, input.userId, input.userId, input.userId, input.idempotencyKey, input.activityId]);
  if (!row) {
    if (sessionId !== undefined && (await tx.all(st.session, [sessionId, input.userId, sessionAt])).length === 0) return refuseBearer(tx, deps, input);
    const [earlier] = await tx.all<StoredRequest>(st.findRequest, [input.userId, input.idempotencyKey]);
    if (earlier) return replay(earlier, hash);
    return refuse(tx, deps, input, hash, new Refusal(404, ENGINE_MESSAGES.noActivity, 'no_activity'));
  }
  const {
    s_open: sessionOpen,
    project_name: projectName,
    q_bid_code: bidCode,
    q_rank: bidderRank,
    u_auth_status: authStatus,
    u_is_allowed: allowed,
    r_request_hash: earlierHash,
    r_status_code: earlierStatus,
    r_answer: earlierAnswer,
    b_prev_hash: lastHash,
    x_proxy: hasProxies,
    ...activity
  } = row;
  // The login first, as requireUser would have: a closed session or a disabled account is a 401.
  if (sessionId !== undefined && (sessionOpen !== 1 || allowed !== 1)) return refuseBearer(tx, deps, input);
  // A replay: the first answer under this key (or 409 for another body).
  if (earlierHash !== null) return replay({ request_hash: earlierHash, status_code: earlierStatus!, answer: earlierAnswer! }, hash);
  try {
    if (activity.mode !== input.mode) throw new Refusal(400, ENGINE_MESSAGES.modeMismatch, 'mode_mismatch');
    const rules = modeRules(activity.mode);
    if (!rules) throw new Refusal(400, ENGINE_MESSAGES.modeUnavailable, 'mode_unavailable');
    if (allowed !== 1 || authStatus === null || !VERIFIED.includes(authStatus)) throw new Refusal(403, ENGINE_MESSAGES.notVerified, 'not_verified');
    if (bidCode === null) throw new Refusal(403, ENGINE_MESSAGES.notQualified, 'not_qualified');
    let settings: ActivitySettings;
    try {
      settings = parseSettings(activity.mode, activity.settings);
    } catch {
      throw new Refusal(400, ENGINE_MESSAGES.badSettings, 'bad_settings');
    }
    const at = input.receivedAt;
    // The floor (services/auctions/floor.ts): no bid while the exchange has suspended the activity — nor one
    // received during the last suspension and decided after it — and none once it terminated it.
    if (activity.status === 'suspended' || receivedWhileSuspended(activity, at)) throw new Refusal(400, suspendedBidMessage(activity.suspend_reason), 'suspended');
    if (activity.status === 'ended' && activity.outcome === 'terminated') throw new Refusal(400, BID_REJECTION_MESSAGES.terminated, 'terminated');
    const windowRejection =
      rules.refuseFirst?.(activity, settings, input.userId, at) ?? (activity.status === 'ended' ? 'closed' : bidWindowRejection(activity.start_at, activity.end_at, at));
    if (windowRejection) throw new Refusal(400, BID_REJECTION_MESSAGES[windowRejection], windowRejection);
    const decision = await rules.decide({
      activity,
      settings,
      userId: input.userId,
      bidCode,
      bidderRank,
      amountFen: input.amountFen,
      at,
      leaderRank: async () =>
        activity.leader_user_id === null ? null : ((await tx.all<{ pre_emptive_rank: number | null }>(st.rank, [activity.id, activity.leader_user_id]))[0]?.pre_emptive_rank ?? null),
      hasBid: async () => (await tx.all(st.hasBid, [activity.id, input.userId])).length > 0,
      bidLog: async () =>
        (await tx.all<LogRow>(st.bidLog, [activity.id])).map((b) => ({
          seq: b.seq,
          userId: b.user_id,
          bidCode: b.bid_code,
          amountFen: b.amount_fen,
          placedAt: b.placed_at,
          preEmptiveRank: b.pre_emptive_rank ?? null,
        })),
      joined: async () => (await tx.all(st.joined, [activity.id, input.userId])).length > 0,
    });
    if (decision.rejection) throw new Refusal(400, BID_REJECTION_MESSAGES[decision.rejection], decision.rejection);
    // The hash chain (domain/rules/bidChain.ts): the last bid's hash came with the lock; a bid the public may
    // not see when it is made (the mode's view before it hides the bids) is a sealed offer.
    const chain = { prevHash: lastHash ?? GENESIS_HASH, sealed: !rules.view(activity, settings, at).showBids };
    // 代理出价: only when the lock saw an active ceiling and the mode takes ascending bids now.
    if (hasProxies !== 1 || !rules.acceptsProxy?.(activity, settings, at)) return (await accept(tx, deps, input, hash, activity, projectName, bidCode, decision, chain)).result;
    const proxies = await loadProxies(tx, activity.id);
    const after = stateAfter(activity, settings, decision, bidderRank);
    const notice = noticeFor(proxies, after, decision.outbidUserId);
    const accepted = await accept(tx, deps, input, hash, activity, projectName, bidCode, decision, chain, notice);
    if (!accepted.next) return accepted.result;
    if (notice.kind === 'exceeded') await tx.run(statementsOf(tx).proxyExceeded, [deps.now(), notice.proxy.id]);
    const remaining = notice.kind === 'exceeded' ? proxies.filter((p) => p.id !== notice.proxy.id) : proxies;
    const placed = await placeProxyBids(tx, deps, { activity: accepted.next.activity, lastHash: accepted.next.hash, projectName, settings, leaderRank: after.leaderRank, at, proxies: remaining });
    return withProxyBids(accepted.result, placed);
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return refuse(tx, deps, input, hash, error);
  }
}

/** Received in the last suspension's time, [suspended_at, resumed_at): the activity took no bid then. */
export function receivedWhileSuspended(a: Pick<ActivityRow, 'suspended_at' | 'resumed_at'>, at: number): boolean {
  return a.suspended_at !== null && a.resumed_at !== null && at >= a.suspended_at && at < a.resumed_at;
}

/**
 * What the bid tells the leader it displaced: the usual outbid message; nothing when his ceiling answers in
 * the same transaction (he leads again, or is told once his ceiling is exceeded); the exceeded message when
 * his ceiling cannot answer.
 */
type OutbidNotice = { kind: 'plain' } | { kind: 'silent' } | { kind: 'exceeded'; proxy: LoadedProxy };

const PLAIN: OutbidNotice = { kind: 'plain' };

/** A bid placed under a ceiling: the ceiling's id (its key `proxy:<id>:<seq>`, the bid's proxy mark). */
interface ProxyMark {
  proxyId: number;
}

interface Accepted {
  result: BidResult;
  /** The bid was written (not a concurrent twin's replay): the row as it now stands and the bid's hash. */
  next?: { activity: ActivityRow; hash: string };
}

/** Writes an accepted bid (the idempotency record first: nothing else when the key turns out taken). */
async function accept(
  tx: PreparedTx,
  deps: EngineDeps,
  input: PlaceBidInput,
  hash: string,
  activity: ActivityRow,
  projectName: string | null,
  bidCode: string,
  decision: Extract<BidDecision, { rejection: null }>,
  chain: { prevHash: string; sealed: boolean },
  notice: OutbidNotice = PLAIN,
  proxy?: ProxyMark,
): Promise<Accepted> {
  const at = input.receivedAt;
  const seq = activity.bid_count + 1;
  const { prevHash, sealed } = chain;
  const bidHash = bidChainHash({ activityId: activity.id, seq, bidCode, amountFen: decision.recordedFen, serverTime: at, prevHash });
  // A ceiling's bid answers nobody waiting: its owner lists the receipt later (Ed25519 is deterministic, the
  // same bytes), so it is not signed inside the lot's lock.
  const receipt =
    deps.receipts && !proxy
      ? signReceipt(deps.receipts, receiptFields({ activityId: activity.id, seq, bidCode, amountFen: decision.recordedFen, serverTime: at, hash: bidHash, prevHash, sealed }))
      : undefined;
  const { endAt, extended } = decision;
  const maxFen = activity.bid_count === 0 ? decision.recordedFen : Math.max(activity.max_price_fen, decision.recordedFen);
  const extensions = activity.extension_count + (extended ? 1 : 0);
  const nextRow: ActivityRow = {
    ...activity,
    status: 'live',
    current_price_fen: decision.priceFen,
    max_price_fen: maxFen,
    bid_count: seq,
    leader_user_id: decision.leaderUserId,
    leader_bid_code: decision.leaderBidCode,
    last_bid_at: at,
    end_at: endAt,
    extension_count: extensions,
    updated_at: at,
    lock_version: activity.lock_version + 1,
  };
  // The row as the update below leaves it (statements.ts `activity`), and the bid: the answer's state.
  const after = liveActivityColumns(nextRow);
  const bid: BidRecord = { seq, bidCode, amount: fenToYuan(decision.recordedFen), time: at, ...(proxy ? { proxy: true as const } : {}) };
  const answer: BidResult = {
    status: 200,
    body: ok({
      activityId: activity.id,
      seq,
      bidCode,
      amount: bid.amount,
      time: at,
      endTime: endAt,
      extended,
      lockVersion: after.lock_version,
      state: changeEventOfActivity(after, at, bid),
      ...(receipt ? { receipt } : {}),
    }),
    committed: { activity: after, bids: [bid] },
  };
  const answerText = JSON.stringify(answer.body);
  const outbid = notice.kind === 'silent' ? null : decision.outbidUserId;
  const lot = projectName ?? activity.activity_code;
  const title = notice.kind === 'exceeded' ? proxyExceededTitle(lot) : outbidMessageTitle(projectName, activity.activity_code);
  const content =
    outbid === null
      ? null
      : notice.kind === 'exceeded'
        ? exceededContent(lot, bidCode, decision.recordedFen, notice.proxy.ceilingFen)
        : `「${lot}」竞价中，竞买号 ${bidCode} 以 ${formatFenAsYuan(decision.recordedFen, { suffix: ' 元' })}出价领先，您已出局。如需继续竞价，请及时进入竞价室出价。`;
  const link = `/quoteHall?activityId=${activity.id}`;
  const ip = input.ip.slice(0, 64);
  const object = `activity:${activity.id}`;
  const detail = `seq=${seq} amount_fen=${decision.recordedFen}${extended ? ' extended' : ''}${proxy ? ` proxy=${proxy.proxyId}` : ''}`;
  let recorded: boolean;
  if (tx.dialect === 'sqlite') {
    const st = SQLITE_BID_STATEMENTS;
    recorded = (await tx.run(st.request, [input.userId, input.idempotencyKey, activity.id, hash, 200, answerText, at])) === 1;
    if (recorded) {
      await tx.run(proxy ? st.proxyBid : st.bid, [activity.id, seq, input.userId, bidCode, decision.recordedFen, at, input.idempotencyKey, prevHash, bidHash, sealed ? 1 : 0]);
      await tx.run(st.activity, [decision.priceFen, maxFen, seq, decision.leaderUserId, decision.leaderBidCode, at, endAt, extensions, at, activity.id]);
      if (outbid !== null) await tx.run(st.message, [outbid, title, content, link, at]);
      await tx.run(st.audit, [deps.now(), input.userId, ip, 'bid.place', object, 'success', detail]);
    }
  } else {
    const st = POSTGRES_BID_STATEMENTS;
    const [written] = await tx.all<{ recorded: number }>(proxy ? st.acceptedProxy : st.accepted, [
      input.userId,
      input.idempotencyKey,
      activity.id,
      hash,
      answerText,
      at,
      seq,
      bidCode,
      decision.recordedFen,
      decision.priceFen,
      maxFen,
      decision.leaderUserId,
      decision.leaderBidCode,
      endAt,
      extensions,
      outbid,
      title,
      content,
      link,
      deps.now(),
      ip,
      object,
      detail,
      deps.notifyChannel,
      bidPayload(activity.id, after.lock_version),
      prevHash,
      bidHash,
      sealed ? 1 : 0,
    ]);
    recorded = written!.recorded === 1;
  }
  return recorded ? { result: answer, next: { activity: nextRow, hash: bidHash } } : { result: await readBack(tx, input, hash, answer) };
}

/** The exceeded message: the price his ceiling could not answer, and the ceiling. */
function exceededContent(lot: string, bidCode: string, priceFen: number, ceilingFen: number): string {
  return `「${lot}」竞价中，竞买号 ${bidCode} 以 ${formatFenAsYuan(priceFen, { suffix: ' 元' })}出价领先，已超出您的代理出价上限 ${formatFenAsYuan(ceilingFen, { suffix: ' 元' })}，代理出价已停止。如需继续竞价，请进入竞价室出价或重新设置代理出价。`;
}

// ------------------------------------------------------------------ 代理出价 inside the bid's transaction

/** One active ceiling as read under the lock, with its owner's bid code. */
export interface LoadedProxy extends ProxyCeiling {
  bidCode: string;
}

interface ProxyRow {
  id: number;
  user_id: number;
  ceiling_fen: number;
  set_at: number;
  bid_code: string;
  pre_emptive_rank: number | null;
}

export async function loadProxies(tx: PreparedTx, activityId: number): Promise<LoadedProxy[]> {
  return (await tx.all<ProxyRow>(statementsOf(tx).proxies, [activityId])).map((r) => ({
    id: Number(r.id),
    userId: Number(r.user_id),
    ceilingFen: Number(r.ceiling_fen),
    setAt: Number(r.set_at),
    rank: r.pre_emptive_rank ?? null,
    bidCode: r.bid_code,
  }));
}

/** The price state of a row for the proxy rule (domain/rules/proxy.ts). */
export function proxyState(a: ActivityRow, settings: ActivitySettings, leaderRank: number | null): ProxyPriceState {
  return {
    startFen: a.start_price_fen,
    currentFen: a.current_price_fen,
    incrementFen: a.increment_fen,
    tiers: settings.tiers,
    capFen: a.cap_fen,
    bidCount: a.bid_count,
    leaderUserId: a.leader_user_id,
    leaderRank,
  };
}

/** The state once `decision` is applied (ascending modes: the bidder leads at his amount). */
function stateAfter(a: ActivityRow, settings: ActivitySettings, d: Extract<BidDecision, { rejection: null }>, bidderRank: number | null): ProxyPriceState {
  return { ...proxyState(a, settings, null), currentFen: d.priceFen, bidCount: a.bid_count + 1, leaderUserId: d.leaderUserId, leaderRank: bidderRank };
}

/** What a bid that leads to `after` tells the leader it displaced (see OutbidNotice). */
function noticeFor(proxies: readonly LoadedProxy[], after: ProxyPriceState, displaced: number | null): OutbidNotice {
  if (displaced === null) return PLAIN;
  const own = proxies.find((p) => p.userId === displaced);
  if (!own) return PLAIN;
  return proxyCanBid(after, own) ? { kind: 'silent' } : { kind: 'exceeded', proxy: own };
}

/** A safety bound: every proxy bid raises the price or is a better right's match, so the loop ends anyway. */
const MAX_PROXY_BIDS = 200;

export interface ProxyRun {
  activity: ActivityRow;
  lastHash: string;
  projectName: string | null;
  settings: ActivitySettings;
  /** The current leader's pre-emptive rank. */
  leaderRank: number | null;
  at: number;
  /** The active ceilings (the leader's included). */
  proxies: LoadedProxy[];
}

export interface ProxyPlaced {
  /** The answers of the bids placed, in seq order (the last one's state is the newest). */
  answers: BidResult[];
  activity: ActivityRow;
  leaderRank: number | null;
}

/**
 * Places the bids the ceilings make in `run`'s state, each as an ordinary bid through the mode's decision
 * and `accept` (next seq, chain hash, receipt, soft close, messages, audit, NOTIFY), under the lock the caller
 * holds; then marks the ceilings the price passed as exceeded and tells their owners.
 */
export async function placeProxyBids(tx: PreparedTx, deps: EngineDeps, run: ProxyRun): Promise<ProxyPlaced> {
  const rules = modeRules(run.activity.mode);
  const st = statementsOf(tx);
  let { activity, lastHash, leaderRank } = run;
  let proxies = run.proxies;
  const answers: BidResult[] = [];
  const at = run.at;
  for (let n = 0; n < MAX_PROXY_BIDS && rules?.acceptsProxy?.(activity, run.settings, at); n++) {
    const state = proxyState(activity, run.settings, leaderRank);
    const next = nextProxyBid(state, proxies);
    if (!next) break;
    const p = next.proxy as LoadedProxy;
    // The window as for any bid (reaching the cap may have ended it at this very time).
    if (activity.status !== 'live' || bidWindowRejection(activity.start_at, activity.end_at, at) || rules.refuseFirst?.(activity, run.settings, p.userId, at)) break;
    const current = activity;
    const currentRank = leaderRank;
    const decision = await rules.decide({
      activity: current,
      settings: run.settings,
      userId: p.userId,
      bidCode: p.bidCode,
      bidderRank: p.rank,
      amountFen: next.amountFen,
      at,
      leaderRank: async () => currentRank,
      hasBid: async () => (await tx.all(st.hasBid, [current.id, p.userId])).length > 0,
      bidLog: async () => [],
      joined: async () => (await tx.all(st.joined, [current.id, p.userId])).length > 0,
    });
    if (decision.rejection) break;
    const after = afterProxyBid(state, p, decision.priceFen);
    const notice = noticeFor(proxies, after, decision.outbidUserId);
    const input: PlaceBidInput = {
      userId: p.userId,
      mode: current.mode,
      activityId: current.id,
      amountFen: next.amountFen,
      idempotencyKey: `proxy:${p.id}:${current.bid_count + 1}`,
      receivedAt: at,
      ip: 'proxy',
    };
    const chain = { prevHash: lastHash, sealed: false };
    const accepted = await accept(tx, deps, input, requestHash(input), current, run.projectName, p.bidCode, decision, chain, notice, { proxyId: p.id });
    if (!accepted.next) break;
    answers.push(accepted.result);
    ({ activity, hash: lastHash } = accepted.next);
    leaderRank = p.rank;
    if (notice.kind === 'exceeded') {
      await tx.run(st.proxyExceeded, [deps.now(), notice.proxy.id]);
      proxies = proxies.filter((q) => q.id !== notice.proxy.id);
    }
  }
  // Ceilings the price passed without a bid displacing their owner (he was not leading): exceeded too.
  const lot = run.projectName ?? activity.activity_code;
  for (const p of exceededProxies(proxyState(activity, run.settings, leaderRank), proxies) as LoadedProxy[]) {
    await tx.run(st.proxyExceeded, [deps.now(), p.id]);
    await tx.run(st.proxyMessage, [p.userId, proxyExceededTitle(lot), exceededContent(lot, activity.leader_bid_code ?? '', activity.current_price_fen, p.ceilingFen), `/quoteHall?activityId=${activity.id}`, at]);
  }
  return { answers, activity, leaderRank };
}

/** The bid's answer with the bids its ceilings placed: the committed bids, and the newest state in the answer. */
function withProxyBids(result: BidResult, placed: ProxyPlaced): BidResult {
  const last = placed.answers.at(-1);
  if (!last || !result.committed || !last.committed || !result.body.data || !last.body.data) return result;
  return {
    ...result,
    // The bidder sees at once that a ceiling answered (the stored answer of a replay is the bid's own).
    body: { ...result.body, data: { ...result.body.data, lockVersion: last.body.data.lockVersion, state: last.body.data.state } },
    committed: { activity: last.committed.activity, bids: [...result.committed.bids, ...placed.answers.flatMap((a) => a.committed?.bids ?? [])] },
  };
}

/** Records a refusal: the audit line and, unless the activity does not exist, the keyed answer. */
async function refuse(tx: PreparedTx, deps: EngineDeps, input: PlaceBidInput, hash: string, refusal: Refusal): Promise<BidResult> {
  const refused: BidResult = { status: refusal.status, body: fail(refusal.status, refusal.message) };
  const at = deps.now();
  const ip = input.ip.slice(0, 64);
  const object = `activity:${input.activityId}`;
  const result = refusal.status === 403 ? 'denied' : 'failure';
  if (refusal.status === 404) {
    // Nothing to key: the activity does not exist.
    await tx.run(statementsOf(tx).audit, [at, input.userId, ip, 'bid.place', object, result, refusal.reason]);
    return refused;
  }
  const answer = [input.userId, input.idempotencyKey, input.activityId, hash, refusal.status, JSON.stringify(refused.body), at];
  let recorded: boolean;
  if (tx.dialect === 'sqlite') {
    await tx.run(SQLITE_BID_STATEMENTS.audit, [at, input.userId, ip, 'bid.place', object, result, refusal.reason]);
    recorded = (await tx.run(SQLITE_BID_STATEMENTS.request, answer)) === 1;
  } else {
    recorded = (await tx.all<{ recorded: number }>(POSTGRES_BID_STATEMENTS.refused, [...answer, at, ip, object, result, refusal.reason]))[0]!.recorded === 1;
  }
  return recorded ? refused : readBack(tx, input, hash, refused);
}

/** The bearer's session is not open: 401 as requireUser answers, audited as it audits; nothing keyed. */
async function refuseBearer(tx: PreparedTx, deps: EngineDeps, input: PlaceBidInput): Promise<BidResult> {
  await tx.run(statementsOf(tx).audit, [deps.now(), null, input.ip.slice(0, 64), 'auth.bearer', `activity:${input.activityId}`, 'denied', 'invalid_or_revoked_token']);
  return { status: 401, body: fail(401, AUTH_MESSAGES.notLoggedIn) };
}

/** The key was taken meanwhile (a concurrent twin committed first): its answer is the answer. */
async function readBack(tx: PreparedTx, input: PlaceBidInput, hash: string, fallback: BidResult): Promise<BidResult> {
  const [stored] = await tx.all<StoredRequest>(statementsOf(tx).findRequest, [input.userId, input.idempotencyKey]);
  return stored ? replay(stored, hash) : fallback;
}

/** The activity's row lock for the sweep and the join (services/auctions/activity-lock.ts): bumps lock_version, returns the row. */
export { lockActivity };

/**
 * Bids received before the end may still be waiting for the row lock when the end passes: the sweep
 * closes an activity only this long after its end, so they are decided by their receipt time.
 */
export const CLOSE_GRACE_MS = 1000;

/** A later end when the activity's mode goes on past end_at into another phase; null: it ends. */
function continuesAt(activity: ActivityRow): number | null {
  const rules = modeRules(activity.mode);
  if (!rules?.continueAt) return null;
  const next = rules.continueAt(activity, settingsOrEmpty(activity.mode, activity.settings));
  return next !== null && next > activity.end_at ? next : null;
}

/**
 * The lifecycle sweep: scheduled → live at the start, live → ended after the end (+ grace), with the
 * outcome, or on into the mode's next phase (ModeRules.continueAt). A suspended activity is never swept:
 * its clock stands still until staff resume (a new end) or terminate it (services/auctions/floor.ts).
 * Idempotent and safe with several processes: each change re-checks under the row lock.
 * Returns the number of activities changed.
 */
export async function sweepActivities(deps: EngineDeps, limit = 500): Promise<number> {
  const at = deps.now();
  const due = await deps.db
    .selectFrom('bid_activity')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'scheduled'), eb('start_at', '<=', at)]),
        eb.and([eb('status', 'in', ['scheduled', 'live']), eb('end_at', '<=', at - CLOSE_GRACE_MS)]),
      ]),
    )
    .limit(limit)
    .execute();
  const changed: number[] = [];
  for (const { id } of due) {
    const did = await deps.db.transaction().execute(async (trx) => {
      const activity = await lockActivity(trx, id);
      // Ended or suspended meanwhile (by another process, or by the floor): nothing to do.
      if (!activity || (activity.status !== 'scheduled' && activity.status !== 'live')) return false;
      const goesOn = activity.end_at <= at - CLOSE_GRACE_MS ? continuesAt(activity) : null;
      if (goesOn !== null) {
        // The mode goes on into another phase (two-stage: stage 1 → the confirmation window).
        await trx.updateTable('bid_activity').set({ end_at: goesOn, status: 'live', updated_at: at }).where('id', '=', id).execute();
      } else if (activity.end_at <= at - CLOSE_GRACE_MS) {
        await settleActivity(trx, activity, at, deps.settlement);
      } else if (activity.status === 'scheduled' && activity.start_at <= at) {
        await trx.updateTable('bid_activity').set({ status: 'live', updated_at: at }).where('id', '=', id).execute();
      } else {
        return false;
      }
      await notifyInTransaction(trx, deps.notifyChannel, id);
      return true;
    });
    if (did) changed.push(id);
  }
  if (changed.length > 0) deps.afterCommit(changed);
  return changed.length;
}
