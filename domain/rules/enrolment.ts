/** Enrolment rules: the status words, the allowed transitions and the steps a bidder sees (the wire side is domain/contract/enrolment.ts). */
import { type EnrolmentStatus, type DepositStatus, type MessageKind } from '../contract/enrolment';

export const ENROLMENT_STATUS_TEXT: Record<EnrolmentStatus, string> = {
  submitted: '已提交',
  reviewing: '审核中',
  rejected: '审核未通过',
  depositPending: '待交保证金',
  depositConfirmed: '保证金已确认',
  qualified: '已取得竞买资格',
};

/** Which status each operator or payment step may start from (a conditional update checks it). */
export const ENROLMENT_TRANSITIONS: Record<EnrolmentStatus, readonly EnrolmentStatus[]> = {
  submitted: ['reviewing', 'depositPending', 'rejected'],
  reviewing: ['depositPending', 'rejected'],
  rejected: [],
  depositPending: ['depositConfirmed'],
  depositConfirmed: ['qualified'],
  qualified: [],
};

export function canMove(from: EnrolmentStatus, to: EnrolmentStatus): boolean {
  return ENROLMENT_TRANSITIONS[from].includes(to);
}

export const DEPOSIT_STATUS_TEXT: Record<DepositStatus, string> = {
  pending: '待缴纳',
  paying: '支付处理中',
  proofSubmitted: '凭证待确认',
  confirmed: '已缴纳',
  released: '已退还',
  kept: '已转为价款',
  converted: '已抵作价款',
  forfeited: '已没收',
};

/** A deposit in these states has been paid (a new payment is refused). */
export const DEPOSIT_PAID_STATUSES: readonly DepositStatus[] = ['confirmed', 'released', 'kept', 'converted', 'forfeited'];

export const MESSAGE_KIND_TEXT: Record<MessageKind, string> = {
  enrolment: '报名通知',
  deposit: '保证金通知',
  outbid: '出价被超越',
  won: '竞得通知',
  lost: '竞价结果',
  failed: '流拍通知',
  released: '保证金退还',
  appeal: '申诉通知',
  demand: '需求匹配',
  contract: '合同通知',
  roadshow: '路演提醒',
  system: '系统通知',
};

/** The enrolment steps as the user centre shows them (index of the current step, and whether it failed). */
export function enrolmentStep(status: EnrolmentStatus): { current: number; failed: boolean } {
  switch (status) {
    case 'submitted':
    case 'reviewing':
      return { current: 1, failed: false };
    case 'rejected':
      return { current: 1, failed: true };
    case 'depositPending':
      return { current: 2, failed: false };
    case 'depositConfirmed':
      return { current: 3, failed: false };
    case 'qualified':
      return { current: 4, failed: false };
  }
}

/** The accepted terms as the enrolment detail shows them: 已同意《竞买须知》v… (SHA-256 …, time). */
export function acceptedTermsText(t: { title: string; version: string; sha256: string; acceptedTime: string }): string {
  return `已同意《${t.title}》v${t.version}（SHA-256 ${t.sha256}，${t.acceptedTime}）`;
}
