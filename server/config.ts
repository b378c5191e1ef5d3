/**
 * Process configuration, read from the environment once at start.
 * Invalid values stop the process with a message naming the variable, rather than failing later.
 */
import { mkdirSync } from 'node:fs';
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
}

const flag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === '1' || v === 'true' || v === 'yes'));

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
  };
}
