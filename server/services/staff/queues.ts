/**
 * The work queues (domain/contract/staffQueues.ts): what waits for the exchange, read for the staff
 * console. Reading only — every action goes through the service the ops commands call (routes/staff/
 * queues.ts). Each queue is one table with a state column and a submission time: the summary counts the
 * waiting rows and finds the oldest; the list pages them by state; the item is the list's row by id (also
 * the before/after of the audit trail); the detail adds what the user submitted, with his uploads as
 * staff download links (GET /dscq-staff/file/<id>, allowed by `fileAccess`).
 */
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { formatChinaTime } from '#domain/rules/chinaTime';
import { DEPOSIT_STATUS_TEXT, ENROLMENT_STATUS_TEXT } from '#domain/rules/enrolment';
import { SEAL_STATUS_TEXT } from '#domain/rules/esign';
import { fenToYuan } from '#domain/rules/money';
import { amountDueFen, DEAL_PROOF_STATUS_TEXT, DEAL_STATUS_TEXT } from '#domain/rules/settlement';
import { FOUR_EYES_KINDS, rolesAllow, type FourEyesKind, type StaffPermission, type StaffRole } from '#domain/rules/staff';
import { APPEAL_STATUS_TEXT, appealKindLabel, demandTypeLabel } from '#domain/rules/userFiles';
import { DEMAND_STATUS_TEXT, type AppealStatus, type DemandStatus } from '#domain/contract/userFiles';
import type { DealProofStatus, DealStatus } from '#domain/contract/settlement';
import type { DepositStatus, EnrolmentStatus } from '#domain/contract/enrolment';
import type { SealStatus } from '#domain/contract/esign';
import type { Page } from '#domain/contract/envelope';
import type { QueueKey, QueueSummary } from '#domain/contract/staff';
import {
  QUEUE_PATHS,
  QUEUE_STATES,
  staffFilePath,
  type AppealItem,
  type AppealQueueDetail,
  type DemandItem,
  type DemandQueueDetail,
  type DepositProofDetail,
  type DepositProofItem,
  type EnrolmentItem,
  type EnrolmentQueueDetail,
  type InvoiceQueueItem,
  type ListedQueue,
  type QueueItem,
  type QueueOrder,
  type RealNameDetail,
  type RealNameItem,
  type SealDetail,
  type SealItem,
  type SettlementDetail,
  type SettlementItem,
  type StaffDepositItem,
  type StaffFileLink,
  type TransferProofDetail,
  type TransferProofItem,
  type WithdrawalDetail,
  type WithdrawalItem,
} from '#domain/contract/staffQueues';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../lib/envelope.ts';
import { maskMobile } from '../accounts/crypto.ts';
import type { InstallSecrets } from '../accounts/secrets.ts';
import { toStatus } from '../accounts/verification.ts';
import { myDeposit } from '../enrolment/deposits.ts';
import { myEnrolment } from '../enrolment/enrolment.ts';
import { pageOffset, toPage, type PageRequest } from '../common/paging.ts';
import { myDeal } from '../money/deals.ts';
import { invoiceQuery, toInvoiceItem } from '../money/invoices.ts';
import { userBalances } from '../money/ledger.ts';
import { myAppeal } from '../user-files/appeals.ts';
import { myDemand } from '../user-files/demands.ts';

type Db = Kysely<Database>;

export interface QueueContext {
  db: Db;
  now: number;
}

// ---------------------------------------------------------------------------------------------------------
// Which queue, whose permission, counted how

interface QueueMeta {
  label: string;
  permission: StaffPermission;
  table: keyof Database;
  state: string;
  /** When the item began to wait (SQL over the table's own columns). */
  since: string;
}

export const QUEUES: Record<ListedQueue, QueueMeta> = {
  realName: { label: '实名认证', permission: 'realName.review', table: 'verification', state: 'state', since: 'submitted_at' },
  enrolment: { label: '报名审核', permission: 'enrolment.review', table: 'enrolment', state: 'status', since: 'submitted_at' },
  depositProof: { label: '保证金付款凭证', permission: 'depositProof.review', table: 'deposit_proof', state: 'status', since: 'created_at' },
  transferProof: { label: '成交价款转账凭证', permission: 'transfer.confirm', table: 'deal_proof', state: 'status', since: 'created_at' },
  withdrawal: { label: '提现', permission: 'withdrawal.pay', table: 'withdrawal', state: 'status', since: 'created_at' },
  invoice: { label: '发票申请', permission: 'invoice.issue', table: 'invoice', state: 'status', since: 'created_at' },
  sealApplication: { label: '电子印章申请', permission: 'seal.review', table: 'seal_application', state: 'status', since: 'created_at' },
  appeal: { label: '申诉', permission: 'appeal.handle', table: 'appeal', state: 'status', since: 'created_at' },
  demand: { label: '投资需求', permission: 'demand.answer', table: 'demand', state: 'status', since: 'created_at' },
  settlement: { label: '成交交割与付款', permission: 'deal.settle', table: 'deal', state: 'status', since: 'coalesce(certificate_at, handover_at, paid_at, deal_at)' },
};

const QUEUE_ORDER: QueueKey[] = ['realName', 'enrolment', 'depositProof', 'sealApplication', 'appeal', 'demand', 'transferProof', 'withdrawal', 'invoice', 'settlement', 'approval'];

const MINUTE = 60_000;
const waitedSince = (since: number, now: number) => Math.max(0, Math.floor((now - since) / MINUTE));

function summaryOf(key: QueueKey, label: string, count: number, oldest: number | null, now: number): QueueSummary {
  return { key, label, count, oldestSince: oldest === null ? null : formatChinaTime(oldest), oldestWaitMinutes: oldest === null ? null : waitedSince(oldest, now) };
}

async function waitingCount(db: Db, meta: QueueMeta, waiting: readonly string[]): Promise<{ n: number; oldest: number | null }> {
  const { rows } = await sql<{ n: number | string; oldest: number | string | null }>`select count(*) as n, min(${sql.raw(meta.since)}) as oldest from ${sql.table(meta.table)} where ${sql.ref(meta.state)} in (${sql.join([...waiting])})`.execute(db);
  const row = rows[0]!;
  return { n: Number(row.n), oldest: row.oldest === null ? null : Number(row.oldest) };
}

export interface QueueViewer {
  id: number;
  roles: readonly StaffRole[];
}

/** Every queue the member's roles cover, in the console's order, with its count and longest wait. */
export async function queueSummaries(c: QueueContext, viewer: QueueViewer): Promise<QueueSummary[]> {
  const out: QueueSummary[] = [];
  for (const key of QUEUE_ORDER) {
    if (key === 'approval') {
      const kinds = (Object.keys(FOUR_EYES_KINDS) as FourEyesKind[]).filter((k) => rolesAllow(viewer.roles, FOUR_EYES_KINDS[k].permission));
      if (kinds.length === 0) continue;
      const row = await c.db
        .selectFrom('staff_approval')
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min<number>('prepared_at').as('oldest')])
        .where('state', '=', 'pending')
        .where('kind', 'in', kinds)
        .where('prepared_by', '<>', viewer.id)
        .executeTakeFirstOrThrow();
      out.push(summaryOf('approval', '待复核', Number(row.n), row.oldest === null ? null : Number(row.oldest), c.now));
      continue;
    }
    const meta = QUEUES[key as ListedQueue];
    if (!rolesAllow(viewer.roles, meta.permission)) continue;
    const { n, oldest } = await waitingCount(c.db, meta, QUEUE_STATES[key as ListedQueue].waiting);
    out.push(summaryOf(key, meta.label, n, n === 0 ? null : oldest, c.now));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Lists

export interface ListFilter extends PageRequest {
  /** waiting | handled | all | one of the queue's states. */
  state: string;
  order: QueueOrder;
}

/** The states a list filter stands for (null: all). */
export function statesOf(queue: ListedQueue, state: string): readonly string[] | null {
  const s = QUEUE_STATES[queue];
  if (state === 'all') return null;
  if (state === 'waiting') return s.waiting;
  if (state === 'handled') return s.all.filter((x) => !(s.waiting as readonly string[]).includes(x));
  return [state];
}

export const LIST_STATES = (queue: ListedQueue): string[] => ['waiting', 'handled', 'all', ...QUEUE_STATES[queue].all];

async function pageOf<TB extends keyof Database, O, Item>(
  base: SelectQueryBuilder<Database, TB, O>,
  cols: { state: string; since: string; id: string },
  states: readonly string[] | null,
  f: ListFilter,
  map: (row: O) => Item,
): Promise<Page<Item>> {
  const q = states ? base.where(sql<boolean>`${sql.ref(cols.state)} in (${sql.join([...states])})`) : base;
  const counted = (await q
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()) as { n: number | string };
  const total = Number(counted.n);
  const dir = f.order === 'newest' ? 'desc' : 'asc';
  const rows = total > pageOffset(f) ? await q.orderBy(sql.raw(cols.since), dir).orderBy(sql.ref(cols.id), dir).limit(f.size).offset(pageOffset(f)).execute() : [];
  return toPage(f, total, rows.map(map));
}

function base(id: number, state: string, stateText: string, who: { user_id: number; login_name: string; user_name: string }, since: number, waiting: boolean, now: number): QueueItem {
  return {
    id,
    state,
    stateText,
    userId: who.user_id,
    loginName: who.login_name,
    userName: who.user_name,
    summary: '',
    submitTime: formatChinaTime(since),
    waitMinutes: waiting ? waitedSince(since, now) : null,
    handledBy: '',
    handledTime: null,
    reason: '',
  };
}

const isWaiting = (queue: ListedQueue, state: string) => (QUEUE_STATES[queue].waiting as readonly string[]).includes(state);
const time = (t: number | null) => (t === null ? null : formatChinaTime(Number(t)));
const yuanText = (fen: number) => `${fenToYuan(fen).toLocaleString('zh-CN', { minimumFractionDigits: 2 })} 元`;

/** Pending four-eyes items of one kind by subject (`deal:12` → approval id). */
async function pendingApprovals(db: Db, kind: FourEyesKind, subjects: string[]): Promise<Map<string, number>> {
  if (subjects.length === 0) return new Map();
  const rows = await db.selectFrom('staff_approval').select(['id', 'subject']).where('kind', '=', kind).where('state', '=', 'pending').where('subject', 'in', subjects).execute();
  return new Map(rows.map((r) => [r.subject, Number(r.id)]));
}

// -- real name

const VERIFICATION_TEXT: Record<string, string> = { pending: '待审核', approved: '已通过', rejected: '已驳回' };

function realNameRows(db: Db) {
  return db
    .selectFrom('verification')
    .innerJoin('app_user', 'app_user.id', 'verification.user_id')
    .select(['verification.id', 'verification.user_id', 'verification.kind', 'verification.state', 'verification.name', 'verification.org_name', 'verification.reason', 'verification.reviewer', 'verification.submitted_at', 'verification.reviewed_at'])
    .select(['app_user.login_name', 'app_user.name as user_name']);
}
type RealNameRow = Awaited<ReturnType<ReturnType<typeof realNameRows>['executeTakeFirstOrThrow']>>;

function realNameItem(r: RealNameRow, now: number): RealNameItem {
  const waiting = isWaiting('realName', r.state);
  return {
    ...base(Number(r.id), r.state, VERIFICATION_TEXT[r.state] ?? r.state, { ...r, user_name: r.kind === 'org' ? r.org_name : r.name }, Number(r.submitted_at), waiting, now),
    kind: r.kind === 'org' ? 'org' : 'person',
    summary: r.kind === 'org' ? `机构认证：${r.org_name}` : `个人认证：${r.name}`,
    handledBy: r.reviewer,
    handledTime: time(r.reviewed_at),
    reason: r.reason,
  };
}

// -- enrolment

function enrolmentRows(db: Db) {
  return db
    .selectFrom('enrolment')
    .innerJoin('app_user', 'app_user.id', 'enrolment.user_id')
    .innerJoin('project', 'project.id', 'enrolment.project_id')
    .select(['enrolment.id', 'enrolment.user_id', 'enrolment.status', 'enrolment.bidder_name', 'enrolment.deposit_fen', 'enrolment.reject_reason', 'enrolment.reviewer', 'enrolment.submitted_at', 'enrolment.reviewed_at', 'enrolment.project_id'])
    .select(['app_user.login_name', 'app_user.name as user_name', 'project.assets_name', 'project.project_code']);
}
type EnrolmentRow = Awaited<ReturnType<ReturnType<typeof enrolmentRows>['executeTakeFirstOrThrow']>>;

function enrolmentItem(r: EnrolmentRow, now: number): EnrolmentItem {
  const status = r.status as EnrolmentStatus;
  return {
    ...base(Number(r.id), status, ENROLMENT_STATUS_TEXT[status] ?? status, r, Number(r.submitted_at), isWaiting('enrolment', status), now),
    summary: `${r.bidder_name || r.user_name} 报名「${r.assets_name}」`,
    handledBy: r.reviewer,
    handledTime: status === 'reviewing' ? null : time(r.reviewed_at),
    reason: r.reject_reason,
    assetsId: Number(r.project_id),
    assetsName: r.assets_name,
    projectCode: r.project_code,
    deposit: fenToYuan(Number(r.deposit_fen)),
  };
}

// -- deposit proofs

function depositProofRows(db: Db) {
  return db
    .selectFrom('deposit_proof')
    .innerJoin('deposit', 'deposit.id', 'deposit_proof.deposit_id')
    .innerJoin('project', 'project.id', 'deposit.project_id')
    .innerJoin('app_user', 'app_user.id', 'deposit_proof.user_id')
    .select(['deposit_proof.id', 'deposit_proof.user_id', 'deposit_proof.deposit_id', 'deposit_proof.status', 'deposit_proof.file_id', 'deposit_proof.payer_name', 'deposit_proof.bank_name', 'deposit_proof.amount_fen', 'deposit_proof.reject_reason', 'deposit_proof.created_at', 'deposit_proof.reviewed_at'])
    .select(['app_user.login_name', 'app_user.name as user_name', 'project.assets_name']);
}
type DepositProofRow = Awaited<ReturnType<ReturnType<typeof depositProofRows>['executeTakeFirstOrThrow']>>;

const PROOF_TEXT = DEAL_PROOF_STATUS_TEXT as Record<string, string>;

function depositProofItem(r: DepositProofRow, now: number): DepositProofItem {
  return {
    ...base(Number(r.id), r.status, PROOF_TEXT[r.status] ?? r.status, r, Number(r.created_at), isWaiting('depositProof', r.status), now),
    summary: `「${r.assets_name}」保证金 ${yuanText(Number(r.amount_fen))}，付款人 ${r.payer_name}`,
    handledTime: time(r.reviewed_at),
    reason: r.reject_reason,
    depositId: Number(r.deposit_id),
    assetsName: r.assets_name,
    amount: fenToYuan(Number(r.amount_fen)),
    payerName: r.payer_name,
    bankName: r.bank_name,
  };
}

// -- transfer proofs of deals

function transferProofRows(db: Db) {
  return db
    .selectFrom('deal_proof')
    .innerJoin('deal', 'deal.id', 'deal_proof.deal_id')
    .innerJoin('project', 'project.id', 'deal.project_id')
    .innerJoin('app_user', 'app_user.id', 'deal_proof.user_id')
    .select(['deal_proof.id', 'deal_proof.user_id', 'deal_proof.deal_id', 'deal_proof.status', 'deal_proof.file_id', 'deal_proof.file_name', 'deal_proof.reason', 'deal_proof.created_at', 'deal_proof.reviewed_at'])
    .select(['deal.deal_code', 'deal.price_fen', 'deal.fee_fen', 'deal.deposit_fen', 'app_user.login_name', 'app_user.name as user_name', 'project.assets_name']);
}
type TransferProofRow = Awaited<ReturnType<ReturnType<typeof transferProofRows>['executeTakeFirstOrThrow']>>;

function transferProofItem(r: TransferProofRow, now: number, approvals: Map<string, number>): TransferProofItem {
  const due = amountDueFen(Number(r.price_fen), Number(r.fee_fen), Number(r.deposit_fen));
  const status = r.status as DealProofStatus;
  return {
    ...base(Number(r.id), status, PROOF_TEXT[status] ?? status, r, Number(r.created_at), isWaiting('transferProof', status), now),
    summary: `「${r.assets_name}」成交价款 ${yuanText(due)}（成交 ${r.deal_code}），凭证 ${r.file_name}`,
    handledTime: time(r.reviewed_at),
    reason: r.reason,
    dealId: Number(r.deal_id),
    dealCode: r.deal_code,
    assetsName: r.assets_name,
    amountDue: fenToYuan(due),
    fileName: r.file_name,
    approvalId: status === 'submitted' ? (approvals.get(`deal:${r.deal_id}`) ?? null) : null,
  };
}

// -- withdrawals

const WITHDRAWAL_TEXT: Record<string, string> = { requested: '待付款', paid: '已付款', failed: '已退回' };

function withdrawalRows(db: Db) {
  return db
    .selectFrom('withdrawal')
    .innerJoin('app_user', 'app_user.id', 'withdrawal.user_id')
    .innerJoin('bank_card', 'bank_card.id', 'withdrawal.card_id')
    .select(['withdrawal.id', 'withdrawal.user_id', 'withdrawal.withdraw_no', 'withdrawal.amount_fen', 'withdrawal.status', 'withdrawal.fail_reason', 'withdrawal.created_at', 'withdrawal.done_at'])
    .select(['app_user.login_name', 'app_user.name as user_name', 'bank_card.bank_name', 'bank_card.card_masked', 'bank_card.account_name']);
}
type WithdrawalRow = Awaited<ReturnType<ReturnType<typeof withdrawalRows>['executeTakeFirstOrThrow']>>;

function withdrawalItem(r: WithdrawalRow, now: number): WithdrawalItem {
  return {
    ...base(Number(r.id), r.status, WITHDRAWAL_TEXT[r.status] ?? r.status, r, Number(r.created_at), isWaiting('withdrawal', r.status), now),
    summary: `提现 ${yuanText(Number(r.amount_fen))} 至${r.bank_name}（${r.card_masked}）`,
    handledTime: time(r.done_at),
    reason: r.fail_reason,
    withdrawNo: r.withdraw_no,
    amount: fenToYuan(Number(r.amount_fen)),
    bankName: r.bank_name,
    cardMasked: r.card_masked,
  };
}

// -- invoices

function invoiceRows(db: Db) {
  return invoiceQuery(db).innerJoin('app_user', 'app_user.id', 'invoice.user_id').select(['app_user.login_name', 'app_user.name as user_name']);
}
type InvoiceRow = Awaited<ReturnType<ReturnType<typeof invoiceRows>['executeTakeFirstOrThrow']>>;

function invoiceItem(r: InvoiceRow, now: number): InvoiceQueueItem {
  const invoice = toInvoiceItem(r);
  return {
    ...base(Number(r.id), r.status, invoice.statusText, r, Number(r.created_at), isWaiting('invoice', r.status), now),
    summary: `「${r.assets_name}」服务费发票 ${yuanText(Number(r.amount_fen))}，${invoice.kindText}，抬头 ${r.title}`,
    handledTime: time(r.reviewed_at),
    reason: r.refuse_reason,
    invoice,
  };
}

// -- seal applications

function sealRows(db: Db) {
  return db
    .selectFrom('seal_application')
    .innerJoin('app_user', 'app_user.id', 'seal_application.user_id')
    .select(['seal_application.id', 'seal_application.user_id', 'seal_application.seal_name', 'seal_application.status', 'seal_application.reason', 'seal_application.handler', 'seal_application.decided_at', 'seal_application.created_at'])
    .select(['app_user.login_name', 'app_user.name as user_name']);
}
type SealRow = Awaited<ReturnType<ReturnType<typeof sealRows>['executeTakeFirstOrThrow']>>;

function sealItem(r: SealRow, now: number): SealItem {
  const status = r.status as SealStatus;
  return {
    ...base(Number(r.id), status, SEAL_STATUS_TEXT[status] ?? status, r, Number(r.created_at), isWaiting('sealApplication', status), now),
    summary: `${r.user_name} 申请电子印章「${r.seal_name}」`,
    handledBy: r.handler,
    handledTime: time(r.decided_at),
    reason: r.reason,
    sealName: r.seal_name,
    orgName: r.user_name,
  };
}

// -- appeals

function appealRows(db: Db) {
  return db
    .selectFrom('appeal')
    .innerJoin('app_user', 'app_user.id', 'appeal.user_id')
    .select(['appeal.id', 'appeal.user_id', 'appeal.appeal_code', 'appeal.kind', 'appeal.subject_title', 'appeal.status', 'appeal.answer', 'appeal.handler', 'appeal.created_at', 'appeal.updated_at'])
    .select(['app_user.login_name', 'app_user.name as user_name']);
}
type AppealRow = Awaited<ReturnType<ReturnType<typeof appealRows>['executeTakeFirstOrThrow']>>;

function appealItem(r: AppealRow, now: number): AppealItem {
  const status = r.status as AppealStatus;
  const waiting = isWaiting('appeal', status);
  return {
    ...base(Number(r.id), status, APPEAL_STATUS_TEXT[status] ?? status, r, Number(r.created_at), waiting, now),
    summary: `${appealKindLabel(r.kind)}：${r.subject_title}`,
    handledBy: r.handler,
    handledTime: status === 'submitted' ? null : time(r.updated_at),
    reason: r.answer,
    appealCode: r.appeal_code,
    kindText: appealKindLabel(r.kind),
    subjectTitle: r.subject_title,
  };
}

// -- demands

function demandRows(db: Db) {
  return db
    .selectFrom('demand')
    .innerJoin('app_user', 'app_user.id', 'demand.user_id')
    .select(['demand.id', 'demand.user_id', 'demand.demand_code', 'demand.type_code', 'demand.province', 'demand.city', 'demand.min_price_fen', 'demand.max_price_fen', 'demand.status', 'demand.answer', 'demand.answered_at', 'demand.created_at'])
    .select(['app_user.login_name', 'app_user.name as user_name']);
}
type DemandRow = Awaited<ReturnType<ReturnType<typeof demandRows>['executeTakeFirstOrThrow']>>;

const priceRange = (min: number | null, max: number | null) =>
  min === null && max === null ? '不限' : `${min === null ? '不限' : yuanText(Number(min))} – ${max === null ? '不限' : yuanText(Number(max))}`;

function demandItem(r: DemandRow, now: number): DemandItem {
  const status = r.status as DemandStatus;
  const region = [r.province, r.city].filter(Boolean).join(' ') || '不限';
  return {
    ...base(Number(r.id), status, DEMAND_STATUS_TEXT[status] ?? status, r, Number(r.created_at), isWaiting('demand', status), now),
    summary: `${demandTypeLabel(r.type_code)} · ${region} · ${priceRange(r.min_price_fen, r.max_price_fen)}`,
    handledTime: time(r.answered_at),
    reason: r.answer,
    demandCode: r.demand_code,
    typeText: demandTypeLabel(r.type_code),
    region,
    priceText: priceRange(r.min_price_fen, r.max_price_fen),
  };
}

// -- deals to settle

function settlementRows(db: Db) {
  return db
    .selectFrom('deal')
    .innerJoin('project', 'project.id', 'deal.project_id')
    .innerJoin('app_user', 'app_user.id', 'deal.user_id')
    .select(['deal.id', 'deal.user_id', 'deal.deal_code', 'deal.status', 'deal.price_fen', 'deal.forfeit_reason', 'deal.deal_at', 'deal.paid_at', 'deal.handover_at', 'deal.certificate_at', 'deal.payout_at', 'deal.forfeited_at'])
    .select(['app_user.login_name', 'app_user.name as user_name', 'project.assets_name']);
}
type SettlementRow = Awaited<ReturnType<ReturnType<typeof settlementRows>['executeTakeFirstOrThrow']>>;

const NEXT_STEP: Partial<Record<DealStatus, SettlementItem['nextStep']>> = { paid: 'handover', handedOver: 'certificate', certified: 'payout' };

function settlementItem(r: SettlementRow, now: number, approvals: Map<string, number>): SettlementItem {
  const status = r.status as DealStatus;
  const since = Number(r.certificate_at ?? r.handover_at ?? r.paid_at ?? r.deal_at);
  const nextStep = NEXT_STEP[status] ?? null;
  return {
    ...base(Number(r.id), status, DEAL_STATUS_TEXT[status] ?? status, r, since, isWaiting('settlement', status), now),
    summary: `「${r.assets_name}」成交价 ${yuanText(Number(r.price_fen))}（成交 ${r.deal_code}）`,
    handledTime: time(r.payout_at ?? r.forfeited_at),
    reason: r.forfeit_reason,
    dealCode: r.deal_code,
    assetsName: r.assets_name,
    price: fenToYuan(Number(r.price_fen)),
    nextStep,
    approvalId: nextStep === 'payout' ? (approvals.get(`deal:${r.id}`) ?? null) : null,
  };
}

// -- one switch for list and item

export type AnyQueueItem =
  | RealNameItem
  | EnrolmentItem
  | DepositProofItem
  | TransferProofItem
  | WithdrawalItem
  | InvoiceQueueItem
  | SealItem
  | AppealItem
  | DemandItem
  | SettlementItem;

/** The list (id: null) or one item (id) of a queue. */
async function rowsOf(c: QueueContext, queue: ListedQueue, f: ListFilter, id: number | null): Promise<Page<AnyQueueItem>> {
  const { db, now } = c;
  const states = id === null ? statesOf(queue, f.state) : null;
  const byId = <TB extends keyof Database, O>(q: SelectQueryBuilder<Database, TB, O>, col: string) => (id === null ? q : q.where(sql<boolean>`${sql.ref(col)} = ${id}`));
  const cols = (t: string, state = 'status', since = 'created_at') => ({ state: `${t}.${state}`, since: `${t}.${since}`, id: `${t}.id` });
  switch (queue) {
    case 'realName':
      return pageOf(byId(realNameRows(db), 'verification.id'), cols('verification', 'state', 'submitted_at'), states, f, (r) => realNameItem(r, now));
    case 'enrolment':
      return pageOf(byId(enrolmentRows(db), 'enrolment.id'), cols('enrolment', 'status', 'submitted_at'), states, f, (r) => enrolmentItem(r, now));
    case 'depositProof':
      return pageOf(byId(depositProofRows(db), 'deposit_proof.id'), cols('deposit_proof'), states, f, (r) => depositProofItem(r, now));
    case 'transferProof': {
      const page = await pageOf(byId(transferProofRows(db), 'deal_proof.id'), cols('deal_proof'), states, f, (r) => r);
      const approvals = await pendingApprovals(db, 'transfer.confirm', page.records.map((r) => `deal:${r.deal_id}`));
      return { ...page, records: page.records.map((r) => transferProofItem(r, now, approvals)) };
    }
    case 'withdrawal':
      return pageOf(byId(withdrawalRows(db), 'withdrawal.id'), cols('withdrawal'), states, f, (r) => withdrawalItem(r, now));
    case 'invoice':
      return pageOf(byId(invoiceRows(db), 'invoice.id'), cols('invoice'), states, f, (r) => invoiceItem(r, now));
    case 'sealApplication':
      return pageOf(byId(sealRows(db), 'seal_application.id'), cols('seal_application'), states, f, (r) => sealItem(r, now));
    case 'appeal':
      return pageOf(byId(appealRows(db), 'appeal.id'), cols('appeal'), states, f, (r) => appealItem(r, now));
    case 'demand':
      return pageOf(byId(demandRows(db), 'demand.id'), cols('demand'), states, f, (r) => demandItem(r, now));
    case 'settlement': {
      const since = { state: 'deal.status', since: 'coalesce(deal.certificate_at, deal.handover_at, deal.paid_at, deal.deal_at)', id: 'deal.id' };
      const page = await pageOf(byId(settlementRows(db), 'deal.id'), since, states, f, (r) => r);
      const approvals = await pendingApprovals(db, 'deal.payout', page.records.map((r) => `deal:${r.id}`));
      return { ...page, records: page.records.map((r) => settlementItem(r, now, approvals)) };
    }
  }
}

export function queuePage(c: QueueContext, queue: ListedQueue, f: ListFilter): Promise<Page<AnyQueueItem>> {
  return rowsOf(c, queue, f, null);
}

const NOT_FOUND: Record<ListedQueue, string> = {
  realName: '认证申请不存在',
  enrolment: '报名记录不存在',
  depositProof: '付款凭证不存在',
  transferProof: '转账凭证不存在',
  withdrawal: '提现记录不存在',
  invoice: '发票申请不存在',
  sealApplication: '印章申请不存在',
  appeal: '申诉不存在',
  demand: '需求不存在',
  settlement: '成交记录不存在',
};

/** Each queue's list item. */
export interface QueueItems {
  realName: RealNameItem;
  enrolment: EnrolmentItem;
  depositProof: DepositProofItem;
  transferProof: TransferProofItem;
  withdrawal: WithdrawalItem;
  invoice: InvoiceQueueItem;
  sealApplication: SealItem;
  appeal: AppealItem;
  demand: DemandItem;
  settlement: SettlementItem;
}

/** One item of a queue, as its list shows it (404 when there is none). */
export async function queueItem<Q extends ListedQueue>(c: QueueContext, queue: Q, id: number): Promise<QueueItems[Q]> {
  const page = await rowsOf(c, queue, { state: 'all', order: 'oldest', current: 1, size: 1 }, id);
  const item = page.records[0];
  if (!item) throw notFound(NOT_FOUND[queue]);
  return item as QueueItems[Q];
}

// ---------------------------------------------------------------------------------------------------------
// Details: what the user submitted

async function fileLinks(db: Db, ids: string[]): Promise<StaffFileLink[]> {
  const wanted = ids.filter((id) => /^[A-Za-z0-9_-]{1,64}$/.test(id));
  if (wanted.length === 0) return [];
  const rows = await db.selectFrom('uploaded_file').select(['id', 'original_name', 'content_type', 'size']).where('id', 'in', wanted).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return wanted.flatMap((id) => {
    const r = byId.get(id);
    return r ? [{ fileId: r.id, name: r.original_name, contentType: r.content_type, size: Number(r.size), path: staffFilePath(r.id) }] : [];
  });
}

export async function realNameDetail(c: QueueContext, secrets: Pick<InstallSecrets, 'fieldKey'>, id: number): Promise<RealNameDetail> {
  const item = await queueItem(c, 'realName', id);
  const row = await c.db.selectFrom('verification').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const user = await c.db.selectFrom('app_user').select(['user_type', 'phone', 'created_at']).where('id', '=', row.user_id).executeTakeFirstOrThrow();
  // ID numbers and codes masked as everywhere (toStatus); names in full, for the reviewer to compare.
  const s = toStatus(secrets, row, user.user_type);
  const history = await c.db
    .selectFrom('verification')
    .select(['id', 'state', 'reason', 'submitted_at', 'reviewed_at'])
    .where('user_id', '=', row.user_id)
    .where('id', '<>', id)
    .orderBy('submitted_at', 'desc')
    .orderBy('id', 'desc')
    .limit(20)
    .execute();
  return {
    ...item,
    name: row.name,
    idType: s.idType,
    idNumber: s.idNumber,
    orgName: row.org_name,
    creditCode: s.creditCode,
    legalPerson: row.legal_person,
    legalIdType: s.legalIdType,
    legalIdNumber: s.legalIdNumber,
    files: await fileLinks(c.db, row.licence_file_id ? [row.licence_file_id] : []),
    phone: maskMobile(user.phone),
    registerTime: formatChinaTime(Number(user.created_at)),
    history: history.map((h) => ({ id: Number(h.id), state: h.state, reason: h.reason, submitTime: formatChinaTime(Number(h.submitted_at)), reviewTime: time(h.reviewed_at) })),
  };
}

export async function enrolmentDetail(c: QueueContext, id: number): Promise<EnrolmentQueueDetail> {
  const item = await queueItem(c, 'enrolment', id);
  const enrolment = await myEnrolment(c.db, item.userId, id);
  const project = await c.db.selectFrom('project').select(['id', 'project_code', 'assets_name', 'state', 'deposit_fen', 'org_name']).where('id', '=', item.assetsId).executeTakeFirstOrThrow();
  return {
    ...item,
    enrolment,
    files: await fileLinks(c.db, enrolment.attachments.map((a) => a.fileId)),
    project: { assetsId: Number(project.id), projectCode: project.project_code, assetsName: project.assets_name, state: project.state, depositFen: Number(project.deposit_fen), orgName: project.org_name },
  };
}

export async function depositProofDetail(c: QueueContext, gatewayName: (gateway: string) => string, id: number): Promise<DepositProofDetail> {
  const item = await queueItem(c, 'depositProof', id);
  const proof = await c.db.selectFrom('deposit_proof').select('file_id').where('id', '=', id).executeTakeFirstOrThrow();
  return { ...item, deposit: await myDeposit(c.db, item.userId, item.depositId, gatewayName), files: await fileLinks(c.db, [proof.file_id]) };
}

export async function transferProofDetail(c: QueueContext, id: number): Promise<TransferProofDetail> {
  const item = await queueItem(c, 'transferProof', id);
  const proof = await c.db.selectFrom('deal_proof').select('file_id').where('id', '=', id).executeTakeFirstOrThrow();
  return { ...item, deal: await myDeal(c.db, item.userId, item.dealId), files: await fileLinks(c.db, [proof.file_id]) };
}

export async function withdrawalDetail(c: QueueContext, id: number): Promise<WithdrawalDetail> {
  const item = await queueItem(c, 'withdrawal', id);
  const card = await c.db.selectFrom('withdrawal').innerJoin('bank_card', 'bank_card.id', 'withdrawal.card_id').select('bank_card.account_name').where('withdrawal.id', '=', id).executeTakeFirstOrThrow();
  const balances = await userBalances(c.db, item.userId);
  return { ...item, accountName: card.account_name, available: fenToYuan(balances.availableFen), frozen: fenToYuan(balances.frozenFen) };
}

export async function sealDetail(c: QueueContext, id: number): Promise<SealDetail> {
  const item = await queueItem(c, 'sealApplication', id);
  return { ...item, imagePath: `${QUEUE_PATHS.sealImage}?id=${id}` };
}

export async function sealImage(db: Db, id: number): Promise<Buffer> {
  const row = await db.selectFrom('seal_application').select('png_base64').where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(NOT_FOUND.sealApplication);
  return Buffer.from(row.png_base64, 'base64');
}

export async function appealDetail(c: QueueContext, id: number): Promise<AppealQueueDetail> {
  const item = await queueItem(c, 'appeal', id);
  const appeal = await myAppeal(c.db, item.userId, id);
  return { ...item, appeal, files: await fileLinks(c.db, appeal.attachments.map((a) => a.fileId)) };
}

export async function demandDetail(c: QueueContext, id: number): Promise<DemandQueueDetail> {
  const item = await queueItem(c, 'demand', id);
  return { ...item, demand: await myDemand(c.db, item.userId, id) };
}

export async function settlementDetail(c: QueueContext, id: number): Promise<SettlementDetail> {
  const item = await queueItem(c, 'settlement', id);
  return { ...item, deal: await myDeal(c.db, item.userId, id) };
}

// ---------------------------------------------------------------------------------------------------------
// Deposits (for forfeits)

export async function depositPage(c: QueueContext, f: PageRequest & { state: string; q?: string | undefined }): Promise<Page<StaffDepositItem>> {
  const frozen: DepositStatus[] = ['confirmed', 'kept'];
  let q = c.db.selectFrom('deposit').innerJoin('app_user', 'app_user.id', 'deposit.user_id').innerJoin('project', 'project.id', 'deposit.project_id');
  if (f.state === 'frozen') q = q.where('deposit.status', 'in', frozen);
  else if (f.state !== 'all') q = q.where('deposit.status', '=', f.state);
  if (f.q) {
    const like = `%${f.q.replace(/[%_]/g, '')}%`;
    q = q.where((eb) => eb.or([eb('app_user.login_name', 'like', like), eb('project.assets_name', 'like', like), eb('deposit.deposit_code', 'like', like)]));
  }
  const page = await pageOf(
    q.select(['deposit.id', 'deposit.deposit_code', 'deposit.status', 'deposit.amount_fen', 'deposit.confirmed_at', 'deposit.project_id', 'app_user.login_name', 'app_user.name as user_name', 'project.assets_name']),
    { state: 'deposit.status', since: 'deposit.created_at', id: 'deposit.id' },
    null,
    { ...f, state: 'all', order: 'newest' },
    (r) => r,
  );
  const approvals = await pendingApprovals(c.db, 'deposit.forfeit', page.records.map((r) => `deposit:${r.id}`));
  return {
    ...page,
    records: page.records.map((r) => ({
      id: Number(r.id),
      depositCode: r.deposit_code,
      status: r.status,
      statusText: DEPOSIT_STATUS_TEXT[r.status as DepositStatus] ?? r.status,
      loginName: r.login_name,
      userName: r.user_name,
      assetsId: Number(r.project_id),
      assetsName: r.assets_name,
      amount: fenToYuan(Number(r.amount_fen)),
      confirmTime: time(r.confirmed_at),
      approvalId: approvals.get(`deposit:${r.id}`) ?? null,
    })),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Staff downloads of users' uploads

/**
 * Which permissions let staff read an upload: those of every queue whose submissions name it. Empty when
 * no submission does (the file is the user's own business: staff get 404).
 */
export async function fileAccess(db: Db, fileId: string): Promise<{ file: { id: string; user_id: number; original_name: string; stored_name: string; content_type: string } | undefined; permissions: StaffPermission[] }> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(fileId)) return { file: undefined, permissions: [] };
  const file = await db.selectFrom('uploaded_file').select(['id', 'user_id', 'original_name', 'stored_name', 'content_type']).where('id', '=', fileId).executeTakeFirst();
  if (!file) return { file: undefined, permissions: [] };
  const permissions: StaffPermission[] = [];
  const named = (json: string) => (JSON.parse(json) as { fileId: string }[]).some((a) => a.fileId === fileId);
  const like = `%${fileId}%`;
  if (await db.selectFrom('verification').select('id').where('licence_file_id', '=', fileId).executeTakeFirst()) permissions.push('realName.review');
  const enrolments = await db.selectFrom('enrolment').select('attachments').where('user_id', '=', file.user_id).where('attachments', 'like', like).execute();
  if (enrolments.some((e) => named(e.attachments))) permissions.push('enrolment.review');
  if (await db.selectFrom('deposit_proof').select('id').where('file_id', '=', fileId).executeTakeFirst()) permissions.push('depositProof.review');
  if (await db.selectFrom('deal_proof').select('id').where('file_id', '=', fileId).executeTakeFirst()) permissions.push('transfer.confirm');
  const appeals = await db.selectFrom('appeal').select('attachments').where('user_id', '=', file.user_id).where('attachments', 'like', like).execute();
  if (appeals.some((a) => named(a.attachments))) permissions.push('appeal.handle');
  return { file, permissions };
}
