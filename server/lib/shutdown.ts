/**
 * The graceful stop of a server process (server/main.ts on SIGINT/SIGTERM, or the cluster primary's IPC
 * request), bounded by `timeoutMs` (PORTAL_SHUTDOWN_TIMEOUT_MS, default 10 s):
 * 1. `app.drain()`: /readyz answers 503 `draining` (balancers stop sending new clients), every push stream
 *    gets `retry: 1000` + `event: reconnect` and ends (the live worker reconnects within about a second,
 *    to another process), and new push streams are refused (503);
 * 2. `before()` (the demo scheduler stops);
 * 3. `app.close()`: stops accepting connections, closes idle keep-alive ones, waits for in-flight
 *    requests to finish (a request arriving on a busy keep-alive connection meanwhile gets 503);
 * 4. `closeDatabase()`.
 * Resolves 'stopped', or 'timeout' when the steps took longer (the caller exits 1 then).
 */
import type { FastifyInstance } from 'fastify';

export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;

export interface GracefulStopOptions {
  timeoutMs?: number;
  /** Work to stop before the app closes (timers that would start new work). */
  before?: () => unknown;
  closeDatabase: () => Promise<void>;
}

export async function gracefulStop(app: FastifyInstance, options: GracefulStopOptions): Promise<'stopped' | 'timeout'> {
  app.drain();
  const work = (async () => {
    await options.before?.();
    await app.close();
    await options.closeDatabase();
    return 'stopped' as const;
  })();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), options.timeoutMs ?? DEFAULT_SHUTDOWN_TIMEOUT_MS);
    timer.unref();
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
