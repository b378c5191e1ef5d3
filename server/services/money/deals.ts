/**
 * Deal confirmation and settlement (guide after-the-hammer.md steps 2, 3 and 5).
 *
 *   settlement of a sold auction → deal awaitingConfirmation (成交确认书, confirm within N working days)
 *   → awaitingPayment (amount due = price + buyer's fee − deposit converted; pay within N working days)
 *   → paid (gateway, wallet, or a transfer the operator confirms) → handedOver → certified → paidOut.
 *   Not confirmed or not paid in time → forfeited: the kept deposit is forfeited with the reason.
 *
 * Every step is a conditional update on the expected state, in one transaction with its ledger entry and
 * its message, so a repeated call or a redelivered bank notice changes nothing twice.
 */
import type { Kysely, Selectable, SelectQueryBuilder, Updateable } from 'kysely';
import { formatChinaTime } from '#domain/rules/chinaTime';
import type { Page } from '#domain/contract/envelope';
import { lotTitle } from '#domain/rules/desk';
import type { TopUpOrder } from '#domain/contract/ledger';
import { fenToChineseUpper, fenToYuan, formatFenAsYuan } from '#domain/rules/money';
import { DEAL_PROOF_STATUS_TEXT, DEAL_STATUS_TEXT, DEFAULT_SETTLEMENT_SETTINGS, addWorkingDays, amountDueFen, buyerFeeFen } from '#domain/rules/settlement';
import { type DealDetail, type DealProof, type DealProofStatus, type DealStatus, type DealSummary, type SettlementSettings } from '#domain/contract/settlement';
import type { Database } from '../../db/schema.ts';
import type { DealTable } from '../../db/tables/money.ts';
import { BusinessError, notFound } from '../../lib/envelope.ts';
import { renderPdf, type PdfDocument } from '../../lib/pdf.ts';
import { appendAudit } from '../accounts/audit.ts';
import { forfeitDeposit, type DepositActor } from '../enrolment/deposits.ts';
import { newCode } from '../common/codes.ts';
import { transferorNameSql } from '../common/transferor.ts';
import { inTransaction } from '../common/transactions.ts';
import { draftContract } from '../contracts/draft.ts';
import { sendMessage } from '../user-centre/messages.ts';
import { registerOrder, type PaymentGateway } from '../payments/gateway.ts';
import { paidOrderHandlers } from '../payments/orders.ts';
import { post } from './ledger.ts';
import { settleWithDeposit, type SettlementSource } from './movements.ts';
import { fetchPage, type PageRequest } from '../common/paging.ts';

export const MSG_DEAL_NOT_FOUND = '成交记录不存在';
type DealRow = Selectable<DealTable>;
const yuan = (fen: number) => formatFenAsYuan(fen, { suffix: ' 元' });
const dueOf = (d: Pick<DealRow, 'price_fen' | 'fee_fen' | 'deposit_fen'>) => amountDueFen(d.price_fen, d.fee_fen, d.deposit_fen);
const link = (id: number) => `/projectSettleDetail?id=${id}`;

/** At settlement of a sold auction, in the sweep's transaction: the winner's deal and its 成交确认书. */
export async function openDeal(
  trx: Kysely<Database>,
  o: { activityId: number; projectId: number; winnerUserId: number; bidCode: string; priceFen: number; at: number; settings?: SettlementSettings },
): Promise<void> {
  const settings = o.settings ?? DEFAULT_SETTLEMENT_SETTINGS;
  const deposit = await trx.selectFrom('deposit').select(['id', 'amount_fen']).where('project_id', '=', o.projectId).where('user_id', '=', o.winnerUserId).where('status', '=', 'kept').executeTakeFirst();
  const enrolment = await trx.selectFrom('enrolment').select('bidder_name').where('project_id', '=', o.projectId).where('user_id', '=', o.winnerUserId).executeTakeFirst();
  const user = await trx.selectFrom('app_user').select('name').where('id', '=', o.winnerUserId).executeTakeFirstOrThrow();
  const project = await trx.selectFrom('project').select('assets_name').where('id', '=', o.projectId).executeTakeFirstOrThrow();
  const confirmDue = addWorkingDays(o.at, settings.confirmWorkingDays);
  const inserted = await trx
    .insertInto('deal')
    .values({
      deal_code: newCode('CJ', o.at),
      activity_id: o.activityId,
      project_id: o.projectId,
      user_id: o.winnerUserId,
      deposit_id: deposit?.id ?? null,
      bid_code: o.bidCode,
      buyer_name: enrolment?.bidder_name || user.name,
      price_fen: o.priceFen,
      fee_fen: buyerFeeFen(o.priceFen, settings.feeSchedule),
      deposit_fen: deposit?.amount_fen ?? 0,
      status: 'awaitingConfirmation' satisfies DealStatus,
      pay_method: '',
      forfeit_reason: '',
      deal_at: o.at,
      confirm_due_at: confirmDue,
      confirmed_at: null,
      pay_due_at: null,
      paid_at: null,
      handover_at: null,
      certificate_at: null,
      payout_at: null,
      forfeited_at: null,
      updated_at: o.at,
    })
    .onConflict((oc) => oc.column('activity_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return;
  await sendMessage(trx, {
    userId: o.winnerUserId,
    kind: 'won',
    title: lotTitle('请确认成交确认书', project.assets_name),
    content: `您已竞得「${project.assets_name}」，成交价 ${yuan(o.priceFen)}。请于 ${formatChinaTime(confirmDue, 'YYYY-MM-DD HH:mm')} 前在线确认成交确认书，逾期未确认将视为违约，保证金不予退还。`,
    link: link(inserted.id),
    at: o.at,
  });
}

// ---------------------------------------------------------------------------------------------------------
// Reading

/** A deal with its project's name and code and the transferor: each deal one row (one detail per project). */
function withProject<O>(q: SelectQueryBuilder<Database, 'deal', O>) {
  return q
    .innerJoin('project', 'project.id', 'deal.project_id')
    .leftJoin('project_detail', 'project_detail.project_id', 'deal.project_id')
    .selectAll('deal')
    .select(['project.assets_name', 'project.project_code', transferorNameSql.as('transferor_name')]);
}

function dealQuery(db: Kysely<Database>) {
  return withProject(db.selectFrom('deal'));
}
type DealJoined = DealRow & { assets_name: string; project_code: string; transferor_name: string };

const time = (t: number | null) => (t === null ? null : formatChinaTime(t));

function toSummary(d: DealJoined): DealSummary {
  const status = d.status as DealStatus;
  return {
    id: d.id,
    dealCode: d.deal_code,
    assetsId: d.project_id,
    assetsName: d.assets_name,
    bidCode: d.bid_code,
    price: fenToYuan(d.price_fen),
    fee: fenToYuan(d.fee_fen),
    deposit: fenToYuan(d.deposit_fen),
    amountDue: fenToYuan(dueOf(d)),
    status,
    statusText: DEAL_STATUS_TEXT[status],
    confirmDue: formatChinaTime(d.confirm_due_at),
    payDue: time(d.pay_due_at),
    createTime: formatChinaTime(d.deal_at),
  };
}

function toDetail(d: DealJoined, proof: DealProof | null = null): DealDetail {
  return {
    ...toSummary(d),
    projectCode: d.project_code,
    buyerName: d.buyer_name,
    transferor: d.transferor_name,
    dealTime: formatChinaTime(d.deal_at),
    confirmTime: time(d.confirmed_at),
    paidTime: time(d.paid_at),
    payMethod: d.pay_method as DealDetail['payMethod'],
    forfeitReason: d.forfeit_reason,
    handoverTime: time(d.handover_at),
    certificateTime: time(d.certificate_at),
    payoutTime: time(d.payout_at),
    proof,
  };
}

/** The deal's latest bank-transfer proof. */
async function latestProof(db: Kysely<Database>, dealId: number): Promise<DealProof | null> {
  const p = await db.selectFrom('deal_proof').selectAll().where('deal_id', '=', dealId).orderBy('id', 'desc').executeTakeFirst();
  if (!p) return null;
  const status = p.status as DealProofStatus;
  return { id: p.id, fileId: p.file_id, fileName: p.file_name, note: p.note, status, statusText: DEAL_PROOF_STATUS_TEXT[status], reason: p.reason, submitTime: formatChinaTime(p.created_at) };
}

async function ownDeal(db: Kysely<Database>, userId: number, id: number): Promise<DealJoined> {
  const row = await dealQuery(db).where('deal.id', '=', id).where('deal.user_id', '=', userId).executeTakeFirst();
  if (!row) throw notFound(MSG_DEAL_NOT_FOUND);
  return row;
}

export async function myDeals(db: Kysely<Database>, userId: number, q: PageRequest): Promise<Page<DealSummary>> {
  return fetchPage(
    db.selectFrom('deal').where('deal.user_id', '=', userId),
    q,
    (b) => withProject(b).orderBy('deal.deal_at', 'desc').orderBy('deal.id', 'desc'),
    toSummary,
  );
}

export async function myDeal(db: Kysely<Database>, userId: number, id: number): Promise<DealDetail> {
  return toDetail(await ownDeal(db, userId, id), await latestProof(db, id));
}

/**
 * The 成交确认书 as a PDF (server/lib/pdf.ts): the lot, the parties, the price in figures and in 大写, the
 * deal and bid codes, the time, and the amount due. Owner only (another user's deal is 404).
 */
export async function dealLetterPdf(db: Kysely<Database>, userId: number, id: number): Promise<Uint8Array> {
  return renderPdf(await dealLetter(db, userId, id));
}

/** What the 成交确认书 says (the PDF's content, before layout). */
export async function dealLetter(db: Kysely<Database>, userId: number, id: number): Promise<PdfDocument> {
  const deal = await ownDeal(db, userId, id);
  const d = toDetail(deal);
  return {
    title: '成交确认书',
    footer: `成交编号 ${d.dealCode}`,
    blocks: [
      { kind: 'paragraph', text: '经河北产权市场组织网络竞价，受让方以下列条件竞得本项目，特此确认：' },
      {
        kind: 'fields',
        rows: [
          ['成交编号', d.dealCode],
          ['项目名称', d.assetsName],
          ['项目编号', d.projectCode],
          ['转让方', d.transferor || '—'],
          ['受让方（竞得人）', d.buyerName],
          ['竞买号', d.bidCode],
          ['成交价（小写）', yuan(deal.price_fen)],
          ['成交价（大写）', `人民币${fenToChineseUpper(deal.price_fen)}`],
          ['成交时间', d.dealTime],
          ['买方交易服务费', yuan(deal.fee_fen)],
          ['保证金转价款', yuan(deal.deposit_fen)],
          ['应付金额', `${yuan(dueOf(deal))}（人民币${fenToChineseUpper(dueOf(deal))}）`],
          ['确认期限', d.confirmDue],
          ['确认状态', d.confirmTime ? `已于 ${d.confirmTime} 在线确认` : '待确认'],
        ],
      },
      { kind: 'paragraph', text: '受让方应于确认成交后 3 个工作日内支付上述应付金额，并按约定与转让方签订产权交易合同。受让方逾期未确认或未支付的，视为违约，所缴保证金不予退还。' },
      { kind: 'signatures', parties: ['河北产权市场有限公司', '受让方'] },
      { kind: 'paragraph', text: `出具日期：${d.dealTime.slice(0, 10)}` },
    ],
  };
}

// ---------------------------------------------------------------------------------------------------------
// The winner's steps

export async function confirmDeal(db: Kysely<Database>, userId: number, id: number, now: number, ip: string, settings: SettlementSettings = DEFAULT_SETTLEMENT_SETTINGS): Promise<DealDetail> {
  const deal = await ownDeal(db, userId, id);
  if (deal.status !== 'awaitingConfirmation') throw new BusinessError(409, deal.status === 'forfeited' ? '已逾期未确认，成交已作违约处理' : '该成交已确认');
  if (now > deal.confirm_due_at) throw new BusinessError(409, '已超过成交确认期限');
  await inTransaction(db, async (trx) => {
    const payDue = addWorkingDays(now, settings.payWorkingDays);
    const moved = await moveDeal(trx, id, 'awaitingConfirmation', { status: 'awaitingPayment', confirmed_at: now, pay_due_at: payDue, updated_at: now });
    if (!moved) throw new BusinessError(409, '该成交已确认');
    await appendAudit(trx, now, { userId, ip, action: 'deal.confirm', object: `deal:${id}`, result: 'success', detail: '' });
    const due = dueOf(deal);
    if (due === 0) {
      // The deposit covers price and fee: settled at once (any surplus returns to the wallet).
      await markPaid(trx, deal, { kind: 'wallet' }, 'wallet', now);
      return;
    }
    await sendMessage(trx, {
      userId,
      kind: 'won',
      title: lotTitle('成交已确认，请支付价款', deal.assets_name),
      content: `您已确认「${deal.assets_name}」的成交确认书。应付金额 ${yuan(due)}（成交价 ${yuan(deal.price_fen)} + 服务费 ${yuan(deal.fee_fen)} − 保证金转价款 ${yuan(deal.deposit_fen)}），请于 ${formatChinaTime(payDue, 'YYYY-MM-DD HH:mm')} 前支付。`,
      link: `/settleDetailPayInfo?id=${id}`,
      at: now,
    });
  });
  return myDeal(db, userId, id);
}

/**
 * The deal's one status change: from `from` (one status or several) with `changes`, only if it is still
 * there. False when another request or process moved it first (each caller answers that its own way).
 */
async function moveDeal(trx: Kysely<Database>, id: number, from: DealStatus | DealStatus[], changes: Updateable<DealTable>): Promise<boolean> {
  const moved = await trx
    .updateTable('deal')
    .set(changes)
    .where('id', '=', id)
    .where('status', 'in', Array.isArray(from) ? from : [from])
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

/** awaitingPayment | proofSubmitted → paid, with the settlement entry (deposit converted, fee earned, price owed). */
async function markPaid(trx: Kysely<Database>, deal: DealRow & { assets_name: string }, source: SettlementSource, method: 'online' | 'wallet' | 'transfer', now: number): Promise<boolean> {
  const moved = await moveDeal(trx, deal.id, ['awaitingPayment', 'proofSubmitted'], { status: 'paid', pay_method: method, paid_at: now, updated_at: now });
  if (!moved) return false;
  await settleWithDeposit(trx, { dealId: deal.id, depositId: deal.deposit_id, userId: deal.user_id, priceFen: deal.price_fen, feeFen: deal.fee_fen, source, at: now, memo: deal.assets_name });
  await sendMessage(trx, {
    userId: deal.user_id,
    kind: 'won',
    title: lotTitle('成交价款已支付', deal.assets_name),
    content: `「${deal.assets_name}」的成交价款及服务费已结清（保证金 ${yuan(deal.deposit_fen)} 已转为价款）。交易机构将出具资产交接通知书，请留意后续消息。`,
    link: link(deal.id),
    at: now,
  });
  // Guide step 4: the contract is drafted with the payment, in its transaction (a paid deal always has one).
  await draftContract(trx, deal.id, now);
  return true;
}

export async function createDealOrder(db: Kysely<Database>, gateway: PaymentGateway | null, userId: number, id: number, now: number, ip: string): Promise<TopUpOrder> {
  if (!gateway) throw new BusinessError(409, '本站暂未开通在线支付，请通过银行转账支付');
  const deal = await ownDeal(db, userId, id);
  if (deal.status !== 'awaitingPayment') throw new BusinessError(409, deal.status === 'awaitingConfirmation' ? '请先确认成交确认书' : '当前状态不能支付');
  const due = dueOf(deal);
  const orderNo = newCode('ST', now);
  const created = await registerOrder(gateway, { orderNo, amountFen: due, subject: `成交价款-${deal.assets_name}`.slice(0, 60) });
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('payment_order')
      .values({ order_no: orderNo, deposit_id: null, purpose: 'settlement', ref_id: id, user_id: userId, gateway: gateway.name, amount_fen: due, status: 'created', gateway_txn: null, created_at: now, paid_at: null })
      .execute();
    await appendAudit(trx, now, { userId, ip, action: 'deal.order', object: `payment_order:${orderNo}`, result: 'success', detail: `deal:${id}` });
  });
  return { orderNo, amount: fenToYuan(due), status: 'created', gatewayName: gateway.displayName, ...(created?.payUrl ? { payUrl: created.payUrl } : {}) };
}

// The bank's notice of a settlement order: the deal is paid (a deal no longer payable: the money goes to the wallet).
paidOrderHandlers.set('settlement', async (trx, order, now) => {
  if (order.ref_id === null) return false;
  const deal = await dealQuery(trx).where('deal.id', '=', order.ref_id).where('deal.user_id', '=', order.user_id).executeTakeFirst();
  if (!deal || Number(order.amount_fen) !== dueOf(deal)) return false;
  return markPaid(trx, deal, { kind: 'bank', orderNo: order.order_no }, 'online', now);
});

export async function payDealFromWallet(db: Kysely<Database>, userId: number, id: number, now: number, ip: string): Promise<DealDetail> {
  const deal = await ownDeal(db, userId, id);
  if (deal.status !== 'awaitingPayment') throw new BusinessError(409, deal.status === 'awaitingConfirmation' ? '请先确认成交确认书' : '当前状态不能支付');
  await inTransaction(db, async (trx) => {
    if (!(await markPaid(trx, deal, { kind: 'wallet' }, 'wallet', now))) throw new BusinessError(409, '当前状态不能支付');
    await appendAudit(trx, now, { userId, ip, action: 'deal.pay.wallet', object: `deal:${id}`, result: 'success', detail: '' });
  });
  return myDeal(db, userId, id);
}

/** Payment-proof files: what the upload's magic bytes said it is (PDF, JPEG, PNG). */
const PROOF_TYPES = new Set(['application/pdf', 'image/jpeg', 'image/png']);

/**
 * The buyer's bank-transfer proof of the amount due: a file of his own 我的文件 (uploaded there, its type
 * decided by its bytes). awaitingPayment → proofSubmitted with the proof and his message, in one transaction.
 */
export async function submitDealProof(db: Kysely<Database>, userId: number, id: number, p: { fileId: string; note: string }, now: number, ip: string): Promise<DealDetail> {
  const deal = await ownDeal(db, userId, id);
  if (deal.status === 'proofSubmitted') throw new BusinessError(409, '您已提交转账凭证，请等待交易机构确认');
  if (deal.status !== 'awaitingPayment') throw new BusinessError(409, deal.status === 'awaitingConfirmation' ? '请先确认成交确认书' : '当前状态不能提交转账凭证');
  const file = await db
    .selectFrom('library_file')
    .innerJoin('uploaded_file', 'uploaded_file.id', 'library_file.file_id')
    .select(['library_file.file_id', 'library_file.name', 'uploaded_file.content_type'])
    .where('library_file.file_id', '=', p.fileId)
    .where('library_file.user_id', '=', userId)
    .executeTakeFirst();
  if (!file) throw notFound('文件不存在');
  if (!PROOF_TYPES.has(file.content_type)) throw new BusinessError(400, '转账凭证须为 PDF、JPEG 或 PNG 文件');
  await inTransaction(db, async (trx) => {
    const moved = await moveDeal(trx, id, 'awaitingPayment', { status: 'proofSubmitted', updated_at: now });
    if (!moved) throw new BusinessError(409, '当前状态不能提交转账凭证');
    const proof = await trx
      .insertInto('deal_proof')
      .values({ deal_id: id, user_id: userId, file_id: file.file_id, file_name: file.name, note: p.note, status: 'submitted' satisfies DealProofStatus, reason: '', created_at: now, reviewed_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await appendAudit(trx, now, { userId, ip, action: 'deal.proof', object: `deal_proof:${proof.id}`, result: 'success', detail: `deal:${id}` });
    await sendMessage(trx, {
      userId,
      kind: 'system',
      title: lotTitle('转账凭证已提交', deal.assets_name),
      content: `您已提交「${deal.assets_name}」成交价款 ${yuan(dueOf(deal))} 的银行转账凭证（${file.name}），交易机构核实到账后将确认，请留意消息。`,
      link: link(id),
      at: now,
    });
  });
  return myDeal(db, userId, id);
}

// ---------------------------------------------------------------------------------------------------------
// The exchange's steps (operator commands) and the deadline sweep

async function dealRow(db: Kysely<Database>, id: number) {
  const row = await dealQuery(db).where('deal.id', '=', id).executeTakeFirst();
  if (!row) throw new BusinessError(404, MSG_DEAL_NOT_FOUND);
  return row;
}

/** The operator saw the buyer's bank transfer of the amount due. */
export async function confirmDealTransfer(db: Kysely<Database>, id: number, actor: DepositActor, now: number): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const deal = await dealRow(trx, id);
    if (!(await markPaid(trx, deal, { kind: 'bank' }, 'transfer', now))) return false;
    await trx.updateTable('deal_proof').set({ status: 'confirmed' satisfies DealProofStatus, reviewed_at: now }).where('deal_id', '=', id).where('status', '=', 'submitted').execute();
    await appendAudit(trx, now, { userId: deal.user_id, ip: actor.ip, action: 'deal.transfer.confirm', object: `deal:${id}`, result: 'success', detail: actor.name });
    return true;
  });
}

/** The operator found no such transfer: proofSubmitted → awaitingPayment, the proof rejected with the reason, his message. */
export async function rejectDealTransfer(db: Kysely<Database>, id: number, reason: string, actor: DepositActor, now: number): Promise<boolean> {
  const why = reason.trim().slice(0, 200);
  if (!why) throw new BusinessError(400, '请填写驳回原因');
  return inTransaction(db, async (trx) => {
    const deal = await dealRow(trx, id);
    const moved = await moveDeal(trx, id, 'proofSubmitted', { status: 'awaitingPayment', updated_at: now });
    if (!moved) return false;
    await trx.updateTable('deal_proof').set({ status: 'rejected' satisfies DealProofStatus, reason: why, reviewed_at: now }).where('deal_id', '=', id).where('status', '=', 'submitted').execute();
    await appendAudit(trx, now, { userId: deal.user_id, ip: actor.ip, action: 'deal.transfer.reject', object: `deal:${id}`, result: 'success', detail: `${actor.name}: ${why}` });
    await sendMessage(trx, {
      userId: deal.user_id,
      kind: 'system',
      title: lotTitle('转账凭证未通过', deal.assets_name),
      content: `您提交的「${deal.assets_name}」成交价款转账凭证未通过，原因：${why}。请于 ${deal.pay_due_at === null ? '付款期限' : formatChinaTime(deal.pay_due_at, 'YYYY-MM-DD HH:mm')} 前重新提交凭证或在线支付。`,
      link: `/settleDetailPayInfo?id=${id}`,
      at: now,
    });
    return true;
  });
}

const STEPS = {
  handover: { from: 'paid', to: 'handedOver', column: 'handover_at', title: '资产交接通知书已出具', text: (n: string) => `交易机构已出具「${n}」的资产交接通知书，请与转让方办理资产交割。` },
  certificate: { from: 'handedOver', to: 'certified', column: 'certificate_at', title: '产权交易凭证已出具', text: (n: string) => `「${n}」已完成交割，交易机构已出具产权交易凭证。` },
} as const;

/** Handover notice (paid → handedOver) or transaction certificate (handedOver → certified). */
export async function advanceDeal(db: Kysely<Database>, id: number, step: keyof typeof STEPS, actor: DepositActor, now: number): Promise<boolean> {
  const s = STEPS[step];
  return inTransaction(db, async (trx) => {
    const deal = await dealRow(trx, id);
    const moved = await moveDeal(trx, id, s.from, { status: s.to, [s.column]: now, updated_at: now });
    if (!moved) return false;
    await appendAudit(trx, now, { userId: deal.user_id, ip: actor.ip, action: `deal.${step}`, object: `deal:${id}`, result: 'success', detail: actor.name });
    await sendMessage(trx, { userId: deal.user_id, kind: 'won', title: lotTitle(s.title, deal.assets_name), content: s.text(deal.assets_name), link: link(id), at: now });
    return true;
  });
}

/** The price is paid out to the transferor (certified → paidOut): transferor payable → bank. */
export async function payoutDeal(db: Kysely<Database>, id: number, actor: DepositActor, now: number): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const deal = await dealRow(trx, id);
    const moved = await moveDeal(trx, id, 'certified', { status: 'paidOut', payout_at: now, updated_at: now });
    if (!moved) return false;
    await post(trx, {
      key: `deal:${id}:payout`,
      kind: 'payout',
      userId: null,
      ref: `deal:${id}`,
      memo: `${deal.assets_name} → ${deal.transferor_name}`,
      at: now,
      lines: [
        ['transferorPayable', -deal.price_fen],
        ['bank', deal.price_fen],
      ],
    });
    await appendAudit(trx, now, { userId: deal.user_id, ip: actor.ip, action: 'deal.payout', object: `deal:${id}`, result: 'success', detail: actor.name });
    return true;
  });
}

export const FORFEIT_NOT_CONFIRMED = '竞得人未在规定期限内确认成交（悔拍）';
export const FORFEIT_NOT_PAID = '竞得人未在规定期限内支付成交价款（悔拍）';

/** Deals past their deadline are forfeited with their reason, and the kept deposit with them. Returns how many. */
export async function sweepDeals(db: Kysely<Database>, now: number): Promise<number> {
  const overdue = await db
    .selectFrom('deal')
    .select(['id', 'status'])
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'awaitingConfirmation'), eb('confirm_due_at', '<', now)]),
        eb.and([eb('status', '=', 'awaitingPayment'), eb('pay_due_at', '<', now)]),
      ]),
    )
    .limit(100)
    .execute();
  let n = 0;
  for (const d of overdue) {
    const reason = d.status === 'awaitingConfirmation' ? FORFEIT_NOT_CONFIRMED : FORFEIT_NOT_PAID;
    const done = await inTransaction(db, async (trx) => {
      const moved = await moveDeal(trx, d.id, d.status as DealStatus, { status: 'forfeited', forfeit_reason: reason, forfeited_at: now, updated_at: now });
      if (!moved) return false;
      const deal = await dealRow(trx, d.id);
      if (deal.deposit_id !== null) await forfeitDeposit(trx, deal.deposit_id, reason, { name: 'deal-sweep', ip: '' }, now);
      await sendMessage(trx, { userId: deal.user_id, kind: 'won', title: lotTitle('成交违约处理通知', deal.assets_name), content: `${reason}，本次成交作违约处理。如有异议，可提出申诉。`, link: link(d.id), at: now });
      return true;
    });
    if (done) n += 1;
  }
  return n;
}

export interface OpsDeal {
  id: number;
  dealCode: string;
  status: DealStatus;
  loginName: string;
  assetsName: string;
  price: number;
  amountDue: number;
}

export async function listDeals(db: Kysely<Database>, all: boolean): Promise<OpsDeal[]> {
  let q = dealQuery(db).innerJoin('app_user', 'app_user.id', 'deal.user_id').select('app_user.login_name');
  if (!all) q = q.where('deal.status', 'not in', ['paidOut', 'forfeited']);
  const rows = await q.orderBy('deal.deal_at').limit(200).execute();
  return rows.map((r) => ({ id: r.id, dealCode: r.deal_code, status: r.status as DealStatus, loginName: r.login_name, assetsName: r.assets_name, price: fenToYuan(r.price_fen), amountDue: fenToYuan(dueOf(r)) }));
}
