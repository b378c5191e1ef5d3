/**
 * Accounts: loads the install secrets, builds the services (with the default SMS outbox, manual-review
 * verification and HMAC ticket check unless others are given), adds `request.user` and registers the
 * account routes under /api.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { assertNoFixedCodesInProduction, type AccountsConfig, type AppConfig } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { makeRequireUser } from '../http/auth.ts';
import { authRoutes } from '../routes/auth.ts';
import type { AccountRouteDeps } from '../routes/accounts-deps.ts';
import { bladeAuthRoutes } from '../routes/blade-auth.ts';
import { dscqResourceRoutes } from '../routes/dscq-resource.ts';
import { dscqSystemRoutes } from '../routes/dscq-system.ts';
import { dscqUserRoutes } from '../routes/dscq-user.ts';
import type { Accounts, SmsSender, ThirdPartyTicketVerifier, VerificationProvider } from '../services/accounts/context.ts';
import { hmacTicketVerifier } from '../services/accounts/login.ts';
import { dummyHash } from '../services/accounts/passwords.ts';
import { loadSecrets } from '../services/accounts/secrets.ts';
import { OutboxSmsSender } from '../services/accounts/sms.ts';
import { manualReviewProvider } from '../services/accounts/verification.ts';

/** Providers a deployment (or a test) can put in place of the defaults. */
export interface AccountProviders {
  smsSender?: SmsSender;
  verificationProvider?: VerificationProvider;
  ticketVerifier?: ThirdPartyTicketVerifier;
}

export interface AccountsOptions extends AccountProviders {
  db: Kysely<Database>;
  now: () => number;
  dataDir: string;
  nodeEnv: AppConfig['nodeEnv'];
  accounts: AccountsConfig;
}

export async function createAccounts(options: AccountsOptions, log: Accounts['log']): Promise<Accounts> {
  const { accounts: config } = options;
  assertNoFixedCodesInProduction(options.nodeEnv, config);
  const secrets = await loadSecrets(options.db, config.secrets, options.now());
  // Made now, so the first unknown-user login takes no longer than a wrong password.
  await dummyHash();
  return {
    db: options.db,
    now: options.now,
    secrets,
    dataDir: options.dataDir,
    fixedCaptcha: config.fixedCaptcha,
    fixedSmsCode: config.fixedSmsCode,
    sms: options.smsSender ?? new OutboxSmsSender(options.dataDir, log),
    verification: options.verificationProvider ?? manualReviewProvider,
    tickets: options.ticketVerifier ?? hmacTicketVerifier(secrets.ssoSecret),
    log,
  };
}

export async function registerAccounts(app: FastifyInstance, options: AccountsOptions): Promise<Accounts> {
  const accounts = await createAccounts(options, app.log);
  if (options.accounts.fixedCaptcha !== undefined || options.accounts.fixedSmsCode !== undefined) {
    app.log.warn('PORTAL_FIXED_CAPTCHA / PORTAL_FIXED_SMS_CODE are set: captcha answers and SMS codes are fixed (tests only)');
  }
  app.decorateRequest('user', null);
  const deps: AccountRouteDeps = { accounts, requireUser: makeRequireUser(accounts) };
  await app.register(authRoutes, { prefix: '/api', ...deps });
  await app.register(bladeAuthRoutes, { prefix: '/api/blade-auth', ...deps });
  await app.register(dscqUserRoutes, { prefix: '/api/dscq-user', ...deps });
  await app.register(dscqSystemRoutes, { prefix: '/api/dscq-system', ...deps });
  await app.register(dscqResourceRoutes, { prefix: '/api/dscq-resource', ...deps });
  return accounts;
}
