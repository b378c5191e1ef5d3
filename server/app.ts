/**
 * Builds the Fastify app in one place, in dependency order: how we speak HTTP, then the capabilities
 * (plugins that decorate the instance: app.db, app.accounts, app.requireUser, app.live, app.engine,
 * app.enrolment, …), then the route plugins, which only read those, then the web app. No listen here
 * (main.ts does that; tests inject).
 */
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DestinationStream } from 'pino';
import { assertNoSandboxInProduction, type AppConfig } from './config.ts';
import type { Database } from './db/schema.ts';
import { clientError, frameworkError } from './http/errors.ts';
import { loggerOptions, prettyLogStream } from './http/logging.ts';
import accountsPlugin from './plugins/accounts.ts';
import type { AccountProviders } from './services/accounts/create.ts';
import corePlugin from './plugins/core.ts';
import { docsPlugin } from './plugins/docs.ts';
import enrolmentPlugin, { type EnrolmentOptions } from './plugins/enrolment.ts';
import esignPlugin, { type EsignOptions } from './plugins/esign.ts';
import healthPlugin from './plugins/health.ts';
import httpPlugin from './plugins/http.ts';
import livePlugin, { type LiveOptions } from './plugins/live.ts';
import metricsPlugin, { type MetricsOptions } from './plugins/metrics.ts';
import { paramsPlugin } from './plugins/params.ts';
import rateLimitPlugin from './plugins/rate-limit.ts';
import jobsPlugin from './plugins/jobs.ts';
import securityPlugin from './plugins/security.ts';
import staffPlugin from './plugins/staff.ts';
import staticPlugin from './plugins/static.ts';
import { authRoutes } from './routes/auth.ts';
import { bladeAuthRoutes } from './routes/blade-auth.ts';
import { bladeDeskRoutes } from './routes/blade-desk.ts';
import { dscqContentRoutes } from './routes/dscq-content.ts';
import { dscqProjectRoutes, dscqSyncProjectRoutes } from './routes/dscq-project.ts';
import { dscqResourceRoutes } from './routes/dscq-resource.ts';
import { dscqSyncRoutes } from './routes/dscq-sync.ts';
import { dscqSystemRoutes } from './routes/dscq-system.ts';
import { dscqUserRoutes } from './routes/dscq-user.ts';
import deskRoutes from './routes/desk.ts';
import enrolmentRoutes from './routes/enrolment.ts';
import esignRoutes from './routes/esign.ts';
import moneyRoutes from './routes/money.ts';
import { judicialRoutes } from './routes/judicial.ts';
import liveRoutes from './routes/live.ts';
import bidRecordRoutes from './routes/bid-record.ts';
import liveEventRoutes from './routes/live-events.ts';
import roadshowRoutes from './routes/roadshows.ts';
import proxyRoutes from './routes/proxy.ts';
import userFilesRoutes from './routes/user-files.ts';
import contractRoutes from './routes/contracts.ts';
import staffRoutes from './routes/staff/index.ts';
import opsLoadtestRoutes from './routes/ops-loadtest.ts';
import webauthnRoutes from './routes/webauthn.ts';
import type { ContractSigning } from './services/contracts/signing.ts';
import { contractSigning } from './services/contracts/esign-bridge.ts';

export interface BuildAppOptions {
  db: Kysely<Database>;
  config: Pick<AppConfig, 'staticDir' | 'logLevel' | 'dataDir'> & Partial<Pick<AppConfig, 'nodeEnv' | 'accounts' | 'demo' | 'rateLimits' | 'trustProxy' | 'fileQuotaBytes' | 'settlement' | 'lotTimeline' | 'tsaUrl' | 'loadTestAccounts' | 'webauthn'>>;
  /**
   * Account providers in place of the defaults (SMS outbox, manual review, HMAC tickets). With
   * nodeEnv 'production' the outbox (no smsSender) is refused unless config.demo.
   */
  accountProviders?: AccountProviders;
  /** false: no logging; otherwise lines go to `stream` (stdout by default: readable lines in development, JSON otherwise). */
  logger?: false | { stream?: DestinationStream; level?: string };
  /** Server clock, injectable for tests. */
  now?: () => number;
  /** Live bidding: timers and the PostgreSQL LISTEN connection. */
  live?: LiveOptions;
  /**
   * Enrolment: demo auto-approval, payment gateway, operators (plugins/enrolment.ts). With nodeEnv
   * 'production' the sandbox bank (no gateway) is refused unless config.demo.
   */
  enrolment?: EnrolmentOptions;
  /** Contracts: the signing provider, organisations' seals and the face check; by default the esign plugin's; null: signing answers 503. */
  contractSigning?: ContractSigning | null;
  /** Signing: a real e-sign provider in place of the installation's own CA (plugins/esign.ts). */
  esign?: EsignOptions;
  /** /metrics: off unless enabled or a token is set (PORTAL_METRICS, PORTAL_METRICS_TOKEN); the PostgreSQL pool's gauges. */
  metrics?: MetricsOptions;
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { db, config } = options;
  // loadConfig checked the environment; this holds for every other caller too (tools, tests).
  assertNoSandboxInProduction(config.nodeEnv ?? 'development', config.demo ?? false, {
    sandboxBank: options.enrolment?.gateway === undefined,
    smsOutbox: options.accountProviders?.smsSender === undefined,
  });
  // A hop count trusts that many proxies in front (what Fastify does with a number, which its types omit).
  const hops = config.trustProxy;
  const proxy: { trustProxy?: string[] | ((address: string, hop: number) => boolean) } =
    hops === undefined ? {} : { trustProxy: typeof hops === 'number' ? (_address: string, hop: number) => hop < hops : hops };
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : loggerOptions({
            level: options.logger?.level ?? config.logLevel,
            ...(options.logger?.stream
              ? { stream: options.logger.stream }
              : (config.nodeEnv ?? 'development') === 'development'
                ? { stream: prettyLogStream() }
                : {}),
          }),
    // Behind a reverse proxy (PORTAL_TRUST_PROXY), request.ip is the client's address from X-Forwarded-For:
    // the per-address request limits and the audit log count clients, not the proxy.
    ...proxy,
    // One line per request, when it is answered, at a level by path (http/logging.ts, plugins/http.ts).
    logController: new LogController({ disableRequestLogging: true }),
    // Paths are case- and slash-exact as in the spec; a trailing slash is tolerated.
    routerOptions: { ignoreTrailingSlash: true },
    // Failures before a route answers (a URL that does not decode, an over-long request) are envelopes too.
    frameworkErrors: frameworkError,
    clientErrorHandler: clientError,
  });
  const timers = options.live?.timers ?? true;

  // How we speak HTTP (errors as envelopes, body parsers, headers): before anything that answers.
  await app.register(httpPlugin);
  await app.register(securityPlugin);
  // Route parameters: body merged under the query, each route's zod rule as its validator.
  await app.register(paramsPlugin);
  // The API reference collects the routes as they are added: before them.
  await app.register(docsPlugin);

  // Capabilities, each decorating the instance for the routes below.
  await app.register(corePlugin, { db, now: options.now ?? Date.now, dataDir: config.dataDir });
  // GET /metrics (protected, off by default) and app.metrics, which the plugins and routes below record into.
  await app.register(metricsPlugin, { ...options.metrics });
  await app.register(rateLimitPlugin, { limits: config.rateLimits });
  await app.register(accountsPlugin, {
    ...options.accountProviders,
    nodeEnv: config.nodeEnv ?? 'development',
    accounts: config.accounts ?? { fixedCaptcha: undefined, fixedSmsCode: undefined, secrets: {} },
  });
  await app.register(livePlugin, { ...options.live, timers, ...(config.settlement ? { settlement: config.settlement } : {}) });
  await app.register(enrolmentPlugin, { timers, ...options.enrolment });
  await app.register(esignPlugin, { ...options.esign });
  await app.register(staffPlugin, { lotTimeline: config.lotTimeline });
  // 路演: the reminder before a followed roadshow starts (one run at a time across processes).
  await app.register(jobsPlugin, { timers, tsaUrl: config.tsaUrl });
  // GET /healthz and /readyz (outside /api, no login, no limit) and app.drain(), the graceful stop's first step.
  await app.register(healthPlugin, { schema: options.live?.schema });

  // Routes: the spec's services, all under /api (README "API paths").
  await app.register(authRoutes, { prefix: '/api' });
  await app.register(bladeAuthRoutes, { prefix: '/api/blade-auth' });
  await app.register(bladeDeskRoutes, { prefix: '/api/blade-desk' });
  await app.register(dscqContentRoutes, { prefix: '/api/dscq-content' });
  await app.register(dscqProjectRoutes, { prefix: '/api/dscq-project' });
  await app.register(dscqResourceRoutes, { prefix: '/api/dscq-resource', ...(config.fileQuotaBytes === undefined ? {} : { quotaBytes: config.fileQuotaBytes }) });
  await app.register(dscqSyncRoutes, { prefix: '/api/dscq-sync' });
  await app.register(dscqSyncProjectRoutes, { prefix: '/api/dscq-sync' });
  await app.register(dscqSystemRoutes, { prefix: '/api/dscq-system', ...(config.settlement ? { feeSchedule: config.settlement.feeSchedule } : {}) });
  await app.register(dscqUserRoutes, { prefix: '/api/dscq-user' });
  await app.register(liveRoutes, { prefix: '/api' });
  // The bid record's signed PDF (the JSON record and the receipts are in live.ts).
  await app.register(bidRecordRoutes, { prefix: '/api' });
  await app.register(liveEventRoutes, { prefix: '/api' });
  await app.register(enrolmentRoutes, { prefix: '/api' });
  await app.register(moneyRoutes, { prefix: '/api', ...(config.settlement ? { settlement: config.settlement } : {}) });
  await app.register(deskRoutes, { prefix: '/api' });
  // 路演: a lot's roadshows, follow and unfollow.
  await app.register(roadshowRoutes, { prefix: '/api' });
  await app.register(proxyRoutes, { prefix: '/api' });
  // My files, appeals, services and demands (and their operator commands).
  await app.register(userFilesRoutes, { prefix: '/api', ...(config.fileQuotaBytes === undefined ? {} : { quotaBytes: config.fileQuotaBytes }) });
  // Signature verification (public), seal applications, face verification.
  await app.register(esignRoutes, { prefix: '/api' });
  // Contracts (drafted at payment, confirmed, signed in order, sealed by the exchange).
  await app.register(contractRoutes, { prefix: '/api', signing: options.contractSigning !== undefined ? options.contractSigning : contractSigning(app.esign.signing, app.esign.face) });
  // The work system: the exchange's staff console's API (roles, four eyes, audit trail).
  await app.register(staffRoutes, { prefix: '/api' });
  // Load-test accounts on the operator API, where the installation allows them (npm run loadtest).
  await app.register(opsLoadtestRoutes, { prefix: '/api', enabled: config.loadTestAccounts ?? false });
  // Security keys and passkeys: 账户安全's keys, login with a key, bid confirmation (docs/accounts.md).
  await app.register(webauthnRoutes, { prefix: '/api', webauthn: config.webauthn, timers });
  // The judicial-auction service, with its own answer shape ({ status, message, content }).
  await app.register(judicialRoutes, { prefix: '/judicial' });

  // The built web app, and the fallback for unknown paths.
  await app.register(staticPlugin, { staticDir: config.staticDir });
  return app;
}
