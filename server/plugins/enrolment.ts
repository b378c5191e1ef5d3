/**
 * Enrolment's background capabilities: the payment gateway (the sandbox bank unless a real one, or none, is given),
 * the background job (demo auto-approval, the sandbox bank's deliveries, late qualification) and the
 * operator check. `app.enrolment` exposes the gateway and one job run to routes, tests and scripts.
 */
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ENROLMENT_PATHS } from '#domain/contract/enrolment';
import { BusinessError } from '../lib/envelope.ts';
import { runEnrolmentJobs } from '../services/enrolment/jobs.ts';
import type { PaymentGateway } from '../services/payments/gateway.ts';
import { SandboxBank, sandboxKey } from '../services/payments/sandbox.ts';

export interface EnrolmentOptions {
  /** false: no background job timer (tests run `app.enrolment.runJobs()` themselves). */
  timers?: boolean | undefined;
  /** Demo mode: enrolments are approved this long after submission, and the sandbox bank notifies after it. */
  autoApproveMs?: number | null | undefined;
  /** The sandbox bank's notification delay outside demo mode. Default 1500 ms. */
  notifyDelayMs?: number | undefined;
  /** A real gateway in place of the sandbox bank (undefined); null: no online payment (bank transfer only). */
  gateway?: PaymentGateway | null | undefined;
  /** Login names allowed on the operator API. */
  operators?: readonly string[] | undefined;
  /** Background job interval. Default 1000 ms. */
  jobMs?: number | undefined;
}

export interface EnrolmentRuntime {
  /** null: no online payment in this install (PORTAL_PAYMENT_GATEWAY=none). */
  gateway: PaymentGateway | null;
  /** The sandbox bank when it is the gateway (tests and the sandbox cashier use it). */
  sandbox: SandboxBank | null;
  /** One run of the background job now. */
  runJobs(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    enrolment: EnrolmentRuntime;
    /** Hook after requireUser: only login names listed in PORTAL_OPERATORS pass (403 otherwise). */
    requireOperator(request: FastifyRequest): Promise<void>;
  }
}

const DEFAULT_NOTIFY_DELAY_MS = 1500;

export default fp<EnrolmentOptions>(
  async (app, options) => {
    const { db, now, accounts } = app;
    const sandbox = options.gateway === undefined ? new SandboxBank(sandboxKey(accounts.secrets.fieldKey)) : null;
    const gateway: PaymentGateway | null = options.gateway === undefined ? sandbox : options.gateway;
    const autoApproveMs = options.autoApproveMs ?? null;
    const notifyDelayMs = autoApproveMs ?? options.notifyDelayMs ?? DEFAULT_NOTIFY_DELAY_MS;
    const operators = new Set(options.operators ?? []);

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
    if (options.timers ?? true) {
      const timer = setInterval(() => {
        runJobs().catch((error: unknown) => app.log.error({ err: error }, 'enrolment: job failed'));
      }, options.jobMs ?? 1000);
      timer.unref();
      app.addHook('onClose', async () => clearInterval(timer));
    }
    app.decorate('requireOperator', async (request: FastifyRequest) => {
      if (!operators.has(request.user!.loginName)) throw new BusinessError(403, '无操作权限');
    });
  },
  { name: 'enrolment', dependencies: ['core', 'accounts'] },
);
