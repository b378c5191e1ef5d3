/**
 * Process configuration, read from the environment once at start.
 * Invalid values stop the process with a message naming the variable, rather than failing later.
 */
import { mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

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
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    sqliteFile: path.join(dataDir, 'portal.sqlite'),
    staticDir: path.resolve(e.PORTAL_STATIC_DIR),
    logLevel: e.LOG_LEVEL,
    nodeEnv: e.NODE_ENV,
    seedDemoData: e.PORTAL_DEMO_SEED ?? true,
    accounts,
    demoAutoApproveMs: e.PORTAL_DEMO_AUTO_APPROVE_MS,
    operators: e.PORTAL_OPERATORS,
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
