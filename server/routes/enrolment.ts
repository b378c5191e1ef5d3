/**
 * Enrolment, deposits, the online cashier, qualification rooms and messages (ENROLMENT_PATHS in
 * src/domain/enrolment.ts), plus the payment gateway's notify endpoint and the background job (demo
 * auto-approval, the sandbox bank's deliveries, late qualification). Every user-owned record is read with the
 * user's id in the query: another user's id answers 404 (guide item 8).
 *
 * The operator API (/api/dscq-ops/…) is open to users whose login name is in `operators`.
 */
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { ENROLMENT_COMMITMENTS, ENROLMENT_PATHS, ENROLMENT_STATUSES, type CommitmentKey, type EnrolmentStatus } from '../../src/domain/enrolment.ts';
import type { Database } from '../db/schema.ts';
import { requiredText } from '../http/account-params.ts';
import { bearerToken, userOfToken } from '../http/auth.ts';
import { BusinessError, ok, page } from '../http/envelope.ts';
import { pagingParams, parseParams, readParams, requiredId } from '../http/params.ts';
import type { Accounts } from '../services/accounts/context.ts';
import { confirmDeposit, confirmProof, listDeposits, myDeposit, myDeposits, rejectProof, submitProof } from '../services/deposits.ts';
import { runEnrolmentJobs } from '../services/enrolment-jobs.ts';
import { approveEnrolment, checkEnrolment, enrolmentForm, listEnrolments, myEnrolment, myEnrolments, myRooms, rejectEnrolment, submitEnrolment } from '../services/enrolment.ts';
import { myMessages, readMessage } from '../services/messages.ts';
import type { PaymentGateway } from '../services/payments/gateway.ts';
import { applyNotification, createPayOrder, ownOrder } from '../services/payments/orders.ts';
import { SandboxBank, sandboxKey } from '../services/payments/sandbox.ts';
import { userCentreSummary } from '../services/enrolment-summary.ts';

/** Built once (zod compiles a schema on its first parse). */
const pageOf10 = z.object(pagingParams(10));
const statusFilter = z.object({ status: z.enum(ENROLMENT_STATUSES).optional() });

export interface EnrolmentOptions {
  /** Demo mode: enrolments are approved this long after submission, and the sandbox bank notifies after it. */
  autoApproveMs?: number | null | undefined;
  /** The sandbox bank's notification delay outside demo mode. Default 1500 ms. */
  notifyDelayMs?: number | undefined;
  /** A real gateway in place of the sandbox bank. */
  gateway?: PaymentGateway | undefined;
  /** Login names allowed on the operator API. */
  operators?: readonly string[] | undefined;
  /** Background job interval. Default 1000 ms. */
  jobMs?: number | undefined;
}

export interface EnrolmentRuntime {
  gateway: PaymentGateway;
  /** The sandbox bank when it is the gateway (tests and the sandbox cashier use it). */
  sandbox: SandboxBank | null;
  /** One run of the background job now. */
  runJobs(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    enrolment: EnrolmentRuntime;
  }
}

const DEFAULT_NOTIFY_DELAY_MS = 1500;

const assetsParams = z.object({ assetsId: requiredId('assetsId') });
const idParams = z.object({ id: requiredId('id') });
const attachmentSchema = z.object({
  fileId: z.string({ error: '附件编号格式不正确' }).regex(/^[A-Za-z0-9_-]{1,64}$/, { error: '附件编号格式不正确' }),
  name: z.string().max(100, { error: '附件名称过长' }),
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
});
const listParams = z.object({ ...pagingParams(10), status: z.enum(ENROLMENT_STATUSES, { error: '状态参数不正确' }).optional() });
const depositParams = z.object({ depositId: requiredId('depositId') });
const orderParams = z.object({ orderNo: z.string({ error: '订单号不能为空' }).regex(/^PO\d{16}$/, { error: '订单号格式不正确' }) });
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

/** 'YYYY-MM-DD HH:mm:ss' China time → epoch ms. */
function chinaTimeToMs(text: string): number {
  const [, y, mo, d, h, mi, s] = CHINA_TIME.exec(text)!.map(Number);
  return Date.UTC(y!, mo! - 1, d!, h! - 8, mi!, s!);
}

export async function registerEnrolment(
  app: FastifyInstance,
  o: { db: Kysely<Database>; now: () => number; accounts: Accounts; requireUser: preHandlerAsyncHookHandler; timers: boolean; options?: EnrolmentOptions | undefined },
): Promise<void> {
  const { db, now, accounts } = o;
  const options = o.options ?? {};
  const sandbox = options.gateway ? null : new SandboxBank(sandboxKey(accounts.secrets.fieldKey));
  const gateway: PaymentGateway = options.gateway ?? sandbox!;
  const autoApproveMs = options.autoApproveMs ?? null;
  const notifyDelayMs = autoApproveMs ?? options.notifyDelayMs ?? DEFAULT_NOTIFY_DELAY_MS;
  const operators = new Set(options.operators ?? []);
  const gatewayName = (name: string) => (name === gateway.name ? gateway.displayName : name);

  // The sandbox bank notifies over HTTP like a bank would: through the notify route and its signature check.
  const deliver = async (body: unknown) => (await app.inject({ method: 'POST', url: `/api${ENROLMENT_PATHS.paymentNotify}`, payload: body as object })).body;
  let running = false;
  const runJobs = async () => {
    if (running) return;
    running = true;
    try {
      await runEnrolmentJobs({ db, now: now(), autoApproveMs, sandbox, notifyDelayMs, deliver });
    } finally {
      running = false;
    }
  };
  app.decorate('enrolment', { gateway, sandbox, runJobs } satisfies EnrolmentRuntime);
  if (o.timers) {
    const timer = setInterval(() => {
      runJobs().catch((error: unknown) => app.log.error({ err: error }, 'enrolment: job failed'));
    }, options.jobMs ?? 1000);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }

  await app.register(
    async (api) => {
      const auth = { preHandler: o.requireUser };
      const userId = (request: FastifyRequest) => request.user!.id;

      // The check answers anonymous callers too (reason notLoggedIn); the client shows its message itself.
      api.get(ENROLMENT_PATHS.check, async (request) => {
        const { assetsId } = parseParams(assetsParams, request);
        const user = await userOfToken(accounts, request, bearerToken(request));
        return ok(await checkEnrolment(db, user?.id ?? null, assetsId, now()));
      });
      api.get(ENROLMENT_PATHS.form, auth, async (request) => ok(await enrolmentForm(accounts, userId(request), parseParams(assetsParams, request).assetsId, now())));
      api.post(ENROLMENT_PATHS.submit, auth, async (request) => ok(await submitEnrolment(accounts, userId(request), parseParams(submitParams, request), request.ip)));
      api.get(ENROLMENT_PATHS.myPage, auth, async (request) => {
        const p = parseParams(listParams, request);
        const result = await myEnrolments(db, userId(request), p);
        return page(result.records, result.total, p.size, p.current);
      });
      api.get(ENROLMENT_PATHS.detail, auth, async (request) => ok(await myEnrolment(db, userId(request), parseParams(idParams, request).id)));
      api.get(ENROLMENT_PATHS.rooms, auth, async (request) => ok(await myRooms(db, userId(request))));

      api.get(ENROLMENT_PATHS.depositPage, auth, async (request) => {
        const p = parseParams(pageOf10, request);
        const result = await myDeposits(db, userId(request), p);
        return page(result.records, result.total, p.size, p.current);
      });
      api.get(ENROLMENT_PATHS.depositDetail, auth, async (request) => ok(await myDeposit(db, userId(request), parseParams(idParams, request).id, gatewayName)));
      api.post(ENROLMENT_PATHS.payOrder, auth, async (request) =>
        ok(await createPayOrder(db, gateway, userId(request), parseParams(depositParams, request).depositId, now(), request.ip)),
      );
      api.get(ENROLMENT_PATHS.payOrderStatus, auth, async (request) => ok(await ownOrder(db, gateway, userId(request), parseParams(orderParams, request).orderNo)));
      api.post(ENROLMENT_PATHS.sandboxPay, auth, async (request) => {
        if (!sandbox) throw new BusinessError(404, '接口不存在');
        const { orderNo } = parseParams(orderParams, request);
        const order = await ownOrder(db, gateway, userId(request), orderNo);
        if (order.status === 'created') await sandbox.pay(db, { orderNo, amountFen: Math.round(order.amount * 100) }, now());
        return ok(order);
      });
      api.post(ENROLMENT_PATHS.proof, auth, async (request) => {
        const p = parseParams(proofParams, request);
        await submitProof(accounts, userId(request), { ...p, paidAt: chinaTimeToMs(p.paidTime) }, request.ip);
        return ok(await myDeposit(db, userId(request), p.depositId, gatewayName));
      });

      api.get(ENROLMENT_PATHS.summary, auth, async (request) => ok(await userCentreSummary(db, userId(request))));
      api.get(ENROLMENT_PATHS.messagePage, auth, async (request) => ok(await myMessages(db, userId(request), parseParams(pageOf10, request))));
      api.get(ENROLMENT_PATHS.messageDetail, auth, async (request) => ok(await readMessage(db, userId(request), parseParams(idParams, request).id, now())));

      // The bank's notification: the body is the gateway's, the answer its ack text (not our envelope).
      api.post(ENROLMENT_PATHS.paymentNotify, async (request, reply) => {
        const outcome = await applyNotification(db, gateway, readParams(request), now());
        request.log.info({ outcome }, 'payment notification');
        return reply.type('text/plain; charset=utf-8').send(gateway.ack);
      });

      // Operator API: the same steps as `npm run ops`, for operators' accounts.
      const operatorOnly: preHandlerAsyncHookHandler = async (request) => {
        if (!operators.has(request.user!.loginName)) throw new BusinessError(403, '无操作权限');
      };
      const op = { preHandler: [o.requireUser, operatorOnly] };
      const actor = (request: FastifyRequest) => ({ name: `api:${request.user!.loginName}`, ip: request.ip });
      const changed = (done: boolean) => {
        if (!done) throw new BusinessError(409, '当前状态不能执行该操作');
        return ok(null);
      };
      api.get('/dscq-ops/enroll/list', op, async (request) => {
        const { status } = parseParams(statusFilter, request);
        return ok(await listEnrolments(db, status ? [status as EnrolmentStatus] : null));
      });
      api.post('/dscq-ops/enroll/approve', op, async (request) => changed(await approveEnrolment(db, parseParams(idParams, request).id, actor(request), now())));
      api.post('/dscq-ops/enroll/reject', op, async (request) => {
        const p = parseParams(rejectParams, request);
        return changed(await rejectEnrolment(db, p.id, p.reason, actor(request), now()));
      });
      api.get('/dscq-ops/deposit/list', op, async () => ok(await listDeposits(db, null)));
      api.post('/dscq-ops/deposit/confirm', op, async (request) =>
        changed(await confirmDeposit(db, parseParams(idParams, request).id, { method: 'transfer', actor: actor(request), now: now() })),
      );
      api.post('/dscq-ops/deposit/proof/confirm', op, async (request) => changed(await confirmProof(db, parseParams(idParams, request).id, actor(request), now())));
      api.post('/dscq-ops/deposit/proof/reject', op, async (request) => {
        const p = parseParams(rejectParams, request);
        return changed(await rejectProof(db, p.id, p.reason, actor(request), now()));
      });
    },
    { prefix: '/api' },
  );
}
