/**
 * A streaming server-sent-events client for server tests (live push, health and drain, resume across
 * processes): one GET on a connection of its own, the body parsed with the worker's own SseParser as it
 * arrives. No fixed sleeps: every wait is for a message (or the end), bounded by `waitMs` as the failure
 * bound only.
 */
import http from 'node:http';
import { SseParser, type SseMessage } from '../../workers/sse';

export interface SseStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  messages: SseMessage[];
  parser: SseParser;
  res: http.IncomingMessage;
  /** Resolves when the server ended or dropped the stream (or the client closed it). */
  ended: Promise<void>;
  /** The server's `retry:` hint, once sent. */
  retry(): number | undefined;
  /** The last `id:` received (what a reconnect sends as Last-Event-ID). */
  lastEventId(): string | undefined;
  /** Resolves with the first message (already received or still to come) that matches. */
  waitFor(match: (m: SseMessage) => boolean, what: string): Promise<SseMessage>;
  /** Resolves when `parser.comments` reaches n. */
  waitForComments(n: number): Promise<void>;
  /** The body received so far (a refusal's JSON envelope). */
  body(): string;
  /** The whole body, once the response ended. */
  text(): Promise<string>;
  close(): void;
}

export interface SseOptions {
  port: number;
  /** Path and query. */
  path: string;
  host?: string;
  headers?: Record<string, string>;
  /** Leave the response paused (a client that stops reading). */
  paused?: boolean;
  /** Failure bound of every wait. Default 10,000 ms. */
  waitMs?: number;
}

export function openSse(options: SseOptions): Promise<SseStream> {
  const waitMs = options.waitMs ?? 10_000;
  return new Promise((resolve, reject) => {
    const req = http.get({ host: options.host ?? '127.0.0.1', port: options.port, path: options.path, agent: false, headers: options.headers ?? {} }, (res) => {
      const parser = new SseParser();
      const messages: SseMessage[] = [];
      const waiters = new Set<() => void>();
      let raw = '';
      let done = false;
      let endedResolve!: () => void;
      const ended = new Promise<void>((r) => (endedResolve = r));
      const finish = () => {
        done = true;
        endedResolve();
        for (const w of [...waiters]) w();
      };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        raw += chunk;
        messages.push(...parser.push(chunk));
        for (const w of [...waiters]) w();
      });
      res.on('end', finish);
      res.on('close', finish);
      res.on('error', finish);
      if (options.paused) res.pause();
      const until = <T>(check: () => T | undefined, what: string): Promise<T> =>
        new Promise((ok, fail) => {
          const timer = setTimeout(() => {
            waiters.delete(waiter);
            fail(new Error(`timed out after ${waitMs} ms waiting for ${what}; got ${messages.map((m) => `${m.event}:${m.data}`).join(' | ').slice(-800)}`));
          }, waitMs);
          const waiter = () => {
            const found = check();
            if (found !== undefined) {
              clearTimeout(timer);
              waiters.delete(waiter);
              ok(found);
            } else if (done) {
              clearTimeout(timer);
              waiters.delete(waiter);
              fail(new Error(`stream ended while waiting for ${what}`));
            }
          };
          waiters.add(waiter);
          waiter();
        });
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        messages,
        parser,
        res,
        ended,
        retry: () => parser.retry,
        lastEventId: () => parser.lastEventId,
        waitFor: (match, what) => until(() => messages.find(match), what),
        waitForComments: async (n) => {
          await until(() => (parser.comments >= n ? true : undefined), `${n} heartbeats`);
        },
        body: () => raw,
        text: async () => {
          await ended;
          return raw;
        },
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
  });
}
