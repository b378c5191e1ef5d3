/**
 * Health for load balancers and orchestrators, outside /api, without login or request limits:
 * - GET /healthz: alive — 200 `{ status: 'ok' }` as long as the process answers (no database query);
 * - GET /readyz: ready for traffic — 200 when the database answers `select 1` (within 2 s), every
 *   migration this code knows is applied, and the process is not draining; otherwise 503 with
 *   `{ status: 'unavailable', reason, message, msg }` (reason: `draining` | `database` | `migrations`;
 *   message in English, msg in Chinese).
 * Probes arriving together share one query; once the migrations were found applied they are not asked
 * again (they cannot go backwards under a running process).
 *
 * `app.drain()` starts a graceful stop (server/lib/shutdown.ts): /readyz answers 503 `draining` from then
 * on and the push hub tells its streams to reconnect elsewhere and refuses new ones.
 */
import { sql, type Kysely } from 'kysely';
import fp from 'fastify-plugin';
import { createMigrator } from '../db/migrate.ts';
import type { Database } from '../db/schema.ts';

export interface HealthOptions {
  /** PostgreSQL schema of our tables (where the migrations' bookkeeping lives); undefined on SQLite. */
  schema?: string | undefined;
  /** How long /readyz waits for the database. Default 2,000 ms. */
  databaseTimeoutMs?: number;
}

export const HEALTHZ_PATH = '/healthz';
export const READYZ_PATH = '/readyz';

type Reason = 'draining' | 'database' | 'migrations';

const REASONS: Record<Reason, { message: string; msg: string }> = {
  draining: { message: 'the server is stopping (draining)', msg: '服务正在停止，不再接收新的请求' },
  database: { message: 'the database does not answer', msg: '数据库无响应' },
  migrations: { message: 'database migrations are not at the latest', msg: '数据库迁移未完成' },
};

declare module 'fastify' {
  interface FastifyInstance {
    /** True once `drain()` was called: /readyz answers 503 'draining'. */
    readonly draining: boolean;
    /** Graceful stop, first step: unready, push streams told to reconnect elsewhere, new streams refused. */
    drain(): void;
  }
}

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([work, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

export default fp<HealthOptions>(
  async (app, options) => {
    const db: Kysely<Database> = app.db;
    const timeoutMs = options.databaseTimeoutMs ?? 2000;
    let draining = false;
    let migrated = false;
    let pending: Promise<Reason | null> | null = null;

    const check = async (): Promise<Reason | null> => {
      try {
        await withTimeout(sql`select 1`.execute(db), timeoutMs);
      } catch (error) {
        app.log.warn({ err: error }, 'readyz: database check failed');
        return 'database';
      }
      if (!migrated) {
        try {
          const migrations = await withTimeout(createMigrator(db, options.schema).getMigrations(), timeoutMs);
          migrated = migrations.every((m) => m.executedAt !== undefined);
        } catch (error) {
          app.log.warn({ err: error }, 'readyz: migration check failed');
          return 'database';
        }
        if (!migrated) return 'migrations';
      }
      return null;
    };

    app.decorate('draining', { getter: () => draining });
    app.decorate('drain', () => {
      if (draining) return;
      draining = true;
      app.log.info('draining: unready, push streams told to reconnect elsewhere');
      if (app.hasDecorator('live')) app.live.push.drain();
    });

    const hide = { schema: { hide: true } };
    app.get(HEALTHZ_PATH, hide, async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' };
    });
    app.get(READYZ_PATH, hide, async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      let reason: Reason | null = draining ? 'draining' : null;
      if (!reason) {
        pending ??= check().finally(() => (pending = null));
        reason = (await pending) ?? (draining ? 'draining' : null);
      }
      if (!reason) return { status: 'ok' };
      return reply.code(503).send({ status: 'unavailable', reason, ...REASONS[reason] });
    });
  },
  { name: 'health', dependencies: ['core'] },
);
