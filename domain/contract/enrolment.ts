/**
 * The enrolment wire contract (spec section 2 auth routes /bidEnrollNormal … /depositAddPayInfo, /myProject,
 * /myDeposit, /myMessage; section 8 the enrolment-check exemption): enrolment, deposit (online cashier or
 * bank transfer with a proof), qualification with a bid code, and the user's messages.
 * Amounts are yuan on the wire, times 'YYYY-MM-DD HH:mm:ss' China time. Pure: shared by browser and server.
 */
import type { ActivityOutcome, ActivityStatus } from './activity';
import type { Page } from './envelope';

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

/** pending → (paying | proofSubmitted) → confirmed → released | kept (toward the price). */
export type DepositStatus = 'pending' | 'paying' | 'proofSubmitted' | 'confirmed' | 'released' | 'kept' | 'converted' | 'forfeited';

export type DepositMethod = '' | 'online' | 'transfer' | 'wallet';

export type MessageKind = 'enrolment' | 'deposit' | 'outbid' | 'won' | 'lost' | 'failed' | 'released' | 'appeal' | 'demand' | 'contract' | 'roadshow' | 'system';

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

/**
 * The terms a bidder accepts at enrolment (《竞买须知》), as the server serves them: the version in effect,
 * its exact text and the SHA-256 of that text's UTF-8 bytes (hex). A new version is a new document.
 */
export interface TermsDocument {
  title: string;
  version: string;
  /** 'YYYY-MM-DD HH:mm:ss' */
  effectiveTime: string;
  text: string;
  sha256: string;
}

/** What an enrolment accepted: the version and hash of the terms, and when (null for enrolments before versioned terms). */
export interface AcceptedTerms {
  title: string;
  version: string;
  sha256: string;
  acceptedTime: string;
}

export interface EnrolmentForm {
  project: EnrolmentProject;
  bidder: BidderFacts;
  check: EnrolmentCheck;
  /** The 竞买须知 in effect now: the submission names its version (and hash). */
  terms: TermsDocument;
}

export interface EnrolmentSubmit {
  assetsId: number;
  contactName: string;
  contactPhone: string;
  contactEmail: string;
  address: string;
  attachments: Attachment[];
  commitments: CommitmentKey[];
  /** The version of the 竞买须知 read and accepted (EnrolmentForm.terms.version); an outdated one is refused. */
  termsVersion: string;
  /** Its SHA-256 as served; when sent, it must be the server's hash of that version. */
  termsSha256?: string;
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
  acceptedTerms: AcceptedTerms | null;
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

/** What a gateway order pays: a deposit, a wallet top-up or a deal's settlement. */
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
  status: ActivityStatus;
  outcome: ActivityOutcome | null;
  startTime: string;
  endTime: string;
  currentPrice: number;
  /** The public leader's code (null before a bid and while sealed), and how many bids (offers) are mine: my standing. */
  leaderBidCode: string | null;
  myBidCount: number;
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
