/**
 * Builds the Fastify app: plugins first, then routes. No listen here (main.ts does that; tests inject).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DestinationStream } from 'pino';
import type { AppConfig } from './config.ts';
import type { Database } from './db/schema.ts';
import { installErrorHandler, installNotFoundHandler, isApiPath } from './http/errors.ts';
import { loggerOptions } from './http/logging.ts';
import { registerAccounts, type AccountProviders } from './plugins/accounts.ts';
import { registerLive, type LiveOptions } from './plugins/live.ts';
import { registerEnrolment, type EnrolmentOptions } from './routes/enrolment.ts';
import { makeRequireUser } from './http/auth.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerStatic } from './plugins/static.ts';
import { bladeDeskRoutes } from './routes/blade-desk.ts';
import type { RouteDeps } from './routes/deps.ts';
import { contentFilesDir } from './services/content-files.ts';
import { dscqContentRoutes } from './routes/dscq-content.ts';
import { dscqProjectRoutes, dscqSyncProjectRoutes } from './routes/dscq-project.ts';
import { dscqSyncRoutes } from './routes/dscq-sync.ts';
import { judicialRoutes } from './routes/judicial.ts';

export interface BuildAppOptions {
  db: Kysely<Database>;
  config: Pick<AppConfig, 'staticDir' | 'logLevel' | 'dataDir'> & Partial<Pick<AppConfig, 'nodeEnv' | 'accounts'>>;
  /** Account providers in place of the defaults (SMS outbox, manual review, HMAC tickets). */
  accountProviders?: AccountProviders;
  /** false: no logging; otherwise lines go to `stream` (stdout by default). */
  logger?: false | { stream?: DestinationStream; level?: string };
  /** Server clock, injectable for tests. */
  now?: () => number;
  /** Live bidding: timers and the PostgreSQL LISTEN connection. */
  live?: LiveOptions;
  /** Enrolment: demo auto-approval, payment gateway, operators (routes/enrolment.ts). */
  enrolment?: EnrolmentOptions;
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { db, config } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : loggerOptions({
            level: options.logger?.level ?? config.logLevel,
            ...(options.logger?.stream ? { stream: options.logger.stream } : {}),
          }),
    // Paths are case- and slash-exact as in the spec; a trailing slash is tolerated.
    routerOptions: { ignoreTrailingSlash: true },
  });

  installErrorHandler(app);
  installBodyParsers(app);
  await registerSecurity(app);

  // API answers describe live data: never let a proxy or the browser cache them unless a route says so.
  app.addHook('onSend', async (request, reply, payload) => {
    if (isApiPath(request.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });

  const deps: RouteDeps = { db, now: options.now ?? Date.now, filesDir: contentFilesDir(config.dataDir) };
  await app.register(bladeDeskRoutes, { prefix: '/api/blade-desk', ...deps });
  await app.register(dscqContentRoutes, { prefix: '/api/dscq-content', ...deps });
  await app.register(dscqSyncRoutes, { prefix: '/api/dscq-sync', ...deps });
  const accounts = await registerAccounts(app, {
    ...deps,
    ...options.accountProviders,
    dataDir: config.dataDir,
    nodeEnv: config.nodeEnv ?? 'development',
    accounts: config.accounts ?? { fixedCaptcha: undefined, fixedSmsCode: undefined, secrets: {} },
  });
  await registerLive(app, { db, now: deps.now, live: options.live, accounts, requireUser: makeRequireUser(accounts) });
  await registerEnrolment(app, { db, now: deps.now, accounts, requireUser: makeRequireUser(accounts), timers: options.live?.timers ?? true, options: options.enrolment });
  // The trading centre reads the optional bearer (favourite flag) and checks image captchas: after accounts.
  await app.register(dscqProjectRoutes, { prefix: '/api/dscq-project', ...deps, accounts });
  await app.register(dscqSyncProjectRoutes, { prefix: '/api/dscq-sync', ...deps });
  // The judicial-auction service, with its own answer shape ({ status, message, content }).
  await app.register(judicialRoutes, { prefix: '/judicial', ...deps });

  const webAppFallback = await registerStatic(app, config.staticDir);
  installNotFoundHandler(app, webAppFallback);
  return app;
}

/**
 * JSON bodies as usual (with Fastify's prototype-poisoning protection), but an empty body is "no
 * parameters" — clients send Content-Type: application/json on parameterless POSTs. Form bodies are
 * accepted too, since the real system's clients sometimes post forms.
 */
function installBodyParsers(app: FastifyInstance): void {
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body); // parseAs 'string' delivers a string
    if (text.trim() === '') return done(null, undefined);
    return jsonParser(request, text, done);
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
}
