/**
 * The enrolment wire contract (spec section 2 auth routes /bidEnrollNormal … /depositAddPayInfo, /myProject,
 * /myDeposit, /myMessage; section 8 the enrolment-check exemption): enrolment, deposit (online cashier or
 * bank transfer with a proof), qualification with a bid code, and the user's messages.
 * Amounts are yuan on the wire, times 'YYYY-MM-DD HH:mm:ss' China time. Pure: shared by browser and server.
 */
import type { Page } from './contracts';

export const ENROLMENT_PATHS = {
  /** GET ?assetsId → EnrolmentCheck. Exempt from the generic warning (CATALOGUE_PATHS.enrolmentCheck). */
  check: '/dscq-project/enroll/check',
  /** GET ?assetsId → EnrolmentForm: the project and the bidder facts prefilled from the real-name record. */
  form: '/dscq-project/enroll/form',
  /** POST EnrolmentSubmit → EnrolmentDetail. 409 when already enrolled. */
  submit: '/dscq-project/enroll/submit',
  /** GET ?current&size&status? → Page<EnrolmentSummary> (mine). */
  myPage: '/dscq-user/enroll/page',
  /** GET ?id → EnrolmentDetail (mine; 404 otherwise). */
  detail: '/dscq-user/enroll/detail',
  /** GET → QualifiedRoom[]: my bidding rooms (/myProject?list=2). */
  rooms: '/dscq-user/enroll/rooms',
  /** GET ?current&size → Page<DepositSummary>. */
  depositPage: '/dscq-user/deposit/page',
  /** GET ?id → DepositDetail. */
  depositDetail: '/dscq-user/deposit/detail',
  /** POST {depositId} → PaymentOrderAnswer: open an online cashier order. */
  payOrder: '/dscq-user/deposit/pay-order',
  /** GET ?orderNo → PaymentOrderAnswer (the cashier polls it after paying). */
  payOrderStatus: '/dscq-user/deposit/pay-order/status',
  /** POST {orderNo} → PaymentOrderAnswer: the sandbox bank's "pay" button (the bank then notifies). */
  sandboxPay: '/dscq-user/deposit/sandbox/pay',
  /** POST DepositProofSubmit → DepositDetail: bank-transfer proof. */
  proof: '/dscq-user/deposit/proof',
  /** GET → UserCentreSummary. */
  summary: '/dscq-user/usercenter/summary',
  /** GET ?current&size → MessagePage. */
  messagePage: '/dscq-user/message/page',
  /** GET ?id → MessageItem (marks it read). */
  messageDetail: '/dscq-user/message/detail',
  /** Payment gateway's asynchronous notification (server to server). */
  paymentNotify: '/dscq-pay/notify',
} as const;

export type EnrolmentKind = 'normal' | 'package';

/** submitted → reviewing → approved | rejected; approved → depositPending → depositConfirmed → qualified. */
export const ENROLMENT_STATUSES = [
  'submitted',
  'reviewing',
  'rejected',
  'depositPending',
  'depositConfirmed',
  'qualified',
] as const;
export type EnrolmentStatus = (typeof ENROLMENT_STATUSES)[number];

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

/** pending → (paying | proofSubmitted) → confirmed → released | kept (toward the price). */
export type DepositStatus = 'pending' | 'paying' | 'proofSubmitted' | 'confirmed' | 'released' | 'kept' | 'converted' | 'forfeited';
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
export type DepositMethod = '' | 'online' | 'transfer' | 'wallet';
/** A deposit in these states has been paid (a new payment is refused). */
export const DEPOSIT_PAID_STATUSES: readonly DepositStatus[] = ['confirmed', 'released', 'kept', 'converted', 'forfeited'];

export type MessageKind = 'enrolment' | 'deposit' | 'outbid' | 'won' | 'lost' | 'failed' | 'released' | 'appeal' | 'demand' | 'contract' | 'system';
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
  system: '系统通知',
};

/** The commitments a bidder accepts on the enrolment form; every key must be accepted. */
export const ENROLMENT_COMMITMENTS = [
  {
    key: 'truthful',
    text: '本人（本单位）承诺所提交的报名材料真实、准确、完整，并对其真实性承担法律责任。',
  },
  {
    key: 'rules',
    text: '已认真阅读并自愿遵守《河北产权市场网络竞价规则》及本项目公告的全部内容，接受竞价结果。',
  },
  {
    key: 'inspection',
    text: '已充分了解标的现状及瑕疵，自愿承担交易风险，竞得后不以标的瑕疵为由拒绝成交。',
  },
  {
    key: 'deposit',
    text: '同意按公告要求缴纳交易保证金；竞得后保证金转为价款，未竞得的保证金于竞价结束后原路退还。',
  },
] as const;
export type CommitmentKey = (typeof ENROLMENT_COMMITMENTS)[number]['key'];

export interface Attachment {
  /** An owner-only upload id (accounts upload endpoint). */
  fileId: string;
  name: string;
}

export type EnrolmentRefusal =
  | 'notLoggedIn'
  | 'notVerified'
  | 'notFound'
  | 'notOpen'
  | 'closed'
  | 'alreadyEnrolled';

export interface EnrolmentCheck {
  canEnrol: boolean;
  /** Why not (null when canEnrol). */
  reason: EnrolmentRefusal | null;
  /** The Chinese explanation shown to the user. */
  message: string;
  /** The existing enrolment when alreadyEnrolled. */
  enrolmentId: number | null;
  /** The enrolment deadline ('YYYY-MM-DD HH:mm:ss'), for the "how to take part" hint; null for an unknown project. */
  enrolEndTime: string | null;
}

export interface EnrolmentProject {
  assetsId: number;
  projectCode: string;
  assetsName: string;
  state: string;
  /** True for a package (has child assets): /bidEnrollPkg. */
  isPackage: boolean;
  children: { assetsId: number; assetsName: string; projectCode: string }[];
  startPrice: number;
  depositAmount: number;
  priceUnit: string;
  orgName: string;
  enrolEndTime: string;
}

export interface BidderFacts {
  /** 1 person, 2 organisation. */
  bidderType: number;
  bidderName: string;
  /** Masked ID number or credit code. */
  idMasked: string;
  phone: string;
  email: string;
}

export interface EnrolmentForm {
  project: EnrolmentProject;
  bidder: BidderFacts;
  check: EnrolmentCheck;
}

export interface EnrolmentSubmit {
  assetsId: number;
  contactName: string;
  contactPhone: string;
  contactEmail: string;
  address: string;
  attachments: Attachment[];
  commitments: CommitmentKey[];
}

export interface EnrolmentSummary {
  id: number;
  enrolCode: string;
  assetsId: number;
  projectCode: string;
  assetsName: string;
  kind: EnrolmentKind;
  status: EnrolmentStatus;
  statusText: string;
  depositAmount: number;
  depositId: number | null;
  depositStatus: DepositStatus | null;
  bidCode: string | null;
  activityId: number | null;
  submitTime: string;
}

export interface EnrolmentDetail extends EnrolmentSummary {
  bidderName: string;
  bidderType: number;
  idMasked: string;
  contactName: string;
  contactPhone: string;
  contactEmail: string;
  address: string;
  attachments: Attachment[];
  commitments: CommitmentKey[];
  rejectReason: string;
  reviewTime: string | null;
  qualifyTime: string | null;
}

export interface DepositProof {
  id: number;
  fileId: string;
  payerName: string;
  payerAccount: string;
  bankName: string;
  amount: number;
  paidTime: string;
  note: string;
  status: 'submitted' | 'confirmed' | 'rejected';
  rejectReason: string;
  submitTime: string;
}

export interface DepositSummary {
  id: number;
  depositCode: string;
  enrolmentId: number;
  assetsId: number;
  assetsName: string;
  amount: number;
  status: DepositStatus;
  statusText: string;
  method: DepositMethod;
  confirmTime: string | null;
  settleTime: string | null;
  createTime: string;
}

/** The exchange's account for transfers (shown on /depositAddPayInfo). */
export interface ReceivingAccount {
  accountName: string;
  bankName: string;
  accountNo: string;
}

export interface DepositDetail extends DepositSummary {
  projectCode: string;
  proofs: DepositProof[];
  receiving: ReceivingAccount;
  /** The latest online order, if any. */
  order: PaymentOrderAnswer | null;
}

export interface DepositProofSubmit {
  depositId: number;
  fileId: string;
  payerName: string;
  payerAccount: string;
  bankName: string;
  amount: number;
  /** 'YYYY-MM-DD HH:mm:ss' */
  paidTime: string;
  note: string;
}

export type PaymentOrderStatus = 'created' | 'paid' | 'failed';
/** What a gateway order pays (issue 16): a deposit, a wallet top-up or a deal's settlement. */
export type PaymentPurpose = 'deposit' | 'topUp' | 'settlement';
export interface PaymentOrderAnswer {
  orderNo: string;
  depositId: number;
  amount: number;
  status: PaymentOrderStatus;
  gateway: string;
  /** The gateway's bank name, shown on the cashier. */
  gatewayName: string;
  createTime: string;
  paidTime: string | null;
  /** (ours) A real gateway's page where the payer pays; only in the answer that created the order. */
  payUrl?: string;
}

export interface QualifiedRoom {
  activityId: number;
  assetsId: number;
  assetsName: string;
  bidCode: string;
  mode: string;
  status: 'scheduled' | 'live' | 'ended';
  outcome: 'sold' | 'failed' | null;
  startTime: string;
  endTime: string;
  currentPrice: number;
}

export interface MessageItem {
  id: number;
  kind: MessageKind;
  kindText: string;
  title: string;
  content: string;
  link: string;
  read: boolean;
  createTime: string;
}
export interface MessagePage extends Page<MessageItem> {
  unread: number;
}

export interface UserCentreSummary {
  enrolments: { total: number; pendingReview: number; depositPending: number; qualified: number };
  deposits: { total: number; confirmedAmount: number; paying: number };
  liveRooms: number;
  unreadMessages: number;
  recentMessages: MessageItem[];
}

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
