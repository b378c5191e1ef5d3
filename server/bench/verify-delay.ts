/**
 * `npm run bench:verify [-- COPIES…]`: what one anonymous call of the public signature check
 * (POST /api/dscq-esign/verify) costs the rest of the server. Starts the real app in this process on a fresh
 * SQLite database, listening on a loopback port; signs a three-party contract with the installation's CA; then
 * sends it as it is and with N copies of its last `/ByteRange [0 b c d]` appended (the shape of the attack:
 * every copy points at the same real signature, so each one used to cost a CMS parse, an RSA check and a
 * hash of the whole file). During each request it measures the event loop's delay (monitorEventLoopDelay,
 * 1 ms resolution) and, from a thread of its own, the answer time of the live worker's clock poll
 * (GET /api/dscq-sync/v1/server-time, sent again 10 ms after each answer): what every live page waits for
 * meanwhile.
 *
 *   npx tsx server/bench/verify-delay.ts                 # copies 0, 1200, 10000
 *   npx tsx server/bench/verify-delay.ts 0 1200 314000   # 314,000 copies ≈ the 10 MB upload limit
 *
 * Not a test: it gates nothing.
 */
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { buildApp } from '../app.ts';
import { openDatabase } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { renderPdf } from '../lib/pdf.ts';
import { drawSealPng } from '../lib/png.ts';
import type { Signer } from '../services/esign/types.ts';

const copiesList = process.argv.slice(2).map(Number).filter((n) => Number.isInteger(n) && n >= 0);
const COPIES = copiesList.length > 0 ? copiesList : [0, 1200, 10_000];

/** The attack's file: the signed contract, then `copies` lines each repeating its last /ByteRange. */
function withCopiedByteRanges(signed: Uint8Array, copies: number): Buffer {
  const text = Buffer.from(signed).toString('latin1');
  const lines = [...text.matchAll(/\/ByteRange\s*\[[^\]]*\]/g)];
  const last = lines[lines.length - 1]?.[0];
  if (!last) throw new Error('the contract has no /ByteRange');
  if (copies === 0) return Buffer.from(signed);
  return Buffer.concat([Buffer.from(signed), Buffer.from(`\n${`${last}\n`.repeat(copies)}`, 'latin1')]);
}

/**
 * The live worker's clock poll, from a thread of its own (a poller on the server's event loop would stall
 * with it and never see the wait): sends again 10 ms after each answer, keeps the longest answer time.
 */
const POLLER = `
const { parentPort, workerData } = require('node:worker_threads');
let max = 0, polls = 0, polling = true;
parentPort.on('message', async () => { polling = false; });
(async () => {
  parentPort.postMessage('ready');
  while (polling) {
    const t0 = performance.now();
    const res = await fetch(workerData.url);
    await res.arrayBuffer();
    max = Math.max(max, performance.now() - t0);
    polls += 1;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  parentPort.postMessage({ max, polls });
})();
`;

const ms = (v: number) => v.toFixed(1).padStart(9);

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

    const signers: Signer[] = [
      { userId: 11, kind: 'person', name: '张三' },
      { userId: 12, kind: 'org', name: '河北冀通物流有限公司' },
      { userId: 0, kind: 'exchange', name: '河北产权交易所' },
    ];
    let contract = await renderPdf({
      title: '产权交易合同',
      footer: 'HT-BENCH-0001',
      blocks: [
        { kind: 'paragraph', text: '甲方将其持有的标的转让给乙方。' },
        { kind: 'signatures', parties: ['甲方', '乙方', '河北产权交易所'] },
      ],
    });
    const png = drawSealPng(120);
    for (const [slot, signer] of signers.entries()) {
      contract = await app.esign.signing.sign(contract, { signer, mark: { kind: 'seal', png }, slot, reason: '签署产权交易合同', signedAt: new Date() });
    }

    console.log(`POST /api/dscq-esign/verify, a contract with ${signers.length} signatures (${(contract.length / 1024).toFixed(0)} kB) + N copies of its last /ByteRange`);
    console.log('   copies      kB  status  answer                                  request ms  loop max ms  loop p99 ms  server-time max ms (polls)');
    // Enabled once: a histogram enabled just before a request may miss a stall that comes before its first tick.
    const loop = monitorEventLoopDelay({ resolution: 1 });
    loop.enable();
    for (const copies of COPIES) {
      const file = withCopiedByteRanges(contract, copies);
      // Warm the path (first request compiles code, opens worker threads if any) with the plain contract.
      if (copies === COPIES[0]) await verify(base, contract);

      const poller = new Worker(POLLER, { eval: true, workerData: { url: `${base}/dscq-sync/v1/server-time` } });
      await once(poller, 'message');
      await new Promise((resolve) => setTimeout(resolve, 50));
      loop.reset();
      const t0 = performance.now();
      const answer = await verify(base, file);
      const took = performance.now() - t0;
      // One more tick: the stall is recorded by the first tick after it.
      await new Promise((resolve) => setTimeout(resolve, 20));
      const loopMax = loop.max / 1e6;
      const loopP99 = loop.percentile(99) / 1e6;
      poller.postMessage('stop');
      const [{ max: pollMax, polls }] = (await once(poller, 'message')) as [{ max: number; polls: number }];
      await poller.terminate();
      const { status, body } = answer;
      const summary = status === 200 && body.data ? `${body.data.valid ? 'valid' : 'invalid'}, ${body.data.signatures.length} signatures` : `${body.msg}`;
      console.log(
        `${String(copies).padStart(9)} ${String(Math.round(file.length / 1024)).padStart(7)}  ${String(status).padStart(6)}  ${summary.padEnd(38)}${ms(took)}  ${ms(loopMax)}    ${ms(loopP99)}    ${ms(pollMax)} (${polls})`,
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
}

async function verify(base: string, file: Uint8Array): Promise<VerifyAnswer> {
  const form = new FormData();
  form.append('file', new Blob([file], { type: 'application/pdf' }), 'contract.pdf');
  const res = await fetch(`${base}/dscq-esign/verify`, { method: 'POST', body: form });
  return { status: res.status, body: (await res.json()) as VerifyAnswer['body'] };
}

await main();
