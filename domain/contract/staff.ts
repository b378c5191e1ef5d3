/**
 * The staff console's API (/api/dscq-staff/…): its paths and wire types. Every route answers the
 * portal's envelope; a staff token (Authorization: Bearer stf_…) is not a bidder's token and the other
 * way round. Refusals: 401 the session ended (idle or expired), 403 outside the staff member's roles,
 * 428 the password is asked again (money actions).
 */

/** The five staff roles (labels, duties and what each may do: domain/rules/staff.ts). */
export type StaffRole = 'review' | 'auction' | 'finance' | 'content' | 'admin';

/** Every staff permission (STAFF_PERMISSIONS in domain/rules/staff.ts says which roles hold it). */
export type StaffPermission =
  | 'realName.review'
  | 'enrolment.review'
  | 'depositProof.review'
  | 'seal.review'
  | 'appeal.handle'
  | 'lot.edit'
  | 'lot.publish'
  | 'activity.edit'
  | 'floor.run'
  | 'result.publish'
  | 'contract.seal'
  | 'demand.answer'
  | 'transfer.confirm'
  | 'withdrawal.pay'
  | 'deposit.forfeit'
  | 'deal.settle'
  | 'deal.payout'
  | 'invoice.issue'
  | 'ledger.view'
  | 'content.edit'
  | 'roadshow.edit'
  | 'staff.manage'
  | 'audit.view';

/** Actions that need a second staff member (FOUR_EYES_KINDS in domain/rules/staff.ts). */
export type FourEyesKind = 'lot.publish' | 'activity.change' | 'transfer.confirm' | 'deposit.forfeit' | 'deal.payout';

export type ApprovalState = 'pending' | 'approved' | 'rejected' | 'withdrawn';

export const STAFF_PATHS = {
  /** POST {loginName, password (RSA, as the portal's login), captchaKey, captchaCode} → StaffSession. */
  login: '/dscq-staff/auth/login',
  /** POST → null. */
  logout: '/dscq-staff/auth/logout',
  /** GET → StaffMe. */
  me: '/dscq-staff/auth/me',
  /** POST {password (RSA)} → {confirmedUntil}: covers money actions for STAFF_REAUTH_MINUTES. */
  confirmPassword: '/dscq-staff/auth/confirm',
  /** POST {oldPassword, newPassword} (RSA) → null. */
  changePassword: '/dscq-staff/auth/password',

  /** GET → StaffMember[] (管理员). */
  staffList: '/dscq-staff/staff/list',
  /** POST {loginName, name, roles, password} → StaffMember. */
  staffCreate: '/dscq-staff/staff/create',
  /** POST {id, name?, roles?, disabled?} → StaffMember. */
  staffUpdate: '/dscq-staff/staff/update',
  /** POST {id, password} → null (the member changes it at next login). */
  staffResetPassword: '/dscq-staff/staff/reset-password',

  /** GET {staff?, action?, subject?, q?, from?, to?, current, size} → Page<StaffAuditEntry>. */
  auditPage: '/dscq-staff/audit/page',
  /** GET {… the same filters, format: csv|xlsx} → the file (at most STAFF_AUDIT_EXPORT_MAX rows). */
  auditExport: '/dscq-staff/audit/export',

  /** GET {state?, kind?, current, size} → Page<ApprovalItem>: the four-eyes items the member may see. */
  approvalPage: '/dscq-staff/approval/page',
  /** POST {id} → ApprovalItem (another member than the preparer; carries the action out). */
  approvalApprove: '/dscq-staff/approval/approve',
  /** POST {id, reason} → ApprovalItem. */
  approvalReject: '/dscq-staff/approval/reject',
  /** POST {id} → ApprovalItem (only the preparer, while pending). */
  approvalWithdraw: '/dscq-staff/approval/withdraw',

  /** GET → QueueSummary[]: every work queue the member's roles cover, with counts and the longest wait. */
  queues: '/dscq-staff/queues',
} as const;

export const STAFF_AUDIT_EXPORT_MAX = 50_000;

export interface StaffMember {
  id: number;
  loginName: string;
  name: string;
  roles: StaffRole[];
  disabled: boolean;
  lastLoginTime: string | null;
  createTime: string;
}

export interface StaffMe {
  staff: StaffMember;
  permissions: StaffPermission[];
  /** When the session ends if idle, and at the latest (China time). */
  idleMinutes: number;
  expiresAt: string;
  /** Until when a password confirmation covers money actions; null: none. */
  confirmedUntil: string | null;
}

export interface StaffSession extends StaffMe {
  token: string;
}

export interface StaffAuditEntry {
  id: number;
  time: string;
  staffId: number | null;
  staffLogin: string;
  /** e.g. realName.approve, lot.publish.prepare, approval.approve. */
  action: string;
  /** What it acted on: `verification:12`, `project:301`, `activity:44`. */
  subject: string;
  /** JSON of the record before and after (null when not applicable). */
  before: string | null;
  after: string | null;
  reason: string;
  ip: string;
  approvalId: number | null;
}

export interface ApprovalItem {
  id: number;
  kind: FourEyesKind;
  kindLabel: string;
  subject: string;
  /** One line for the checker: what will happen. */
  summary: string;
  /** The prepared action's parameters (JSON). */
  payload: string;
  state: ApprovalState;
  preparedBy: string;
  preparedAt: string;
  decidedBy: string | null;
  decidedAt: string | null;
  reason: string;
  /** Set for the member asking: whether he may approve it (holds the permission and did not prepare it). */
  canApprove: boolean;
  canWithdraw: boolean;
}

export type QueueKey =
  | 'realName'
  | 'enrolment'
  | 'depositProof'
  | 'transferProof'
  | 'withdrawal'
  | 'invoice'
  | 'sealApplication'
  | 'appeal'
  | 'demand'
  /** Paid deals waiting for the exchange's handover notice, certificate or payout (domain/contract/staffQueues.ts). */
  | 'settlement'
  | 'approval';

export interface QueueSummary {
  key: QueueKey;
  label: string;
  count: number;
  /** The oldest waiting item's submission time (China time); null when empty. */
  oldestSince: string | null;
  /** Its wait in minutes (server clock), for sorting and colouring. */
  oldestWaitMinutes: number | null;
}
