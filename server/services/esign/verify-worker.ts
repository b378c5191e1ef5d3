/**
 * The worker thread of verify-pool.ts: verifies one file at a time (verify.ts) and answers the result, the
 * refusal (a BusinessError's code and message) or the failure. It imports verify.ts only, not the signing
 * side (pdf-lib, fontkit), so it starts in a fraction of the time and memory.
 */
import { parentPort } from 'node:worker_threads';
import { BusinessError } from '../../lib/envelope.ts';
import type { VerifyJob, VerifyReply } from './verify-pool.ts';
import { verifySignatures } from './verify.ts';

const port = parentPort;
if (!port) throw new Error('verify-worker.ts runs as a worker thread (verify-pool.ts)');

port.on('message', (job: VerifyJob) => {
  let reply: VerifyReply;
  try {
    reply = { id: job.id, result: verifySignatures(new Uint8Array(job.pdf), job.rootCertPem, job.now) };
  } catch (err) {
    reply = err instanceof BusinessError ? { id: job.id, refused: { code: err.code, msg: err.message } } : { id: job.id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) };
  }
  port.postMessage(reply);
});
port.postMessage({ ready: true } satisfies VerifyReply);
