/**
 * The load generator of `npm run loadtest` and `npm run bench:poll`, meant to run in a PROCESS OF ITS OWN
 * (`startGenerator`): neither the server under test nor the driver that seeds, spawns, samples and prints
 * shares its event loop, so a pause in either (seeding, a sort of latencies, a GC) is not timed as server
 * latency. It still reports its own health (CPU, event-loop delay, GC pauses) so a round in which the
 * generator itself was the bottleneck can be seen and discarded.
 *
 * Load, as people produce it:
 * - hall watchers: each polls hall/page on a FIXED timetable (every `pollIntervalMs` from a seeded phase;
 *   offered rate = watchers ÷ interval, like autocannon -R), with If-None-Match, one poll in flight per
 *   watcher like the live worker: a slot that comes while the previous poll is unanswered is `missed`;
 * - bidders: each bids after an exponential pause (mean `bidIntervalMs`) on a random lot at the price it
 *   last saw + 1–3 increments, and the price feed (bidding-rate for every lot, once a second) keeps those
 *   prices fresh, as a bidder's screen does;
 * - hall polls may go to another server than the bids (a baseline: `pollUrl`).
 * Every watcher and every bidder holds one keep-alive connection of its own, as a browser does (see
 * `connection`), and the feed another: a slow poll never queues a bid inside the generator, and a pause
 * of the server never makes the generator open connections in a burst.
 *
 * First every client opens its connection (a connect phase, in batches), then the load runs; only
 * requests SENT in the measured window (after `warmupMs`, for `measureMs`) count; at the end of the
 * window no new request starts and the generator waits for the ones in flight (up to the request
 * timeout), so slow answers land in p99 instead of being cut off.
 */
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createRng } from '../seed/prng.ts';
import { runInChild, serveInChild } from './child.ts';
import { connection, inFlight } from './connection.ts';

export interface GeneratorLot {
  id: number;
  /** The price a bidder outbids first (start price − increment, so the first bid may be the start price). */
  priceFen: number;
  stepFen: number;
}

export interface GeneratorSpec {
  /** Our server: bids and the bidders' price feed. */
  bidUrl: string;
  /** Where the hall polls go (our server, or a baseline). */
  pollUrl: string;
  tokens: string[];
  lots: GeneratorLot[];
  watchers: number;
  pollIntervalMs: number;
  pageSize: number;
  bidIntervalMs: number;
  warmupMs: number;
  measureMs: number;
  /** Progress reports every this many ms of the measured window (0: none). */
  progressMs: number;
  /** Tags idempotency keys. */
  runId: string;
  /** Seeds phases, think times and lot choices: the same seed gives every candidate the same schedule. */
  seed: number;
  timeoutMs?: number;
  /** Writes every request of the window to this file (JSON lines: kind, sent at ms into the window, ms, status, fresh = on a new connection). */
  traceFile?: string;
}

export interface Latencies {
  p50: number;
  p99: number;
  max: number;
}

export interface GeneratorResult {
  seconds: number;
  polls: Latencies & { offered: number; sent: number; ok: number; notModified: number; missed: number; errors: number; perSecond: number };
  bids: Latencies & { sent: number; accepted: number; refusedByRule: number; errors: number; perSecond: number; requestsPerSecond: number };
  feed: { sent: number; errors: number };
  /** Connections opened again in the window by a watcher or bidder that had one (lost keep-alive). */
  reconnects: number;
  /** Errors of the warm-up (not in the figures above). */
  warmupErrors: number;
  /** A few error texts, for the report. */
  errorSamples: string[];
  /** The generator's own health over the measured window. */
  self: ProcessHealth;
}

export interface ProcessHealth {
  cpuPercent: number;
  /** Time the main thread was ready to run but waited for a CPU (Linux schedstat), in % of the window. */
  cpuWaitPercent: number | null;
  loopDelayP99: number;
  loopDelayMax: number;
  gcMs: number;
  gcMaxMs: number;
}

export interface GeneratorProgress {
  atSeconds: number;
  bidsPerSecond: number;
  pollsPerSecond: number;
  bid: Latencies;
  poll: Latencies;
  errors: number;
}

export interface GeneratorEvents {
  /** The measured window starts / ends (the driver samples the servers' counters there). */
  onWindow?: (phase: 'start' | 'end') => void;
  onProgress?: (progress: GeneratorProgress) => void;
}

export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** ns the main thread has waited on a run queue (field 2 of /proc/self/schedstat); null off Linux. */
export function runQueueWaitNs(): number | null {
  try {
    return Number(readFileSync('/proc/self/schedstat', 'utf8').split(' ')[1]);
  } catch {
    return null;
  }
}

function latencies(values: number[]): Latencies {
  const sorted = Float64Array.from(values).sort();
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.length > 0 ? sorted[sorted.length - 1]! : 0 };
}

/** At most this many connections are opened at once in the connect phase (a listen queue holds 511). */
const CONNECT_BATCH = 200;

/** Drives the load in THIS process; `startGenerator` runs it in a process of its own. */
export async function runGenerator(spec: GeneratorSpec, events: GeneratorEvents = {}): Promise<GeneratorResult> {
  const timeoutMs = spec.timeoutMs ?? 15_000;
  // Set when the connect phase is over.
  let t0 = Infinity;
  let measureStart = Infinity;
  let measureEnd = Infinity;
  const inWindow = (t: number) => t >= measureStart && t < measureEnd;

  const pollLatency: number[] = [];
  const bidLatency: number[] = [];
  const counts = { pollsOffered: 0, pollsSent: 0, pollsOk: 0, notModified: 0, missed: 0, pollErrors: 0, bidsSent: 0, accepted: 0, refused: 0, bidErrors: 0, feedSent: 0, feedErrors: 0, warmupErrors: 0, reconnects: 0 };
  const errorSamples: string[] = [];
  const error = (sentAt: number, kind: 'poll' | 'bid' | 'feed', what: string) => {
    if (!inWindow(sentAt)) {
      counts.warmupErrors += 1;
      return;
    }
    if (kind === 'poll') counts.pollErrors += 1;
    else if (kind === 'bid') counts.bidErrors += 1;
    else counts.feedErrors += 1;
    if (errorSamples.length < 5) errorSamples.push(`${kind}: ${what}`);
  };
  const trace: Array<{ kind: string; at: number; ms: number; status: number; fresh: boolean }> | null = spec.traceFile ? [] : null;

  const connections: Array<ReturnType<typeof connection>> = [];
  const connect = (base: string) => {
    const c = connection(base, timeoutMs);
    connections.push(c);
    let opened = false;
    return {
      call: async (kind: 'poll' | 'bid' | 'feed' | 'open', pathAndQuery: string, headers: Record<string, string>, keepBody: boolean) => {
        const sentAt = performance.now();
        let status = 0;
        let fresh = false;
        try {
          const answer = await c.call('POST', pathAndQuery, headers, keepBody);
          status = answer.status;
          fresh = answer.connected;
          if (answer.connected) {
            if (opened && inWindow(sentAt)) counts.reconnects += 1;
            opened = true;
          }
          return answer;
        } finally {
          if (trace && inWindow(sentAt)) trace.push({ kind, at: Math.round(sentAt - measureStart), ms: Math.round((performance.now() - sentAt) * 10) / 10, status, fresh });
        }
      },
    };
  };
  const rng = createRng(spec.seed);
  const known = new Map(spec.lots.map((l) => [l.id, { priceFen: l.priceFen, stepFen: l.stepFen }]));
  const lotIds = spec.lots.map((l) => l.id);
  const pages = Math.max(1, Math.ceil(lotIds.length / spec.pageSize));
  const pollPath = (page: number) => `/api/dscq-sync/v1/bid-assets/hall/page?size=${spec.pageSize}&current=${page}`;
  const feedConnection = connect(spec.bidUrl);
  const watchers = Array.from({ length: spec.watchers }, (_, i) => ({ connection: connect(spec.pollUrl), page: 1 + (i % pages), etag: undefined as string | undefined, busy: false }));
  const bidders = spec.tokens.map((token, index) => ({ token, connection: connect(spec.bidUrl), think: createRng(spec.seed * 7919 + index + 1) }));

  // Connect phase (not measured): every client opens its keep-alive connection with a first request — a
  // watcher its first poll, a bidder the room of a lot (bidding-data) — at most CONNECT_BATCH at a time.
  // All at once, 2,000 connects overflow the server's listen queue, and the handshakes it drops are
  // retried after 1, 3, 7 s: connections still being set up well into the measured window.
  const openings: Array<() => Promise<unknown>> = [
    ...watchers.map((w) => async () => {
      const res = await w.connection.call('open', pollPath(w.page), {}, false);
      if (res.status === 200) w.etag = res.etag;
    }),
    ...bidders.map((b) => () => b.connection.call('open', `/api/dscq-sync/v1/bid-assets/bidding-data?activityId=${lotIds[Math.floor(b.think.next() * lotIds.length)]}`, { authorization: `Bearer ${b.token}` }, false)),
  ];
  for (let i = 0; i < openings.length; i += CONNECT_BATCH) {
    await Promise.all(
      openings.slice(i, i + CONNECT_BATCH).map((open) =>
        open().catch(() => {
          counts.warmupErrors += 1;
        }),
      ),
    );
  }
  t0 = performance.now();
  measureStart = t0 + spec.warmupMs;
  measureEnd = measureStart + spec.measureMs;

  const { track, drained } = inFlight();
  const timers = new Set<NodeJS.Timeout>();
  /** Runs `fn` at `when` (performance.now() time), unless that is past the end of the window. */
  const at = (when: number, fn: () => void) => {
    if (when >= measureEnd) return;
    const t = setTimeout(
      () => {
        timers.delete(t);
        fn();
      },
      Math.max(0, when - performance.now()),
    );
    timers.add(t);
  };

  // The generator's own health over the window.
  const loop = monitorEventLoopDelay({ resolution: 10 });
  let gcMs = 0;
  let gcMaxMs = 0;
  let measuring = false;
  const gc = new PerformanceObserver((list) => {
    if (!measuring) return;
    for (const e of list.getEntries()) {
      gcMs += e.duration;
      gcMaxMs = Math.max(gcMaxMs, e.duration);
    }
  });
  gc.observe({ entryTypes: ['gc'] });
  let cpuAtStart = process.cpuUsage();
  let waitAtStart = runQueueWaitNs();
  at(measureStart, () => {
    loop.enable();
    loop.reset();
    measuring = true;
    cpuAtStart = process.cpuUsage();
    waitAtStart = runQueueWaitNs();
    events.onWindow?.('start');
  });

  // The price feed a bidder's screen shows.
  const rateQuery = `/api/dscq-sync/v1/bid-assets/bidding-rate?activityIds=${lotIds.join(',')}`;
  const feed = (due: number) => {
    const sentAt = performance.now();
    if (inWindow(sentAt)) counts.feedSent += 1;
    void track(async () => {
      try {
        const res = await feedConnection.call('feed', rateQuery, {}, true);
        if (res.status !== 200) error(sentAt, 'feed', `HTTP ${res.status}`);
        else {
          for (const r of JSON.parse(res.body).data.rates as Array<{ activityId: number; biddingPrice: number; biddingCount: number }>) {
            const k = known.get(r.activityId);
            if (k && r.biddingCount > 0) k.priceFen = Math.max(k.priceFen, Math.round(r.biddingPrice * 100));
          }
        }
      } catch (e) {
        error(sentAt, 'feed', (e as Error).message);
      }
      // Once a second; a late answer moves the timetable on instead of firing back to back.
      const next = Math.max(due + 1000, performance.now());
      at(next, () => feed(next));
    });
  };
  feed(t0);

  bidders.forEach(({ token, connection: bids, think }, index) => {
    let n = 0;
    const next = () => at(performance.now() + Math.round(-Math.log(1 - think.next()) * spec.bidIntervalMs), once);
    const once = () => {
      const id = lotIds[Math.floor(think.next() * lotIds.length)]!;
      const k = known.get(id)!;
      const amountFen = k.priceFen + k.stepFen * (1 + Math.floor(think.next() * 3));
      const key = `lt-${spec.runId}-${index}-${n++}`;
      const sentAt = performance.now();
      const counted = inWindow(sentAt);
      if (counted) counts.bidsSent += 1;
      void track(async () => {
        try {
          const res = await bids.call('bid', `/api/dscq-sync/v1/bidding/ongoing/bid?activityId=${id}&amount=${(amountFen / 100).toFixed(2)}&idempotencyKey=${key}`, { authorization: `Bearer ${token}` }, false);
          if (counted) bidLatency.push(performance.now() - sentAt);
          if (res.status === 200) {
            if (counted) counts.accepted += 1;
            k.priceFen = Math.max(k.priceFen, amountFen);
          } else if (res.status === 400) {
            if (counted) counts.refused += 1;
          } else error(sentAt, 'bid', `HTTP ${res.status}`);
        } catch (e) {
          error(sentAt, 'bid', (e as Error).message);
        }
        next();
      });
    };
    next();
  });

  for (const w of watchers) {
    const slot = (due: number) => {
      at(due + spec.pollIntervalMs, () => slot(due + spec.pollIntervalMs));
      const sentAt = performance.now();
      const counted = inWindow(sentAt);
      if (counted) counts.pollsOffered += 1;
      if (w.busy) {
        if (counted) counts.missed += 1;
        return;
      }
      w.busy = true;
      if (counted) counts.pollsSent += 1;
      void track(async () => {
        try {
          const res = await w.connection.call('poll', pollPath(w.page), w.etag ? { 'if-none-match': w.etag } : {}, false);
          if (counted) pollLatency.push(performance.now() - sentAt);
          if (res.status === 304) {
            if (counted) counts.notModified += 1;
          } else if (res.status === 200) {
            w.etag = res.etag;
            if (counted) counts.pollsOk += 1;
          } else error(sentAt, 'poll', `HTTP ${res.status}`);
        } catch (e) {
          error(sentAt, 'poll', (e as Error).message);
        } finally {
          w.busy = false;
        }
      });
    };
    const first = t0 + rng.next() * spec.pollIntervalMs;
    at(first, () => slot(first));
  }

  // Progress (loadtest): the figures of the last interval.
  if (spec.progressMs > 0 && events.onProgress) {
    let last = { at: measureStart, bids: 0, polls: 0, bidIdx: 0, pollIdx: 0, errors: 0 };
    const report = (when: number) => {
      const now = performance.now();
      const s = (now - last.at) / 1000;
      const errors = counts.pollErrors + counts.bidErrors + counts.feedErrors;
      events.onProgress!({
        atSeconds: (now - measureStart) / 1000,
        bidsPerSecond: (counts.accepted - last.bids) / s,
        pollsPerSecond: (counts.pollsSent - last.polls) / s,
        bid: latencies(bidLatency.slice(last.bidIdx)),
        poll: latencies(pollLatency.slice(last.pollIdx)),
        errors,
      });
      last = { at: now, bids: counts.accepted, polls: counts.pollsSent, bidIdx: bidLatency.length, pollIdx: pollLatency.length, errors };
      at(when + spec.progressMs, () => report(when + spec.progressMs));
    };
    at(measureStart + spec.progressMs, () => report(measureStart + spec.progressMs));
  }

  // The window ends: no new request; the ones in flight finish (or time out) and count.
  await new Promise((r) => setTimeout(r, Math.max(0, measureEnd - performance.now())));
  const cpu = process.cpuUsage(cpuAtStart);
  const waitAtEnd = runQueueWaitNs();
  measuring = false;
  loop.disable();
  events.onWindow?.('end');
  for (const t of timers) clearTimeout(t);
  timers.clear();
  await drained();
  gc.disconnect();
  for (const c of connections) c.close();
  if (trace && spec.traceFile) writeFileSync(spec.traceFile, trace.map((t) => JSON.stringify(t)).join('\n') + '\n');

  const seconds = spec.measureMs / 1000;
  return {
    seconds,
    polls: {
      ...latencies(pollLatency),
      offered: counts.pollsOffered,
      sent: counts.pollsSent,
      ok: counts.pollsOk,
      notModified: counts.notModified,
      missed: counts.missed,
      errors: counts.pollErrors,
      perSecond: pollLatency.length / seconds,
    },
    bids: {
      ...latencies(bidLatency),
      sent: counts.bidsSent,
      accepted: counts.accepted,
      refusedByRule: counts.refused,
      errors: counts.bidErrors,
      perSecond: counts.accepted / seconds,
      requestsPerSecond: bidLatency.length / seconds,
    },
    feed: { sent: counts.feedSent, errors: counts.feedErrors },
    reconnects: counts.reconnects,
    warmupErrors: counts.warmupErrors,
    errorSamples,
    self: {
      cpuPercent: ((cpu.user + cpu.system) / 1000 / spec.measureMs) * 100,
      cpuWaitPercent: waitAtEnd !== null && waitAtStart !== null ? ((waitAtEnd - waitAtStart) / 1e6 / spec.measureMs) * 100 : null,
      loopDelayP99: loop.percentile(99) / 1e6,
      loopDelayMax: loop.max / 1e6,
      gcMs,
      gcMaxMs,
    },
  };
}

// ------------------------------------------------------------------ the generator's own process

type GeneratorEvent = { type: 'window'; phase: 'start' | 'end' } | { type: 'progress'; progress: GeneratorProgress };

const here = fileURLToPath(import.meta.url);

/** Runs the generator in a process of its own (child.ts). */
export async function startGenerator(spec: GeneratorSpec, events: GeneratorEvents = {}): Promise<GeneratorResult> {
  return runInChild<GeneratorSpec, GeneratorEvent, GeneratorResult>(here, 'generator', 'load generator', spec, (m) => {
    if (m.type === 'window') events.onWindow?.(m.phase);
    else events.onProgress?.(m.progress);
  });
}

serveInChild<GeneratorSpec, GeneratorEvent, GeneratorResult>(here, 'generator', (spec, send) =>
  runGenerator(spec, { onWindow: (phase) => send({ type: 'window', phase }), onProgress: (progress) => send({ type: 'progress', progress }) }),
);
