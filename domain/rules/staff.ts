/**
 * The exchange's staff: roles, what each role may do, which actions need a second person (four eyes) and
 * which need the password again. One table each, read by the server on every staff route (it answers 403
 * outside them) and by the console, which only hides what the server already refuses.
 */

import type { ApprovalState, FourEyesKind, StaffPermission, StaffRole } from '../contract/staff';

export type { ApprovalState, FourEyesKind, StaffPermission, StaffRole };

export const STAFF_ROLES = ['review', 'auction', 'finance', 'content', 'admin'] as const satisfies readonly StaffRole[];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  review: '审核',
  auction: '竞价',
  finance: '财务',
  content: '内容',
  admin: '管理员',
};

export const STAFF_ROLE_DUTIES: Record<StaffRole, string> = {
  review: '实名认证、报名、保证金凭证、签章申请、申诉',
  auction: '项目、竞价活动、竞价监控、结果公告、合同盖章、需求',
  finance: '转账确认、提现、向转让方付款、没收保证金、发票',
  content: '新闻、通知、公告',
  admin: '工作人员与角色、操作日志',
};

/**
 * Every staff permission and the roles that hold it. A four-eyes action's approver needs the same
 * permission as its preparer (a checker of the same department), and can never be the preparer.
 */
export const STAFF_PERMISSIONS = {
  'realName.review': ['review'],
  'enrolment.review': ['review'],
  'depositProof.review': ['review'],
  'seal.review': ['review'],
  'appeal.handle': ['review'],
  'lot.edit': ['auction'],
  'lot.publish': ['auction'],
  'activity.edit': ['auction'],
  'floor.run': ['auction'],
  'result.publish': ['auction'],
  'contract.seal': ['auction'],
  'demand.answer': ['auction'],
  'transfer.confirm': ['finance'],
  'withdrawal.pay': ['finance'],
  'deposit.forfeit': ['finance'],
  'deal.settle': ['finance'],
  'deal.payout': ['finance'],
  'invoice.issue': ['finance'],
  'ledger.view': ['finance'],
  'content.edit': ['content'],
  /** 路演: scheduled for a lot by the auction department or the content department. */
  'roadshow.edit': ['auction', 'content'],
  'staff.manage': ['admin'],
  'audit.view': ['admin'],
} as const satisfies Record<StaffPermission, readonly StaffRole[]>;

export const STAFF_PERMISSION_KEYS = Object.keys(STAFF_PERMISSIONS) as StaffPermission[];

export function rolesAllow(roles: readonly StaffRole[], permission: StaffPermission): boolean {
  const allowed: readonly StaffRole[] = STAFF_PERMISSIONS[permission];
  return roles.some((role) => allowed.includes(role));
}

export function permissionsOf(roles: readonly StaffRole[]): StaffPermission[] {
  return STAFF_PERMISSION_KEYS.filter((permission) => rolesAllow(roles, permission));
}

/** Actions prepared by one staff member and carried out only when another approves (maker–checker). */
/** `money`: approving it moves money, so the checker gives his password again (STAFF_REAUTH_MINUTES). */
export const FOUR_EYES_KINDS = {
  'lot.publish': { label: '发布项目', permission: 'lot.publish', money: false },
  'activity.change': { label: '修改已发布的竞价', permission: 'activity.edit', money: false },
  'transfer.confirm': { label: '确认银行转账', permission: 'transfer.confirm', money: true },
  'deposit.forfeit': { label: '没收保证金', permission: 'deposit.forfeit', money: true },
  'deal.payout': { label: '向转让方付款', permission: 'deal.payout', money: true },
} as const satisfies Record<FourEyesKind, { label: string; permission: StaffPermission; money: boolean }>;
export const FOUR_EYES_KIND_KEYS = Object.keys(FOUR_EYES_KINDS) as FourEyesKind[];

/** A staff session ends after this much idleness (bidders keep theirs for days). */
export const STAFF_IDLE_MINUTES = 15;
/** …and at the latest this long after login. */
export const STAFF_SESSION_HOURS = 8;
/** A password confirmation covers money actions (the server's requireConfirmed routes) for this long. */
export const STAFF_REAUTH_MINUTES = 5;
/** Failed logins before a staff account is locked for STAFF_LOCK_MINUTES. */
export const STAFF_MAX_FAILURES = 5;
export const STAFF_LOCK_MINUTES = 30;

/** The answer code that asks the console for the password again (HTTP 428 Precondition Required). */
export const STAFF_REAUTH_CODE = 428;
export const STAFF_REAUTH_MESSAGE = '此操作涉及资金，请再次输入登录密码确认';

export const APPROVAL_STATE_LABELS: Record<ApprovalState, string> = {
  pending: '待复核',
  approved: '已通过',
  rejected: '已退回',
  withdrawn: '已撤回',
};

/** Staff login names: letters, digits, underscore; 3–32. */
export const STAFF_LOGIN_PATTERN = /^[A-Za-z][A-Za-z0-9_]{2,31}$/;
