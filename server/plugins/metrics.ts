/**
 * Metrics (prom-client, Prometheus text format) at GET /metrics — outside /api, no rate limit — exposed
 * only when asked for: a public exchange must not show its internals to anyone by default.
 * - off (the default): /metrics answers 404;
 * - PORTAL_METRICS=1: it answers anyone who reaches it (a private network, or a proxy that blocks it);
 * - PORTAL_METRICS_TOKEN=<secret>: it answers only `Authorization: Bearer <secret>` (401 otherwise).
 *
 * One registry per app instance (tests build several apps in one process); every metric is registered
 * once in it. The metrics are recorded whether exposed or not (a few counter increments per request);
 * the default process metrics (event-loop delay, heap, GC…) are collected only when exposed. The full
 * list with meanings and labels: docs/operations.md "Health and metrics".
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { BusinessError } from '../lib/envelope.ts';
import type { LanePhases } from '../bidding/engine.ts';

/** What a pg.Pool tells of its connections (PostgreSQL only). */
export interface PoolStats {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
}

export interface MetricsOptions {
  /** PORTAL_METRICS=1: /metrics answers (to anyone unless `token`). */
  enabled?: boolean | undefined;
  /** PORTAL_METRICS_TOKEN: /metrics answers only `Authorization: Bearer <token>` (this alone enables it). */
  token?: string | undefined;
  /** The PostgreSQL pool, for its gauges; absent on SQLite (no pool). */
  pool?: PoolStats | undefined;
}

/** Where the app records what the metrics show. */
export interface PortalMetrics {
  readonly registry: Registry;
  /** A bid route's call into the engine: its duration and its answer's code (status). */
  observeBid(seconds: number, code: number): void;
  /** A bid's (or ceiling change's) phases in the engine's group commit: queue, decision, commit. */
  observeLanePhases(phases: LanePhases): void;
  /** A request refused by the named rate limit (429). */
  rateLimited(name: string): void;
  /** Change event → written to every stream that follows it, from a commit of this process ('local') or a change heard from the feed ('feed'). */
  observePushLag(source: 'local' | 'feed', seconds: number): void;
}

export const METRICS_PATH = '/metrics';

/** Bid decision + commit: a short transaction, ~1 ms on SQLite to a few hundred ms under load. */
const BID_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
/** Push: one event-loop turn when this process committed; up to ~200 ms (snapshot's read throttle) from the feed. */
const LAG_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

declare module 'fastify' {
  interface FastifyInstance {
    metrics: PortalMetrics;
  }
}

/** `accepted` (200), `refused` (a rule's answer: 4xx), `error` (5xx). */
export function bidOutcome(code: number): 'accepted' | 'refused' | 'error' {
  return code === 200 ? 'accepted' : code < 500 ? 'refused' : 'error';
}

function sameSecret(given: string, expected: string): boolean {
  // Hashes of equal length: the comparison's time tells nothing of the secret, not even its length.
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export default fp<MetricsOptions>(
  async (app, options) => {
    const token = options.token || undefined;
    const exposed = options.enabled === true || token !== undefined;
    const registry = new Registry();

    const bidSeconds = new Histogram({
      name: 'portal_bid_seconds',
      help: 'Bid route: time of the call into the bidding engine (decision and commit together), by outcome',
      labelNames: ['outcome'] as const,
      buckets: BID_BUCKETS,
      registers: [registry],
    });
    const bidPhases = new Histogram({
      name: 'portal_bid_phase_seconds',
      help: "Bidding engine, per bid or ceiling change: waiting for its group (queue), its own decision inside the group's transaction (decide: lock, rules, writes), the group's commit after the last decision (commit: the fsync or COMMIT, shared by the group)",
      labelNames: ['phase'] as const,
      buckets: BID_BUCKETS,
      registers: [registry],
    });
    const bids = new Counter({
      name: 'portal_bids_total',
      help: 'Bids answered by the bid route, by answer code (200 accepted; 4xx the refusals; 5xx failures)',
      labelNames: ['code'] as const,
      registers: [registry],
    });
    const rateLimited = new Counter({
      name: 'portal_rate_limited_total',
      help: 'Requests refused (429) by a request limit, by limit name (PORTAL_RATE_LIMITS)',
      labelNames: ['name'] as const,
      registers: [registry],
    });
    const pushLag = new Histogram({
      name: 'portal_push_lag_seconds',
      help: "Push lag: a change (this process's commit, or a change feed notification) until its event was written to every stream following it",
      labelNames: ['source'] as const,
      buckets: LAG_BUCKETS,
      registers: [registry],
    });
    new Gauge({
      name: 'portal_push_streams',
      help: 'Open push (server-sent events) streams of this process',
      registers: [registry],
      collect() {
        this.set(app.hasDecorator('live') ? app.live.push.size : 0);
      },
    });
    new Counter({
      name: 'portal_push_dropped_total',
      help: 'Push streams dropped as slow consumers (more unsent bytes than the bound)',
      registers: [registry],
      collect() {
        if (!app.hasDecorator('live')) return;
        this.reset();
        this.inc(app.live.push.stats().dropped);
      },
    });
    new Gauge({
      name: 'portal_ready',
      help: '1 while this process answers /readyz with 200 as far as it knows without a query (0 while draining)',
      registers: [registry],
      collect() {
        this.set(app.hasDecorator('draining') && app.draining ? 0 : 1);
      },
    });
    const pool = options.pool;
    if (pool) {
      const poolGauge = (name: string, help: string, read: (p: PoolStats) => number) =>
        new Gauge({
          name,
          help,
          registers: [registry],
          collect() {
            this.set(read(pool));
          },
        });
      poolGauge('portal_db_pool_connections', 'PostgreSQL pool: connections open (idle and in use)', (p) => p.totalCount);
      poolGauge('portal_db_pool_idle', 'PostgreSQL pool: connections open and idle', (p) => p.idleCount);
      poolGauge('portal_db_pool_waiting', 'PostgreSQL pool: queries waiting for a connection', (p) => p.waitingCount);
    }
    // Event-loop delay (nodejs_eventloop_lag_*), heap, GC, handles…: only when someone may read them.
    if (exposed) collectDefaultMetrics({ register: registry });

    app.decorate('metrics', {
      registry,
      observeBid(seconds: number, code: number) {
        bidSeconds.observe({ outcome: bidOutcome(code) }, seconds);
        bids.inc({ code: String(code) });
      },
      observeLanePhases({ queuedMs, decideMs, commitMs }: LanePhases) {
        bidPhases.observe({ phase: 'queue' }, queuedMs / 1000);
        bidPhases.observe({ phase: 'decide' }, decideMs / 1000);
        bidPhases.observe({ phase: 'commit' }, commitMs / 1000);
      },
      rateLimited(name: string) {
        rateLimited.inc({ name });
      },
      observePushLag(source: 'local' | 'feed', seconds: number) {
        pushLag.observe({ source }, seconds);
      },
    } satisfies PortalMetrics);

    app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply: FastifyReply) => {
      if (!exposed) throw new BusinessError(404, '页面不存在');
      if (token !== undefined) {
        const header = request.headers.authorization ?? '';
        const given = header.startsWith('Bearer ') ? header.slice(7) : '';
        if (!sameSecret(given, token)) {
          reply.header('www-authenticate', 'Bearer');
          throw new BusinessError(401, '需要指标访问令牌');
        }
      }
      reply.header('cache-control', 'no-store');
      reply.type(registry.contentType);
      return registry.metrics();
    });
  },
  { name: 'metrics', dependencies: ['core'] },
);
