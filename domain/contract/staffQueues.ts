/**
 * The work queues of the staff console (/api/dscq-staff/queue/…): what users submitted and waits for the
 * exchange — real-name requests, enrolments, deposit and transfer proofs, withdrawals, invoices, seal
 * applications, appeals, demands and deals to settle — each a paged list, a detail with what the user
 * submitted, and its actions. Every action checks the member's roles on the server (403 outside them), is
 * written to the staff audit trail with the record before and after, and every refusal carries a reason
 * the user reads where the portal shows it (and in 我的消息). Money actions also need the password again
 * (428, STAFF_PATHS.confirmPassword); confirming a bank transfer, forfeiting a deposit and paying out to a
 * transferor are prepared here and carried out only when another member approves (STAFF_PATHS.approval…).
 *
 * List query: {state?, order?, current, size}. `state`: `waiting` (default), `handled`, `all` or one of
 * the queue's own states (QUEUE_STATES); `order`: `oldest` (default, first come first served) or `newest`.
 * Actions take the list item's `id`; refusals `reason`, answers `answer` (at most 500 characters).
 */
import type { Page } from './envelope';
import type { ApprovalItem, QueueKey } from './staff';
import type { AppealDetail } from './userFiles';
import type { DemandDetail } from './userFiles';
import type { DealDetail } from './settlement';
import type { DepositDetail, EnrolmentDetail } from './enrolment';
import type { InvoiceItem } from './invoice';

export const QUEUE_PATHS = {
  // 审核: real name (realName.review)
  realNamePage: '/dscq-staff/queue/real-name/page',
  realNameDetail: '/dscq-staff/queue/real-name/detail',
  realNameApprove: '/dscq-staff/queue/real-name/approve',
  realNameReject: '/dscq-staff/queue/real-name/reject',
  // 审核: enrolment (enrolment.review)
  enrolmentPage: '/dscq-staff/queue/enrolment/page',
  enrolmentDetail: '/dscq-staff/queue/enrolment/detail',
  /** submitted → reviewing: the member takes it up (the demo's auto-approval then leaves it to him). */
  enrolmentReview: '/dscq-staff/queue/enrolment/review',
  enrolmentApprove: '/dscq-staff/queue/enrolment/approve',
  enrolmentReject: '/dscq-staff/queue/enrolment/reject',
  // 审核: deposit proofs (depositProof.review)
  depositProofPage: '/dscq-staff/queue/deposit-proof/page',
  depositProofDetail: '/dscq-staff/queue/deposit-proof/detail',
  depositProofConfirm: '/dscq-staff/queue/deposit-proof/confirm',
  depositProofReject: '/dscq-staff/queue/deposit-proof/reject',
  // 审核: seal applications (seal.review)
  sealPage: '/dscq-staff/queue/seal/page',
  sealDetail: '/dscq-staff/queue/seal/detail',
  /** GET {id} → the seal's PNG. */
  sealImage: '/dscq-staff/queue/seal/image',
  sealApprove: '/dscq-staff/queue/seal/approve',
  sealReject: '/dscq-staff/queue/seal/reject',
  // 审核: appeals (appeal.handle)
  appealPage: '/dscq-staff/queue/appeal/page',
  appealDetail: '/dscq-staff/queue/appeal/detail',
  appealAccept: '/dscq-staff/queue/appeal/accept',
  /** POST {id, answer}. */
  appealAnswer: '/dscq-staff/queue/appeal/answer',
  appealReject: '/dscq-staff/queue/appeal/reject',
  // 竞价: demands (demand.answer)
  demandPage: '/dscq-staff/queue/demand/page',
  demandDetail: '/dscq-staff/queue/demand/detail',
  /** POST {id, answer}. */
  demandAnswer: '/dscq-staff/queue/demand/answer',
  // 财务: bank-transfer proofs of deals (transfer.confirm)
  transferProofPage: '/dscq-staff/queue/transfer-proof/page',
  transferProofDetail: '/dscq-staff/queue/transfer-proof/detail',
  /** POST {id} → ApprovalItem: four eyes (transfer.confirm); money (428). */
  transferProofPrepare: '/dscq-staff/queue/transfer-proof/prepare-confirm',
  /** POST {id, reason}: one person; money (428). */
  transferProofReject: '/dscq-staff/queue/transfer-proof/reject',
  // 财务: withdrawals (withdrawal.pay; money)
  withdrawalPage: '/dscq-staff/queue/withdrawal/page',
  withdrawalDetail: '/dscq-staff/queue/withdrawal/detail',
  withdrawalPay: '/dscq-staff/queue/withdrawal/pay',
  withdrawalFail: '/dscq-staff/queue/withdrawal/fail',
  // 财务: invoices (invoice.issue; money)
  invoicePage: '/dscq-staff/queue/invoice/page',
  invoiceDetail: '/dscq-staff/queue/invoice/detail',
  invoiceIssue: '/dscq-staff/queue/invoice/issue',
  invoiceRefuse: '/dscq-staff/queue/invoice/refuse',
  // 财务: deals after payment (deal.settle; payout: deal.payout, four eyes)
  settlementPage: '/dscq-staff/queue/settlement/page',
  settlementDetail: '/dscq-staff/queue/settlement/detail',
  settlementHandover: '/dscq-staff/queue/settlement/handover',
  settlementCertificate: '/dscq-staff/queue/settlement/certificate',
  /** POST {id} → ApprovalItem: four eyes (deal.payout); money (428). */
  settlementPayoutPrepare: '/dscq-staff/queue/settlement/prepare-payout',
  // 财务: deposits (deposit.forfeit)
  /** GET {state?, q?, current, size} → Page<StaffDepositItem>: frozen deposits by default. */
  depositPage: '/dscq-staff/deposit/page',
  /** POST {id, reason} → ApprovalItem: four eyes (deposit.forfeit); money (428). */
  depositForfeitPrepare: '/dscq-staff/deposit/prepare-forfeit',
  // 财务: the books (ledger.view)
  /** GET → LedgerCheckAnswer (as `npm run ops -- ledger check`). */
  ledgerCheck: '/dscq-staff/ledger/check',
  /** GET {loginName} → {loginName, available, frozen} in yuan. */
  ledgerBalance: '/dscq-staff/ledger/balance',
  /**
   * GET /dscq-staff/file/<fileId>: a user's upload, to staff only while it belongs to a submission of a
   * queue the member's roles cover (a real-name licence: realName.review; enrolment attachments:
   * enrolment.review; deposit proofs: depositProof.review; transfer proofs: transfer.confirm; appeal
   * attachments: appeal.handle). 403 (audited) when it belongs only to others' queues, 404 when to none.
   */
  file: '/dscq-staff/file/:fileId',
} as const;

/** The path of one file's download (relative to the API base, as every path here). */
export const staffFilePath = (fileId: string): string => `/dscq-staff/file/${encodeURIComponent(fileId)}`;

/** Each list's own states (besides waiting / handled / all), and which of them wait for the exchange. */
export const QUEUE_STATES = {
  realName: { all: ['pending', 'approved', 'rejected'], waiting: ['pending'] },
  enrolment: { all: ['submitted', 'reviewing', 'rejected', 'depositPending', 'depositConfirmed', 'qualified'], waiting: ['submitted', 'reviewing'] },
  depositProof: { all: ['submitted', 'confirmed', 'rejected'], waiting: ['submitted'] },
  transferProof: { all: ['submitted', 'confirmed', 'rejected'], waiting: ['submitted'] },
  withdrawal: { all: ['requested', 'paid', 'failed'], waiting: ['requested'] },
  invoice: { all: ['requested', 'issued', 'refused'], waiting: ['requested'] },
  sealApplication: { all: ['pending', 'approved', 'rejected'], waiting: ['pending'] },
  appeal: { all: ['submitted', 'accepted', 'answered', 'rejected'], waiting: ['submitted', 'accepted'] },
  demand: { all: ['open', 'answered', 'closed'], waiting: ['open'] },
  settlement: {
    all: ['awaitingConfirmation', 'awaitingPayment', 'proofSubmitted', 'paid', 'handedOver', 'certified', 'paidOut', 'forfeited'],
    waiting: ['paid', 'handedOver', 'certified'],
  },
} as const satisfies Partial<Record<QueueKey, { all: readonly string[]; waiting: readonly string[] }>>;

export type ListedQueue = keyof typeof QUEUE_STATES;
export type QueueOrder = 'oldest' | 'newest';

/** A user's upload as staff download it (with the staff token, as every call). */
export interface StaffFileLink {
  fileId: string;
  name: string;
  contentType: string;
  size: number;
  /** staffFilePath(fileId). */
  path: string;
}

/** What every queue's list item carries. */
export interface QueueItem {
  id: number;
  state: string;
  stateText: string;
  /** The user who submitted it. */
  userId: number;
  loginName: string;
  /** His verified name ('' before verification; the submitted one in the real-name queue). */
  userName: string;
  /** One line: what it is. */
  summary: string;
  submitTime: string;
  /** Minutes it has been waiting (server clock); null once handled. */
  waitMinutes: number | null;
  /** Who handled it (a staff login name, an operator, 'demo-auto' …), '' while waiting. */
  handledBy: string;
  handledTime: string | null;
  /** The reason of a refusal (or the answer), '' otherwise. */
  reason: string;
}

export interface RealNameItem extends QueueItem {
  kind: 'person' | 'org';
}

/** What the user submitted: names in full (the reviewer compares them), ID numbers and codes masked. */
export interface RealNameDetail extends RealNameItem {
  name: string;
  idType: number | null;
  idNumber: string;
  orgName: string;
  creditCode: string;
  legalPerson: string;
  legalIdType: number | null;
  legalIdNumber: string;
  /** The organisation's licence (persons upload no picture in this portal). */
  files: StaffFileLink[];
  phone: string;
  registerTime: string;
  /** The user's earlier requests (newest first), with their outcome and reason. */
  history: { id: number; state: string; reason: string; submitTime: string; reviewTime: string | null }[];
}

export interface EnrolmentItem extends QueueItem {
  assetsId: number;
  assetsName: string;
  projectCode: string;
  deposit: number;
}

export interface EnrolmentQueueDetail extends EnrolmentItem {
  enrolment: EnrolmentDetail;
  /** The qualification attachments. */
  files: StaffFileLink[];
  project: { assetsId: number; projectCode: string; assetsName: string; state: string; depositFen: number; orgName: string };
}

export interface DepositProofItem extends QueueItem {
  depositId: number;
  assetsName: string;
  amount: number;
  payerName: string;
  bankName: string;
}

export interface DepositProofDetail extends DepositProofItem {
  deposit: DepositDetail;
  files: StaffFileLink[];
}

export interface TransferProofItem extends QueueItem {
  dealId: number;
  dealCode: string;
  assetsName: string;
  amountDue: number;
  fileName: string;
  /** The pending four-eyes confirmation of this deal, if prepared. */
  approvalId: number | null;
}

export interface TransferProofDetail extends TransferProofItem {
  deal: DealDetail;
  files: StaffFileLink[];
}

export interface WithdrawalItem extends QueueItem {
  withdrawNo: string;
  amount: number;
  bankName: string;
  cardMasked: string;
}

export interface WithdrawalDetail extends WithdrawalItem {
  accountName: string;
  /** The user's balances now (yuan). */
  available: number;
  frozen: number;
}

export interface InvoiceQueueItem extends QueueItem {
  invoice: InvoiceItem;
}

export type InvoiceQueueDetail = InvoiceQueueItem;

export interface SealItem extends QueueItem {
  sealName: string;
  orgName: string;
}

export interface SealDetail extends SealItem {
  /** QUEUE_PATHS.sealImage?id=… */
  imagePath: string;
}

export interface AppealItem extends QueueItem {
  appealCode: string;
  kindText: string;
  subjectTitle: string;
}

export interface AppealQueueDetail extends AppealItem {
  appeal: AppealDetail;
  files: StaffFileLink[];
}

export interface DemandItem extends QueueItem {
  demandCode: string;
  typeText: string;
  region: string;
  priceText: string;
}

export interface DemandQueueDetail extends DemandItem {
  demand: DemandDetail;
}

export interface SettlementItem extends QueueItem {
  dealCode: string;
  assetsName: string;
  price: number;
  /** What the exchange does next: handover (paid), certificate (handedOver), payout (certified), or nothing. */
  nextStep: 'handover' | 'certificate' | 'payout' | null;
  /** The pending four-eyes payout, if prepared. */
  approvalId: number | null;
}

export interface SettlementDetail extends SettlementItem {
  deal: DealDetail;
}

export interface StaffDepositItem {
  id: number;
  depositCode: string;
  status: string;
  statusText: string;
  loginName: string;
  userName: string;
  assetsId: number;
  assetsName: string;
  amount: number;
  confirmTime: string | null;
  /** The pending four-eyes forfeit, if prepared. */
  approvalId: number | null;
}

export interface LedgerCheckAnswer {
  ok: boolean;
  entries: number;
  postings: number;
  totalFen: number;
  problems: string[];
}

/** The answers of the four-eyes prepare routes. */
export type PreparedAnswer = ApprovalItem;
export type QueuePage<T> = Page<T>;

/** 审核's account help (server/routes/staff/users.ts). */
export const STAFF_USER_PATHS = {
  /** GET {q} → StaffUserItem[]: portal users by login name, name or phone (at most 20; each search audited). */
  find: '/dscq-staff/user/find',
  /** POST {loginName} → null: lift a login lockout. */
  unlock: '/dscq-staff/user/unlock',
} as const;

export interface StaffUserItem {
  id: number;
  loginName: string;
  name: string;
  /** Masked: 138****0001. */
  phone: string;
  userType: number;
  authStatus: number;
  allowed: boolean;
}
