/**
 * Enrolment, deposits, the online cashier, qualification rooms and messages (ENROLMENT_PATHS in
 * domain/rules/enrolment.ts), plus the payment gateway's notify endpoint (the gateway and the background
 * job are plugins/enrolment.ts). Every user-owned record is read with the user's id in the query: another
 * user's id answers 404.
 *
 * The operator API (/api/dscq-ops/…) is open to users whose login name is in PORTAL_OPERATORS.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { chinaTimeToEpoch } from '#domain/rules/chinaTime';
import { ENROLMENT_COMMITMENTS, ENROLMENT_PATHS, ENROLMENT_STATUSES, type CommitmentKey, type EnrolmentStatus } from '#domain/contract/enrolment';
import { INVISIBLE_CHARACTERS, invisibleCharactersMessage } from '#domain/rules/userFiles';
import { requiredText } from '../http/account-params.ts';
import { BusinessError, ok } from '../lib/envelope.ts';
import { optionalFlag, optionalInt, pagingParams, requiredId } from '../http/params.ts';
import { confirmDeposit, confirmProof, listDeposits, myDeposit, myDeposits, rejectProof, submitProof } from '../services/enrolment/deposits.ts';
import { approveEnrolment, checkEnrolment, enrolmentForm, listEnrolments, myEnrolment, myEnrolments, myRooms, rejectEnrolment, submitEnrolment } from '../services/enrolment/enrolment.ts';
import { myMessages, readMessage } from '../services/user-centre/messages.ts';
import { applyNotification, createPayOrder, ownOrder } from '../services/payments/orders.ts';
import { userCentreSummary } from '../services/user-centre/summary.ts';
import { appendAudit } from '../services/accounts/audit.ts';
import { createActivity, listActivities, qualifyBidder } from '../services/auctions/activities.ts';
import { activityCreateParams, activityPlanOf } from '../http/activity-params.ts';
import { fenToYuan } from '#domain/rules/money';

/** Built once (zod compiles a schema on its first parse). */
const pageOf10 = z.object(pagingParams(10));
const statusFilter = z.object({ status: z.enum(ENROLMENT_STATUSES).optional() });

const assetsParams = z.object({ assetsId: requiredId('assetsId') });
const idParams = z.object({ id: requiredId('id') });
const attachmentSchema = z.object({
  fileId: z.string({ error: '附件编号格式不正确' }).regex(/^[A-Za-z0-9_-]{1,64}$/, { error: '附件编号格式不正确' }),
  name: z
    .string()
    .max(100, { error: '附件名称过长' })
    .refine((v) => !INVISIBLE_CHARACTERS.test(v), { error: invisibleCharactersMessage('附件名称') }),
});
const commitmentKeys = ENROLMENT_COMMITMENTS.map((c) => c.key) as [CommitmentKey, ...CommitmentKey[]];
const submitParams = z.object({
  assetsId: requiredId('assetsId'),
  contactName: requiredText('联系人', 30),
  contactPhone: requiredText('联系电话', 11),
  contactEmail: z
    .string()
    .max(100, { error: '电子邮箱过长' })
    .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), { error: '电子邮箱格式不正确' })
    .default(''),
  address: z.string().max(200, { error: '联系地址不能超过200个字符' }).default(''),
  attachments: z.array(attachmentSchema, { error: '附件格式不正确' }).max(10, { error: '附件最多10个' }).default([]),
  commitments: z.array(z.enum(commitmentKeys, { error: '承诺事项不正确' }), { error: '请阅读并勾选全部承诺事项' }).default([]),
  termsVersion: z.string({ error: '请阅读并同意《竞买须知》' }).trim().min(1, { error: '请阅读并同意《竞买须知》' }).max(40, { error: '竞买须知版本格式不正确' }),
  termsSha256: z.string().regex(/^[0-9a-fA-F]{64}$/, { error: '竞买须知摘要格式不正确' }).optional(),
});
const listParams = z.object({ ...pagingParams(10), status: z.enum(ENROLMENT_STATUSES, { error: '状态参数不正确' }).optional() });
const depositParams = z.object({ depositId: requiredId('depositId') });
const orderParams = z.object({ orderNo: z.string({ error: '订单号不能为空' }).regex(/^(PO|TU|ST)\d{16}$/, { error: '订单号格式不正确' }) });
const CHINA_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
const proofParams = z.object({
  depositId: requiredId('depositId'),
  fileId: requiredText('付款凭证', 64),
  payerName: requiredText('付款人户名', 100),
  payerAccount: requiredText('付款账号', 40).refine((v) => /^[\d ]{8,40}$/.test(v), { error: '付款账号须为数字' }),
  bankName: requiredText('付款银行', 100),
  amount: z.coerce.number({ error: '付款金额格式不正确' }).positive({ error: '付款金额须大于0' }).max(1e12, { error: '付款金额过大' }),
  paidTime: z.string({ error: '付款时间不能为空' }).regex(CHINA_TIME, { error: '付款时间格式须为 YYYY-MM-DD HH:mm:ss' }),
  note: z.string().max(200, { error: '备注不能超过200个字符' }).default(''),
});
const rejectParams = z.object({ id: requiredId('id'), reason: requiredText('驳回原因', 200) });
const activityQualifyParams = z.object({
  activityId: requiredId('activityId'),
  loginName: requiredText('登录名', 64),
  preEmptiveRank: optionalInt('preEmptiveRank', 1, 9).meta({ description: '优先购买权顺位（1 为第一顺位），无则不传' }),
});
const activityListParams = z.object({ all: optionalFlag('all') });

export default async function enrolmentRoutes(app: FastifyInstance): Promise<void> {
  const { db, now, accounts, requireUser, requireOperator } = app;
  const { gateway, sandbox } = app.enrolment;
  const gatewayName = (name: string) => (gateway && name === gateway.name ? gateway.displayName : name);

  // Before the parameter check: an anonymous call is a 401 whatever its parameters.
  const auth = { preValidation: requireUser };
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const userId = (request: FastifyRequest) => request.user!.id;

  // The check answers anonymous callers too (reason notLoggedIn); the client shows its message itself.
  routes.get(ENROLMENT_PATHS.check, { schema: { summary: '报名资格检查（未登录也应答，原因为未登录）', querystring: assetsParams } }, async (request) => {
    const { assetsId } = request.query;
    const user = await app.optionalUser(request);
    return ok(await checkEnrolment(db, user?.id ?? null, assetsId, now()));
  });
  routes.get(ENROLMENT_PATHS.form, { ...auth, schema: { summary: '报名表（项目及实名资料预填）', querystring: assetsParams } }, async (request) =>
    ok(await enrolmentForm(accounts, userId(request), request.query.assetsId, now())),
  );
  routes.post(ENROLMENT_PATHS.submit, { ...auth, schema: { summary: '提交报名（已报名应答 409）', querystring: submitParams } }, async (request) =>
    ok(await submitEnrolment(accounts, userId(request), request.query, request.ip)),
  );
  routes.get(ENROLMENT_PATHS.myPage, { ...auth, schema: { summary: '我的报名分页', querystring: listParams } }, async (request) =>
    ok(await myEnrolments(db, userId(request), request.query)),
  );
  routes.get(ENROLMENT_PATHS.detail, { ...auth, schema: { summary: '我的报名详情', querystring: idParams } }, async (request) =>
    ok(await myEnrolment(db, userId(request), request.query.id)),
  );
  routes.get(ENROLMENT_PATHS.rooms, { ...auth, schema: { summary: '我的竞价室' } }, async (request) => ok(await myRooms(db, userId(request))));

  routes.get(ENROLMENT_PATHS.depositPage, { ...auth, schema: { summary: '我的保证金分页', querystring: pageOf10 } }, async (request) =>
    ok(await myDeposits(db, userId(request), request.query)),
  );
  routes.get(ENROLMENT_PATHS.depositDetail, { ...auth, schema: { summary: '我的保证金详情', querystring: idParams } }, async (request) =>
    ok(await myDeposit(db, userId(request), request.query.id, gatewayName)),
  );
  routes.post(ENROLMENT_PATHS.payOrder, { ...auth, schema: { summary: '保证金在线支付：创建收银台订单', querystring: depositParams } }, async (request) =>
    ok(await createPayOrder(db, gateway, userId(request), request.query.depositId, now(), request.ip)),
  );
  routes.get(ENROLMENT_PATHS.payOrderStatus, { ...auth, schema: { summary: '支付订单状态（收银台支付后轮询）', querystring: orderParams } }, async (request) =>
    ok(await ownOrder(db, gateway, userId(request), request.query.orderNo)),
  );
  // The sandbox bank's "pay" button exists only where the sandbox bank is the gateway (elsewhere: 404).
  if (sandbox) {
    const bank = sandbox;
    routes.post(ENROLMENT_PATHS.sandboxPay, { ...auth, schema: { summary: '沙箱银行的“支付”按钮（之后由银行发出通知；仅沙箱网关）', querystring: orderParams } }, async (request) => {
      const { orderNo } = request.query;
      const order = await ownOrder(db, gateway, userId(request), orderNo);
      if (order.status === 'created') await bank.pay(db, { orderNo, amountFen: Math.round(order.amount * 100) }, now());
      return ok(order);
    });
  }
  routes.post(ENROLMENT_PATHS.proof, { ...auth, schema: { summary: '提交银行转账付款凭证', querystring: proofParams } }, async (request) => {
    const p = request.query;
    await submitProof(accounts, userId(request), { ...p, paidAt: chinaTimeToEpoch(p.paidTime)! }, request.ip);
    return ok(await myDeposit(db, userId(request), p.depositId, gatewayName));
  });

  routes.get(ENROLMENT_PATHS.summary, { ...auth, schema: { summary: '用户中心概览' } }, async (request) => ok(await userCentreSummary(db, userId(request))));
  routes.get(ENROLMENT_PATHS.messagePage, { ...auth, schema: { summary: '我的消息分页', querystring: pageOf10 } }, async (request) =>
    ok(await myMessages(db, userId(request), request.query)),
  );
  routes.get(ENROLMENT_PATHS.messageDetail, { ...auth, schema: { summary: '消息详情（并标为已读）', querystring: idParams } }, async (request) =>
    ok(await readMessage(db, userId(request), request.query.id, now())),
  );

  // The bank's notification: the body is the gateway's, the answer its ack text (not our envelope).
  const notifySchema = { summary: '支付网关的异步通知（服务器之间；参数为网关的签名字段，应答为网关的确认文本）' };
  // Without online payment (PORTAL_PAYMENT_GATEWAY=none) there is no notify path either.
  if (gateway) {
    const bank = gateway;
    routes.post(ENROLMENT_PATHS.paymentNotify, { schema: notifySchema }, async (request, reply) => {
      const outcome = await applyNotification(db, bank, request.query, now());
      request.log.info({ outcome }, 'payment notification');
      return reply.type('text/plain; charset=utf-8').send(bank.ack);
    });
  }

  // Operator API: the same steps as `npm run ops`, for operators' accounts.
  const op = { preValidation: [requireUser, requireOperator] };
  const actor = (request: FastifyRequest) => ({ name: `api:${request.user!.loginName}`, ip: request.ip });
  const changed = (done: boolean) => {
    if (!done) throw new BusinessError(409, '当前状态不能执行该操作');
    return ok(null);
  };
  routes.get('/dscq-ops/enroll/list', { ...op, schema: { summary: '运营：报名列表（按状态）', querystring: statusFilter } }, async (request) => {
    const { status } = request.query;
    return ok(await listEnrolments(db, status ? [status as EnrolmentStatus] : null));
  });
  routes.post('/dscq-ops/enroll/approve', { ...op, schema: { summary: '运营：通过报名', querystring: idParams } }, async (request) =>
    changed(await approveEnrolment(db, request.query.id, actor(request), now())),
  );
  routes.post('/dscq-ops/enroll/reject', { ...op, schema: { summary: '运营：驳回报名', querystring: rejectParams } }, async (request) => {
    const p = request.query;
    return changed(await rejectEnrolment(db, p.id, p.reason, actor(request), now()));
  });
  routes.get('/dscq-ops/deposit/list', { ...op, schema: { summary: '运营：保证金列表' } }, async () => ok(await listDeposits(db, null)));
  routes.post('/dscq-ops/deposit/confirm', { ...op, schema: { summary: '运营：确认保证金到账（转账）', querystring: idParams } }, async (request) =>
    changed(await confirmDeposit(db, request.query.id, { method: 'transfer', actor: actor(request), now: now() })),
  );
  routes.post('/dscq-ops/deposit/proof/confirm', { ...op, schema: { summary: '运营：确认付款凭证', querystring: idParams } }, async (request) =>
    changed(await confirmProof(db, request.query.id, actor(request), now())),
  );
  routes.post('/dscq-ops/activity/create', { ...op, schema: { summary: '运营：创建竞价活动（八种竞价方式及其全部参数：保留价、封顶价、延时、阶梯加价、各阶段时长）', querystring: activityCreateParams } }, async (request) => {
    const p = request.query;
    const created = await createActivity(db, activityPlanOf(p), now());
    await appendAudit(db, now(), { userId: request.user!.id, ip: request.ip, action: 'activity.create', object: `activity:${created.id}`, result: 'success', detail: p.mode });
    return ok({ activityId: created.id, activityCode: created.code, qualified: created.qualified, startTime: created.startAt, endTime: created.endAt });
  });
  routes.post('/dscq-ops/activity/qualify', { ...op, schema: { summary: '运营：为已实名的用户直接办理竞买资格（线下确认保证金），可登记优先购买权顺位', querystring: activityQualifyParams } }, async (request) => {
    const p = request.query;
    const q = await qualifyBidder(db, { activityId: p.activityId, loginName: p.loginName, preEmptiveRank: p.preEmptiveRank ?? null, actor: actor(request) }, now());
    return ok({ activityId: p.activityId, loginName: p.loginName, bidCode: q.bidCode, preEmptiveRank: p.preEmptiveRank ?? null });
  });
  routes.get('/dscq-ops/activity/list', { ...op, schema: { summary: '运营：运营创建的竞价活动（默认未结束的）', querystring: activityListParams } }, async (request) =>
    ok(
      (await listActivities(db, request.query.all === 1)).map((r) => ({
        activityId: r.id,
        activityCode: r.activity_code,
        mode: r.mode,
        status: r.status,
        assetsId: r.assets_id,
        assetsName: r.assets_name,
        startTime: r.start_at,
        endTime: r.end_at,
        reservePrice: r.reserve_fen === null ? null : fenToYuan(r.reserve_fen),
        capPrice: r.cap_fen === null ? null : fenToYuan(r.cap_fen),
      })),
    ),
  );
  routes.post('/dscq-ops/deposit/proof/reject', { ...op, schema: { summary: '运营：驳回付款凭证', querystring: rejectParams } }, async (request) => {
    const p = request.query;
    return changed(await rejectProof(db, p.id, p.reason, actor(request), now()));
  });
}
