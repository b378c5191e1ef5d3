/**
 * Probe (not a benchmark): where an idle push stream's memory goes. Runs the app in this process (node
 * --expose-gc), opens N anonymous hall streams from a child process, and prints the growth of RSS, the V8
 * heap, external and array buffers per stream, after a full GC.
 * `node --expose-gc --import tsx server/bench/stream-memory-probe.ts [N]`
 */
import { fork } from 'node:child_process';
import http from 'node:http';
import { Writable } from 'node:stream';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../app.ts';
import { openDatabase } from '../db/connection.ts';
import { prepareDatabase } from '../seed/prepare.ts';

const N = Number(process.argv[2] ?? 2000);
if (process.argv[2] === 'client') {
  const [, , , port, n] = process.argv;
  let ready = 0;
  for (let i = 0; i < Number(n); i++) {
    http.get({ host: '127.0.0.1', port: Number(port), path: '/api/dscq-sync/v1/live/events', agent: false }, (res) => {
      res.once('data', () => {
        if (++ready === Number(n)) process.send!('ready');
      });
    });
  }
} else {
  const dir = mkdtempSync(path.join(tmpdir(), 'stream-mem-'));
  const handle = openDatabase({ sqliteFile: path.join(dir, 'portal.sqlite') });
  await prepareDatabase(handle, { seed: false, now: Date.now() });
  const app = await buildApp({
    db: handle.db,
    config: { staticDir: path.join(dir, 'none'), logLevel: 'warn', dataDir: dir, nodeEnv: 'test', accounts: { fixedCaptcha: undefined, fixedSmsCode: undefined, secrets: {} } },
    // As the server runs (main.ts): its logger at the configured level, on a sink.
    ...(process.env.PROBE_LOGGER === '0' ? { logger: false as const } : { logger: { level: 'info', stream: new Writable({ write: (_c, _e, cb) => cb() }) } }),
    live: { timers: false, schema: undefined, push: { perIp: 1_000_000, maxConnections: 1_000_000 } },
  });
  await app.listen({ port: 0, host: '0.0.0.0' });
  const port = (app.server.address() as { port: number }).port;
  const gc = (globalThis as { gc?: () => void }).gc!;
  const mem = () => {
    gc();
    gc();
    return process.memoryUsage();
  };
  await new Promise((r) => setTimeout(r, 1000));
  const before = mem();
  const child = fork(fileURLToPath(import.meta.url), ['client', String(port), String(N)], { execArgv: ['--import', 'tsx'] });
  await new Promise((r) => child.once('message', r));
  await new Promise((r) => setTimeout(r, 2000));
  const after = mem();
  const kb = (k: keyof NodeJS.MemoryUsage) => (((after[k] - before[k]) / N / 1024).toFixed(2) + ' kB').padStart(10);
  console.log(`N=${N} streams=${app.live.push.size}  per stream: rss ${kb('rss')} heapUsed ${kb('heapUsed')} external ${kb('external')} arrayBuffers ${kb('arrayBuffers')}`);
  child.kill();
  await app.close();
  await handle.close();
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}
