/**
 * The work queues (domain/contract/staffQueues.ts): the summary, each queue's list and detail, and every
 * review and finance action the ops commands offer — through the same service functions, with the staff
 * member as actor. Each action: the permission (403, audited), for money the password again (428), the
 * item before and after in the staff audit trail with the reason, and a refusal always with a reason the
 * user reads. Confirming a bank transfer, forfeiting a deposit and paying out to a transferor are four
 * eyes: prepared here, carried out by the executors registered below when another member approves.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fenToYuan } from '#domain/rules/money';
import { rolesAllow, type StaffPermission } from '#domain/rules/staff';
import { STAFF_PATHS } from '#domain/contract/staff';
import { QUEUE_PATHS, type ListedQueue } from '#domain/contract/staffQueues';
import { requiredText } from '../../http/account-params.ts';
import { optionalText, pagingParams, requiredId } from '../../http/params.ts';
import { BusinessError, notFound, ok } from '../../lib/envelope.ts';
import { uploadsDir } from '../../services/accounts/context.ts';
import { reviewVerification } from '../../services/accounts/verification.ts';
import { confirmProof, rejectProof } from '../../services/enrolment/deposits.ts';
import { approveEnrolment, rejectEnrolment, startReview } from '../../services/enrolment/enrolment.ts';
import { decideSeal } from '../../services/esign/seals.ts';
import { advanceDeal, rejectDealTransfer } from '../../services/money/deals.ts';
import { reviewInvoice } from '../../services/money/invoices.ts';
import { userBalances } from '../../services/money/ledger.ts';
import { completeWithdrawal } from '../../services/money/movements.ts';
import { checkLedger } from '../../services/money/reconcile.ts';
import { prepareApproval } from '../../services/staff/approvals.ts';
import { recordStaffAction } from '../../services/staff/audit.ts';
import { registerMoneyExecutors } from '../../services/staff/money-approvals.ts';
import {
  appealDetail,
  demandDetail,
  depositPage,
  depositProofDetail,
  enrolmentDetail,
  fileAccess,
  LIST_STATES,
  queueItem,
  queuePage,
  queueSummaries,
  realNameDetail,
  sealDetail,
  sealImage,
  settlementDetail,
  transferProofDetail,
  withdrawalDetail,
  type QueueContext,
} from '../../services/staff/queues.ts';
import { stepAppeal } from '../../services/user-files/appeals.ts';
import { answerDemand } from '../../services/user-files/demands.ts';
import { sendFile } from '../dscq-resource.ts';

const idOnly = z.object({ id: requiredId('id') });
const withReason = z.object({ id: requiredId('id'), reason: requiredText('原因', 500) });
const withAnswer = z.object({ id: requiredId('id'), answer: requiredText('答复', 500) });
const listQuery = (queue: ListedQueue) => {
  const states = LIST_STATES(queue) as [string, ...string[]];
  return z.object({
    state: z.enum(states, { error: `状态须为 ${states.join('、')} 之一` }).default('waiting'),
    order: z.enum(['oldest', 'newest'], { error: '排序须为 oldest 或 newest' }).default('oldest'),
    ...pagingParams(20),
  });
};
const depositQuery = z.object({
  state: z.enum(['frozen', 'all', 'pending', 'paying', 'proofSubmitted', 'confirmed', 'kept', 'released', 'forfeited'], { error: '状态不正确' }).default('frozen'),
  q: optionalText('关键字', 64),
  ...pagingParams(20),
});
const balanceQuery = z.object({ loginName: requiredText('登录名', 64) });
const fileParams = z.object({ fileId: z.string().meta({ description: '文件编号' }) });

/** The audit trail's subject of each queue's item. */
const SUBJECT: Record<ListedQueue, string> = {
  realName: 'verification',
  enrolment: 'enrolment',
  depositProof: 'deposit_proof',
  transferProof: 'deal_proof',
  withdrawal: 'withdrawal',
  invoice: 'invoice',
  sealApplication: 'seal_application',
  appeal: 'appeal',
  demand: 'demand',
  settlement: 'deal',
};

export default async function staffQueueRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db, now, accounts, requireStaff, requireConfirmed } = app;
  const context = (): QueueContext => ({ db, now: now() });
  const gateway = app.enrolment.gateway;
  const gatewayName = (name: string) => (gateway && name === gateway.name ? gateway.displayName : name);

  // Four eyes: the money executors, registered once for this app.
  registerMoneyExecutors(app.staff.registry, context);

  const guard = (permission: StaffPermission) => ({ preValidation: requireStaff(permission) });
  const money = (permission: StaffPermission) => ({ preValidation: [requireStaff(permission), requireConfirmed] });
  const actorOf = (request: FastifyRequest) => ({ name: request.staff!.loginName, ip: request.ip });

  /**
   * One action on one item: the item before, the service's step (false: not in a state for it → 409),
   * the item after, and the audit entry with both and the reason. Answers the item after.
   */
  const act = async (request: FastifyRequest, queue: ListedQueue, id: number, action: string, step: () => Promise<unknown>, reason = '') => {
    const before = await queueItem(context(), queue, id);
    const done = await step();
    if (done === false) throw new BusinessError(409, '当前状态不能执行该操作（可能已被他人处理）');
    const after = await queueItem(context(), queue, id);
    await recordStaffAction(db, now(), request.staff!, { action, subject: `${SUBJECT[queue]}:${id}`, before, after, reason });
    return ok(after);
  };

  routes.get(STAFF_PATHS.queues, { preValidation: requireStaff(), schema: { summary: '工作系统：待办队列（本人角色可处理的各队列的数量与最长等待）' } }, async (request) =>
    ok(await queueSummaries(context(), request.staff!)),
  );

  const list = (queue: ListedQueue, pathName: string, permission: StaffPermission, label: string) =>
    routes.get(pathName, { ...guard(permission), schema: { summary: `工作系统：${label}（按状态分页，默认待处理，先到先办）`, querystring: listQuery(queue) } }, async (request) => {
      const { state, order, current, size } = request.query;
      return ok(await queuePage(context(), queue, { state, order, current, size }));
    });

  // ── 审核: real name ──
  list('realName', QUEUE_PATHS.realNamePage, 'realName.review', '实名认证申请');
  routes.get(QUEUE_PATHS.realNameDetail, { ...guard('realName.review'), schema: { summary: '工作系统：实名认证申请详情（证件号码脱敏，营业执照下载）', querystring: idOnly } }, async (request) =>
    ok(await realNameDetail(context(), accounts.secrets, request.query.id)),
  );
  routes.post(QUEUE_PATHS.realNameApprove, { ...guard('realName.review'), schema: { summary: '工作系统：通过实名认证（用户收到消息）', querystring: idOnly } }, async (request) => {
    const { id } = request.query;
    return act(request, 'realName', id, 'realName.approve', () => reviewVerification({ db, now }, id, { approve: true }, request.staff!.loginName));
  });
  routes.post(QUEUE_PATHS.realNameReject, { ...guard('realName.review'), schema: { summary: '工作系统：驳回实名认证（须填写原因，用户在认证未通过原因页与消息中看到）', querystring: withReason } }, async (request) => {
    const { id } = request.query;
    const reason = request.query.reason.trim();
    return act(request, 'realName', id, 'realName.reject', () => reviewVerification({ db, now }, id, { approve: false, reason }, request.staff!.loginName), reason);
  });

  // ── 审核: enrolment ──
  list('enrolment', QUEUE_PATHS.enrolmentPage, 'enrolment.review', '报名审核');
  routes.get(QUEUE_PATHS.enrolmentDetail, { ...guard('enrolment.review'), schema: { summary: '工作系统：报名详情（项目、报名人、资质附件）', querystring: idOnly } }, async (request) =>
    ok(await enrolmentDetail(context(), request.query.id)),
  );
  routes.post(QUEUE_PATHS.enrolmentReview, { ...guard('enrolment.review'), schema: { summary: '工作系统：开始审核报名（已提交 → 审核中）', querystring: idOnly } }, async (request) => {
    const { id } = request.query;
    return act(request, 'enrolment', id, 'enrolment.review', () => startReview(db, id, actorOf(request), now()));
  });
  routes.post(QUEUE_PATHS.enrolmentApprove, { ...guard('enrolment.review'), schema: { summary: '工作系统：通过报名', querystring: idOnly } }, async (request) => {
    const { id } = request.query;
    return act(request, 'enrolment', id, 'enrolment.approve', () => approveEnrolment(db, id, actorOf(request), now()));
  });
  routes.post(QUEUE_PATHS.enrolmentReject, { ...guard('enrolment.review'), schema: { summary: '工作系统：驳回报名（须填写原因）', querystring: withReason } }, async (request) => {
    const { id } = request.query;
    const reason = request.query.reason.trim();
    return act(request, 'enrolment', id, 'enrolment.reject', () => rejectEnrolment(db, id, reason, actorOf(request), now()), reason);
  });

  // ── 审核: deposit proofs ──
  list('depositProof', QUEUE_PATHS.depositProofPage, 'depositProof.review', '保证金付款凭证');
  routes.get(QUEUE_PATHS.depositProofDetail, { ...guard('depositProof.review'), schema: { summary: '工作系统：保证金付款凭证详情（凭证文件）', querystring: idOnly } }, async (request) =>
    ok(await depositProofDetail(context(), gatewayName, request.query.id)),
  );
  routes.post(QUEUE_PATHS.depositProofConfirm, { ...guard('depositProof.review'), schema: { summary: '工作系统：确认保证金付款凭证（保证金到账）', querystring: idOnly } }, async (request) => {
    const { id } = request.query;
    return act(request, 'depositProof', id, 'depositProof.confirm', () => confirmProof(db, id, actorOf(request), now()));
  });
  routes.post(QUEUE_PATHS.depositProofReject, { ...guard('depositProof.review'), schema: { summary: '工作系统：驳回保证金付款凭证（须填写原因）', querystring: withReason } }, async (request) => {
    const { id } = request.query;
    const reason = request.query.reason.trim();
    return act(request, 'depositProof', id, 'depositProof.reject', () => rejectProof(db, id, reason, actorOf(request), now()), reason);
  });

  // ── 审核: seal applications ──
  list('sealApplication', QUEUE_PATHS.sealPage, 'seal.review', '电子印章申请');
  routes.get(QUEUE_PATHS.sealDetail, { ...guard('seal.review'), schema: { summary: '工作系统：电子印章申请详情', querystring: idOnly } }, async (request) => ok(await sealDetail(context(), request.query.id)));
  routes.get(QUEUE_PATHS.sealImage, { ...guard('seal.review'), schema: { summary: '工作系统：电子印章图片（PNG）', querystring: idOnly } }, async (request, reply) =>
    sendFile(reply, { data: await sealImage(db, request.query.id), name: `seal-${request.query.id}.png`, contentType: 'image/png' }, 'private, no-store'),
  );
  routes.post(QUEUE_PATHS.sealApprove, { ...guard('seal.review'), schema: { summary: '工作系统：通过电子印章申请', querystring: idOnly } }, async (request) => {
    const { id } = request.query;
    return act(request, 'sealApplication', id, 'seal.approve', () => decideSeal(db, id, 'approve', '', request.staff!.loginName, now()));
  });
  routes.post(QUEUE_PATHS.sealReject, { ...guard('seal.review'), schema: { summary: '工作系统：驳回电子印章申请（须填写原因）', querystring: withReason } }, async (request) => {
    const { id } = request.query;
    const reason = request.query.reason.trim();
    return act(request, 'sealApplication', id, 'seal.reject', () => decideSeal(db, id, 'reject', reason, request.staff!.loginName, now()), reason);
  });

  // ── 审核: appeals ──
  list('appeal', QUEUE_PATHS.appealPage, 'appeal.handle', '申诉');
  routes.get(QUEUE_PATHS.appealDetail, { ...guard('appeal.handle'), schema: { summary: '工作系统：申诉详情（理由、附件、处理记录）', querystring: idOnly } }, async (request) => ok(await appealDetail(context(), request.query.id)));
  routes.post(QUEUE_PATHS.appealAccept, { ...guard('appeal.handle'), schema: { summary: '工作系统：受理申诉', querystring: idOnly } }, async (request) => {
    const { id } = request.query;
    return act(request, 'appeal', id, 'appeal.accept', () => stepAppeal(db, id, 'accept', '', actorOf(request), now()));
  });
  routes.post(QUEUE_PATHS.appealAnswer, { ...guard('appeal.handle'), schema: { summary: '工作系统：答复申诉（须填写答复）', querystring: withAnswer } }, async (request) => {
    const { id } = request.query;
    const answer = request.query.answer.trim();
    return act(request, 'appeal', id, 'appeal.answer', () => stepAppeal(db, id, 'answer', answer, actorOf(request), now()), answer);
  });
  routes.post(QUEUE_PATHS.appealReject, { ...guard('appeal.handle'), schema: { summary: '工作系统：申诉不予受理（须填写原因）', querystring: withReason } }, async (request) => {
    const { id } = request.query;
    const reason = request.query.reason.trim();
    return act(request, 'appeal', id, 'appeal.reject', () => stepAppeal(db, id, 'reject', reason, actorOf(request), now()), reason);
  });

  // ── 竞价: demands ──
  list('demand', QUEUE_PATHS.demandPage, 'demand.answer', '投资需求');
  routes.get(QUEUE_PATHS.demandDetail, { ...guard('demand.answer'), schema: { summary: '工作系统：投资需求详情（匹配的项目）', querystring: idOnly } }, async (request) => ok(await demandDetail(context(), request.query.id)));
  routes.post(QUEUE_PATHS.demandAnswer, { ...guard('demand.answer'), schema: { summary: '工作系统：答复投资需求', querystring: withAnswer } }, async (request) => {
    const { id } = request.query;
    const answer = request.query.answer.trim();
    return act(request, 'demand', id, 'demand.answer', () => answerDemand(db, id, answer, actorOf(request), now()), answer);
  });

  // ── 财务: bank-transfer proofs of deals (confirming is four eyes) ──
  list('transferProof', QUEUE_PATHS.transferProofPage, 'transfer.confirm', '成交价款转账凭证');
  routes.get(QUEUE_PATHS.transferProofDetail, { ...guard('transfer.confirm'), schema: { summary: '工作系统：成交价款转账凭证详情（成交、凭证文件）', querystring: idOnly } }, async (request) =>
    ok(await transferProofDetail(context(), request.query.id)),
  );
  routes.post(QUEUE_PATHS.transferProofPrepare, { ...money('transfer.confirm'), schema: { summary: '工作系统：提交确认转账到账（双人复核：另一位财务人员复核后执行）', querystring: idOnly } }, async (request) =>
    ok(await prepareApproval(app.staff, 'transfer.confirm', { id: request.query.id }, request.staff!)),
  );
  routes.post(QUEUE_PATHS.transferProofReject, { ...money('transfer.confirm'), schema: { summary: '工作系统：驳回转账凭证（须填写原因；成交回到待付款）', querystring: withReason } }, async (request) => {
    const { id } = request.query;
    const reason = request.query.reason.trim();
    const item = await queueItem(context(), 'transferProof', id);
    if (item.approvalId !== null) throw new BusinessError(409, `该转账已提交确认复核（复核单 ${item.approvalId}），请先退回或撤回复核单`);
    return act(request, 'transferProof', id, 'transfer.reject', async () => item.state === 'submitted' && rejectDealTransfer(db, item.dealId, reason, actorOf(request), now()), reason);
  });

  // ── 财务: withdrawals ──
  list('withdrawal', QUEUE_PATHS.withdrawalPage, 'withdrawal.pay', '提现');
  routes.get(QUEUE_PATHS.withdrawalDetail, { ...guard('withdrawal.pay'), schema: { summary: '工作系统：提现详情（银行卡、用户余额）', querystring: idOnly } }, async (request) => ok(await withdrawalDetail(context(), request.query.id)));
  routes.post(QUEUE_PATHS.withdrawalPay, { ...money('withdrawal.pay'), schema: { summary: '工作系统：确认提现已付款', querystring: idOnly } }, async (request) => {
    const { id } = request.query;
    const item = await queueItem(context(), 'withdrawal', id);
    return act(request, 'withdrawal', id, 'withdrawal.pay', () => completeWithdrawal(db, item.withdrawNo, { ok: true }, now()));
  });
  routes.post(QUEUE_PATHS.withdrawalFail, { ...money('withdrawal.pay'), schema: { summary: '工作系统：退回提现（须填写原因；款项回到用户可用余额）', querystring: withReason } }, async (request) => {
    const { id } = request.query;
    const reason = request.query.reason.trim();
    const item = await queueItem(context(), 'withdrawal', id);
    return act(request, 'withdrawal', id, 'withdrawal.fail', () => completeWithdrawal(db, item.withdrawNo, { ok: false, reason }, now()), reason);
  });

  // ── 财务: invoices ──
  list('invoice', QUEUE_PATHS.invoicePage, 'invoice.issue', '发票申请');
  routes.get(QUEUE_PATHS.invoiceDetail, { ...guard('invoice.issue'), schema: { summary: '工作系统：发票申请详情', querystring: idOnly } }, async (request) => ok(await queueItem(context(), 'invoice', request.query.id)));
  routes.post(QUEUE_PATHS.invoiceIssue, { ...money('invoice.issue'), schema: { summary: '工作系统：开具发票', querystring: idOnly } }, async (request) => {
    const { id } = request.query;
    return act(request, 'invoice', id, 'invoice.issue', () => reviewInvoice(db, id, { issue: true }, actorOf(request), now()));
  });
  routes.post(QUEUE_PATHS.invoiceRefuse, { ...money('invoice.issue'), schema: { summary: '工作系统：拒绝开具发票（须填写原因）', querystring: withReason } }, async (request) => {
    const { id } = request.query;
    const reason = request.query.reason.trim();
    return act(request, 'invoice', id, 'invoice.refuse', () => reviewInvoice(db, id, { issue: false, reason }, actorOf(request), now()), reason);
  });

  // ── 财务: deals after payment (handover, certificate; payout is four eyes) ──
  list('settlement', QUEUE_PATHS.settlementPage, 'deal.settle', '成交交割与付款');
  routes.get(QUEUE_PATHS.settlementDetail, { ...guard('deal.settle'), schema: { summary: '工作系统：成交详情', querystring: idOnly } }, async (request) => ok(await settlementDetail(context(), request.query.id)));
  routes.post(QUEUE_PATHS.settlementHandover, { ...money('deal.settle'), schema: { summary: '工作系统：出具资产交接通知书（已付款 → 已交接）', querystring: idOnly } }, async (request) => {
    const { id } = request.query;
    return act(request, 'settlement', id, 'deal.handover', () => advanceDeal(db, id, 'handover', actorOf(request), now()));
  });
  routes.post(QUEUE_PATHS.settlementCertificate, { ...money('deal.settle'), schema: { summary: '工作系统：出具产权交易凭证（已交接 → 已出证）', querystring: idOnly } }, async (request) => {
    const { id } = request.query;
    return act(request, 'settlement', id, 'deal.certificate', () => advanceDeal(db, id, 'certificate', actorOf(request), now()));
  });
  routes.post(QUEUE_PATHS.settlementPayoutPrepare, { ...money('deal.payout'), schema: { summary: '工作系统：提交向转让方付款（双人复核）', querystring: idOnly } }, async (request) =>
    ok(await prepareApproval(app.staff, 'deal.payout', { id: request.query.id }, request.staff!)),
  );

  // ── 财务: deposits (forfeit is four eyes) and the books ──
  routes.get(QUEUE_PATHS.depositPage, { ...guard('deposit.forfeit'), schema: { summary: '工作系统：保证金列表（默认冻结中的，可没收）', querystring: depositQuery } }, async (request) => {
    const { state, q, current, size } = request.query;
    return ok(await depositPage(context(), { state, q, current, size }));
  });
  routes.post(QUEUE_PATHS.depositForfeitPrepare, { ...money('deposit.forfeit'), schema: { summary: '工作系统：提交没收保证金（须填写原因；双人复核）', querystring: withReason } }, async (request) =>
    ok(await prepareApproval(app.staff, 'deposit.forfeit', { id: request.query.id, reason: request.query.reason.trim() }, request.staff!)),
  );
  routes.get(QUEUE_PATHS.ledgerCheck, { ...guard('ledger.view'), schema: { summary: '工作系统：核对账本（借贷平衡、余额非负、与订单、保证金、提现一致）' } }, async () => ok(await checkLedger(db)));
  routes.get(QUEUE_PATHS.ledgerBalance, { ...guard('ledger.view'), schema: { summary: '工作系统：用户可用余额与冻结金额', querystring: balanceQuery } }, async (request) => {
    const user = await db.selectFrom('app_user').select(['id', 'login_name']).where('login_key', '=', request.query.loginName.trim().toLowerCase()).executeTakeFirst();
    if (!user) throw notFound('用户不存在');
    const b = await userBalances(db, user.id);
    return ok({ loginName: user.login_name, available: fenToYuan(b.availableFen), frozen: fenToYuan(b.frozenFen) });
  });

  // ── Users' uploads, for the queues they belong to ──
  routes.get(QUEUE_PATHS.file, { preValidation: requireStaff(), schema: { summary: '工作系统：下载用户提交的文件（仅限本人角色可处理的队列中的材料）', params: fileParams } }, async (request, reply) => {
    const staff = request.staff!;
    const { file, permissions } = await fileAccess(db, request.params.fileId);
    if (!file || permissions.length === 0) throw notFound('文件不存在');
    if (!permissions.some((p) => rolesAllow(staff.roles, p))) {
      await recordStaffAction(db, now(), staff, { action: 'access.denied', subject: `file:${file.id}`, reason: permissions.join(',') });
      throw new BusinessError(403, '无操作权限');
    }
    const data = await readFile(path.join(uploadsDir(accounts), file.stored_name));
    await recordStaffAction(db, now(), staff, { action: 'file.read', subject: `file:${file.id}` });
    return sendFile(reply, { data, name: file.original_name, contentType: file.content_type }, 'private, no-store');
  });
}
