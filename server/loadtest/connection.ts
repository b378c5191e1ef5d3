/**
 * What the load processes (generator.ts for the poll benchmark, load.ts for `npm run loadtest`) both need:
 * one client's keep-alive connection, and a count of the requests still in flight at the end of a run.
 */
import http from 'node:http';

export interface Answer {
  status: number;
  etag: string | undefined;
  /** The body as text ('' when not kept). */
  body: string;
  /** The request opened a new connection (not a kept-alive one). */
  connected: boolean;
}

/**
 * One keep-alive connection of one client (a watcher's, bidder's or poller's browser): its requests go one
 * after the other over the same socket, opened at its first request. A shared pool would open new
 * connections in bursts whenever the server pauses — hundreds of SYNs at once overflow the listen queue,
 * and each dropped SYN costs a 1 s (then 3 s, 7 s) retransmit that is no server latency.
 */
export function connection(base: string, timeoutMs: number) {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1, maxFreeSockets: 1 });
  const call = (method: 'GET' | 'POST', pathAndQuery: string, headers: Record<string, string> = {}, keepBody = true, again = true): Promise<Answer> =>
    new Promise((resolve, reject) => {
      let answered = false;
      const req = http.request({ host: url.hostname, port: url.port, path: pathAndQuery, method, agent, headers: { 'client-id': 'loadtest', ...headers } }, (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => keepBody && chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, etag: res.headers.etag, body: keepBody ? Buffer.concat(chunks).toString('utf8') : '', connected: !req.reusedSocket }));
        res.on('error', reject);
      });
      req.setTimeout(timeoutMs, () => req.destroy(new Error(`timeout after ${timeoutMs} ms`)));
      // A kept-alive socket the other end closed as the request went out (its idle timeout: HAProxy's 10 s):
      // sent again once on a new one, as browsers do (safe: a bid carries its idempotency key, a poll reads).
      req.on('error', (error) => (again && !answered && req.reusedSocket ? call(method, pathAndQuery, headers, keepBody, false).then(resolve, reject) : reject(error)));
      req.end();
    });
  return { call, close: () => agent.destroy() };
}

/** Counts the work in flight: `track` runs one piece, `drained` resolves once none is left. */
export function inFlight() {
  let count = 0;
  let settled: (() => void) | null = null;
  return {
    async track(work: () => Promise<void>) {
      count += 1;
      try {
        await work();
      } finally {
        count -= 1;
        if (count === 0) settled?.();
      }
    },
    async drained() {
      if (count > 0) await new Promise<void>((resolve) => (settled = resolve));
    },
  };
}
