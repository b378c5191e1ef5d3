/**
 * Bidding (migration 0004): activities (one auction of one listed asset), the qualified bidders with their
 * bid codes, the append-only bid log, and the idempotency record of every bid request.
 * Amounts in fen, times in epoch ms of the server clock.
 */
import type { Generated } from 'kysely';

export interface BidActivityTable {
  id: Generated<number>;
  /** Stable activity number (natural key). */
  activity_code: string;
  project_id: number;
  /** BiddingMode (domain/rules/hall.ts). */
  mode: string;
  /** ActivityStatus: scheduled → live → ended; live ⇄ suspended on the floor (migration 0015). */
  status: string;
  /** ActivityOutcome once ended: sold, failed (流拍) or terminated (终结 by the exchange); null before. */
  outcome: string | null;
  start_at: number;
  /** The current end, after extensions. */
  end_at: number;
  original_end_at: number;
  start_price_fen: number;
  increment_fen: number;
  /** 保留价: below it at the end, no sale. */
  reserve_fen: number | null;
  /** 封顶价: a bid above it is refused. */
  cap_fen: number | null;
  /** A bid inside the last `extension_window_ms` extends the end to bid time + `extension_ms`. */
  extension_window_ms: number;
  extension_ms: number;
  /** 1: the leader may raise his own bid. */
  allow_self_outbid: number;
  current_price_fen: number;
  max_price_fen: number;
  bid_count: number;
  extension_count: number;
  leader_user_id: number | null;
  leader_bid_code: string | null;
  last_bid_at: number | null;
  /** The organiser shown in the hall. */
  org_name: string;
  /** Mode parameters as JSON text (phases, tiers, dutch decrement …). */
  settings: string;
  /** Bumped by every committed change of the row (an accepted bid, a lifecycle step): the snapshot's tag. */
  lock_version: number;
  created_at: number;
  updated_at: number;
  settled_at: number | null;
  /** The floor (migration 0015): when the current or last suspension began (the clock stopped); null if never. */
  suspended_at: number | null;
  /** When the last suspension ended (resumed); null while suspended or never suspended. */
  resumed_at: number | null;
  /** The current or last suspension's reason. */
  suspend_reason: string | null;
  /** While suspended: end_at − suspended_at, the time that was left when the clock stopped. */
  remaining_ms: number | null;
  /** Once terminated (outcome 'terminated'): the reason. */
  terminate_reason: string | null;
}

/** One step of the floor (migration 0015): suspend, resume or terminate, with who, why and the state before and after. Append-only. */
export interface BidActivityFloorTable {
  id: Generated<number>;
  activity_id: number;
  /** FloorAction: suspend | resume | terminate. */
  action: string;
  at: number;
  reason: string;
  /** The staff member who acted (0: the operator CLI) and his login name. */
  staff_id: number;
  staff_login: string;
  end_before: number;
  end_after: number;
  /** The activity's state before and after (FloorState as JSON). */
  state_before: string;
  state_after: string;
}

export interface BidQualificationTable {
  id: Generated<number>;
  activity_id: number;
  user_id: number;
  /** 竞买号: what other bidders and the public see. Unique within the activity. */
  bid_code: string;
  /** Pre-emptive right rank (优先购买权), null for ordinary bidders. */
  pre_emptive_rank: number | null;
  created_at: number;
}

/** Append-only (triggers refuse update and delete). `seq` is gap-free per activity from 1. */
export interface BidTable {
  id: Generated<number>;
  activity_id: number;
  seq: number;
  user_id: number;
  bid_code: string;
  amount_fen: number;
  placed_at: number;
  idempotency_key: string;
  /** The hash chain (migration 0021, domain/rules/bidChain.ts): the previous bid's hash (GENESIS_HASH for seq 1). */
  prev_hash: string | null;
  /** SHA-256 hex of the canonical {activityId, seq, bidCode, amountFen, serverTime, prevHash}. */
  hash: string | null;
  /** 1: a sealed offer (its receipt signs the hash, not the amount). */
  sealed: Generated<number>;
  /** 1: placed by the server under the bidder's ceiling (代理出价, migration 0022). */
  proxy: Generated<number>;
}

/** 代理出价 (migration 0022): a bidder's private ceiling in an activity; one row per (activity, user). */
export interface ProxyBidTable {
  id: Generated<number>;
  activity_id: number;
  user_id: number;
  ceiling_fen: number;
  /** ProxyStatus: active | cancelled | exceeded. */
  status: string;
  /** When the current ceiling was set (at equal ceilings the earlier leads). */
  set_at: number;
  created_at: number;
  updated_at: number;
}

/** The first answer to each (user, idempotency key): a replay returns it as is. */
export interface BidRequestTable {
  id: Generated<number>;
  user_id: number;
  idempotency_key: string;
  activity_id: number;
  /** Hash of (activity, mode, amount): the same key with another body is refused. */
  request_hash: string;
  /** HTTP status of the first answer. */
  status_code: number;
  /** The first answer's envelope as JSON. */
  answer: string;
  created_at: number;
}

/** two-stage (migration 0007): a bidder with a stage-1 quote confirmed joining stage 2. */
export interface BidStageJoinTable {
  id: Generated<number>;
  activity_id: number;
  user_id: number;
  joined_at: number;
}

/** A periodic job one of several processes holds for a while (migration 0007; the demo scheduler). */
export interface JobLeaseTable {
  name: string;
  /** Who holds it (process id and a random part). */
  holder: string;
  /** The lease runs out at this time; then any process may take it. */
  until_at: number;
  /** How many times a holder has run the job. */
  runs: number;
}

export interface BiddingTables {
  bid_activity: BidActivityTable;
  bid_activity_floor: BidActivityFloorTable;
  bid_qualification: BidQualificationTable;
  bid: BidTable;
  bid_request: BidRequestTable;
  bid_stage_join: BidStageJoinTable;
  job_lease: JobLeaseTable;
  proxy_bid: ProxyBidTable;
}
