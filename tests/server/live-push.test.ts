/**
 * Live push: the server-sent-events stream GET /api/dscq-sync/v1/live/events against a real
 * listening server and database (SQLite; PostgreSQL when TEST_DATABASE_URL is set) — a bid reaches the
 * stream, a bid committed by another server process reaches this one's streams, sealed activities leak
 * no price, per-user limits, heartbeats, slow consumers dropped, close never hangs — and the hub itself
 * (server/live/pushHub.ts) with fake sockets. No fixed sleeps: every wait is for an event, with a
 * timeout as the failure bound only.
 */
import type { AddressInfo } from 'node:net';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LIVE_EVENTS_PATH, type LiveChangeEvent } from '#domain/contract/liveEvents';
import { SseParser, type SseMessage } from '../../workers/sse';
import { openSse, type SseStream } from './sse-client.ts';
import { bidPayload, liveChannel, parsePayload } from '../../server/db/changeFeed.ts';
import { PushHub, type LoggedChange, type PushClient, type PushSink } from '../../server/live/pushHub.ts';
import { createAccountsApp, type AccountsTestApp } from './accounts-helpers.ts';
import { createActivity } from './bidding-fixtures.ts';
import { buildSecondProcess, listeningLive, DIALECT, NOW, TEST_DATABASE_URL, type Json } from './helpers.ts';

const EVENTS = `/api${LIVE_EVENTS_PATH}`;
const BID = (mode: string) => `/api/dscq-sync/v1/bidding/${mode}/bid`;
/** Failure bound of every wait (the machine is shared and slow at times); never a sleep. */
const WAIT_MS = 10_000;
const HEARTBEAT_MS = 400;

let t: AccountsTestApp;
let port: number;
const tokens: Record<string, string> = {};
const userIds: Record<string, number> = {};
let keySeq = 0;
const key = () => `push-key-${process.pid}-${++keySeq}`;
const streams: Stream[] = [];

// ------------------------------------------------------------------ a streaming SSE client (sse-client.ts)

type Stream = SseStream;

async function openStream(target: number, query: Record<string, string> = {}, token?: string, options: { paused?: boolean } = {}): Promise<Stream> {
  const search = new URLSearchParams(query).toString();
  const stream = await openSse({
    port: target,
    path: `${EVENTS}${search ? `?${search}` : ''}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    waitMs: WAIT_MS,
    ...options,
  });
  streams.push(stream);
  return stream;
}

const change = (m: SseMessage): LiveChangeEvent | undefined => (m.event === 'change' ? (JSON.parse(m.data) as LiveChangeEvent) : undefined);
const changeOf = (activityId: number, test: (e: LiveChangeEvent) => boolean = () => true) => (m: SseMessage) => {
  const e = change(m);
  return e !== undefined && e.activityId === activityId && test(e);
};
const isReady = (m: SseMessage) => m.event === 'ready';

async function openReady(target: number, query: Record<string, string> = {}, token?: string): Promise<Stream> {
  const stream = await openStream(target, query, token);
  expect(stream.status).toBe(200);
  await stream.waitFor(isReady, 'the ready event');
  return stream;
}

async function bid(user: string, activityId: number, amountYuan: number, mode = 'ongoing', app: FastifyInstance = t.app) {
  const res = await app.inject({
    method: 'POST',
    url: BID(mode),
    query: { activityId: String(activityId), amount: String(amountYuan), idempotencyKey: key() },
    headers: { authorization: `Bearer ${tokens[user]}` },
  });
  return { status: res.statusCode, body: res.json() as Json };
}

/** A live seeded ongoing activity without bids and without a stream test on it yet. */
const used = new Set<number>();
async function freshLive() {
  const row = await t.handle.db
    .selectFrom('bid_activity')
    .selectAll()
    .where('status', '=', 'live')
    .where('mode', '=', 'ongoing')
    .where('bid_count', '=', 0)
    .where('end_at', '>', t.clock.now + 3_600_000)
    .where('id', 'not in', [0, ...used])
    .orderBy('id')
    .executeTakeFirstOrThrow();
  used.add(row.id);
  return row;
}

beforeAll(async () => {
  t = await createAccountsApp({ live: { push: { heartbeatMs: HEARTBEAT_MS } } });
  for (const user of ['bidder01', 'bidder02', 'bidder03', 'bidder04', 'bidder05']) {
    const answer = await t.login(user);
    expect(answer.status, `${user} logs in`).toBe(200);
    tokens[user] = answer.body.access_token;
  }
  for (const r of await t.handle.db.selectFrom('app_user').select(['id', 'login_name']).where('login_name', 'like', 'bidder0%').execute()) userIds[r.login_name] = r.id;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
}, 60_000);

afterEach(() => {
  for (const s of streams.splice(0)) s.close();
});

afterAll(async () => t?.close());

// ------------------------------------------------------------------ the endpoint

describe(`live push stream on ${DIALECT}`, () => {
  it('opens a text/event-stream with the security headers, a retry hint and a ready event', async () => {
    const stream = await openReady(port);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers['cache-control']).toBe('no-cache, no-transform');
    expect(stream.headers['x-accel-buffering']).toBe('no');
    expect(stream.headers['x-content-type-options']).toBe('nosniff');
    expect(stream.headers['content-security-policy']).toContain("default-src 'self'");
    // 2 s, spread ±1 s stream by stream (OPEN_RETRY_SPREAD_MS): a dead node's clients do not all come back at once.
    expect(stream.parser.retry).toBeGreaterThanOrEqual(1000);
    expect(stream.parser.retry).toBeLessThan(3000);
    const ready = JSON.parse(stream.messages.find(isReady)!.data);
    expect(ready).toEqual({ serverTime: t.clock.now, heartbeatMs: HEARTBEAT_MS });
  });

  it('a bid placed through the bid route reaches the room and hall streams with the new price and count', async () => {
    const target = await freshLive();
    const other = await freshLive();
    const room = await openReady(port, { activityIds: String(target.id) }, tokens.bidder03);
    const otherRoom = await openReady(port, { activityIds: String(other.id) });
    const hall = await openReady(port);
    const amount = target.start_price_fen / 100;
    const placed = await bid('bidder01', target.id, amount);
    expect(placed.status).toBe(200);

    for (const stream of [room, hall]) {
      const message = await stream.waitFor(changeOf(target.id, (e) => e.biddingCount === 1), `the bid on ${target.id}`);
      const event = change(message)!;
      expect(event).toMatchObject({
        activityId: target.id,
        status: 'live',
        outcome: null,
        biddingPrice: amount,
        maxPrice: amount,
        biddingCount: 1,
        leaderBidCode: placed.body.data.bidCode,
        endTime: placed.body.data.endTime,
        extensionCount: 0,
        serverTime: t.clock.now,
        // The bid itself, so a room shows who bid when without polling, and the mode's state.
        lastBid: { seq: 1, bidCode: placed.body.data.bidCode, amount, time: placed.body.data.time },
        modeState: { sealed: false },
      });
      expect(event.lockVersion).toBeGreaterThan(target.lock_version);
      expect(Number(message.id)).toBeGreaterThan(0);
    }
    // The room of another activity hears nothing of it; the next bid there reaches it.
    const second = await bid('bidder02', other.id, other.start_price_fen / 100);
    expect(second.status).toBe(200);
    await otherRoom.waitFor(changeOf(other.id), `the bid on ${other.id}`);
    expect(otherRoom.messages.some(changeOf(target.id))).toBe(false);
  });

  it('a bid committed by a second server process reaches this process’s streams', async () => {
    const second = await buildSecondProcess(t, () => t.clock.now, listeningLive(t.handle.schema));
    let closed = false;
    try {
      await second.listen({ port: 0, host: '127.0.0.1' });
      const secondPort = (second.server.address() as AddressInfo).port;
      if (TEST_DATABASE_URL) {
        // Until its LISTEN has run, a NOTIFY would pass the second process by: wait for that, not for a time.
        const channel = liveChannel(t.handle.schema);
        await expect
          .poll(
            async () =>
              (await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where query = ${`LISTEN ${channel}`} and state = 'idle'`.execute(t.handle.db)).rows[0]!.n,
            { timeout: WAIT_MS, interval: 20 },
          )
          .toBeGreaterThan(0);
      }
      const target = await freshLive();
      const room = await openReady(secondPort, { activityIds: String(target.id) });
      const hall = await openReady(secondPort);
      // The bid goes through the FIRST app; the streams are on the second.
      const amount = target.start_price_fen / 100;
      expect((await bid('bidder04', target.id, amount)).status).toBe(200);
      for (const stream of [room, hall]) {
        const event = change(await stream.waitFor(changeOf(target.id, (e) => e.biddingCount === 1), 'the first process’s bid'))!;
        expect(event).toMatchObject({ biddingPrice: amount, biddingCount: 1, status: 'live' });
      }
      // The other way round: the first app neither LISTENs nor watches data_version in this file, so it
      // learns of the second process's bid at its next full rebuild (the 15 s safety rebuild in
      // production; here by hand): the rebuild's changed rows are pushed too.
      const firstRoom = await openReady(port, { activityIds: String(target.id) });
      const next = (target.start_price_fen + target.increment_fen) / 100;
      expect((await bid('bidder05', target.id, next, 'ongoing', second)).status).toBe(200);
      await t.app.live.snapshot.rebuild();
      await firstRoom.waitFor(changeOf(target.id, (e) => e.biddingCount === 2 && e.biddingPrice === next), 'the second process’s bid');

      // Closing an app with open streams ends them; close() does not wait for the clients.
      const closing = second.close();
      closed = true;
      await closing;
      await room.ended;
      await hall.ended;
      expect(second.live.push.size).toBe(0);
    } finally {
      if (!closed) await second.close();
    }
  }, 30_000);

  it('a sealed (onceOff) activity’s events carry no price, maximum or leader, in the room and the hall', async () => {
    const id = await createActivity(t.handle.db, {
      mode: 'onceOff',
      startAt: NOW - 3_600_000,
      endAt: NOW + 3_600_000,
      startFen: 1_000_000,
      incrementFen: 10_000,
      bidders: [{ userId: userIds.bidder01!, rank: null }, { userId: userIds.bidder02!, rank: null }],
    });
    const room = await openReady(port, { activityIds: String(id) });
    const hall = await openReady(port);
    expect((await bid('bidder01', id, 12_300, 'onceOff')).status).toBe(200);
    expect((await bid('bidder02', id, 13_300, 'onceOff')).status).toBe(200);
    for (const stream of [room, hall]) {
      const message = await stream.waitFor(changeOf(id, (e) => e.biddingCount === 2), 'the second sealed offer');
      const event = change(message)!;
      expect(event).toMatchObject({ activityId: id, status: 'live', biddingCount: 2 });
      // No price, maximum, leader or newest bid: the mode's state says only that it is sealed.
      expect(Object.keys(event).sort()).toEqual(['activityId', 'biddingCount', 'endTime', 'extensionCount', 'lockVersion', 'modeState', 'outcome', 'serverTime', 'status']);
      expect(event.modeState).toMatchObject({ sealed: true });
      for (const m of stream.messages.filter(changeOf(id))) {
        expect(m.data).not.toMatch(/12300|13300|biddingPrice|maxPrice|leaderBidCode/);
      }
    }
  });

  it('limits open streams per user (8) with a 429 envelope; a closed stream frees its slot', async () => {
    const open = await Promise.all(Array.from({ length: 8 }, () => openReady(port, {}, tokens.bidder05)));
    const refused = await openStream(port, {}, tokens.bidder05);
    expect(refused.status).toBe(429);
    expect(refused.headers['content-type']).toContain('application/json');
    expect(JSON.parse(await refused.text())).toEqual({ code: 429, success: false, msg: '实时推送连接过多，请关闭部分竞价页面后重试', data: null });
    // Another user and anonymous clients are not affected.
    await openReady(port, {}, tokens.bidder04);
    await openReady(port);
    // One of the eight goes away: its slot is free again once the server saw the close.
    open[0]!.close();
    const bidder05: PushClient = { userId: userIds.bidder05!, ip: '127.0.0.1', activityIds: null };
    await expect.poll(() => t.app.live.push.admit(bidder05), { timeout: WAIT_MS, interval: 10 }).toBeNull();
    await openReady(port, {}, tokens.bidder05);
  });

  it('validates activityIds with a Chinese message', async () => {
    const bad = await openStream(port, { activityIds: 'a,b' });
    expect(bad.status).toBe(400);
    expect(JSON.parse(await bad.text()).msg).toBe('参数 activityIds 必须是以逗号分隔的整数列表');
  });

  it('sends heartbeats on an idle stream', async () => {
    const stream = await openReady(port, { activityIds: '999999' });
    await stream.waitForComments(2);
    expect(stream.messages.filter((m) => m.event === 'change')).toHaveLength(0);
  });

  it('drops a client that stops reading; the others keep getting events', async () => {
    const target = await freshLive();
    const slow = await openStream(port, {}, undefined, { paused: true });
    const healthy = await openReady(port);
    const room = await openReady(port, { activityIds: String(target.id) });
    const { push } = t.app.live;
    const droppedBefore = push.stats().dropped;
    // Synthetic hall events (activities that do not exist), 200 a turn, until the server gives up on the
    // client that never reads: the kernel's buffers fill first, then the process's bound.
    let round = 0;
    const deadline = Date.now() + WAIT_MS * 3;
    while (push.stats().dropped === droppedBefore) {
      if (Date.now() > deadline) throw new Error('the slow client was never dropped');
      const events: LiveChangeEvent[] = Array.from({ length: 200 }, (_, i) => ({
        activityId: 50_000_000 + i,
        lockVersion: ++round,
        status: 'live',
        outcome: null,
        biddingPrice: 1,
        maxPrice: 1,
        biddingCount: round,
        leaderBidCode: 'x'.repeat(64),
        endTime: NOW,
        extensionCount: 0,
        serverTime: NOW,
      }));
      push.publish(logged(...events));
      await nextTurn();
      await nextTurn();
    }
    expect(push.stats().dropped).toBe(droppedBefore + 1);
    slow.res.resume();
    await slow.ended;
    // The healthy streams were not dropped and still hear a real bid.
    const amount = target.start_price_fen / 100;
    expect((await bid('bidder02', target.id, amount)).status).toBe(200);
    await healthy.waitFor(changeOf(target.id, (e) => e.biddingCount === 1), 'the bid after the flood');
    await room.waitFor(changeOf(target.id, (e) => e.biddingCount === 1), 'the bid in the room');
  }, 60_000);
});

// ------------------------------------------------------------------ the hub alone

class FakeSink implements PushSink {
  chunks: string[] = [];
  writableLength = 0;
  ended = false;
  destroyed = false;
  constructor(private readonly drains = true) {}
  write(chunk: string): boolean {
    this.chunks.push(chunk);
    if (!this.drains) this.writableLength += Buffer.byteLength(chunk);
    return this.writableLength < 16_384;
  }
  end(): void {
    this.ended = true;
  }
  destroy(): void {
    this.destroyed = true;
  }
  text(): string {
    return this.chunks.join('');
  }
  changes(): LiveChangeEvent[] {
    return new SseParser()
      .push(this.text())
      .filter((m) => m.event === 'change')
      .map((m) => JSON.parse(m.data) as LiveChangeEvent);
  }
}

const anonymous = (ip = '10.0.0.1', activityIds: number[] | null = null): PushClient => ({ userId: null, ip, activityIds });
const user = (userId: number, activityIds: number[] | null = null): PushClient => ({ userId, ip: '10.0.0.9', activityIds });
const event = (activityId: number, lockVersion: number, extra: Partial<LiveChangeEvent> = {}): LiveChangeEvent => ({
  activityId,
  lockVersion,
  status: 'live',
  outcome: null,
  biddingPrice: lockVersion,
  maxPrice: lockVersion,
  biddingCount: lockVersion,
  leaderBidCode: 'A001',
  endTime: NOW,
  extensionCount: 0,
  serverTime: NOW,
  ...extra,
});

/** Events with increasing ids, as the event log hands them to the hub. */
let loggedId = 1_000_000;
const logged = (...events: LiveChangeEvent[]): LoggedChange[] => events.map((e) => ({ id: ++loggedId, event: e }));

describe('push hub', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('serialises each event once, writes once per stream per batch, coalesces per activity', () => {
    const hub = new PushHub({ now: () => NOW });
    const hall = new FakeSink();
    const room1 = new FakeSink();
    const room2 = new FakeSink();
    const both = new FakeSink();
    hub.open(hall, anonymous());
    hub.open(room1, anonymous('10.0.0.2', [1]));
    hub.open(room2, anonymous('10.0.0.3', [2]));
    hub.open(both, anonymous('10.0.0.4', [1, 2, 3]));
    for (const s of [hall, room1, room2, both]) s.chunks = [];
    const stringify = vi.spyOn(JSON, 'stringify');
    hub.publish(logged(event(1, 1), event(2, 1)));
    hub.publish(logged(event(1, 2), event(4, 1, { status: 'scheduled' })));
    hub.flush();
    expect(stringify).toHaveBeenCalledTimes(3); // activities 1 (latest only), 2 and 4
    expect(hall.chunks).toHaveLength(1);
    expect(hall.changes().map((e) => [e.activityId, e.lockVersion])).toEqual([[2, 1], [1, 2]]); // no scheduled row in the hall
    expect(room1.changes().map((e) => [e.activityId, e.lockVersion])).toEqual([[1, 2]]);
    expect(room2.changes().map((e) => e.activityId)).toEqual([2]);
    expect(both.chunks).toHaveLength(1);
    expect(both.changes().map((e) => e.activityId)).toEqual([2, 1]);
    // The hall streams share one string: serialised once for all of them.
    expect(hub.stats()).toMatchObject({ connections: 4, events: 3 });
    const ids = new SseParser().push(hall.text()).map((m) => Number(m.id));
    expect(ids[1]).toBeGreaterThan(ids[0]!);
  });

  it('publishing with nobody listening costs nothing', () => {
    const hub = new PushHub();
    const stringify = vi.spyOn(JSON, 'stringify');
    hub.publish(logged(event(1, 1)));
    hub.flush();
    expect(stringify).not.toHaveBeenCalled();
    expect(hub.listening).toBe(false);
  });

  it('drops a stream whose unsent bytes pass the bound, not the others, and never queues for it', () => {
    const drops: number[] = [];
    const hub = new PushHub({ maxBufferedBytes: 4096, onDrop: (_client, bytes) => drops.push(bytes) });
    const slow = new FakeSink(false);
    const fast = new FakeSink(true);
    hub.open(slow, anonymous('10.0.0.1'));
    hub.open(fast, anonymous('10.0.0.2'));
    let version = 0;
    while (!slow.destroyed && version < 1000) {
      hub.publish(logged(event(7, ++version)));
      hub.flush();
    }
    expect(slow.destroyed).toBe(true);
    expect(slow.writableLength).toBeLessThan(4096 + 1024); // the bound plus one batch
    expect(drops).toHaveLength(1);
    expect(hub.stats()).toMatchObject({ connections: 1, dropped: 1 });
    const writesWhenDropped = slow.chunks.length;
    hub.publish(logged(event(7, ++version)));
    hub.flush();
    expect(slow.chunks).toHaveLength(writesWhenDropped);
    expect(fast.changes().at(-1)!.lockVersion).toBe(version);
    expect(fast.destroyed).toBe(false);
  });

  it('sends a heartbeat comment per interval while streams are open, and stops its timer when none are', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const hub = new PushHub({ heartbeatMs: 15_000 });
    const sink = new FakeSink();
    const connection = hub.open(sink, anonymous());
    vi.advanceTimersByTime(14_999);
    expect(sink.text()).not.toContain(': hb');
    vi.advanceTimersByTime(1);
    expect(sink.text().match(/^: hb$/gm)).toHaveLength(1);
    vi.advanceTimersByTime(30_000);
    expect(sink.text().match(/^: hb$/gm)).toHaveLength(3);
    connection.close();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('limits streams per user, per anonymous address and per process', () => {
    const hub = new PushHub({ perUser: 2, perIp: 3, maxConnections: 7 });
    const a = [hub.open(new FakeSink(), user(1)), hub.open(new FakeSink(), user(1))];
    expect(hub.admit(user(1))).toBe('user');
    expect(() => hub.open(new FakeSink(), user(1))).toThrow(/refused/);
    expect(hub.admit(user(2))).toBeNull();
    for (let i = 0; i < 3; i++) hub.open(new FakeSink(), anonymous('10.1.1.1'));
    expect(hub.admit(anonymous('10.1.1.1'))).toBe('ip');
    expect(hub.admit(anonymous('10.1.1.2'))).toBeNull();
    hub.open(new FakeSink(), user(3));
    hub.open(new FakeSink(), anonymous('10.1.1.2'));
    expect(hub.size).toBe(7);
    expect(hub.admit(user(4))).toBe('global');
    a[0]!.close();
    a[0]!.close(); // idempotent
    expect(hub.admit(user(1))).toBeNull();
    expect(hub.size).toBe(6);
  });

  it('close() ends healthy streams, destroys the ones with unsent bytes and refuses new ones', () => {
    const hub = new PushHub();
    const healthy = new FakeSink();
    const stuck = new FakeSink(false);
    hub.open(healthy, anonymous('10.0.0.1'));
    hub.open(stuck, anonymous('10.0.0.2'));
    hub.close();
    expect(healthy.ended).toBe(true);
    expect(stuck.destroyed).toBe(true);
    expect(hub.size).toBe(0);
    expect(hub.admit(anonymous('10.0.0.3'))).toBe('global');
  });

  it('the SSE parser handles split chunks, CRLF, comments, ids and retry', () => {
    const parser = new SseParser();
    const text = 'retry: 2500\r\n: hb\r\n\r\nid: 7\r\nevent: change\r\ndata: {"a":\r\ndata: 1}\r\n\r\ndata: plain\n\n';
    const out: SseMessage[] = [];
    for (const ch of text) out.push(...parser.push(ch));
    expect(out).toEqual([
      { event: 'change', data: '{"a":\n1}', id: '7' },
      { event: 'message', data: 'plain', id: '7' },
    ]);
    expect(parser).toMatchObject({ retry: 2500, comments: 1, lastEventId: '7' });
  });
});

describe('change feed payloads', () => {
  it("a bid's NOTIFY names its activity and the lock version it reached; the others name activities only", () => {
    expect(bidPayload(12, 7)).toBe('12:7');
    expect(parsePayload('12:7')).toEqual({ ids: [12], lockVersions: new Map([[12, 7]]) });
    expect(parsePayload('12,13')).toEqual({ ids: [12, 13] });
    expect(parsePayload('12:7,13')).toEqual({ ids: [12, 13], lockVersions: new Map([[12, 7]]) });
    expect(parsePayload('')).toEqual({ ids: null });
    expect(parsePayload('x')).toEqual({ ids: null });
  });
});
