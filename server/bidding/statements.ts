/**
 * Every statement the engine runs for a bid, per dialect, prepared once (server/db/prepared.ts). The
 * benchmark's bare baseline (server/bench/bare-bid-server.ts) runs these same texts, so a change here
 * changes both.
 *
 * Per bid, in one transaction (several bids may share one: engine.ts "group commit"):
 *   lock     the activity row (SQLite: the transaction's write lock; PostgreSQL: FOR UPDATE OF the row),
 *            read with what the decision needs: the bearer's session (open?), the project's name, the
 *            bidder's qualification and account, an earlier answer under the idempotency key, and the
 *            last bid's hash (the new bid's prev_hash: the chain costs no extra round trip);
 *   [rank]   the leader's pre-emptive rank (a holder's bid at the current price only), [hasBid] (onceOff,
 *            two-stage's stage 1), [bidLog] (final once the cap is reached), [joined] (two-stage's stage 2);
 *   accepted the idempotency record first (nothing else is written when the key turns out taken), the bid,
 *            the activity update (lock_version + 1: the snapshot's tag), the message to the outbid
 *            leader, the audit line and, on PostgreSQL, the NOTIFY (delivered on commit). SQLite: five
 *            statements; PostgreSQL: one (data-modifying WITH), so the row lock is held for two round trips;
 *   refused  the audit line and the idempotency record of the refusal.
 *   [proxies] only when the lock saw an active ceiling (x_proxy, one indexed probe in the lock's round trip):
 *            the ceilings; each bid placed for one is an ordinary accepted bid with proxy = 1
 *            (proxyBid / acceptedProxy), and an exceeded ceiling is marked (proxyExceeded, proxyMessage).
 */
import type { PreparedTx, Statement } from '../db/prepared.ts';
import type { BidActivityTable } from '../db/tables/bidding.ts';

/** The activity's columns (all of them: the modes read the whole row). */
export const ACTIVITY_COLUMNS = [
  'id',
  'activity_code',
  'project_id',
  'mode',
  'status',
  'outcome',
  'start_at',
  'end_at',
  'original_end_at',
  'start_price_fen',
  'increment_fen',
  'reserve_fen',
  'cap_fen',
  'extension_window_ms',
  'extension_ms',
  'allow_self_outbid',
  'current_price_fen',
  'max_price_fen',
  'bid_count',
  'extension_count',
  'leader_user_id',
  'leader_bid_code',
  'last_bid_at',
  'org_name',
  'settings',
  'lock_version',
  'created_at',
  'updated_at',
  'settled_at',
  'suspended_at',
  'resumed_at',
  'suspend_reason',
  'remaining_ms',
  'terminate_reason',
] as const satisfies readonly (keyof BidActivityTable)[];
// A column added to the table must be added above (the modes get the whole row).
const allColumns: [Exclude<keyof BidActivityTable, (typeof ACTIVITY_COLUMNS)[number]>] extends [never] ? true : false = true;
void allColumns;

/** What the lock statement reads besides the activity row (null when absent). */
export interface LockExtras {
  /** 1 when the bearer's session is open: this user's, not revoked, not expired. */
  s_open: number | null;
  project_name: string | null;
  q_bid_code: string | null;
  q_rank: number | null;
  u_auth_status: number | null;
  u_is_allowed: number | null;
  r_request_hash: string | null;
  r_status_code: number | null;
  r_answer: string | null;
  /** The hash of the activity's last bid (seq = bid_count): the new bid's prev_hash (migration 0021). */
  b_prev_hash: string | null;
  /** 1 when the activity has an active proxy ceiling (migration 0022): only then are the ceilings read. */
  x_proxy: number | null;
  /** PostgreSQL: the row's version (xmin) as locked and as the statement's snapshot saw it (lockActivity); SQLite: absent. */
  x_locked?: string;
  x_seen?: string | null;
}

const SESSION_OPEN = 'from auth_session s where s.id = ? and s.user_id = ? and s.revoked_at is null and s.expires_at > ?';

const lockSelect = `select ${ACTIVITY_COLUMNS.map((c) => `a.${c}`).join(', ')},
  (select 1 ${SESSION_OPEN}) as s_open,
  p.assets_name as project_name, q.bid_code as q_bid_code, q.pre_emptive_rank as q_rank,
  u.auth_status as u_auth_status, u.is_allowed as u_is_allowed,
  r.request_hash as r_request_hash, r.status_code as r_status_code, r.answer as r_answer,
  (select pb.hash from bid pb where pb.activity_id = a.id and pb.seq = a.bid_count) as b_prev_hash,
  (select 1 from proxy_bid x where x.activity_id = a.id and x.status = 'active' limit 1) as x_proxy
from bid_activity a
left join project p on p.id = a.project_id
left join bid_qualification q on q.activity_id = a.id and q.user_id = ?
left join app_user u on u.id = ?
left join bid_request r on r.user_id = ? and r.idempotency_key = ?
where a.id = ?`;

/** The active ceilings of an activity (read only when the lock saw one: x_proxy). */
const PROXIES_SELECT = `select x.id, x.user_id, x.ceiling_fen, x.set_at, q.bid_code, q.pre_emptive_rank from proxy_bid x
join bid_qualification q on q.activity_id = x.activity_id and q.user_id = x.user_id where x.activity_id = ? and x.status = 'active' order by x.id`;

/**
 * The lock statement (`st.lock` with its parameters), run a second time on PostgreSQL when it waited for
 * another process's commit. In READ COMMITTED a FOR UPDATE that waits gets the row's newest version
 * (EvalPlanQual), but its subqueries still read the statement's snapshot, taken before that commit: the
 * last bid's hash came back null for the bid just committed (the chain broke with two nodes bidding on one
 * lot: bench:nodes), and a ceiling set meanwhile went unseen (x_proxy). The row's xmin as locked differs
 * from the snapshot's then; the second run already holds the lock, so it waits for nobody and reads one
 * moment. Within one process an activity's lane serialises its bids: only several processes meet this.
 */
export async function lockForBid<Row extends LockExtras>(tx: PreparedTx, lock: Statement, params: unknown[]): Promise<Row | undefined> {
  const [row] = await tx.all<Row>(lock, params);
  if (row && row.x_locked !== undefined && row.x_locked !== row.x_seen) return (await tx.all<Row>(lock, params))[0];
  return row;
}

/** `?` → `$1, $2 …` (texts written once with `?`). */
export function numbered(text: string): string {
  let n = 0;
  return text.replace(/\?/g, () => `$${++n}`);
}

/** The statement texts of one dialect; parameters in the order of each entry's comment. */
export interface BidStatements {
  /** (sessionId, userId, now, userId, userId, userId, key, activityId) → activity row + LockExtras; none when no such activity. */
  lock: Statement;
  /** (sessionId, userId, now) → a row when the session is open and its user allowed (the lock found no activity). */
  session: Statement;
  /** (userId, key) → { request_hash, status_code, answer }. */
  findRequest: Statement;
  /** (activityId, userId) → { pre_emptive_rank }. */
  rank: Statement;
  /** (activityId, userId) → a row when the user has a bid on the activity. */
  hasBid: Statement;
  /** (activityId) → the bid log in seq order: { seq, user_id, bid_code, amount_fen, placed_at, pre_emptive_rank }. */
  bidLog: Statement;
  /** (activityId, userId) → a row when the user has confirmed joining stage 2 (two-stage). */
  joined: Statement;
  /** (at, userId, ip, action, object, result, detail). */
  audit: Statement;
  /** (activityId) → the active ceilings with their owners' bid codes and ranks: { id, user_id, ceiling_fen, set_at, bid_code, pre_emptive_rank }. */
  proxies: Statement;
  /** (updatedAt, proxyId): an active ceiling becomes exceeded. */
  proxyExceeded: Statement;
  /** (userId, title, content, link, createdAt): the 'outbid' message of an exceeded ceiling that placed no bid. */
  proxyMessage: Statement;
}

export interface SqliteBidStatements extends BidStatements {
  /** (userId, key, activityId, hash, status, answer, createdAt) → changes (0: the key was taken). */
  request: Statement;
  /** (activityId, seq, userId, bidCode, amountFen, placedAt, key, prevHash, hash, sealed). */
  bid: Statement;
  /** As `bid`, for a bid placed under a ceiling (proxy = 1). */
  proxyBid: Statement;
  /** (currentFen, maxFen, bidCount, leaderUserId, leaderBidCode, lastBidAt, endAt, extensionCount, updatedAt, activityId). */
  activity: Statement;
  /** (userId, title, content, link, createdAt). */
  message: Statement;
}

export interface PostgresBidStatements extends BidStatements {
  /**
   * Everything an accepted bid writes, in one statement, gated on the idempotency record:
   * (userId, key, activityId, hash, answer, at, seq, bidCode, amountFen, currentFen, maxFen, leaderUserId,
   *  leaderBidCode, endAt, extensionCount, outbidUserId|null, title, content, link, auditAt, ip, object,
   *  detail, channel|null, payload, prevHash, hash, sealed) → { recorded } (0: the key was taken, nothing written).
   */
  accepted: Statement;
  /** As `accepted`, for a bid placed under a ceiling (proxy = 1). */
  acceptedProxy: Statement;
  /** (userId, key, activityId, hash, status, answer, createdAt, auditAt, ip, object, result, detail) → { recorded }. */
  refused: Statement;
}

const REQUEST_INSERT = `insert into bid_request (user_id, idempotency_key, activity_id, request_hash, status_code, answer, created_at)`;
const AUDIT_INSERT = `insert into audit_log (at, user_id, login_name, ip, action, object, result, detail)`;

export const SQLITE_BID_STATEMENTS: SqliteBidStatements = {
  lock: { name: 'bid_lock', text: lockSelect },
  session: { name: 'bid_session', text: `select 1 as open ${SESSION_OPEN} and exists (select 1 from app_user u where u.id = s.user_id and u.is_allowed = 1)` },
  findRequest: { name: 'bid_find_request', text: 'select request_hash, status_code, answer from bid_request where user_id = ? and idempotency_key = ?' },
  rank: { name: 'bid_rank', text: 'select pre_emptive_rank from bid_qualification where activity_id = ? and user_id = ?' },
  hasBid: { name: 'bid_has_bid', text: 'select 1 as found from bid where activity_id = ? and user_id = ? limit 1' },
  bidLog: {
    name: 'bid_log',
    text: `select b.seq, b.user_id, b.bid_code, b.amount_fen, b.placed_at, q.pre_emptive_rank from bid b
left join bid_qualification q on q.activity_id = b.activity_id and q.user_id = b.user_id where b.activity_id = ? order by b.seq`,
  },
  joined: { name: 'bid_joined', text: 'select 1 as found from bid_stage_join where activity_id = ? and user_id = ? limit 1' },
  audit: { name: 'bid_audit', text: `${AUDIT_INSERT} values (?, ?, '', ?, ?, ?, ?, ?)` },
  proxies: { name: 'bid_proxies', text: PROXIES_SELECT },
  proxyExceeded: { name: 'bid_proxy_exceeded', text: `update proxy_bid set status = 'exceeded', updated_at = ? where id = ? and status = 'active'` },
  proxyMessage: { name: 'bid_proxy_message', text: `insert into message (user_id, kind, title, content, link, created_at, read_at) values (?, 'outbid', ?, ?, ?, ?, null)` },
  request: { name: 'bid_request', text: `${REQUEST_INSERT} values (?, ?, ?, ?, ?, ?, ?) on conflict (user_id, idempotency_key) do nothing` },
  bid: { name: 'bid_insert', text: 'insert into bid (activity_id, seq, user_id, bid_code, amount_fen, placed_at, idempotency_key, prev_hash, hash, sealed) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)' },
  proxyBid: {
    name: 'bid_insert_proxy',
    text: 'insert into bid (activity_id, seq, user_id, bid_code, amount_fen, placed_at, idempotency_key, prev_hash, hash, sealed, proxy) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)',
  },
  activity: {
    name: 'bid_activity_update',
    text: `update bid_activity set status = 'live', current_price_fen = ?, max_price_fen = ?, bid_count = ?, leader_user_id = ?, leader_bid_code = ?,
  last_bid_at = ?, end_at = ?, extension_count = ?, updated_at = ?, lock_version = lock_version + 1 where id = ?`,
  },
  message: { name: 'bid_message', text: `insert into message (user_id, kind, title, content, link, created_at, read_at) values (?, 'outbid', ?, ?, ?, ?, null)` },
};

export const POSTGRES_BID_STATEMENTS: PostgresBidStatements = {
  lock: {
    name: 'bid_lock',
    text: `${numbered(lockSelect.replace('\nfrom bid_activity a\n', ',\n  a.xmin::text as x_locked, (select a2.xmin::text from bid_activity a2 where a2.id = a.id) as x_seen\nfrom bid_activity a\n'))} for update of a`,
  },
  session: { name: 'bid_session', text: numbered(SQLITE_BID_STATEMENTS.session.text) },
  findRequest: { name: 'bid_find_request', text: numbered(SQLITE_BID_STATEMENTS.findRequest.text) },
  rank: { name: 'bid_rank', text: numbered(SQLITE_BID_STATEMENTS.rank.text) },
  hasBid: { name: 'bid_has_bid', text: numbered(SQLITE_BID_STATEMENTS.hasBid.text) },
  bidLog: { name: 'bid_log', text: numbered(SQLITE_BID_STATEMENTS.bidLog.text) },
  joined: { name: 'bid_joined', text: numbered(SQLITE_BID_STATEMENTS.joined.text) },
  audit: { name: 'bid_audit', text: numbered(SQLITE_BID_STATEMENTS.audit.text) },
  proxies: { name: 'bid_proxies', text: numbered(PROXIES_SELECT) },
  proxyExceeded: { name: 'bid_proxy_exceeded', text: numbered(SQLITE_BID_STATEMENTS.proxyExceeded.text) },
  proxyMessage: { name: 'bid_proxy_message', text: numbered(SQLITE_BID_STATEMENTS.proxyMessage.text) },
  accepted: { name: 'bid_accepted', text: acceptedText(false) },
  acceptedProxy: { name: 'bid_accepted_proxy', text: acceptedText(true) },
  refused: {
    name: 'bid_refused',
    text: `with r as (
  ${REQUEST_INSERT}
  values ($1::bigint, $2::text, $3::bigint, $4::text, $5::int, $6::text, $7::bigint)
  on conflict (user_id, idempotency_key) do nothing returning id
), l as (
  ${AUDIT_INSERT}
  values ($8::bigint, $1, '', $9::text, 'bid.place', $10::text, $11::text, $12::text)
)
select (select count(*) from r)::int as recorded`,
  },
};

/** The accepted bid's one statement on PostgreSQL; `proxy`: the bid was placed under a ceiling. */
function acceptedText(proxy: boolean): string {
  return `with r as (
  ${REQUEST_INSERT}
  values ($1::bigint, $2::text, $3::bigint, $4::text, 200, $5::text, $6::bigint)
  on conflict (user_id, idempotency_key) do nothing returning id
), b as (
  insert into bid (activity_id, seq, user_id, bid_code, amount_fen, placed_at, idempotency_key, prev_hash, hash, sealed, proxy)
  select $3, $7::int, $1, $8::text, $9::bigint, $6, $2, $26::text, $27::text, $28::int, ${proxy ? 1 : 0} from r
), a as (
  update bid_activity set status = 'live', current_price_fen = $10::bigint, max_price_fen = $11::bigint, bid_count = $7,
    leader_user_id = $12::bigint, leader_bid_code = $13::text, last_bid_at = $6, end_at = $14::bigint,
    extension_count = $15::int, updated_at = $6, lock_version = lock_version + 1
  where id = $3 and exists (select 1 from r)
), m as (
  insert into message (user_id, kind, title, content, link, created_at, read_at)
  select $16::bigint, 'outbid', $17::text, $18::text, $19::text, $6, null from r where $16::bigint is not null
), l as (
  ${AUDIT_INSERT}
  select $20::bigint, $1, '', $21::text, 'bid.place', $22::text, 'success', $23::text from r
), n as (
  select pg_notify($24::text, $25::text) from r where $24::text is not null
)
select (select count(*) from r)::int as recorded, (select count(*) from n)::int as notified`;
}
