/**
 * The public signature check off the event loop. Verifying a file is CPU only (CMS parses, RSA checks, a
 * hash of up to the whole file per signature), and the file comes from anyone: on the server's own thread
 * one upload stalled live bidding, every push stream and every other answer for as long as it took. Here
 * it runs on a worker thread (verify-worker.ts), one file at a time per thread, under a time budget:
 *   - VERIFY_POOL_SIZE threads (one: the machines have two cores, and the other is the event loop's), each
 *     started on first use and stopped after IDLE_MS without work;
 *   - a file that takes longer than its budget (VERIFY_BUDGET_MS of the thread's work, not counting the wait
 *     or a thread's start) stops its thread and is answered 400 MSG_VERIFY_TIMEOUT; the next file gets a
 *     new thread;
 *   - at most VERIFY_MAX_WAITING files wait for a thread; more are answered 503 MSG_VERIFY_BUSY at once
 *     (each waiting file holds up to the 10 MB upload in memory);
 *   - a thread's heap is limited (WORKER_HEAP_MB): a file that exhausts it stops the thread, answered 400.
 * verify.ts bounds the file's structure before any of this (at most 16 signatures, no repeated ranges), so
 * within the bounds a file takes well under a second; the budget is what stops whatever those bounds miss.
 */
import { Worker } from 'node:worker_threads';
import { BusinessError } from '../../lib/envelope.ts';
import type { VerifyResult } from './types.ts';

/**
 * Work one file may take. A contract (three to five signatures, under 1 MB) verifies in ~20 ms and the
 * largest file within verify.ts's bounds (16 signatures over 10 MB) in well under a second: ample room for
 * a loaded machine, and a short enough wait for whoever sent the file.
 */
export const VERIFY_BUDGET_MS = 5_000;
export const VERIFY_POOL_SIZE = 1;
export const VERIFY_MAX_WAITING = 8;
const IDLE_MS = 60_000;
/** A thread that has not started by then never will (its start takes ~0.5 s): its file is answered. */
const START_MS = 30_000;
/** A thread's old-generation heap: a 10 MB file is held a few times over (bytes, text, CMS strings). */
const WORKER_HEAP_MB = 256;

export const MSG_VERIFY_TIMEOUT = '文件校验超时，请确认文件是否完整';
export const MSG_VERIFY_BUSY = '签名校验繁忙，请稍后再试';
export const MSG_VERIFY_TOO_COMPLEX = '文件结构过于复杂，无法校验';

/** main → thread: one file (its bytes transferred, not copied). */
export interface VerifyJob {
  id: number;
  pdf: ArrayBuffer;
  rootCertPem: string;
  now: number;
}

/** thread → main: started, or one file's result, refusal (BusinessError) or failure. */
export type VerifyReply = { ready: true } | { id: number; result: VerifyResult } | { id: number; refused: { code: number; msg: string } } | { id: number; error: string };

interface Pending {
  job: VerifyJob;
  budgetMs: number;
  resolve(result: VerifyResult): void;
  reject(error: Error): void;
  timer?: NodeJS.Timeout;
}

interface Thread {
  index: number;
  worker: Worker;
  ready: boolean;
  current: Pending | null;
  idle: NodeJS.Timeout | null;
  starting: NodeJS.Timeout | null;
}

export interface VerifyPoolOptions {
  size?: number | undefined;
  budgetMs?: number | undefined;
  maxWaiting?: number | undefined;
  idleMs?: number | undefined;
}

/**
 * The thread's first code. The server's modules are TypeScript, run through tsx (`npm start`) or vitest's
 * transform, and neither reaches a worker thread on Node 20: a worker given the parent's `--import tsx`
 * still refuses a .ts entry. So the thread registers tsx's loader itself (resolved from here, whatever the
 * working directory), then imports the worker module.
 */
function bootCode(): string {
  const tsx = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./verify-worker.ts', import.meta.url).href;
  return `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
}

export class VerifyPool {
  private readonly threads: (Thread | null)[];
  private readonly waiting: Pending[] = [];
  private readonly budgetMs: number;
  private readonly maxWaiting: number;
  private readonly idleMs: number;
  private nextId = 1;
  private closed = false;
  /** Threads started so far (tests: a stopped thread is replaced). */
  started = 0;

  constructor(options: VerifyPoolOptions = {}) {
    this.threads = Array.from({ length: options.size ?? VERIFY_POOL_SIZE }, () => null);
    this.budgetMs = options.budgetMs ?? VERIFY_BUDGET_MS;
    this.maxWaiting = options.maxWaiting ?? VERIFY_MAX_WAITING;
    this.idleMs = options.idleMs ?? IDLE_MS;
  }

  /**
   * Verifies `pdf` against the root certificate on a thread. Rejects with BusinessError: verify.ts's
   * refusals (400), the budget (400 MSG_VERIFY_TIMEOUT), a full queue (503 MSG_VERIFY_BUSY).
   */
  verify(pdf: Uint8Array, rootCertPem: string, now: number, budgetMs = this.budgetMs): Promise<VerifyResult> {
    if (this.closed) return Promise.reject(new Error('verify pool closed'));
    if (this.waiting.length >= this.maxWaiting) return Promise.reject(new BusinessError(503, MSG_VERIFY_BUSY));
    // A copy of its own, transferred to the thread: the caller keeps its bytes, and a Buffer that is a view
    // into a larger pool would otherwise send the whole pool.
    const bytes = new Uint8Array(pdf.byteLength);
    bytes.set(pdf);
    return new Promise<VerifyResult>((resolve, reject) => {
      this.waiting.push({ job: { id: this.nextId++, pdf: bytes.buffer, rootCertPem, now }, budgetMs, resolve, reject });
      this.pump();
    });
  }

  /** Stops every thread; what waits or runs is rejected. */
  async close(): Promise<void> {
    this.closed = true;
    const closing = new Error('verify pool closed');
    for (const pending of this.waiting.splice(0)) pending.reject(closing);
    await Promise.all(
      this.threads.map((thread) => {
        if (!thread) return undefined;
        if (thread.current) this.settle(thread, closing);
        return this.stop(thread);
      }),
    );
  }

  private pump(): void {
    for (let i = 0; i < this.threads.length && this.waiting.length > 0 && !this.closed; i++) {
      let thread = this.threads[i];
      if (thread?.current) continue;
      if (!thread) {
        try {
          thread = this.threads[i] = this.spawn(i);
        } catch (error) {
          // No thread at all (tsx not resolvable): the file is answered, not left waiting.
          this.waiting.shift()!.reject(error as Error);
          continue;
        }
      }
      if (thread.idle) clearTimeout(thread.idle);
      thread.idle = null;
      thread.current = this.waiting.shift()!;
      if (thread.ready) this.dispatch(thread);
    }
  }

  private spawn(index: number): Thread {
    const worker = new Worker(bootCode(), { eval: true, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
    // An idle thread never keeps the process alive; a running file's budget timer does.
    worker.unref();
    this.started += 1;
    const thread: Thread = { index, worker, ready: false, current: null, idle: null, starting: null };
    thread.starting = setTimeout(() => this.onGone(thread, new Error(`verify worker did not start in ${START_MS} ms`)), START_MS);
    worker.on('message', (reply: VerifyReply) => this.onReply(thread, reply));
    worker.on('error', (error) => this.onGone(thread, error));
    worker.on('exit', (code) => this.onGone(thread, new Error(`verify worker exited (code ${code})`)));
    return thread;
  }

  private dispatch(thread: Thread): void {
    const pending = thread.current!;
    pending.timer = setTimeout(() => {
      if (thread.current !== pending) return;
      this.settle(thread, new BusinessError(400, MSG_VERIFY_TIMEOUT));
      // Terminating is the only way to stop a thread in the middle of synchronous work.
      void this.stop(thread);
      this.pump();
    }, pending.budgetMs);
    thread.worker.postMessage(pending.job, [pending.job.pdf]);
  }

  private onReply(thread: Thread, reply: VerifyReply): void {
    if ('ready' in reply) {
      thread.ready = true;
      clearTimeout(thread.starting ?? undefined);
      if (thread.current) this.dispatch(thread);
      return;
    }
    if (thread.current?.job.id !== reply.id) return;
    if ('result' in reply) this.settle(thread, null, reply.result);
    else if ('refused' in reply) this.settle(thread, new BusinessError(reply.refused.code, reply.refused.msg));
    else this.settle(thread, new Error(`signature verification failed: ${reply.error}`));
    if (this.waiting.length > 0) this.pump();
    else if (this.threads[thread.index] === thread) thread.idle = setTimeout(() => void this.stop(thread), this.idleMs).unref();
  }

  /** The thread died (an uncaught error, its heap limit, a failed or hung start). */
  private onGone(thread: Thread, error: Error): void {
    if (this.threads[thread.index] !== thread) return;
    this.threads[thread.index] = null;
    if (thread.idle) clearTimeout(thread.idle);
    clearTimeout(thread.starting ?? undefined);
    void thread.worker.terminate();
    if (thread.current) {
      const outOfMemory = (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY';
      this.settle(thread, outOfMemory ? new BusinessError(400, MSG_VERIFY_TOO_COMPLEX) : error);
    }
    this.pump();
  }

  private settle(thread: Thread, error: Error | null, result?: VerifyResult): void {
    const pending = thread.current!;
    thread.current = null;
    clearTimeout(pending.timer);
    if (error) pending.reject(error);
    else pending.resolve(result!);
  }

  private async stop(thread: Thread): Promise<void> {
    if (this.threads[thread.index] === thread) this.threads[thread.index] = null;
    if (thread.idle) clearTimeout(thread.idle);
    clearTimeout(thread.starting ?? undefined);
    await thread.worker.terminate();
  }
}
