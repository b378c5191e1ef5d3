/**
 * The load process of `npm run bench:bids` (bids.ts forks it with an IPC channel): a process of its own,
 * apart from our server and from the bare baseline, so the load generator's CPU is nobody's.
 *
 * Closed loop: `connections` loops, each with one keep-alive socket, send one bid and wait for its
 * answer, for `ms`. Lots: the first one (hot) or round-robin over all (spread). Amounts: ours offers
 * each lot's last sent price + one increment (rising in send order, so a request overtaken by a later
 * one is refused as too low; with --proxies two increments, as the ceiling's answer takes the one between);
 * bare ignores the amount (the locked price + one increment). Bidders: loop i
 * has two of its own and offers on a lot as the one that did not make its last offer there, so the
 * leader is never the bidder of the request (no self-outbid refusals) while loops ≤ bidders / 2.
 *
 * Messages in: setup (targets), run (one measurement), exit. Out: hello, result.
 */
import { createClient } from '../loadtest/run.ts';

export interface OursTarget {
  base: string;
  lots: Array<{ id: number; nextFen: number; stepFen: number }>;
  tokens: string[];
  /** Follow the price an accepted bid's answer reports (代理出价: a ceiling's bid may have raised it). */
  followState?: boolean;
}
export interface BareTarget {
  base: string;
  lots: number[];
  userIds: number[];
  /** Each user's session (the baseline checks it as the engine does). */
  sessionIds: string[];
}
export type ToLoad =
  | { type: 'setup'; ours: OursTarget; bare: BareTarget; tag: string }
  | { type: 'run'; target: 'ours' | 'bare'; scenario: 'hot' | 'spread'; connections: number; ms: number }
  | { type: 'exit' };
export interface RunResult {
  accepted: number;
  refused: number;
  errors: number;
  firstError: string | null;
  /** Refusals by message (ours). */
  refusals: Record<string, number>;
  seconds: number;
  p50: number;
  p99: number;
}
export type FromLoad = { type: 'hello' } | ({ type: 'result' } & RunResult);

const percentile = (sorted: number[], p: number) => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!);

let ours: OursTarget | null = null;
let bare: BareTarget | null = null;
let tag = '';
let keySeq = 0;
let spreadNext = 0;
const lastBidders = new Map<string, Map<number, number>>();
/** Per loop and target, a client of its own (a keep-alive agent with one socket): loops never wait on one another for a socket. */
const clients = new Map<string, ReturnType<typeof createClient>>();
const clientOf = (target: 'ours' | 'bare', loop: number) => {
  const key = `${target}:${loop}`;
  let client = clients.get(key);
  if (!client) clients.set(key, (client = createClient(target === 'ours' ? ours!.base : bare!.base)));
  return client;
};

async function run(message: Extract<ToLoad, { type: 'run' }>): Promise<RunResult> {
  const latencies: number[] = [];
  let accepted = 0;
  let refused = 0;
  let errors = 0;
  let firstError: string | null = null;
  const refusals: Record<string, number> = {};
  const lotCount = message.target === 'ours' ? ours!.lots.length : bare!.lots.length;
  const bidders = message.target === 'ours' ? ours!.tokens.length : bare!.userIds.length;
  const pickLot = () => (message.scenario === 'hot' ? 0 : spreadNext++ % lotCount);
  const started = performance.now();
  const deadline = started + message.ms;
  await Promise.all(
    Array.from({ length: message.connections }, async (_, loop) => {
      // The loop's last bidder per lot (kept across runs): the other of its two offers next.
      const last = lastBidders.get(`${message.target}:${loop}`) ?? new Map<number, number>();
      lastBidders.set(`${message.target}:${loop}`, last);
      const call = clientOf(message.target, loop);
      while (performance.now() < deadline) {
        const lot = pickLot();
        const mine = [(2 * loop) % bidders, (2 * loop + 1) % bidders] as const;
        const bidder = last.get(lot) === mine[0] ? mine[1] : mine[0];
        last.set(lot, bidder);
        const key = `bb${tag}${++keySeq}`;
        const t0 = performance.now();
        try {
          let status: number;
          if (message.target === 'ours') {
            const l = ours!.lots[lot]!;
            // With a ceiling answering every accepted bid one increment above it, the price rises two
            // increments per accepted request: offering one increment above the last sent price would make
            // every other request in flight land on the ceiling's answer and be refused as too low.
            l.nextFen += ours!.followState ? 2 * l.stepFen : l.stepFen;
            const res = await call(`/api/dscq-sync/v1/bidding/ongoing/bid?activityId=${l.id}&amount=${(l.nextFen / 100).toFixed(2)}&idempotencyKey=${key}`, {
              authorization: `Bearer ${ours!.tokens[bidder]}`,
            });
            status = res.status;
            if (status === 200 && ours!.followState) {
              const price = (JSON.parse(res.body) as { data?: { state?: { biddingPrice?: number } } }).data?.state?.biddingPrice;
              if (typeof price === 'number') l.nextFen = Math.max(l.nextFen, Math.round(price * 100));
            }
            if (status === 400) {
              const msg = String((JSON.parse(res.body) as { msg?: unknown }).msg);
              refusals[msg] = (refusals[msg] ?? 0) + 1;
            } else if (status !== 200 && firstError === null) firstError = `HTTP ${status} ${res.body.slice(0, 200)}`;
          } else {
            const res = await call(`/bid?lot=${bare!.lots[lot]}&user=${bare!.userIds[bidder]}&session=${bare!.sessionIds[bidder]}&key=${key}`);
            status = res.status;
            if (status !== 200 && firstError === null) firstError = `HTTP ${status} ${res.body.slice(0, 200)}`;
          }
          if (status === 200) accepted += 1;
          else if (status === 400) refused += 1;
          else errors += 1;
        } catch (error) {
          errors += 1;
          firstError ??= String(error);
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { accepted, refused, errors, firstError, refusals, seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

const send = (message: FromLoad) => process.send!(message);
process.on('message', (message: ToLoad) => {
  if (message.type === 'setup') {
    ours = message.ours;
    bare = message.bare;
    tag = message.tag;
  } else if (message.type === 'run') {
    void run(message).then((result) => send({ type: 'result', ...result }));
  } else {
    process.exit(0);
  }
});
send({ type: 'hello' });
