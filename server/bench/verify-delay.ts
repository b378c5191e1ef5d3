/**
 * `npm run bench:verify [-- CASE…]`: what one anonymous call of the public signature check
 * (POST /api/dscq-esign/verify) costs the rest of the server. Starts the real app in this process on a fresh
 * SQLite database, listening on a loopback port, and signs a three-party contract with the installation's
 * CA; then sends, one at a time, each CASE:
 *   N        the contract with N copies of its last `/ByteRange [0 b c d]` appended (the attack: every copy
 *            points at the same real signature, and each used to cost a CMS parse, an RSA check and a hash
 *            of the whole file); 0 is the contract as it is
 *   max      as many copies as the 10 MB upload limit holds
 *   bounds   the costliest file the structural bounds let through: 16 signatures over a 10 MB file
 * During each request it measures the event loop's delay (monitorEventLoopDelay, 1 ms resolution) and, from
 * a thread of its own, the answer time of the live worker's clock poll (GET /api/dscq-sync/v1/server-time,
 * sent again 10 ms after each answer): what every live page waits for meanwhile.
 *
 *   npx tsx server/bench/verify-delay.ts                       # 0 1200 10000 max bounds
 *   npx tsx server/bench/verify-delay.ts 0 1200 10000 bounds   # (max took minutes before the fix)
 *
 * Not a test: it gates nothing (tests/server/esign-verify-load.test.ts asserts the bound).
 */
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { buildApp } from '../app.ts';
import { openDatabase } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { MAX_UPLOAD_BYTES } from '../services/accounts/files.ts';
import { boundedWorstCase, copiesThatFit, signedContract, withCopiedByteRanges } from './verify-files.ts';

const args = process.argv.slice(2);
const CASES = args.length > 0 ? args : ['0', '1200', '10000', 'max', 'bounds'];
/** Under the upload limit with room to spare (the limit counts the file part only). */
const UPLOAD = MAX_UPLOAD_BYTES - 1024;

/**
 * The live worker's clock poll, from a thread of its own (a poller on the server's event loop would stall
 * with it and never see the wait): sends again 10 ms after each answer, keeps the longest answer time.
 * Says 'ready' after its first answer (the first fetch of a thread sets up its HTTP client).
 */
const POLLER = `
const { parentPort, workerData } = require('node:worker_threads');
let max = 0, polls = 0, polling = true;
parentPort.on('message', () => { polling = false; });
(async () => {
  await (await fetch(workerData.url)).arrayBuffer();
  parentPort.postMessage('ready');
  while (polling) {
    const t0 = performance.now();
    // A poll given up (undici's 300 s header timeout) counts as long as it waited.
    await fetch(workerData.url).then((res) => res.arrayBuffer(), () => {});
    max = Math.max(max, performance.now() - t0);
    polls += 1;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  parentPort.postMessage({ max, polls });
})();
`;

/**
 * The sender of the file, from a thread of its own too: encoding a 10 MB multipart body is the client's
 * work, not the server's, and must not count as the server's stall.
 */
const SENDER = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const form = new FormData();
  form.append('file', new Blob([workerData.file], { type: 'application/pdf' }), 'contract.pdf');
  const t0 = performance.now();
  try {
    const res = await fetch(workerData.url, { method: 'POST', body: form });
    const body = await res.json();
    parentPort.postMessage({ status: res.status, body, took: performance.now() - t0 });
  } catch (err) {
    // No answer at all: undici gives up after 300 s without headers (the old code, at the upload limit).
    const why = err.cause?.code ?? err.message;
    parentPort.postMessage({ status: 0, body: { msg: 'no answer (' + why + ')', data: null }, took: performance.now() - t0 });
  }
})();
`;

const ms = (v: number) => v.toFixed(1).padStart(10);

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-verify-'));
  const handle = openDatabase({ sqliteFile: path.join(dir, 'portal.sqlite') });
  try {
    await migrateToLatest(handle.db, undefined);
    const app = await buildApp({
      db: handle.db,
      config: { staticDir: path.join(dir, 'no-dist'), logLevel: 'silent', dataDir: dir, nodeEnv: 'test' },
      logger: false,
      live: { timers: false },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;
    const contract = await signedContract(app.esign.signing, new Date());
    // Warm the path (code compiled, a verification thread started if there is one): an answer and a refusal.
    await verify(base, contract);
    await verify(base, withCopiedByteRanges(contract, 100));

    console.log(`POST /api/dscq-esign/verify: a contract with 3 signatures (${(contract.length / 1024).toFixed(0)} kB), + N copies of its last /ByteRange`);
    console.log('case           kB  status  request ms  loop max ms  loop p99 ms  server-time max ms (polls)  answer');
    // Enabled once: a histogram enabled just before a request may miss a stall that comes before its first tick.
    const loop = monitorEventLoopDelay({ resolution: 1 });
    loop.enable();
    for (const name of CASES) {
      const file =
        name === 'bounds'
          ? boundedWorstCase(contract, 16, UPLOAD)
          : withCopiedByteRanges(contract, name === 'max' ? copiesThatFit(contract, UPLOAD) : Number(name));
      const label = name === 'bounds' ? '16 sigs' : name === 'max' ? `${copiesThatFit(contract, UPLOAD)}` : name;

      const poller = new Worker(POLLER, { eval: true, workerData: { url: `${base}/dscq-sync/v1/server-time` } });
      await once(poller, 'message');
      // reset() forgets the last tick too, and the tick after it only takes the time: a stall before the
      // second tick would go unrecorded. Some ticks first.
      loop.reset();
      await new Promise((resolve) => setTimeout(resolve, 50));
      const { status, body, took } = await verify(base, file);
      // One more tick: a stall is recorded by the first tick after it.
      await new Promise((resolve) => setTimeout(resolve, 20));
      const loopMax = loop.max / 1e6;
      const loopP99 = loop.percentile(99) / 1e6;
      poller.postMessage('stop');
      const [{ max: pollMax, polls }] = (await once(poller, 'message')) as [{ max: number; polls: number }];
      await poller.terminate();
      const answer = status === 200 && body.data ? `${body.data.valid ? 'valid' : 'invalid'}, ${body.data.signatures.length} signatures checked` : body.msg;
      console.log(
        `${label.padEnd(8)} ${String(Math.round(file.length / 1024)).padStart(7)}  ${String(status).padStart(6)}  ${ms(took)}  ${ms(loopMax)}   ${ms(loopP99)}   ${ms(pollMax)} (${String(polls).padStart(4)})      ${answer}`,
      );
    }
    loop.disable();
    await app.close();
  } finally {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

interface VerifyAnswer {
  status: number;
  body: { msg: string; data: { valid: boolean; signatures: unknown[] } | null };
  /** ms from sending to the whole answer, on the sender's clock. */
  took: number;
}

async function verify(base: string, file: Uint8Array): Promise<VerifyAnswer> {
  const sender = new Worker(SENDER, { eval: true, workerData: { url: `${base}/dscq-esign/verify`, file } });
  const [answer] = (await once(sender, 'message')) as [VerifyAnswer];
  await sender.terminate();
  return answer;
}

await main();
