/**
 * The load of `npm run loadtest`, run in a PROCESS OF ITS OWN (`startLoad`): the driver's work
 * (preparing lots, printing, checking the record, writing the report) never shares this event loop, so it
 * is never timed as server latency. Everything goes to the target by URL, as a browser would:
 *
 * - bidders: one keep-alive connection each, bidding at the price they last saw + 1–3 increments (the
 *   price from the push streams this process holds and from their own answers), never against themselves
 *   (the leader waits), each with a budget it stops at, as a person does;
 *   `steady`: each bids after an exponential pause (mean `bidIntervalMs`) on a random lot for `durationMs`;
 *   `spike`: each bidder takes one lot and enters its last `spikeWindowMs`, bidding faster as the end nears
 *   (a pause of about a sixth of the time left, 250 ms–4 s: several bids a second per lot at the end) and
 *   following the soft-close extensions, until the lot ends or `durationMs` after the planned end;
 * - watchers: push (SSE) streams, 3 of 4 on one lot (a room), 1 of 4 on all the run's lots (a hall),
 *   opened before the window in batches, 8 per watcher account (the server's per-user limit);
 * - the hall: pollers on hall/page with If-None-Match at a fixed interval, one poll in flight each.
 *
 * Measured, in HDR histograms (histograms.ts): bid latency (request → answer) by answer kind, push lag per
 * (bid, watcher following its lot), hall poll latency; per second: counts, p50/p99, extensions.
 *
 * Push lag = the moment a watcher's stream delivered the event that carries the bid (its bid count
 * reached the bid's seq) − the moment the bid's accepted answer reached its bidder. Both instants are
 * taken in THIS process on one monotonic clock, so no clock offset enters it (the server's clock is only
 * used to schedule the spike against the lots' end). The answer carries no commit time (its `time` is when
 * the request was received, before the lot's lock: under a spike that would count the bid's own queueing
 * as push lag), and the answer's arrival is what a bidder experiences as "accepted". An event can beat the
 * answer to this process (the hub writes it in the commit's turn): that sample is 0 and counted as `ahead`.
 */
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createParser } from 'eventsource-parser';
import { HALL_PATHS, bidPath, type PlaceBidAnswer } from '#domain/contract/hall';
import { LIVE_EVENTS_PATH, LIVE_EVENT_CHANGE, LIVE_EVENT_RESYNC, type LiveChangeEvent } from '#domain/contract/liveEvents';
import { createRng } from '../seed/prng.ts';
import { runInChild, serveInChild } from './child.ts';
import { connection, inFlight } from './connection.ts';
import { encodeHistogram, newHistogram, recordMs, takeP50P99 } from './histograms.ts';
import type { TimelineRow } from './report.ts';

export interface LoadLot {
  id: number;
  startPriceFen: number;
  stepFen: number;
  /** Planned end, server epoch ms. */
  endTime: number;
}

export interface LoadBidder {
  token: string;
  /** activityId → this bidder's bid code. */
  bidCodes: Record<number, string>;
}

export interface LoadSpec {
  base: string;
  /** The watchers' push streams, spread over these (several balancers in front of the same nodes); default [base]. */
  streamBases?: string[];
  scenario: 'steady' | 'spike';
  lots: LoadLot[];
  bidders: LoadBidder[];
  /** Tokens the watchers' streams use, 8 streams each. */
  watcherTokens: string[];
  watchers: number;
  pollers: number;
  pollIntervalMs: number;
  /** steady: the run; spike: how long after the planned end bidders may still bid (extensions). */
  durationMs: number;
  spikeWindowMs: number;
  /** steady: each bidder's mean pause between bids. */
  bidIntervalMs: number;
  /** The lots' soft-close extension (steady stops this long, and 2 s more, before their end). */
  extensionMs: number;
  /** The most increments above the start price a bidder goes (its budget is drawn up to this). */
  budgetSteps: number;
  seed: number;
  runId: string;
  progressMs: number;
  timeoutMs: number;
}

export interface LoadProgress {
  atSeconds: number;
  acceptedPerSecond: number;
  sentPerSecond: number;
  refused: number;
  errors: number;
  bid: { p50: number; p99: number };
  push: { p50: number; p99: number };
  streams: number;
  pollsPerSecond: number;
}

export interface AcceptedBid {
  activityId: number;
  seq: number;
  amountFen: number;
  bidCode: string;
}

export interface LoadResult {
  /** Epoch ms (this machine) the measured window started. */
  startedAt: number;
  seconds: number;
  /** Server clock − this machine's, ms (Cristian, the best of 5), and that sample's round trip. */
  clockOffsetMs: number;
  clockRttMs: number;
  /** Encoded HDR histograms, µs. reattach, catchUp: per stream lost (lost → its `ready`; lost → its view current). */
  histograms: { bid: string; accepted: string; refused: string; errors: string; push: string; poll: string; reattach: string; catchUp: string };
  counts: {
    sent: number;
    accepted: number;
    refused: number;
    /** Bids answered otherwise than 200 or 400, or not answered. */
    bidErrors: number;
    /** Every error of the window: bids and polls. */
    errors: number;
    extensions: number;
    polls: number;
    notModified: number;
    pollErrors: number;
    streams: number;
    streamsFailed: number;
    /** Streams that ended or broke while in use (each then reconnects). */
    streamsLost: number;
    /** Lost streams re-attached (`ready` again); `resyncs`: resumes the log no longer reached. */
    reconnects: number;
    resyncs: number;
    /** At the end: watchers whose stream was still down, and (watcher, lot) views behind what this process knew. */
    streamsDown: number;
    viewsBehind: number;
    events: number;
    pushSamples: number;
    pushAhead: number;
    pushUnmatched: number;
  };
  refusedReasons: Record<string, number>;
  errorSamples: string[];
  accepted: AcceptedBid[];
  timeline: TimelineRow[];
  /** Seconds into the window of the lots' planned end (spike). */
  plannedEndAt: number | null;
  self: { cpuPercent: number; loopDelayP99: number; loopDelayMax: number };
}

export interface LoadEvents {
  onProgress?: (p: LoadProgress) => void;
  /** The measured window begins: its start and planned stop, server epoch ms (spike: it may run on past the stop). */
  onWindow?: (window: { startsAt: number; endsAt: number }) => void;
}

const clock = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
const PER_TOKEN = 8;
const CONNECT_BATCH = 100;
/** A watcher's reconnection delay before the server's `retry:` hint, and its cap (workers/push.ts). */
const RECONNECT_INITIAL_MS = 1_000;
const RECONNECT_MAX_MS = 30_000;

/** What this process knows of a lot (from push events and answers; the newer lock version wins). */
interface LotState {
  lot: LoadLot;
  lockVersion: number;
  priceFen: number;
  count: number;
  leader: string | null;
  endTime: number;
  ended: boolean;
  extensions: number;
  /** seq → when its accepted answer arrived (performance.now()). */
  answered: Map<number, number>;
  /** seq → when watchers saw it before its answer arrived. */
  early: Map<number, number[]>;
}

export async function runLoad(spec: LoadSpec, events: LoadEvents = {}): Promise<LoadResult> {
  const timeoutMs = spec.timeoutMs;
  const rng = createRng(spec.seed);

  // The server's clock, to schedule the spike against the lots' end (server time).
  const probe = connection(spec.base, timeoutMs);
  let offset = 0;
  let bestRtt = Infinity;
  for (let i = 0; i < 5; i++) {
    const sent = clock();
    const res = await probe.call('GET', `/api${HALL_PATHS.serverTime}`);
    const got = clock();
    const now = (JSON.parse(res.body) as { data: { now: number } }).data.now;
    if (got - sent < bestRtt) {
      bestRtt = got - sent;
      offset = now - (sent + got) / 2;
    }
  }
  probe.close();
  const serverNow = () => clock() + offset;

  const hist = { bid: newHistogram(), accepted: newHistogram(), refused: newHistogram(), errors: newHistogram(), push: newHistogram(), poll: newHistogram(), reattach: newHistogram(), catchUp: newHistogram() };
  const second = { bid: newHistogram(), push: newHistogram(), poll: newHistogram() };
  const tenth = { bid: newHistogram(), push: newHistogram() };
  const counts = {
    ...{ sent: 0, accepted: 0, refused: 0, bidErrors: 0, errors: 0, extensions: 0, polls: 0, notModified: 0, pollErrors: 0 },
    ...{ streams: 0, streamsFailed: 0, streamsLost: 0, reconnects: 0, resyncs: 0, streamsDown: 0, viewsBehind: 0, events: 0, pushSamples: 0, pushAhead: 0, pushUnmatched: 0 },
  };
  const perSecond = { sent: 0, accepted: 0, refused: 0, errors: 0, polls: 0, extensions: 0 };
  const refusedReasons: Record<string, number> = {};
  const errorSamples: string[] = [];
  const acceptedBids: AcceptedBid[] = [];
  let measuring = false;
  const error = (what: string) => {
    if (!measuring) return;
    counts.errors += 1;
    perSecond.errors += 1;
    if (errorSamples.length < 8) errorSamples.push(what);
  };

  const lots = new Map<number, LotState>(
    spec.lots.map((lot) => [lot.id, { lot, lockVersion: -1, priceFen: lot.startPriceFen - lot.stepFen, count: 0, leader: null, endTime: lot.endTime, ended: false, extensions: 0, answered: new Map(), early: new Map() }]),
  );
  const samplePush = (ms: number) => {
    if (!measuring) return;
    recordMs(hist.push, ms);
    recordMs(second.push, ms);
    recordMs(tenth.push, ms);
    counts.pushSamples += 1;
  };
  const apply = (e: LiveChangeEvent) => {
    const s = lots.get(e.activityId);
    if (!s || e.lockVersion <= s.lockVersion) return;
    s.lockVersion = e.lockVersion;
    if (e.biddingCount > 0 && e.biddingPrice !== undefined) s.priceFen = Math.round(e.biddingPrice * 100);
    s.count = Math.max(s.count, e.biddingCount);
    if (e.leaderBidCode !== undefined) s.leader = e.leaderBidCode;
    s.endTime = e.endTime;
    s.ended = e.status === 'ended';
  };

  // ---- watchers: push streams, opened before the window
  // Each reconnects as the live worker does (workers/push.ts): after the server's `retry:` hint, doubling
  // while it fails (up to 30 s), with `Last-Event-ID`, the last id it received, so the node that answers
  // replays what it missed. Per loss: re-attached = lost → the new stream's `ready`; caught up = lost →
  // its view holds every bid this process knew of when it re-attached.
  const streams = new Set<http.ClientRequest>();
  const parsed = new Map<string, LiveChangeEvent>();
  const parse = (data: string): LiveChangeEvent => {
    // The same event text goes to every stream following the lot: parse it once.
    let e = parsed.get(data);
    if (!e) {
      e = JSON.parse(data) as LiveChangeEvent;
      if (parsed.size > 512) parsed.clear();
      parsed.set(data, e);
    }
    return e;
  };
  const lotIds = spec.lots.map((l) => l.id);
  /** Each watcher's view: its followed lots → the bid count it has seen. */
  const views: Array<Map<number, number>> = [];
  /** Watchers whose stream is down (lost, not yet re-attached) at this moment. */
  const down = new Set<number>();
  const openStream = (index: number) =>
    new Promise<void>((resolveFirst) => {
      const follows = index % 4 === 3 || lotIds.length === 1 ? lotIds : [lotIds[index % lotIds.length]!];
      const seen = new Map<number, number>(follows.map((id) => [id, 0]));
      views[index] = seen;
      const token = spec.watcherTokens[Math.floor(index / PER_TOKEN) % Math.max(1, spec.watcherTokens.length)];
      const bases = spec.streamBases?.length ? spec.streamBases : [spec.base];
      const url = new URL(`${bases[index % bases.length]}/api${LIVE_EVENTS_PATH}?activityIds=${follows.join(',')}`);
      let first = true;
      let lastEventId: string | undefined;
      let retryMs = RECONNECT_INITIAL_MS;
      let failures = 0;
      /** The loss being recovered: when, and (once re-attached) the counts the view must reach. */
      let loss: { at: number; target?: Map<number, number> } | null = null;
      const caughtUp = (at: number) => {
        if (!loss?.target || [...loss.target].some(([id, count]) => (seen.get(id) ?? 0) < count)) return;
        if (measuring) recordMs(hist.catchUp, at - loss.at);
        loss = null;
      };
      const lost = () => {
        if (stopping) return;
        // Lost again before it caught up: the recovery still counts from the first loss.
        if (loss) delete loss.target;
        else loss = { at: performance.now() };
        down.add(index);
        counts.streamsLost += 1;
        retry();
      };
      const retry = () => {
        if (stopping) return;
        failures += 1;
        setTimeout(connect, Math.min(RECONNECT_MAX_MS, retryMs * 2 ** (failures - 1)));
      };
      const connect = () => {
        if (stopping) return;
        let ready = false;
        const parser = createParser({
          onRetry: (ms) => (retryMs = Math.max(RECONNECT_INITIAL_MS, ms)),
          onEvent: (ev) => {
            if (ev.id !== undefined) lastEventId = ev.id;
            if (ev.event === 'ready' && !ready) {
              ready = true;
              failures = 0;
              if (first) {
                first = false;
                counts.streams += 1;
                resolveFirst();
              } else if (loss) {
                const at = performance.now();
                counts.reconnects += 1;
                down.delete(index);
                if (measuring) recordMs(hist.reattach, at - loss.at);
                loss.target = new Map(follows.map((id) => [id, lots.get(id)!.count]));
                caughtUp(at);
              }
              return;
            }
            if (ev.event === LIVE_EVENT_RESYNC) counts.resyncs += 1;
            if (ev.event !== LIVE_EVENT_CHANGE) return;
            const e = parse(ev.data);
            if (measuring) counts.events += 1;
            apply(e);
            const s = lots.get(e.activityId);
            const before = seen.get(e.activityId);
            if (!s || before === undefined || e.biddingCount <= before) return;
            seen.set(e.activityId, e.biddingCount);
            const at = performance.now();
            for (let seq = before + 1; seq <= e.biddingCount; seq++) {
              const answered = s.answered.get(seq);
              if (answered !== undefined) samplePush(at - answered);
              else {
                const list = s.early.get(seq);
                if (list) list.push(at);
                else s.early.set(seq, [at]);
              }
            }
            if (loss) caughtUp(at);
          },
        });
        const headers: Record<string, string> = { accept: 'text/event-stream', 'client-id': 'loadtest', ...(token ? { authorization: `Bearer ${token}` } : {}) };
        if (lastEventId !== undefined) headers['last-event-id'] = lastEventId;
        // One outcome per attempt: the response's end, its abort (a node killed: the balancer cuts the
        // stream) or a connection error, whichever comes first.
        let over = false;
        const ended = () => {
          if (over) return;
          over = true;
          streams.delete(req);
          if (ready) lost();
          else if (!first) retry();
          else {
            counts.streamsFailed += 1;
            resolveFirst();
          }
        };
        const req = http.get({ host: url.hostname, port: url.port, path: url.pathname + url.search, agent: false, headers }, (res) => {
          if (res.statusCode !== 200) {
            res.resume();
            ended();
            return;
          }
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => parser.feed(chunk));
          res.on('close', ended);
          res.on('error', ended);
        });
        req.on('error', ended);
        streams.add(req);
      };
      connect();
    });
  let stopping = false;
  for (let i = 0; i < spec.watchers; i += CONNECT_BATCH) {
    await Promise.all(Array.from({ length: Math.min(CONNECT_BATCH, spec.watchers - i) }, (_, k) => openStream(i + k)));
  }

  // ---- the window
  const planned = Math.max(...spec.lots.map((l) => l.endTime));
  // steady: from now for durationMs; spike: from the lots' last spikeWindowMs (server time) until every
  // lot ended or durationMs after the planned end.
  const windowStartServer = spec.scenario === 'spike' ? Math.max(serverNow(), planned - spec.spikeWindowMs) : serverNow();
  const hardStopServer = spec.scenario === 'spike' ? planned + spec.durationMs : Math.min(windowStartServer + spec.durationMs, planned - spec.extensionMs - 2000);
  await sleep(windowStartServer - serverNow());
  const startedAt = clock();
  const t0 = performance.now();
  measuring = true;
  events.onWindow?.({ startsAt: windowStartServer, endsAt: spec.scenario === 'spike' ? planned : hardStopServer });
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const cpuStart = process.cpuUsage();

  const { track, drained } = inFlight();
  // A pause never runs past the end of the run.
  const nap = (ms: number) => sleep(Math.min(ms, hardStopServer - serverNow() + 5));
  const stopped = () => serverNow() >= hardStopServer || (spec.scenario === 'spike' && [...lots.values()].every((s) => s.ended || serverNow() > s.endTime + 3000));

  // ---- bidders
  const connections: Array<ReturnType<typeof connection>> = [];
  const bidderLoops = spec.bidders.map(async (bidder, index) => {
    const conn = connection(spec.base, timeoutMs);
    connections.push(conn);
    const think = createRng(spec.seed * 7919 + index + 1);
    const mine = spec.scenario === 'spike' ? [lotIds[index % lotIds.length]!] : lotIds;
    // The most this bidder pays, per lot: start + 20…budgetSteps increments.
    const budget = new Map(mine.map((id) => [id, lots.get(id)!.lot.startPriceFen + lots.get(id)!.lot.stepFen * (20 + Math.floor(think.next() * Math.max(1, spec.budgetSteps - 20)))]));
    let n = 0;
    const exp = (mean: number) => Math.round(-Math.log(1 - think.next()) * mean);
    // spike: bidders come in over the window's first third, as people open the room.
    if (spec.scenario === 'spike') await nap(think.next() * spec.spikeWindowMs * 0.33);
    else await nap(exp(spec.bidIntervalMs));
    for (;;) {
      if (stopped()) return;
      const open = mine.filter((id) => {
        const s = lots.get(id)!;
        return !s.ended && serverNow() < s.endTime && s.leader !== bidder.bidCodes[id] && s.priceFen + s.lot.stepFen <= budget.get(id)!;
      });
      if (open.length === 0) {
        // Leading everywhere, or out of budget: look again shortly (an outbid brings him back).
        if (mine.every((id) => lots.get(id)!.ended || lots.get(id)!.priceFen + lots.get(id)!.lot.stepFen > budget.get(id)!)) return;
        await nap(250);
        continue;
      }
      const id = open[Math.floor(think.next() * open.length)]!;
      const s = lots.get(id)!;
      const amountFen = Math.min(budget.get(id)!, s.priceFen + s.lot.stepFen * (1 + Math.floor(think.next() * 3)));
      const key = `lt-${spec.runId}-${index}-${n++}`;
      const sentAt = performance.now();
      counts.sent += 1;
      perSecond.sent += 1;
      await track(async () => {
        try {
          const res = await conn.call('POST', `/api${bidPath('ongoing')}?activityId=${id}&amount=${(amountFen / 100).toFixed(2)}&idempotencyKey=${key}`, { authorization: `Bearer ${bidder.token}` });
          const arrived = performance.now();
          const ms = arrived - sentAt;
          recordMs(hist.bid, ms);
          recordMs(second.bid, ms);
          recordMs(tenth.bid, ms);
          if (res.status === 200) {
            const answer = (JSON.parse(res.body) as { data: PlaceBidAnswer }).data;
            recordMs(hist.accepted, ms);
            counts.accepted += 1;
            perSecond.accepted += 1;
            if (answer.extended) {
              counts.extensions += 1;
              perSecond.extensions += 1;
            }
            acceptedBids.push({ activityId: id, seq: answer.seq, amountFen: Math.round(answer.amount * 100), bidCode: answer.bidCode });
            s.answered.set(answer.seq, arrived);
            for (const seenAt of s.early.get(answer.seq) ?? []) {
              samplePush(Math.max(0, seenAt - arrived));
              counts.pushAhead += 1;
            }
            s.early.delete(answer.seq);
            if (answer.state) apply(answer.state);
          } else if (res.status === 400) {
            recordMs(hist.refused, ms);
            counts.refused += 1;
            perSecond.refused += 1;
            let msg = 'HTTP 400';
            try {
              msg = (JSON.parse(res.body) as { msg: string }).msg;
            } catch {
              /* not an envelope */
            }
            refusedReasons[msg] = (refusedReasons[msg] ?? 0) + 1;
            // The price moved on (or the lot ended): a person looks at the room again.
            if (/结束|closed/.test(msg)) s.ended = s.ended || serverNow() > s.endTime;
          } else {
            recordMs(hist.errors, ms);
            counts.bidErrors += 1;
            error(`bid: HTTP ${res.status} ${res.body.slice(0, 120)}`);
          }
        } catch (e) {
          counts.bidErrors += 1;
          error(`bid: ${(e as Error).message}`);
        }
      });
      if (spec.scenario === 'spike') {
        const left = s.endTime - serverNow();
        await nap(Math.min(4000, Math.max(250, exp(left / 6))));
      } else await nap(exp(spec.bidIntervalMs));
    }
  });

  // ---- hall pollers
  const pollPath = `/api${HALL_PATHS.hallPage}?size=30&current=1`;
  const pollTimers: NodeJS.Timeout[] = [];
  for (let i = 0; i < spec.pollers; i++) {
    const conn = connection(spec.base, timeoutMs);
    connections.push(conn);
    let etag: string | undefined;
    let busy = false;
    const poll = () => {
      if (busy || stopped()) return;
      busy = true;
      counts.polls += 1;
      perSecond.polls += 1;
      const sentAt = performance.now();
      void track(async () => {
        try {
          const res = await conn.call('POST', pollPath, etag ? { 'if-none-match': etag } : {});
          const ms = performance.now() - sentAt;
          recordMs(hist.poll, ms);
          recordMs(second.poll, ms);
          if (res.status === 304) counts.notModified += 1;
          else if (res.status === 200) etag = res.etag;
          else {
            counts.pollErrors += 1;
            error(`poll: HTTP ${res.status}`);
          }
        } catch (e) {
          counts.pollErrors += 1;
          error(`poll: ${(e as Error).message}`);
        } finally {
          busy = false;
        }
      });
    };
    const first = setTimeout(() => {
      poll();
      pollTimers.push(setInterval(poll, spec.pollIntervalMs));
    }, rng.next() * spec.pollIntervalMs);
    pollTimers.push(first);
  }

  // ---- per second and per progress interval
  const timeline: TimelineRow[] = [];
  let tick = 1;
  let lastProgress = { at: t0, sent: 0, accepted: 0, polls: 0 };
  const closeSecond = () => {
    const b = takeP50P99(second.bid);
    const p = takeP50P99(second.push);
    const q = takeP50P99(second.poll);
    timeline.push({ t: tick, ...perSecond, bidP50: b.p50, bidP99: b.p99, pushP50: p.p50, pushP99: p.p99, pushSamples: p.count, pollP99: q.p99 });
    Object.assign(perSecond, { sent: 0, accepted: 0, refused: 0, errors: 0, polls: 0, extensions: 0 });
  };
  const secondTimer = setInterval(() => {
    closeSecond();
    if (spec.progressMs > 0 && (tick * 1000) % spec.progressMs === 0 && events.onProgress) {
      const now = performance.now();
      const s = (now - lastProgress.at) / 1000;
      const bt = takeP50P99(tenth.bid);
      const pt = takeP50P99(tenth.push);
      events.onProgress({
        atSeconds: tick,
        acceptedPerSecond: (counts.accepted - lastProgress.accepted) / s,
        sentPerSecond: (counts.sent - lastProgress.sent) / s,
        refused: counts.refused,
        errors: counts.errors,
        bid: { p50: bt.p50, p99: bt.p99 },
        push: { p50: pt.p50, p99: pt.p99 },
        streams: counts.streams - down.size,
        pollsPerSecond: (counts.polls - lastProgress.polls) / s,
      });
      lastProgress = { at: now, sent: counts.sent, accepted: counts.accepted, polls: counts.polls };
    }
    tick += 1;
  }, 1000);

  await Promise.all(bidderLoops);
  // steady: the window runs its length even when every bidder is out of budget; spike: until every lot ended.
  while (!stopped()) await sleep(200);
  // The last events reach the watchers; the polls in flight finish.
  await sleep(1500);
  for (const t of pollTimers) clearTimeout(t);
  await drained();
  measuring = false;
  clearInterval(secondTimer);
  // The last, partial second.
  closeSecond();
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  loop.disable();
  stopping = true;
  // Each watcher's view against what this process knows the lots hold (answers and every stream's events).
  for (const view of views) for (const [id, count] of view ?? []) if (count < lots.get(id)!.count) counts.viewsBehind += 1;
  counts.streamsDown = down.size;
  for (const req of streams) req.destroy();
  for (const c of connections) c.close();
  for (const s of lots.values()) for (const list of s.early.values()) counts.pushUnmatched += list.length;

  const spikeEnd = spec.scenario === 'spike' ? (planned - windowStartServer) / 1000 : null;
  return {
    startedAt,
    seconds,
    clockOffsetMs: offset,
    clockRttMs: bestRtt,
    histograms: {
      bid: encodeHistogram(hist.bid),
      accepted: encodeHistogram(hist.accepted),
      refused: encodeHistogram(hist.refused),
      errors: encodeHistogram(hist.errors),
      push: encodeHistogram(hist.push),
      poll: encodeHistogram(hist.poll),
      reattach: encodeHistogram(hist.reattach),
      catchUp: encodeHistogram(hist.catchUp),
    },
    counts,
    refusedReasons,
    errorSamples,
    accepted: acceptedBids,
    timeline,
    plannedEndAt: spikeEnd,
    self: { cpuPercent: ((cpu.user + cpu.system) / 1000 / (seconds * 1000)) * 100, loopDelayP99: loop.percentile(99) / 1e6, loopDelayMax: loop.max / 1e6 },
  };
}

// ------------------------------------------------------------------ the load's own process

type LoadEvent = { type: 'progress'; progress: LoadProgress } | { type: 'window'; window: { startsAt: number; endsAt: number } };

const here = fileURLToPath(import.meta.url);

/** Runs the load in a process of its own (child.ts). */
export async function startLoad(spec: LoadSpec, events: LoadEvents = {}): Promise<LoadResult> {
  return runInChild<LoadSpec, LoadEvent, LoadResult>(here, 'load', 'load process', spec, (m) => (m.type === 'progress' ? events.onProgress?.(m.progress) : events.onWindow?.(m.window)));
}

serveInChild<LoadSpec, LoadEvent, LoadResult>(here, 'load', (spec, send) =>
  runLoad(spec, { onProgress: (progress) => send({ type: 'progress', progress }), onWindow: (window) => send({ type: 'window', window }) }),
);
