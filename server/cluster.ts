/**
 * The production start: several server processes behind one port (node's cluster module).
 *
 * The primary forks PORTAL_WORKERS processes (default: one per core), each running server/main.ts; they share
 * the listening socket and the kernel spreads connections over them. Each worker migrates and seeds under the
 * database's start-up lock (the first does the work, the others find it done), LISTENs to the change feed,
 * and serves; what several processes must agree on (bids, limits, sessions) lives in the database, so the
 * processes need no other coordination. Meant for PostgreSQL (DATABASE_URL); the embedded SQLite works too,
 * its writers taking turns on the file lock.
 *
 * - A worker that dies unexpectedly is replaced; one that dies within CRASH_WINDOW_MS of its start
 *   CRASH_LIMIT times in a row stops the whole server (a broken configuration must not loop forever).
 * - SIGTERM/SIGINT to the primary: every worker is asked to stop over IPC (main.ts: unready, push streams
 *   told to reconnect elsewhere, in-flight requests finished, lib/shutdown.ts), then the primary exits 0
 *   when all exited cleanly, 1 otherwise. A worker that also received the terminal's SIGINT is not stopped twice (main.ts ignores the request while stopping).
 */
import cluster, { type Worker } from 'node:cluster';
import { shutdownTimeoutMs, workerCount } from './config.ts';
import { STOP_MESSAGE } from './lib/lifecycle.ts';

const CRASH_WINDOW_MS = 10_000;
const CRASH_LIMIT = 5;
/** The primary gives the workers this long to stop before it exits anyway: their own bound (PORTAL_SHUTDOWN_TIMEOUT_MS) and 5 s. */
const STOP_TIMEOUT_MS = shutdownTimeoutMs() + 5_000;


function runPrimary(): void {
  let count: number;
  try {
    count = workerCount();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  let stopping = false;
  let exitCode = 0;
  let crashes = 0;
  const started = new Map<number, number>();

  const fork = () => {
    const worker = cluster.fork();
    started.set(worker.id, Date.now());
  };
  const living = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
  const finish = () => {
    console.log(exitCode === 0 ? '全部工作进程已停止' : '工作进程未能全部正常停止');
    process.exit(exitCode);
  };
  const stopAll = () => {
    const workers = living();
    if (workers.length === 0) finish();
    for (const worker of workers) {
      if (worker.isConnected()) worker.send(STOP_MESSAGE);
      else worker.process.kill('SIGTERM');
    }
    setTimeout(() => {
      console.error('停止超时，强制退出');
      process.exit(1);
    }, STOP_TIMEOUT_MS).unref();
  };
  cluster.on('exit', (worker: Worker, code, signal) => {
    const since = Date.now() - (started.get(worker.id) ?? 0);
    started.delete(worker.id);
    if (stopping) {
      if (code !== 0) exitCode = 1;
      if (living().length === 0) finish();
      return;
    }
    crashes = since < CRASH_WINDOW_MS ? crashes + 1 : 1;
    if (crashes >= CRASH_LIMIT) {
      console.error(`工作进程连续 ${CRASH_LIMIT} 次在启动后 ${CRASH_WINDOW_MS / 1000} 秒内退出（最后一次：${signal ?? `退出码 ${code}`}），停止服务`);
      stopping = true;
      exitCode = 1;
      stopAll();
      return;
    }
    console.error(`工作进程 ${worker.process.pid} 意外退出（${signal ?? `退出码 ${code}`}），正在重启`);
    fork();
  });

  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      console.error(`再次收到 ${signal}，立即退出`);
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      process.exit(1);
    }
    stopping = true;
    console.log(`收到 ${signal}，正在停止 ${Object.keys(cluster.workers ?? {}).length} 个工作进程…`);
    stopAll();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  console.log(`启动 ${count} 个工作进程（PORTAL_WORKERS）`);
  for (let i = 0; i < count; i++) fork();
}

if (cluster.isPrimary) runPrimary();
else await import('./main.ts');
