/**
 * Health and metrics (server/plugins/health.ts, server/plugins/metrics.ts) and the graceful stop
 * (server/lib/shutdown.ts, what server/main.ts runs on SIGTERM), against the real database (SQLite;
 * PostgreSQL when TEST_DATABASE_URL is set):
 * - /healthz and /readyz, 503 while draining and when the database is closed;
 * - /metrics off by default (404), on with PORTAL_METRICS (options.metrics.enabled), behind a token with
 *   PORTAL_METRICS_TOKEN; the named metrics after a bid through the real bid route, a push stream and a
 *   rate-limit refusal;
 * - the drain: /readyz turns 503, an open push stream gets the reconnect notice and ends, a new stream is
 *   refused, a request in flight completes, the database is closed.
 * No fixed sleeps: every wait is for an event, bounded by a timeout.
 */
import { rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESIGN_PATHS } from '#domain/contract/esign';
import { LIVE_EVENT_RECONNECT, LIVE_EVENTS_PATH } from '#domain/contract/liveEvents';
import type { SseMessage } from '../../workers/sse';
import { openSse } from './sse-client.ts';
import { requestLogLevel } from '../../server/http/logging.ts';
import { gracefulStop } from '../../server/lib/shutdown.ts';
import { createAccountsApp, type AccountsTestApp } from './accounts-helpers.ts';
import { createTestApp, DIALECT, GENEROUS_RATE_LIMITS, multipartFile, type Json } from './helpers.ts';

const WAIT_MS = 10_000;
const BID = '/api/dscq-sync/v1/bidding/ongoing/bid';
const HALL = '/api/dscq-sync/v1/bid-assets/hall/page';
const EVENTS = `/api${LIVE_EVENTS_PATH}`;

// ------------------------------------------------------------------ a small HTTP + SSE client

interface Answer {
  status: number;
  body: string;
}

function request(port: number, path: string, options: { method?: string; body?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method: options.method ?? 'GET', agent: false, headers: options.headers ?? {} }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

const openStream = (port: number, query = '') => openSse({ port, path: `${EVENTS}${query}`, waitMs: WAIT_MS });

const isReady = (m: SseMessage) => m.event === 'ready';

/** A metric's sample value in the text format (`name{labels} value`), or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

// ------------------------------------------------------------------ health

describe('/healthz and /readyz', () => {
  it('answer 200 without login, outside /api; /readyz is 503 (database) once the database is closed', async () => {
    const t = await createTestApp({ seed: false });
    try {
      const alive = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect([alive.statusCode, alive.json()]).toEqual([200, { status: 'ok' }]);
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect([ready.statusCode, ready.json()]).toEqual([200, { status: 'ok' }]);
      expect(ready.headers['cache-control']).toBe('no-store');
      // Many probes at once: all answered, none limited.
      const many = await Promise.all(Array.from({ length: 50 }, () => t.app.inject({ method: 'GET', url: '/readyz' })));
      expect(new Set(many.map((r) => r.statusCode))).toEqual(new Set([200]));

      await t.handle.close();
      const down = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ status: 'unavailable', reason: 'database', message: 'the database does not answer', msg: '数据库无响应' });
      // Alive all the same: the process answers.
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      // Probes answered normally are logged at debug (a balancer asks every few seconds); a 503 at warn.
      for (const path of ['/healthz', '/readyz', '/metrics']) expect(requestLogLevel(path, 200), path).toBe('debug');
      expect(requestLogLevel('/readyz', 503)).toBe('warn');
    } finally {
      await t.close();
    }
  });

  it('/readyz is 503 (migrations) while a migration is missing', async () => {
    const t = await createTestApp({ seed: false });
    try {
      const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(t.handle.db);
      await sql`delete from kysely_migration where name = ${rows[0]!.name}`.execute(t.handle.db);
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect([res.statusCode, res.json().reason, res.json().msg]).toEqual([503, 'migrations', '数据库迁移未完成']);
    } finally {
      await t.close();
    }
  });
});

// ------------------------------------------------------------------ metrics

describe('/metrics', () => {
  it('is off by default: 404, and absent from the API reference', async () => {
    const t = await createTestApp({ seed: false });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('portal_');
      expect((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).body).not.toContain('/metrics');
    } finally {
      await t.close();
    }
  });

  it('with a token (PORTAL_METRICS_TOKEN): 401 without it or with another, 200 with it', async () => {
    const token = 'metrics-token-0123456789';
    const t = await createTestApp({ seed: false, metrics: { token } });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}x` } })).statusCode).toBe(401);
      const ok = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain('# TYPE portal_bid_seconds histogram');
    } finally {
      await t.close();
    }
  });

  describe('on (PORTAL_METRICS=1), after a bid through the real route', () => {
    let t: AccountsTestApp;
    let port: number;
    let token = '';
    let keySeq = 0;

    beforeAll(async () => {
      t = await createAccountsApp({ metrics: { enabled: true }, rateLimits: { ...GENEROUS_RATE_LIMITS, 'esign-verify-ip': { limit: 1, windowMs: 600_000 } } });
      const login = await t.login('bidder01');
      expect(login.status).toBe(200);
      token = login.body.access_token;
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      port = (t.app.server.address() as AddressInfo).port;
    }, 60_000);
    afterAll(async () => t?.close());

    it('holds the bid histogram and counter, push streams and lag, rate-limit refusals, event-loop delay and (PostgreSQL) the pool', async () => {
      const target = await t.handle.db
        .selectFrom('bid_activity')
        .selectAll()
        .where('status', '=', 'live')
        .where('mode', '=', 'ongoing')
        .where('bid_count', '=', 0)
        .where('end_at', '>', t.clock.now + 3_600_000)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const stream = await openStream(port, `?activityIds=${target.id}`);
      expect(stream.status).toBe(200);
      await stream.waitFor(isReady, 'ready');

      const bid = (amount: number) =>
        t.app.inject({
          method: 'POST',
          url: BID,
          query: { activityId: String(target.id), amount: String(amount), idempotencyKey: `metrics-${process.pid}-${++keySeq}` },
          headers: { authorization: `Bearer ${token}` },
        });
      const accepted = await bid(target.start_price_fen / 100);
      expect(accepted.statusCode, accepted.body).toBe(200);
      const refused = await bid(target.start_price_fen / 100 - 1);
      expect(refused.statusCode).toBe(400);
      await stream.waitFor((m) => m.event === 'change' && (JSON.parse(m.data) as Json).activityId === target.id, 'the bid on the stream');

      const { payload, headers } = multipartFile('x.pdf', Buffer.from('not a pdf'));
      for (let i = 0; i < 2; i++) await t.app.inject({ method: 'POST', url: `/api${ESIGN_PATHS.verify}`, payload, headers, remoteAddress: '203.0.113.7' });

      const res = await request(port, '/metrics');
      expect(res.status).toBe(200);
      const text = res.body;
      expect(sample(text, 'portal_bid_seconds_count{outcome="accepted"}')).toBe(1);
      expect(sample(text, 'portal_bid_seconds_count{outcome="refused"}')).toBe(1);
      expect(sample(text, 'portal_bid_seconds_bucket{le="+Inf",outcome="accepted"}')).toBe(1);
      // Both bids were decided in the engine's lane: each phase once per bid.
      for (const phase of ['queue', 'decide', 'commit']) expect(sample(text, `portal_bid_phase_seconds_count{phase="${phase}"}`)).toBe(2);
      expect(sample(text, 'portal_bids_total{code="200"}')).toBe(1);
      expect(sample(text, 'portal_bids_total{code="400"}')).toBe(1);
      expect(sample(text, 'portal_push_streams')).toBe(1);
      expect(sample(text, 'portal_push_lag_seconds_count{source="local"}')).toBe(1);
      expect(sample(text, 'portal_rate_limited_total{name="esign-verify-ip"}')).toBe(1);
      expect(sample(text, 'portal_ready')).toBe(1);
      expect(text).toContain('nodejs_eventloop_lag_p99_seconds');
      if (DIALECT === 'postgres') {
        expect(sample(text, 'portal_db_pool_connections')).toBeGreaterThan(0);
        expect(text).toContain('portal_db_pool_waiting');
      } else expect(text).not.toContain('portal_db_pool');
      // Each metric once: no duplicate TYPE lines.
      const types = text.split('\n').filter((l) => l.startsWith('# TYPE '));
      expect(new Set(types).size).toBe(types.length);
      stream.close();
    });
  });
});

// ------------------------------------------------------------------ the graceful stop

describe('the graceful stop (SIGTERM)', () => {
  it('turns unready, tells push streams to reconnect and ends them, refuses new ones, finishes a request in flight, closes the database', async () => {
    const t = await createTestApp({ seed: false });
    let databaseClosed = false;
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      expect((await request(port, '/readyz')).status).toBe(200);
      const stream = await openStream(port);
      expect(stream.status).toBe(200);
      await stream.waitFor(isReady, 'ready');

      // A request in flight: its headers are in, half its body is still to come.
      const arrived = new Promise<void>((resolve) => t.app.server.once('request', () => resolve()));
      const body = JSON.stringify({ current: 1, size: 10 });
      let release!: () => void;
      const finishBody = new Promise<void>((r) => (release = r));
      const inFlight = new Promise<Answer>((resolve, reject) => {
        const req = http.request(
          { host: '127.0.0.1', port, path: HALL, method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => (text += chunk));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
          },
        );
        req.on('error', reject);
        req.write(body.slice(0, 5));
        void arrived.then(() => finishBody.then(() => req.end(body.slice(5))));
      });
      await arrived;

      // SIGTERM's first step.
      t.app.drain();
      const unready = await request(port, '/readyz');
      expect(unready.status).toBe(503);
      expect(JSON.parse(unready.body)).toEqual({
        status: 'unavailable',
        reason: 'draining',
        message: 'the server is stopping (draining)',
        msg: '服务正在停止，不再接收新的请求',
      });
      const notice = await stream.waitFor((m) => m.event === LIVE_EVENT_RECONNECT, 'the reconnect notice');
      expect(JSON.parse(notice.data)).toEqual({ reason: 'draining', retryMs: 1000 });
      expect(stream.retry()).toBe(1000);
      await stream.ended;
      const refused = await openStream(port);
      expect(refused.status).toBe(503);
      await refused.ended;
      expect(JSON.parse(refused.body()).msg).toBe('服务器正在重启，请稍后重试');
      expect(t.app.live.push.size).toBe(0);

      // The rest of the stop: the request in flight completes before the server and the database close.
      const stopping = gracefulStop(t.app, {
        timeoutMs: WAIT_MS,
        closeDatabase: async () => {
          await t.handle.close();
          databaseClosed = true;
        },
      });
      // The listener closes while the request is still in flight (its body not all sent): no new connection…
      for (const until = Date.now() + WAIT_MS; t.app.server.listening && Date.now() < until; ) await new Promise((r) => setTimeout(r, 5));
      expect(t.app.server.listening).toBe(false);
      await expect(request(port, '/healthz')).rejects.toThrow();
      // …and the request completes once its body is in.
      release();
      const answer = await inFlight;
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 200, success: true });
      expect(await stopping).toBe('stopped');
      expect(databaseClosed).toBe(true);
    } finally {
      if (!databaseClosed) await t.app.close();
      await t.database.cleanup();
      rmSync(t.dataDir, { recursive: true, force: true });
    }
  });

  it('a stop that takes too long resolves "timeout" (main.ts then exits 1)', async () => {
    const t = await createTestApp({ seed: false });
    try {
      let finish!: () => void;
      const stuck = new Promise<void>((r) => (finish = r));
      const outcome = await gracefulStop(t.app, { timeoutMs: 50, closeDatabase: () => stuck });
      expect(outcome).toBe('timeout');
      expect(t.app.draining).toBe(true);
      finish();
    } finally {
      await t.database.cleanup();
      rmSync(t.dataDir, { recursive: true, force: true });
    }
  });
});
