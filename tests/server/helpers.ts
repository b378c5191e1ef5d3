/**
 * Test harness: a fresh database per call — a temp SQLite file, or, when TEST_DATABASE_URL is set,
 * a fresh PostgreSQL schema (dropped in teardown) — migrated and seeded at a fixed clock.
 */
import type { LotTimelineSettings } from '#domain/rules/lotTimeline';
import type { ContractSigning } from '../../server/services/contracts/signing.ts';
import type { SettlementSettings } from '#domain/contract/settlement';
import { spawn } from 'node:child_process';
import { copyFileSync, cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../server/app.ts';
import { RATE_LIMIT_NAMES, type AccountsConfig, type RateLimits } from '../../server/config.ts';
import type { AccountProviders } from '../../server/services/accounts/create.ts';
import type { LiveOptions } from '../../server/plugins/live.ts';
import type { EnrolmentOptions } from '../../server/plugins/enrolment.ts';
import type { EsignOptions } from '../../server/plugins/esign.ts';
import type { MetricsOptions } from '../../server/plugins/metrics.ts';
import { openDatabase, type DatabaseHandle } from '../../server/db/connection.ts';
import { prepareDatabase } from '../../server/seed/prepare.ts';

/** The seed clock used by every test: 2026-11-21 12:00:00 China time. */
export const NOW = Date.UTC(2026, 10, 21, 4, 0, 0);

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
export const DIALECT = TEST_DATABASE_URL ? 'postgres' : 'sqlite';

/**
 * Request limits most tests run under: far above anything a test does from its one address (the suites
 * create many captchas and SMS from 127.0.0.1 at a fixed clock). tests/server/rate-limit.test.ts runs the
 * real defaults (DEFAULT_RATE_LIMITS).
 */
export const GENEROUS_RATE_LIMITS: RateLimits = Object.fromEntries(
  RATE_LIMIT_NAMES.map((name) => [name, { limit: 1_000_000, windowMs: 60_000 }]),
) as RateLimits;

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Opens another independent handle on the same database (another "process"). */
  openAnother(): DatabaseHandle;
  cleanup(): Promise<void>;
}

/** Where seed-template.ts (the server project's globalSetup) left the run's templates. */
export const SEED_TEMPLATE_ENV = 'HBCQ_SEED_TEMPLATE';
/** What the template dumps call their schema: replaced by the test's own at each restore. */
export const TEMPLATE_SCHEMA_PLACEHOLDER = 'hbcq_seed_template_schema';
interface SqliteTemplate {
  file: string;
  dataDir: string;
}
interface PostgresTemplate {
  sqlFile: string;
  dataDir: string;
}
export type SeedTemplates =
  | { dialect: 'sqlite'; seeded: SqliteTemplate; migrated: SqliteTemplate }
  | { dialect: 'postgres'; seeded: PostgresTemplate; migrated: PostgresTemplate };
/** A database as prepareDatabase leaves it at NOW: seeded (the demo) or migrated only. */
export type TemplateKind = 'seeded' | 'migrated';

function seedTemplates(): SeedTemplates | null {
  const json = process.env[SEED_TEMPLATE_ENV];
  if (!json) return null;
  const templates = JSON.parse(json) as SeedTemplates;
  return templates.dialect === DIALECT ? templates : null;
}

/** A template's dump, read once per process (a few MB, replayed by every test of the file). */
const dumps = new Map<string, string>();
const dumpOf = (sqlFile: string) => dumps.get(sqlFile) ?? dumps.set(sqlFile, readFileSync(sqlFile, 'utf8')).get(sqlFile)!;

/**
 * A fresh database: empty, or a copy of the run's template of `from` (seed-template.ts) — the database
 * prepareDatabase would make at NOW, in milliseconds — with the template's files copied into `dataDir`
 * (none given: the rows only). Without templates (a test run outside the server project's set-up) it is
 * prepared here, into `dataDir`.
 */
export async function createTestDatabase(from?: TemplateKind, dataDir?: string): Promise<TestDatabase> {
  const templates = from ? seedTemplates() : null;
  if (templates && dataDir) cpSync(templates[from!].dataDir, dataDir, { recursive: true });
  if (TEST_DATABASE_URL) {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    if (templates?.dialect === 'postgres') {
      await restorePostgres(TEST_DATABASE_URL, dumpOf(templates[from!].sqlFile).replaceAll(TEMPLATE_SCHEMA_PLACEHOLDER, schema));
    } else {
      const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      await admin.end();
    }
    const open = () => openDatabase({ databaseUrl: TEST_DATABASE_URL, searchPath: schema, poolMax: 4 });
    const handles = [open()];
    if (from && !templates) await prepareDatabase(handles[0]!, { seed: from === 'seeded', now: NOW, dataDir });
    return {
      handle: handles[0]!,
      openAnother: () => {
        const h = open();
        handles.push(h);
        return h;
      },
      cleanup: async () => {
        await Promise.all(handles.map((h) => h.close().catch(() => {})));
        const drop = new pg.Client({ connectionString: TEST_DATABASE_URL });
        await drop.connect();
        await drop.query(`drop schema if exists ${schema} cascade`);
        await drop.end();
      },
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-test-'));
  const file = path.join(dir, 'portal.sqlite');
  if (templates?.dialect === 'sqlite') copyFileSync(templates[from!].file, file);
  const handles = [openDatabase({ sqliteFile: file })];
  if (from && !templates) await prepareDatabase(handles[0]!, { seed: from === 'seeded', now: NOW, dataDir });
  return {
    handle: handles[0]!,
    openAnother: () => {
      const h = openDatabase({ sqliteFile: file });
      handles.push(h);
      return h;
    },
    cleanup: async () => {
      await Promise.all(handles.map((h) => h.close().catch(() => {})));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Replays a template's dump (psql: the dump's COPY blocks), stopping at the first error. */
function restorePostgres(url: string, sql: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('psql', ['--quiet', '--no-psqlrc', '--set', 'ON_ERROR_STOP=1', '--dbname', url], { stdio: ['pipe', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (d: Buffer) => (errors += d.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`psql restore of the seed template failed (${code}): ${errors}`))));
    child.stdin.end(sql);
  });
}

/** Parsed answer bodies: tests assert their shape, so they read them loosely. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  handle: DatabaseHandle;
  /** POST with query parameters, as the real client sends them; returns the parsed body too. */
  post(url: string, query?: Record<string, string | number>): Promise<{ res: LightMyRequestResponse; body: Json }>;
  get(url: string, query?: Record<string, string | number>): Promise<{ res: LightMyRequestResponse; body: Json }>;
  /** The app's data directory (uploads, SMS outbox). */
  dataDir: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  seed?: boolean;
  staticDir?: string;
  /** Capture log lines here (level info); no logging otherwise. */
  logStream?: Writable;
  now?: () => number;
  /** Accounts: test-only fixed codes and secret overrides (none by default). */
  accounts?: Partial<AccountsConfig>;
  /** Account providers in place of the defaults (SMS outbox, manual review, HMAC tickets). */
  accountProviders?: AccountProviders;
  /** The data directory (uploads, SMS outbox); a fresh temp directory by default, removed on close. */
  dataDir?: string;
  /** Live bidding options; by default no timers (tests call app.live.sweep() and snapshot.rebuild()). */
  live?: LiveOptions;
  /** Request limits; GENEROUS_RATE_LIMITS by default. */
  rateLimits?: RateLimits;
  /** Enrolment options (the payment gateway: undefined is the sandbox bank, null none). */
  enrolment?: EnrolmentOptions;
  /** config.nodeEnv and config.demo (default 'test', false). */
  nodeEnv?: 'development' | 'production' | 'test';
  demo?: boolean;
  /** PORTAL_TRUST_PROXY (none by default). */
  trustProxy?: number | string[];
  /** PORTAL_FILE_QUOTA_MB in bytes (the default 200 MB when absent). */
  fileQuotaBytes?: number;
  /** The fee schedule and deal periods (config.settlement; the domain's defaults when absent). */
  settlement?: SettlementSettings;
  /** The lot timeline's periods (config.lotTimeline; the published rules when absent). */
  lotTimeline?: LotTimelineSettings;
  /** Contracts: the signing provider, seals and face check (none: signing answers 503). */
  contractSigning?: ContractSigning | null;
  /** Signing: a provider in place of the installation's own CA, or the CA's verification budget. */
  esign?: EsignOptions;
  /** /metrics (off by default, as in production); the PostgreSQL pool's gauges are always wired. */
  metrics?: MetricsOptions;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'portal-data-'));
  // The run's template (seed-template.ts) with its files in dataDir.
  const database = await createTestDatabase((options.seed ?? true) ? 'seeded' : 'migrated', dataDir);
  const { handle } = database;
  const app = await buildApp({
    db: handle.db,
    config: {
      staticDir: options.staticDir ?? path.join(tmpdir(), 'portal-no-such-dist'),
      logLevel: 'info',
      dataDir,
      nodeEnv: options.nodeEnv ?? 'test',
      demo: options.demo ?? false,
      rateLimits: options.rateLimits ?? GENEROUS_RATE_LIMITS,
      trustProxy: options.trustProxy,
      ...(options.fileQuotaBytes === undefined ? {} : { fileQuotaBytes: options.fileQuotaBytes }),
      ...(options.settlement ? { settlement: options.settlement } : {}),
      ...(options.lotTimeline ? { lotTimeline: options.lotTimeline } : {}),
      accounts: { fixedCaptcha: undefined, fixedSmsCode: undefined, secrets: {}, ...options.accounts },
    },
    ...(options.accountProviders ? { accountProviders: options.accountProviders } : {}),
    ...(options.enrolment ? { enrolment: options.enrolment } : {}),
    logger: options.logStream ? { stream: options.logStream, level: 'info' } : false,
    ...(options.now ? { now: options.now } : {}),
    live: { timers: false, schema: handle.schema, ...options.live },
    ...(options.enrolment ? { enrolment: options.enrolment } : {}),
    ...(options.contractSigning ? { contractSigning: options.contractSigning } : {}),
    ...(options.esign ? { esign: options.esign } : {}),
    metrics: { pool: handle.pool, ...options.metrics },
  });
  await app.ready();

  const call = async (method: 'GET' | 'POST', url: string, query?: Record<string, string | number>) => {
    const res = await app.inject({
      method,
      url,
      ...(query ? { query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) } : {}),
    });
    let body: unknown;
    try {
      body = res.json();
    } catch {
      body = res.body;
    }
    return { res, body };
  };

  return {
    app,
    database,
    handle,
    post: (url, query) => call('POST', url, query),
    get: (url, query) => call('GET', url, query),
    dataDir,
    close: async () => {
      await app.close();
      await database.cleanup();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A writable that keeps every log line (pino writes one JSON object per line). */
export function captureLogs(): { stream: Writable; text(): string; lines(): Record<string, unknown>[] } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  const text = () => chunks.join('');
  return {
    stream,
    text,
    lines: () =>
      text()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

/** The envelope's exact key set: nothing else (no stack, no SQL) may appear. */
export const ENVELOPE_KEYS = ['code', 'data', 'msg', 'success'];

/** Another server process on the same database, with a handle of its own (cross-process tests). */
export async function buildSecondProcess(
  t: { database: TestDatabase; dataDir: string },
  now: () => number,
  live: LiveOptions,
  options: { rateLimits?: RateLimits; accounts?: Partial<AccountsConfig> } = {},
): Promise<FastifyInstance> {
  const other = t.database.openAnother();
  return buildApp({
    db: other.db,
    config: {
      staticDir: path.join(tmpdir(), 'portal-no-such-dist'),
      logLevel: 'warn',
      dataDir: t.dataDir,
      nodeEnv: 'test',
      rateLimits: options.rateLimits ?? GENEROUS_RATE_LIMITS,
      accounts: { fixedCaptcha: undefined, fixedSmsCode: undefined, secrets: {}, ...options.accounts },
    },
    logger: false,
    now,
    live,
  });
}

/** Live options of a process that hears other processes' commits: LISTEN on PostgreSQL, the data_version watch (a timer) on SQLite. */
export function listeningLive(schema: string | undefined): LiveOptions {
  return TEST_DATABASE_URL ? { timers: false, schema, listen: { databaseUrl: TEST_DATABASE_URL } } : { timers: true };
}

/** A multipart/form-data body with one file part, as a browser's upload sends it, and its content type. */
export function multipartFile(fileName: string, data: Buffer, contentType = 'application/pdf', field = 'file'): { payload: Buffer; headers: { 'content-type': string } } {
  const boundary = '----hbcqtestboundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
