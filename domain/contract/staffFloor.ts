/**
 * The auction floor in the work system (竞价监控): the running, suspended and coming auctions with who is in
 * them, and the three steps staff take — 中止 with a reason, 恢复 with a new end, 终结 with a reason
 * (server/services/auctions/floor.ts). Permission floor.run (竞价).
 */
import type { ActivityOutcome, ActivityStatus } from './activity';

export const STAFF_FLOOR_PATHS = {
  /** GET → FloorItem[]: live and suspended first, then the scheduled ones of the next 7 days. */
  list: '/dscq-staff/floor/list',
  /** POST {activityId, reason} → FloorStep. */
  suspend: '/dscq-staff/floor/suspend',
  /** POST {activityId, endTime ('YYYY-MM-DD HH:mm:ss', China time, after now), reason?} → FloorStep. */
  resume: '/dscq-staff/floor/resume',
  /** POST {activityId, reason} → FloorStep. */
  terminate: '/dscq-staff/floor/terminate',
} as const;

export interface FloorItem {
  activityId: number;
  activityCode: string;
  assetsId: number;
  assetsName: string;
  mode: string;
  status: ActivityStatus;
  outcome: ActivityOutcome | null;
  startTime: string;
  endTime: string;
  /** Yuan. */
  currentPrice: number;
  bidCount: number;
  /** Bidders qualified in the room. */
  bidderCount: number;
  leaderBidCode: string | null;
  suspendReason: string | null;
  /** While suspended: the time that was left when the clock stopped (ms). */
  remainingMs: number | null;
}

export interface FloorStep {
  activityId: number;
  action: 'suspend' | 'resume' | 'terminate';
  status: ActivityStatus;
  outcome: ActivityOutcome | null;
  endTime: string;
}
