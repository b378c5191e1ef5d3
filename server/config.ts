/**
 * Process configuration, read from the environment once at start.
 * Invalid values stop the process with a message naming the variable, rather than failing later.
 */
import { mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_FEE_SCHEDULE, DEFAULT_SETTLEMENT_SETTINGS } from '#domain/rules/settlement';
import { DEFAULT_LOT_TIMELINE_SETTINGS, LOT_ASSET_CLASSES, type LotAssetClass, type LotTimelineSettings } from '#domain/rules/lotTimeline';
import { type FeeBand, type FeeSchedule, type SettlementSettings } from '#domain/contract/settlement';

export interface AppConfig {
  port: number;
  host: string;
  /** PostgreSQL connection string; when absent the embedded SQLite database is used. */
  databaseUrl: string | undefined;
  /** Directory of the SQLite file and other local data. Created at load time. */
  dataDir: string;
  sqliteFile: string;
  /** The Vite build (index.html, assets/, version.json). */
  staticDir: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  nodeEnv: 'development' | 'production' | 'test';
  /** Load the demo data at start (idempotent). Turn off for a real installation. */
  seedDemoData: boolean;
  /** Accounts: test-only fixed codes and secret overrides (services/accounts). */
  accounts: AccountsConfig;
  /** Demo mode (seedDemoData): enrolments and sandbox payments are approved this long after (ms). */
  demoAutoApproveMs: number;
  /** Login names allowed on the operator API (/api/dscq-ops). */
  operators: string[];
  /** PORTAL_LOADTEST_ACCOUNTS: the operator API may make verified test accounts for `npm run loadtest` (a staging install's opt-in). */
  loadTestAccounts?: boolean;
  /**
   * PORTAL_DEMO: a demonstration install. The only way to run the sandbox bank or the SMS outbox with
   * NODE_ENV=production; the pages then show a 演示环境 notice (as they do wherever either is in use).
   */
  demo: boolean;
  /** PORTAL_FEE_SCHEDULE, PORTAL_FEE_MIN_YUAN, PORTAL_CONFIRM_WORKING_DAYS, PORTAL_PAY_WORKING_DAYS: the buyer's fee and the deal's periods. */
  settlement: SettlementSettings;
  /**
   * PORTAL_DISCLOSURE_MINIMUMS, PORTAL_DEPOSIT_MARGIN_WORKING_DAYS: the lot timeline's periods (defaults:
   * the published rules). A training or test installation shortens them to run a lot's life in minutes.
   */
  lotTimeline: LotTimelineSettings;
  /** PORTAL_PAYMENT_GATEWAY: the sandbox bank, none (bank transfer only) or a gateway module. */
  payment: ProviderChoice<'sandbox'>;
  /** PORTAL_SMS_SENDER: the outbox file, none (no SMS) or a sender module. */
  sms: ProviderChoice<'outbox'>;
  /** PORTAL_ESIGN_PROVIDER: the installation's own CA ('local') or a real e-sign provider module. */
  esign: ProviderChoice<'local'>;
  /** PORTAL_FACE_TOKEN_MINUTES: how long the QR one-time link of a face check stays usable (ms). */
  faceTokenMs: number;
  /** PORTAL_TSA_URL: a real RFC 3161 time-stamping service for the bid record's heads; unset: the installation's own TSA. */
  tsaUrl?: string | undefined;
  /** PORTAL_RATE_LIMITS: the request limits (defaults in DEFAULT_RATE_LIMITS), shared by every process. */
  rateLimits: RateLimits;
  /**
   * PORTAL_TRUST_PROXY: the reverse proxies whose X-Forwarded-For gives the client's address (Fastify's
   * trustProxy: a hop count or addresses/CIDRs). Unset: the connection's address (direct clients).
   */
  trustProxy: number | string[] | undefined;
  /** PORTAL_FILE_QUOTA_MB: the bytes each user may store (我的文件 and every other upload; default 200 MB). */
  fileQuotaBytes: number;
  /** PORTAL_METRICS, PORTAL_METRICS_TOKEN: GET /metrics off by default; on for anyone, or for a bearer token only. */
  metrics: { enabled: boolean; token: string | undefined };
  /** PORTAL_SHUTDOWN_TIMEOUT_MS: the graceful stop's bound (drain, in-flight requests, database), default 10 s. */
  shutdownTimeoutMs: number;
  /** PORTAL_LIVE_LOG_ROWS: rows the live event log keeps for push streams resuming with Last-Event-ID (default 50,000; docs/live.md). */
  liveLogRows: number;
  /** PORTAL_WEBAUTHN_RP_ID, PORTAL_WEBAUTHN_ORIGIN, PORTAL_WEBAUTHN_RP_NAME: security keys' relying party (docs/accounts.md "Security keys"). */
  webauthn: WebauthnConfig;
}

/**
 * Security keys' relying party. rpId unset: each request's host (development and tests; set it in
 * production, where keys must keep working whichever host name a request came by). origin unset:
 * https://<rpId> when rpId is set, else the request's own origin.
 */
export interface WebauthnConfig {
  rpId: string | undefined;
  origin: string | undefined;
  rpName: string;
}

/**
 * Which implementation of a provider to use: the built-in development one ('sandbox' / 'outbox'),
 * none at all, or a module (path) whose default export builds a real one (server/README.md, "Providers").
 */
export type ProviderChoice<Builtin extends string> = { kind: Builtin } | { kind: 'none' } | { kind: 'module'; path: string };

/** The request limits (server/services/common/rate-limit.ts), each counted per key in a fixed window. */
export const RATE_LIMIT_NAMES = ['captcha-ip', 'sms-ip', 'sms-phone', 'register-ip', 'recover-ip', 'lookup-user', 'lookup-ip', 'esign-verify-ip'] as const;
export type RateLimitName = (typeof RATE_LIMIT_NAMES)[number];
export interface RateLimit {
  /** Requests allowed per window. */
  limit: number;
  windowMs: number;
}
export type RateLimits = Record<RateLimitName, RateLimit>;

/**
 * The real defaults (README "Rate limits"): per client address (IPv6 per /64) or per phone, counted in the
 * database so every process on it shares them.
 */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  /** Image captchas created (both captcha paths), per address. */
  'captcha-ip': { limit: 30, windowMs: 60_000 },
  /** SMS codes asked for, per address. */
  'sms-ip': { limit: 20, windowMs: 3_600_000 },
  /** SMS codes sent to one phone (on top of one per 60 s). */
  'sms-phone': { limit: 10, windowMs: 86_400_000 },
  /** Registration attempts, per address. */
  'register-ip': { limit: 20, windowMs: 3_600_000 },
  /** Password-recovery and account-recovery attempts, per address. */
  'recover-ip': { limit: 20, windowMs: 3_600_000 },
  /** Look-ups that tell whether a person is a user (a contract's signatory by phone or login name, or by id), per signed-in user. */
  'lookup-user': { limit: 20, windowMs: 3_600_000 },
  /** The same look-ups, per address (several users behind one office address). */
  'lookup-ip': { limit: 60, windowMs: 3_600_000 },
  /**
   * Public signature checks (POST /dscq-esign/verify, anonymous), per address: someone checking contracts
   * sends a few files, an office behind one address a few more; 20 in 10 minutes lets one address hold the
   * verification thread at most a sixth of the time (each file's work ends at its 5 s budget).
   */
  'esign-verify-ip': { limit: 20, windowMs: 600_000 },
};

export const SANDBOX_IN_PRODUCTION =
  '生产环境（NODE_ENV=production）不能使用沙箱银行（模拟网银）作支付网关：请设置 PORTAL_PAYMENT_GATEWAY 为真实网关模块的路径，或 none（仅线下转账）；仅作演示时设置 PORTAL_DEMO=1。' +
  ' / The sandbox bank cannot be the payment gateway in production: set PORTAL_PAYMENT_GATEWAY to a gateway module or none; for a demonstration only, set PORTAL_DEMO=1.';
export const OUTBOX_IN_PRODUCTION =
  '生产环境（NODE_ENV=production）不能使用短信发件箱（验证码明文写入 sms-outbox.log）：请设置 PORTAL_SMS_SENDER 为短信网关模块的路径，或 none（不发短信）；仅作演示时设置 PORTAL_DEMO=1。' +
  ' / The SMS outbox (codes in clear in sms-outbox.log) cannot send SMS in production: set PORTAL_SMS_SENDER to a sender module or none; for a demonstration only, set PORTAL_DEMO=1.';

export const DEMO_SEED_IN_PRODUCTION =
  '生产环境（NODE_ENV=production）不写入演示数据（演示账号的密码是公开的）：请删除 PORTAL_DEMO_SEED=1；仅作演示时设置 PORTAL_DEMO=1。' +
  ' / Demo data (accounts with published passwords) is not written in production: remove PORTAL_DEMO_SEED=1; for a demonstration only, set PORTAL_DEMO=1.';

/**
 * The sandbox bank, the SMS outbox and the demo data (accounts with published passwords) are for
 * development, tests and demonstrations: throws ConfigError in production otherwise.
 */
export function assertNoSandboxInProduction(nodeEnv: string, demo: boolean, uses: { sandboxBank: boolean; smsOutbox: boolean; demoSeed?: boolean }): void {
  if (nodeEnv !== 'production' || demo) return;
  const problems = [
    ...(uses.sandboxBank ? [SANDBOX_IN_PRODUCTION] : []),
    ...(uses.smsOutbox ? [OUTBOX_IN_PRODUCTION] : []),
    ...(uses.demoSeed ? [DEMO_SEED_IN_PRODUCTION] : []),
  ];
  if (problems.length > 0) throw new ConfigError(`配置错误（环境变量）:\n${problems.map((p) => `  ${p}`).join('\n')}`);
}

export interface SecretOverrides {
  /** HS256 key for access and refresh tokens (≥ 32 characters). */
  jwtSecret?: string | undefined;
  /** AES-256-GCM key for ID numbers and credit codes: 32 bytes, base64. */
  fieldKey?: string | undefined;
  /** HMAC-SHA256 key of third-party (unified identity platform) tickets. */
  ssoSecret?: string | undefined;
  /** RSA private key (PKCS#8 PEM) for password transport. */
  rsaPrivateKeyPem?: string | undefined;
}

export interface AccountsConfig {
  /** Test only (refused in production): every captcha's answer. */
  fixedCaptcha: string | undefined;
  /** Test only (refused in production): every SMS code. */
  fixedSmsCode: string | undefined;
  /** Secrets from the environment; whatever is absent is generated per install and kept in the database. */
  secrets: SecretOverrides;
}

export const FIXED_CODES_IN_PRODUCTION =
  'PORTAL_FIXED_CAPTCHA 与 PORTAL_FIXED_SMS_CODE 仅供自动化测试使用，生产环境（NODE_ENV=production）不允许设置，请删除这两个环境变量';

/** Checks the test-only fixed codes against the environment kind; throws ConfigError in production. */
export function assertNoFixedCodesInProduction(nodeEnv: string, accounts: Pick<AccountsConfig, 'fixedCaptcha' | 'fixedSmsCode'>): void {
  if (nodeEnv === 'production' && (accounts.fixedCaptcha !== undefined || accounts.fixedSmsCode !== undefined)) {
    throw new ConfigError(`配置错误（环境变量）:\n  ${FIXED_CODES_IN_PRODUCTION}`);
  }
}

const flag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === '1' || v === 'true' || v === 'yes'));

/** '' means "not set". */
const optionalSetting = z
  .string()
  .optional()
  .transform((v) => (v === '' ? undefined : v));

/** A provider module: a path (absolute, or relative to the working directory) of a .js/.mjs/.ts file. */
const MODULE_PATH = /^(\.{1,2}\/|\/).+\.(m?js|ts)$/;
function providerChoice<B extends string>(builtin: B) {
  return optionalSetting.pipe(
    z
      .string()
      .refine((v) => v === builtin || v === 'none' || MODULE_PATH.test(v), `须为 ${builtin}、none 或提供者模块的路径（./ 或 / 开头的 .js/.mjs/.ts 文件）`)
      .optional()
      .transform((v): ProviderChoice<B> | undefined =>
        v === undefined ? undefined : v === 'none' ? { kind: 'none' } : v === builtin ? { kind: builtin } : { kind: 'module', path: path.resolve(v) },
      ),
  );
}

const RATE_LIMIT_ITEM = /^([a-z-]+)=(\d{1,9})\/(\d{1,7})$/;
/** 'captcha-ip=30/60,sms-ip=20/3600': name=count/seconds, each overriding its default. */
const rateLimitsSetting = optionalSetting.transform((v, ctx): RateLimits => {
  const limits: RateLimits = { ...DEFAULT_RATE_LIMITS };
  for (const item of (v ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    const m = RATE_LIMIT_ITEM.exec(item);
    const name = m?.[1] as RateLimitName | undefined;
    if (!m || !name || !RATE_LIMIT_NAMES.includes(name) || Number(m[2]) < 1 || Number(m[3]) < 1) {
      ctx.addIssue({ code: 'custom', message: `“${item}” 须为 名称=次数/秒数，名称为 ${RATE_LIMIT_NAMES.join('、')} 之一，次数与秒数为正整数` });
      return z.NEVER;
    }
    limits[name] = { limit: Number(m[2]), windowMs: Number(m[3]) * 1000 };
  }
  return limits;
});

/** PORTAL_FEE_SCHEDULE: 上限元:千分率 bands ascending, the last `*:rate` (no ceiling), e.g. `1000000:15,5000000:10,10000000:5,*:2`. */
const FEE_BAND_ITEM = /^(\d+|\*):(\d+)$/;
const feeScheduleSetting = optionalSetting.transform((v, ctx): FeeSchedule['bands'] => {
  if (v === undefined || v.trim() === '') return DEFAULT_FEE_SCHEDULE.bands;
  const bands: FeeBand[] = [];
  const items = v.split(',').map((s) => s.trim());
  const bad = (message: string) => {
    ctx.addIssue({ code: 'custom', message: `${message}（格式：上限元:千分率，按上限递增，以 *:千分率 结尾，如 1000000:15,5000000:10,*:2）` });
    return z.NEVER;
  };
  for (const [i, item] of items.entries()) {
    const m = FEE_BAND_ITEM.exec(item);
    if (!m) return bad(`“${item}” 不是 上限元:千分率`);
    const last = i === items.length - 1;
    if ((m[1] === '*') !== last) return bad(last ? '最后一档须为 *（不设上限）' : `只有最后一档可为 *`);
    const rate = Number(m[2]);
    if (rate > 1000) return bad(`“${item}” 的千分率不能超过 1000`);
    const uptoFen = m[1] === '*' ? null : Number(m[1]) * 100;
    if (uptoFen !== null && (!Number.isSafeInteger(uptoFen) || uptoFen <= 0)) return bad(`“${item}” 的上限须为正整数元`);
    const previous = bands.at(-1)?.uptoFen;
    if (uptoFen !== null && previous !== undefined && previous !== null && uptoFen <= previous) return bad(`“${item}” 的上限须大于上一档`);
    bands.push({ uptoFen, ratePermille: rate });
  }
  return bands;
});
/** PORTAL_DISCLOSURE_MINIMUMS: 资产类别:天数 items, each overriding its class's minimum (in its own unit), e.g. `other:0,stateEquity:0`. */
const DISCLOSURE_ITEM = /^([A-Za-z]+):(\d{1,3})$/;
const disclosureSetting = optionalSetting.transform((v, ctx): LotTimelineSettings['disclosure'] => {
  const disclosure = { ...DEFAULT_LOT_TIMELINE_SETTINGS.disclosure };
  for (const item of (v ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    const m = DISCLOSURE_ITEM.exec(item);
    const assetClass = m?.[1] as LotAssetClass | undefined;
    if (!m || !assetClass || !LOT_ASSET_CLASSES.includes(assetClass)) {
      ctx.addIssue({ code: 'custom', message: `“${item}” 须为 资产类别:天数，资产类别为 ${LOT_ASSET_CLASSES.join('、')} 之一` });
      return z.NEVER;
    }
    disclosure[assetClass] = { ...disclosure[assetClass], minimum: Number(m[2]) };
  }
  return disclosure;
});
const workingDaysSetting = (fallback: number, min = 1) =>
  z
    .string()
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : Number(v)))
    .pipe(z.number({ error: '必须是工作日天数' }).int('必须是整数个工作日').min(min, `至少 ${min} 个工作日`).max(60, '不超过 60 个工作日'));

const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;
/** PORTAL_LIVE_LOG_ROWS's default (server/live/eventLog.ts has the same default for callers without a config). */
const DEFAULT_LIVE_LOG_ROWS = 50_000;
const shutdownTimeoutSetting = z.number({ error: '必须是毫秒数' }).int('必须是整数毫秒').min(1000, '至少 1000 毫秒').max(300_000, '最多 300000 毫秒');

/** PORTAL_SHUTDOWN_TIMEOUT_MS for server/cluster.ts's primary (which loads no other configuration); a bad value: the default (its workers refuse it). */
export function shutdownTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.PORTAL_SHUTDOWN_TIMEOUT_MS?.trim();
  const parsed = shutdownTimeoutSetting.safeParse(raw ? Number(raw) : DEFAULT_SHUTDOWN_TIMEOUT_MS);
  return parsed.success ? parsed.data : DEFAULT_SHUTDOWN_TIMEOUT_MS;
}

const envSchema = z.object({
  PORT: z
    .string()
    .optional()
    .transform((v) => (v === undefined || v === '' ? 8080 : Number(v)))
    .pipe(z.number().int().min(0).max(65535)),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), '必须以 postgres:// 或 postgresql:// 开头'),
  PORTAL_DATA_DIR: z.string().min(1).default('./data'),
  PORTAL_STATIC_DIR: z.string().min(1).default('./dist'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORTAL_DEMO_SEED: flag,
  PORTAL_DEMO_AUTO_APPROVE_MS: z
    .string()
    .optional()
    .transform((v) => (v === undefined || v === '' ? 5000 : Number(v)))
    .pipe(z.number({ error: '必须是毫秒数' }).int('必须是整数毫秒').min(0).max(86_400_000)),
  PORTAL_OPERATORS: z
    .string()
    .optional()
    .transform((v) => (v ?? '').split(',').map((name) => name.trim()).filter(Boolean)),
  PORTAL_FIXED_CAPTCHA: optionalSetting.pipe(
    z.string().regex(/^[A-Za-z0-9]{4}$/, '必须是 4 位字母或数字').optional(),
  ),
  PORTAL_FIXED_SMS_CODE: optionalSetting.pipe(z.string().regex(/^\d{6}$/, '必须是 6 位数字').optional()),
  PORTAL_DEMO: flag,
  PORTAL_LOADTEST_ACCOUNTS: flag,
  PORTAL_FEE_SCHEDULE: feeScheduleSetting,
  PORTAL_FEE_MIN_YUAN: z
    .string()
    .optional()
    .transform((v) => (v === undefined || v === '' ? DEFAULT_FEE_SCHEDULE.minFen / 100 : Number(v)))
    .pipe(z.number({ error: '必须是元数' }).int('必须是整数元').min(0, '不能为负').max(100_000_000, '不超过 1 亿元')),
  PORTAL_CONFIRM_WORKING_DAYS: workingDaysSetting(DEFAULT_SETTLEMENT_SETTINGS.confirmWorkingDays),
  PORTAL_PAY_WORKING_DAYS: workingDaysSetting(DEFAULT_SETTLEMENT_SETTINGS.payWorkingDays),
  PORTAL_DISCLOSURE_MINIMUMS: disclosureSetting,
  PORTAL_DEPOSIT_MARGIN_WORKING_DAYS: workingDaysSetting(DEFAULT_LOT_TIMELINE_SETTINGS.depositMarginWorkingDays, 0),
  PORTAL_PAYMENT_GATEWAY: providerChoice('sandbox'),
  PORTAL_SMS_SENDER: providerChoice('outbox'),
  // Signing cannot be switched off ('none' refused): contracts need it.
  PORTAL_ESIGN_PROVIDER: providerChoice('local').refine((v) => v?.kind !== 'none', '须为 local 或电子签章提供者模块的路径（./ 或 / 开头的 .js/.mjs/.ts 文件）'),
  PORTAL_FACE_TOKEN_MINUTES: z
    .string()
    .optional()
    .transform((v) => (v === undefined || v === '' ? 5 : Number(v)))
    .pipe(z.number({ error: '必须是分钟数' }).int('必须是整数分钟').min(1, '至少 1 分钟').max(60, '最多 60 分钟')),
  PORTAL_TSA_URL: optionalSetting.pipe(
    z
      .string()
      .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), '须为时间戳服务（RFC 3161）的 http:// 或 https:// 地址')
      .optional(),
  ),
  PORTAL_RATE_LIMITS: rateLimitsSetting,
  PORTAL_TRUST_PROXY: optionalSetting.pipe(
    z
      .string()
      .regex(/^(\d{1,2}|[0-9a-fA-F.:/]+(,\s*[0-9a-fA-F.:/]+)*)$/, '须为代理层数（如 1）或以逗号分隔的代理地址/网段（如 127.0.0.1,10.0.0.0/8）')
      .optional()
      .transform((v) => (v === undefined ? undefined : /^\d+$/.test(v) ? Number(v) : v.split(',').map((a) => a.trim()))),
  ),
  PORTAL_METRICS: flag,
  PORTAL_METRICS_TOKEN: optionalSetting.pipe(z.string().min(16, '至少 16 个字符').optional()),
  PORTAL_SHUTDOWN_TIMEOUT_MS: z
    .string()
    .optional()
    .transform((v) => (v === undefined || v === '' ? DEFAULT_SHUTDOWN_TIMEOUT_MS : Number(v)))
    .pipe(shutdownTimeoutSetting),
  PORTAL_LIVE_LOG_ROWS: z
    .string()
    .optional()
    .transform((v) => (v === undefined || v === '' ? DEFAULT_LIVE_LOG_ROWS : Number(v)))
    .pipe(z.number({ error: '必须是行数' }).int('必须是整数').min(10, '至少 10 行').max(10_000_000, '最多 10000000 行')),
  PORTAL_FILE_QUOTA_MB: z
    .string()
    .optional()
    .transform((v) => (v === undefined || v === '' ? 200 : Number(v)))
    .pipe(z.number({ error: '必须是兆字节数' }).int('必须是整数兆字节').min(1, '至少 1 MB').max(102_400, '最多 102400 MB')),
  PORTAL_WEBAUTHN_RP_ID: optionalSetting.pipe(
    z.string().regex(/^(?=.{1,253}$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/, '须为域名（小写，不含协议与端口），如 www.hbcq.com.cn').optional(),
  ),
  PORTAL_WEBAUTHN_ORIGIN: optionalSetting.pipe(z.string().regex(/^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/, '须为 https://域名[:端口]，不带路径').optional()),
  PORTAL_WEBAUTHN_RP_NAME: optionalSetting.pipe(z.string().max(64, '最多 64 个字符').optional()),
  PORTAL_JWT_SECRET: optionalSetting.pipe(z.string().min(32, '至少 32 个字符').optional()),
  PORTAL_FIELD_KEY: optionalSetting.pipe(
    z
      .string()
      .refine((v) => Buffer.from(v, 'base64').length === 32, '必须是 32 字节密钥的 base64 编码')
      .optional(),
  ),
  PORTAL_SSO_SECRET: optionalSetting.pipe(z.string().min(16, '至少 16 个字符').optional()),
  PORTAL_RSA_PRIVATE_KEY: optionalSetting.pipe(
    z.string().includes('BEGIN PRIVATE KEY', { message: '必须是 PKCS#8 PEM 格式的 RSA 私钥' }).optional(),
  ),
});

export class ConfigError extends Error {}

/** Parses an environment (process.env by default). Throws ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`配置错误（环境变量）:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.PORTAL_DATA_DIR);
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (err) {
    throw new ConfigError(`无法创建数据目录 PORTAL_DATA_DIR=${dataDir}: ${(err as Error).message}`);
  }
  const accounts: AccountsConfig = {
    fixedCaptcha: e.PORTAL_FIXED_CAPTCHA,
    fixedSmsCode: e.PORTAL_FIXED_SMS_CODE,
    secrets: {
      jwtSecret: e.PORTAL_JWT_SECRET,
      fieldKey: e.PORTAL_FIELD_KEY,
      ssoSecret: e.PORTAL_SSO_SECRET,
      rsaPrivateKeyPem: e.PORTAL_RSA_PRIVATE_KEY,
    },
  };
  assertNoFixedCodesInProduction(e.NODE_ENV, accounts);
  const demo = e.PORTAL_DEMO ?? false;
  const payment = e.PORTAL_PAYMENT_GATEWAY ?? { kind: 'sandbox' };
  const sms = e.PORTAL_SMS_SENDER ?? { kind: 'outbox' };
  // Demo data by default in development and demonstrations only; asked for in production, refused.
  const seedDemoData = e.PORTAL_DEMO_SEED ?? (e.NODE_ENV !== 'production' || demo);
  assertNoSandboxInProduction(e.NODE_ENV, demo, { sandboxBank: payment.kind === 'sandbox', smsOutbox: sms.kind === 'outbox', demoSeed: seedDemoData });
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    sqliteFile: path.join(dataDir, 'portal.sqlite'),
    staticDir: path.resolve(e.PORTAL_STATIC_DIR),
    logLevel: e.LOG_LEVEL,
    nodeEnv: e.NODE_ENV,
    seedDemoData,
    accounts,
    demoAutoApproveMs: e.PORTAL_DEMO_AUTO_APPROVE_MS,
    operators: e.PORTAL_OPERATORS,
    loadTestAccounts: e.PORTAL_LOADTEST_ACCOUNTS ?? false,
    demo,
    payment,
    sms,
    esign: e.PORTAL_ESIGN_PROVIDER ?? { kind: 'local' },
    faceTokenMs: e.PORTAL_FACE_TOKEN_MINUTES * 60_000,
    tsaUrl: e.PORTAL_TSA_URL,
    rateLimits: e.PORTAL_RATE_LIMITS,
    trustProxy: e.PORTAL_TRUST_PROXY,
    fileQuotaBytes: e.PORTAL_FILE_QUOTA_MB * 1024 * 1024,
    metrics: { enabled: e.PORTAL_METRICS ?? false, token: e.PORTAL_METRICS_TOKEN },
    shutdownTimeoutMs: e.PORTAL_SHUTDOWN_TIMEOUT_MS,
    liveLogRows: e.PORTAL_LIVE_LOG_ROWS,
    webauthn: { rpId: e.PORTAL_WEBAUTHN_RP_ID, origin: e.PORTAL_WEBAUTHN_ORIGIN, rpName: e.PORTAL_WEBAUTHN_RP_NAME ?? '河北产权交易所' },
    settlement: {
      confirmWorkingDays: e.PORTAL_CONFIRM_WORKING_DAYS,
      payWorkingDays: e.PORTAL_PAY_WORKING_DAYS,
      feeSchedule: { bands: e.PORTAL_FEE_SCHEDULE, minFen: e.PORTAL_FEE_MIN_YUAN * 100 },
    },
    lotTimeline: { ...DEFAULT_LOT_TIMELINE_SETTINGS, disclosure: e.PORTAL_DISCLOSURE_MINIMUMS, depositMarginWorkingDays: e.PORTAL_DEPOSIT_MARGIN_WORKING_DAYS },
  };
}

const workersSetting = z.coerce
  .number({ message: '必须是 1 到 64 之间的整数' })
  .int('必须是 1 到 64 之间的整数')
  .min(1, '必须是 1 到 64 之间的整数')
  .max(64, '必须是 1 到 64 之间的整数');

/** PORTAL_WORKERS: how many server processes `npm run start:cluster` runs (server/cluster.ts); default one per core. */
export function workerCount(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.PORTAL_WORKERS?.trim();
  if (!raw) return availableParallelism();
  const parsed = workersSetting.safeParse(raw);
  if (!parsed.success) throw new ConfigError(`配置错误（环境变量）:\n  PORTAL_WORKERS: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}
