/**
 * Invoices for paid service fees: a request per paid deal (普通/专用, title, taxpayer
 * number with the 统一社会信用代码 checksum, e-mail), requested → issued (the operator issues; the invoice is
 * a printable HTML document) or refused with a reason. Owner only: another user's invoice answers 404.
 */
import type { Kysely, SelectQueryBuilder } from 'kysely';
import { formatChinaTime } from '#domain/rules/chinaTime';
import type { Page } from '#domain/contract/envelope';
import { normalizeCreditCode } from '#domain/rules/creditCode';
import { INVOICE_KIND_TEXT, INVOICE_STATUS_TEXT, checkInvoiceRequest } from '#domain/rules/invoice';
import { type InvoiceItem, type InvoiceKind, type InvoiceRequest, type InvoiceStatus, type InvoiceableDeal } from '#domain/contract/invoice';
import { fenToChineseUpper, fenToYuan, formatFenAsYuan } from '#domain/rules/money';
import type { Database } from '../../db/schema.ts';
import { BusinessError, notFound } from '../../lib/envelope.ts';
import { renderPdf, type PdfDocument } from '../../lib/pdf.ts';
import { appendAudit } from '../accounts/audit.ts';
import type { DepositActor } from '../enrolment/deposits.ts';
import { newCode } from '../common/codes.ts';
import { inTransaction } from '../common/transactions.ts';
import { sendMessage } from '../user-centre/messages.ts';
import { fetchPage, type PageRequest } from '../common/paging.ts';

export const MSG_INVOICE_NOT_FOUND = '发票记录不存在';
const PAID = ['paid', 'handedOver', 'certified', 'paidOut'];

/** An invoice with the name of its deal's project: each invoice one row. */
function withProject<O>(q: SelectQueryBuilder<Database, 'invoice', O>) {
  return q.innerJoin('deal', 'deal.id', 'invoice.deal_id').innerJoin('project', 'project.id', 'deal.project_id').selectAll('invoice').select('project.assets_name');
}

function query(db: Kysely<Database>) {
  return withProject(db.selectFrom('invoice'));
}

function toItem(r: Awaited<ReturnType<ReturnType<typeof query>['executeTakeFirstOrThrow']>>): InvoiceItem {
  const status = r.status as InvoiceStatus;
  const kind = r.kind as InvoiceKind;
  return {
    id: r.id,
    invoiceNo: r.invoice_no,
    dealId: r.deal_id,
    assetsName: r.assets_name,
    kind,
    kindText: INVOICE_KIND_TEXT[kind],
    title: r.title,
    taxpayerNo: r.taxpayer_no,
    amount: fenToYuan(r.amount_fen),
    email: r.email,
    status,
    statusText: INVOICE_STATUS_TEXT[status],
    refuseReason: r.refuse_reason,
    requestTime: formatChinaTime(r.created_at),
    issueTime: status === 'issued' && r.reviewed_at !== null ? formatChinaTime(r.reviewed_at) : null,
  };
}

export async function myInvoices(db: Kysely<Database>, userId: number, q: PageRequest): Promise<Page<InvoiceItem>> {
  return fetchPage(
    db.selectFrom('invoice').where('invoice.user_id', '=', userId),
    q,
    (b) => withProject(b).orderBy('invoice.created_at', 'desc').orderBy('invoice.id', 'desc'),
    toItem,
  );
}

/** Paid deals whose service fee has no invoice requested or issued. */
export async function invoiceableDeals(db: Kysely<Database>, userId: number): Promise<InvoiceableDeal[]> {
  const rows = await db
    .selectFrom('deal')
    .innerJoin('project', 'project.id', 'deal.project_id')
    .select(['deal.id', 'project.assets_name', 'deal.fee_fen'])
    .where('deal.user_id', '=', userId)
    .where('deal.status', 'in', PAID)
    .where('deal.fee_fen', '>', 0)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('invoice').select('invoice.id').whereRef('invoice.deal_id', '=', 'deal.id').where('invoice.status', 'in', ['requested', 'issued']))))
    .orderBy('deal.paid_at', 'desc')
    .execute();
  return rows.map((r) => ({ dealId: r.id, assetsName: r.assets_name, fee: fenToYuan(r.fee_fen) }));
}

export async function requestInvoice(db: Kysely<Database>, userId: number, r: InvoiceRequest, now: number, ip: string): Promise<InvoiceItem> {
  const errors = checkInvoiceRequest(r);
  const first = Object.values(errors)[0];
  if (first) throw new BusinessError(400, first);
  const deal = await db.selectFrom('deal').select(['id', 'status', 'fee_fen']).where('id', '=', r.dealId).where('user_id', '=', userId).executeTakeFirst();
  if (!deal) throw notFound('成交记录不存在');
  if (!PAID.includes(deal.status) || deal.fee_fen <= 0) throw new BusinessError(409, '服务费支付后方可申请开票');
  const id = await inTransaction(db, async (trx) => {
    // One open or issued invoice per deal (checked again inside the transaction).
    const open = await trx.selectFrom('invoice').select('id').where('deal_id', '=', deal.id).where('status', 'in', ['requested', 'issued']).executeTakeFirst();
    if (open) throw new BusinessError(409, '该笔服务费已申请开票');
    const row = await trx
      .insertInto('invoice')
      .values({
        invoice_no: newCode('FP', now),
        user_id: userId,
        deal_id: deal.id,
        kind: r.kind,
        title: r.title.trim(),
        taxpayer_no: r.taxpayerNo.trim() ? normalizeCreditCode(r.taxpayerNo.trim()) : '',
        address: r.address.trim(),
        phone: r.phone.trim(),
        bank_name: r.bankName.trim(),
        bank_account: r.bankAccount.trim(),
        email: r.email.trim(),
        amount_fen: deal.fee_fen,
        status: 'requested' satisfies InvoiceStatus,
        refuse_reason: '',
        created_at: now,
        reviewed_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await appendAudit(trx, now, { userId, ip, action: 'invoice.request', object: `invoice:${row.id}`, result: 'success', detail: `deal:${deal.id}` });
    return row.id;
  });
  return toItem(await query(db).where('invoice.id', '=', id).executeTakeFirstOrThrow());
}

/** An issued invoice as a PDF (server/lib/pdf.ts) with its fields (owner only: another user's is 404). */
export async function invoicePdf(db: Kysely<Database>, userId: number, id: number): Promise<Uint8Array> {
  return renderPdf(await invoiceDocument(db, userId, id));
}

/** What an issued invoice's PDF says (before layout). */
export async function invoiceDocument(db: Kysely<Database>, userId: number, id: number): Promise<PdfDocument> {
  const r = await query(db).where('invoice.id', '=', id).where('invoice.user_id', '=', userId).executeTakeFirst();
  if (!r) throw notFound(MSG_INVOICE_NOT_FOUND);
  if (r.status !== 'issued') throw new BusinessError(409, '发票尚未开具');
  const rows: Array<[string, string]> = [
    ['发票号码', r.invoice_no],
    ['发票类型', INVOICE_KIND_TEXT[r.kind as InvoiceKind]],
    ['购买方名称', r.title],
    ['纳税人识别号', r.taxpayer_no || '—'],
  ];
  if (r.kind === 'special') {
    rows.push(['地址、电话', `${r.address} ${r.phone}`.trim() || '—'], ['开户行及账号', `${r.bank_name} ${r.bank_account}`.trim() || '—']);
  }
  rows.push(
    ['项目名称', `产权交易服务费（${r.assets_name}）`],
    ['价税合计（小写）', formatFenAsYuan(r.amount_fen, { suffix: ' 元' })],
    ['价税合计（大写）', `人民币${fenToChineseUpper(r.amount_fen)}`],
    ['销售方', '河北产权市场有限公司'],
    ['开票日期', r.reviewed_at === null ? '—' : formatChinaTime(r.reviewed_at, 'YYYY-MM-DD')],
    ['接收邮箱', r.email || '—'],
  );
  return {
    title: INVOICE_KIND_TEXT[r.kind as InvoiceKind],
    footer: `发票号码 ${r.invoice_no}（演示环境，非真实发票）`,
    blocks: [{ kind: 'paragraph', text: '（演示环境，非真实发票）' }, { kind: 'fields', rows }],
  };
}

/** The operator issues (requested → issued) or refuses with a reason (requested → refused). */
export async function reviewInvoice(db: Kysely<Database>, id: number, decision: { issue: true } | { issue: false; reason: string }, actor: DepositActor, now: number): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const moved = await trx
      .updateTable('invoice')
      .set({ status: decision.issue ? 'issued' : 'refused', refuse_reason: decision.issue ? '' : decision.reason.slice(0, 200), reviewed_at: now })
      .where('id', '=', id)
      .where('status', '=', 'requested')
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return false;
    const r = await query(trx).where('invoice.id', '=', id).executeTakeFirstOrThrow();
    await appendAudit(trx, now, { userId: r.user_id, ip: actor.ip, action: decision.issue ? 'invoice.issue' : 'invoice.refuse', object: `invoice:${id}`, result: 'success', detail: actor.name });
    await sendMessage(trx, {
      userId: r.user_id,
      kind: 'system',
      title: decision.issue ? '发票已开具' : '发票申请未通过',
      content: decision.issue
        ? `您申请的「${r.assets_name}」服务费发票（${formatFenAsYuan(r.amount_fen, { suffix: ' 元' })}）已开具，可在「我的发票」查看，并已发送至 ${r.email}。`
        : `您申请的「${r.assets_name}」服务费发票未通过，原因：${decision.reason}。请修改后重新申请。`,
      link: '/myInvoice',
      at: now,
    });
    return true;
  });
}

export async function listInvoices(db: Kysely<Database>, all: boolean) {
  let q = query(db).innerJoin('app_user', 'app_user.id', 'invoice.user_id').select('app_user.login_name');
  if (!all) q = q.where('invoice.status', '=', 'requested');
  return (await q.orderBy('invoice.created_at').limit(200).execute()).map((r) => ({ ...toItem(r), loginName: r.login_name }));
}

/** The staff console's invoice queue reads invoices as the user sees them (server/services/staff/queues.ts). */
export { query as invoiceQuery, toItem as toInvoiceItem };
