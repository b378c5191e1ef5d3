/**
 * The server process: config → database (migrate + seed) → app → listen, and a graceful stop
 * (lib/shutdown.ts): on SIGINT/SIGTERM turn unready (/readyz 503), tell push streams to reconnect
 * elsewhere, stop accepting, let in-flight requests finish, close the database, exit 0. A second signal
 * (or a stop that takes longer than PORTAL_SHUTDOWN_TIMEOUT_MS, default 10 s) exits at once with 1. Run
 * alone (`npm start`) or as one of several workers of server/cluster.ts (`npm run start:cluster`).
 */
import type { AddressInfo } from 'node:net';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type AppConfig } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/connection.ts';
import { STOP_MESSAGE } from './lib/lifecycle.ts';
import { gracefulStop } from './lib/shutdown.ts';
import { prepareDatabase } from './seed/prepare.ts';
import { loadProviders } from './services/common/providers.ts';
import { createDemoScheduler } from './seed/scheduler.ts';

async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (err) {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  }

  let handle: DatabaseHandle | undefined;
  try {
    // The payment gateway and SMS sender of PORTAL_PAYMENT_GATEWAY / PORTAL_SMS_SENDER (before the app: it takes them).
    const providerLog = {
      info: (obj: object, msg?: string) => console.log(msg ?? '', obj),
      warn: (obj: object, msg?: string) => console.warn(msg ?? '', obj),
      error: (obj: object, msg?: string) => console.error(msg ?? '', obj),
    };
    const providers = await loadProviders(config, providerLog);
    handle = openDatabase(config);
    const prepared = await prepareDatabase(handle, { seed: config.seedDemoData, now: Date.now(), dataDir: config.dataDir, secrets: config.accounts.secrets, lotTimeline: config.lotTimeline });
    const app = await buildApp({
      db: handle.db,
      config,
      accountProviders: { smsSender: providers.smsSender },
      // Several processes on one PostgreSQL: each LISTENs so a bid committed elsewhere refreshes its hall.
      live: { schema: handle.schema, eventLog: { keepRows: config.liveLogRows }, ...(config.databaseUrl ? { listen: { databaseUrl: config.databaseUrl } } : {}) },
      enrolment: { autoApproveMs: config.seedDemoData ? config.demoAutoApproveMs : null, operators: config.operators, gateway: providers.gateway },
      esign: { signing: providers.signing, faceTokenMs: config.faceTokenMs },
      metrics: { ...config.metrics, pool: handle.pool },
    });
    app.log.info({ dialect: handle.dialect, ...prepared }, 'database ready');
    // Demo only: activities of every mode keep opening as others end (seed/scheduler.ts; one process at a time).
    const scheduler = config.seedDemoData
      ? createDemoScheduler({
          db: handle.db,
          now: Date.now,
          lotTimeline: config.lotTimeline,
          notifyChannel: app.engine.notifyChannel,
          afterCommit: app.engine.afterCommit,
          onError: (error) => app.log.error({ err: error }, 'demo scheduler failed'),
        })
      : null;
    // A longer accept queue than Node's 511: when another node dies, its thousands of push streams come
    // here within a few seconds (bench:nodes), and a full queue drops connections the balancer then retries.
    await app.listen({ port: config.port, host: config.host, backlog: 4096 });
    const { port } = app.server.address() as AddressInfo;
    console.log(`河北产权交易所门户已启动: http://localhost:${port}`);

    const db = handle;
    let stopping = false;
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) {
        console.error(`再次收到 ${signal}，立即退出`);
        process.exit(1);
      }
      stopping = true;
      console.log(`收到 ${signal}，正在停止服务…`);
      gracefulStop(app, { timeoutMs: config.shutdownTimeoutMs, before: () => scheduler?.stop(), closeDatabase: () => db.close() })
        .then(
          (outcome) => {
            if (outcome === 'timeout') {
              console.error(`停止超时（${config.shutdownTimeoutMs} ms），强制退出`);
              process.exit(1);
            }
            console.log('服务已停止');
            process.exit(0);
          },
          (err: unknown) => {
            console.error('停止服务时出错', err);
            process.exit(1);
          },
        );
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    // A cluster worker (server/cluster.ts): the primary asks over IPC. Ignored while already stopping (the
    // terminal's Ctrl-C reaches every process of the group, and must not count as a second signal).
    process.on('message', (message) => {
      if (message === STOP_MESSAGE && !stopping) stop('SIGTERM');
    });
  } catch (err) {
    console.error(err instanceof ConfigError ? err.message : `启动失败: ${err instanceof Error ? err.message : String(err)}`);
    await handle?.close().catch(() => {});
    process.exit(1);
  }
}

void main();
