/**
 * What every accounts service function receives: the database, the clock, the install secrets, the
 * data directory, the test-only fixed codes, and the pluggable providers (SMS, real-name verification,
 * third-party tickets). Built once per app in plugins/accounts.ts (and by the ops command).
 */
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/schema.ts';
import type { InstallSecrets } from './secrets.ts';

export interface SmsMessage {
  phone: string;
  /** 1008, 2001, 2002. */
  purpose: number;
  code: string;
  /** The Chinese message text. */
  text: string;
  /** Epoch ms. */
  sentAt: number;
}

/**
 * A real SMS gateway plugs in here (server/README.md "Providers": PORTAL_SMS_SENDER names a module whose
 * default export builds one). The development default writes to `${dataDir}/sms-outbox.log` and the log,
 * and is refused in production unless PORTAL_DEMO=1.
 *
 * `send` resolves once the provider has accepted the message; it rejects when the provider refuses or
 * cannot be reached (the caller answers 500 and the code stays unsent: the user asks again after 60 s).
 * It must never log the code.
 */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

/** Which sender is in use: the development outbox, a real provider, or none (SMS calls answer 503). */
export type SmsSenderKind = 'outbox' | 'gateway' | 'none';

export type VerificationDecision =
  | { decision: 'approved' }
  | { decision: 'pending' }
  | { decision: 'rejected'; reason: string };

export interface PersonVerificationInput {
  userId: number;
  name: string;
  idType: number;
  idNumber: string;
}

export interface OrgVerificationInput {
  userId: number;
  orgName: string;
  creditCode: string;
  legalPerson: string;
  legalIdType: number;
  legalIdNumber: string;
  licenceFileId: string;
}

/**
 * Real-name verification behind an interface: a real identity service decides at once, the default
 * (formats already checked by the route) queues a manual review for the operator command.
 */
export interface VerificationProvider {
  readonly name: string;
  verifyPerson(input: PersonVerificationInput): Promise<VerificationDecision>;
  verifyOrg(input: OrgVerificationInput): Promise<VerificationDecision>;
}

export interface ThirdPartyTicket {
  userguid: string;
  loginid: string;
  dognum: string;
  token: string;
}

/** The province's unified identity platform: says which local login name a ticket stands for. */
export interface ThirdPartyTicketVerifier {
  verify(ticket: ThirdPartyTicket): Promise<{ loginName: string } | null>;
}

export interface Accounts {
  db: Kysely<Database>;
  now: () => number;
  secrets: InstallSecrets;
  dataDir: string;
  /** Test only: every captcha's answer / every SMS code (refused in production at start). */
  fixedCaptcha: string | undefined;
  fixedSmsCode: string | undefined;
  /** null: no SMS in this install (PORTAL_SMS_SENDER=none). */
  sms: SmsSender | null;
  smsKind: SmsSenderKind;
  verification: VerificationProvider;
  tickets: ThirdPartyTicketVerifier;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

export function uploadsDir(accounts: Pick<Accounts, 'dataDir'>): string {
  return path.join(accounts.dataDir, 'uploads');
}
