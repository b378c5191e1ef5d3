/**
 * Builds the account services: loads the install secrets, and takes the default SMS outbox, manual-review
 * verification and HMAC ticket check unless a deployment (or a test) gives others.
 */
import type { Kysely } from 'kysely';
import { assertNoFixedCodesInProduction, type AccountsConfig, type AppConfig } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import type { Accounts, SmsSender, ThirdPartyTicketVerifier, VerificationProvider } from './context.ts';
import { hmacTicketVerifier } from './login.ts';
import { dummyHash } from './passwords.ts';
import { loadSecrets } from './secrets.ts';
import { OutboxSmsSender } from './sms.ts';
import { manualReviewProvider } from './verification.ts';

/** Providers a deployment (or a test) can put in place of the defaults. */
export interface AccountProviders {
  /** undefined: the SMS outbox (development, tests, PORTAL_DEMO); null: no SMS at all (PORTAL_SMS_SENDER=none). */
  smsSender?: SmsSender | null;
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
    sms: options.smsSender === undefined ? new OutboxSmsSender(options.dataDir, log) : options.smsSender,
    smsKind: options.smsSender === undefined ? 'outbox' : options.smsSender === null ? 'none' : 'gateway',
    verification: options.verificationProvider ?? manualReviewProvider,
    tickets: options.ticketVerifier ?? hmacTicketVerifier(secrets.ssoSecret),
    log,
  };
}
