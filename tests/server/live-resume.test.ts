/**
 * Push events that resume across processes (docs/live.md "Events that resume"): two real server
 * processes (server/main.ts, child processes) on one database — a fresh PostgreSQL database with
 * TEST_DATABASE_URL, else one SQLite file — and an SSE client (sse-client.ts) that moves between them:
 * - a change has the same id on both processes; a stream on A notes its last id, bids go through B while
 *   it is down, and a reconnect to B with Last-Event-ID gets every missed change, in id order, then live
 *   events; a filtered stream only its own activities;
 * - an id older than the log keeps (PORTAL_LIVE_LOG_ROWS), or no id at all, gets `resync`; pruning keeps
 *   the bound;
 * - SIGTERM: the draining process tells its stream to reconnect (`retry: 1000…6000`, `event: reconnect`), the
 *   stream resumes on the other process with what was committed meanwhile.
 * No fixed sleeps: every wait is for an event or an answer, bounded by a timeout.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LIVE_EVENT_RECONNECT, LIVE_EVENT_RESYNC, LIVE_EVENTS_PATH, type LiveChangeEvent, type LiveReadyEvent } from '#domain/contract/liveEvents';
import type { SseMessage } from '../../workers/sse';
import type { DatabaseHandle } from '../../server/db/connection.ts';
import { EventLog } from '../../server/live/eventLog.ts';
import { DRAIN_RETRY_MS, DRAIN_SPREAD_MS } from '../../server/live/pushHub.ts';
import { createClient, freePort } from '../../server/loadtest/run.ts';
import { seedLoad, type LoadSeed } from '../../server/loadtest/seed.ts';
import { prepareDatabase } from '../../server/seed/prepare.ts';
import { DIALECT } from './helpers.ts';
import { createProcessDatabase, type ProcessDatabase } from './process-database.ts';
import { openSse, type SseStream } from './sse-client.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const EVENTS = `/api${LIVE_EVENTS_PATH}`;
const WAIT_MS = 20_000;
/** The log's bound on both processes: small, so a test can reach past it. */
const LOG_ROWS = 30;
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

interface Node {
  name: string;
  port: number;
  child: ChildProcess;
  output: () => string;
  exit: Promise<number | null>;
}

let database: ProcessDatabase;
let handle: DatabaseHandle;
let seeded: LoadSeed;
let a: Node;
let b: Node;
const streams: SseStream[] = [];
/** The next amount to bid per activity (yuan). */
const next = new Map<number, number>();
const increment = new Map<number, number>();
let keySeq = 0;

function startNode(name: string, port: number): Node {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      PORTAL_DEMO: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      PORTAL_DATA_DIR: database.dataDir,
      PORTAL_STATIC_DIR: path.join(database.dataDir, 'no-dist'),
      PORTAL_DEMO_SEED: 'false',
      PORTAL_LIVE_LOG_ROWS: String(LOG_ROWS),
      LOG_LEVEL: 'warn',
      ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += String(d)));
  child.stderr!.on('data', (d) => (out += String(d)));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { name, port, child, output: () => out, exit };
}

async function listening(node: Node): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (!node.output().includes('河北产权交易所门户已启动')) {
    if (Date.now() > deadline || node.child.exitCode !== null) throw new Error(`node ${node.name} did not start:\n${node.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function open(node: Node, options: { lastEventId?: string; query?: string } = {}): Promise<SseStream> {
  const stream = await openSse({
    port: node.port,
    path: `${EVENTS}${options.query ?? ''}`,
    headers: options.lastEventId === undefined ? {} : { 'last-event-id': options.lastEventId },
    waitMs: WAIT_MS,
  });
  streams.push(stream);
  expect(stream.status, stream.body()).toBe(200);
  return stream;
}

const readyOf = async (stream: SseStream): Promise<LiveReadyEvent> => JSON.parse((await stream.waitFor((m) => m.event === 'ready', 'ready')).data) as LiveReadyEvent;
const isChange = (activityId: number, count: number) => (m: SseMessage) => m.event === 'change' && (JSON.parse(m.data) as LiveChangeEvent).activityId === activityId && (JSON.parse(m.data) as LiveChangeEvent).biddingCount === count;
/** The change events after the ready event, with their ids. */
const changesOf = (stream: SseStream) =>
  stream.messages.filter((m) => m.event === 'change').map((m) => ({ id: Number(m.id), event: JSON.parse(m.data) as LiveChangeEvent }));

const lastBidder = new Map<number, number>();

/** The log's newest key: its id on SQLite, the writing transaction's id on PostgreSQL (server/live/eventLog.ts). */
async function newestKey(): Promise<number> {
  const key = DIALECT === 'postgres' ? sql<number>`max((tx::text)::bigint)` : sql<number>`max(id)`;
  return Number((await sql<{ last: number }>`select ${key} as last from live_event`.execute(handle.db)).rows[0]!.last);
}

/** One accepted bid on `activityId` through `node`, by the bidder who does not lead it. */
async function bid(node: Node, activityId: number): Promise<void> {
  const bidder = ((lastBidder.get(activityId) ?? 1) + 1) % 2;
  const call = createClient(`http://127.0.0.1:${node.port}`, { keepAlive: false });
  if (!next.has(activityId)) {
    const answer = await call(`/api/dscq-sync/v1/bid-assets/bidding-data?activityId=${activityId}`);
    const data = (JSON.parse(answer.body) as { data: { biddingPrice: number; biddingCount: number; startPrice: number; increment: number } }).data;
    increment.set(activityId, data.increment);
    next.set(activityId, data.biddingCount === 0 ? data.startPrice : data.biddingPrice + data.increment);
  }
  const amount = next.get(activityId)!;
  const answer = await call(`/api/dscq-sync/v1/bidding/ongoing/bid?activityId=${activityId}&amount=${amount}&idempotencyKey=resume-${process.pid}-${++keySeq}`, {
    authorization: `Bearer ${seeded.tokens[bidder]!}`,
  });
  expect(answer.status, answer.body).toBe(200);
  expect((JSON.parse(answer.body) as { code: number }).code, answer.body).toBe(200);
  next.set(activityId, amount + increment.get(activityId)!);
  lastBidder.set(activityId, bidder);
}

beforeAll(async () => {
  database = await createProcessDatabase('resume');
  handle = database.open();
  await prepareDatabase(handle, { seed: false, now: Date.now() });
  seeded = await seedLoad(handle.db, { lots: 3, bidders: 2, now: Date.now(), minEndMs: 3_600_000, maxEndMs: 7_200_000, dataDir: database.dataDir, runId: 'rs' });
  const [portA, portB] = [await freePort(), await freePort()];
  a = startNode('A', portA);
  b = startNode('B', portB);
  await Promise.all([listening(a), listening(b)]);
});

afterAll(async () => {
  for (const s of streams) s.close();
  for (const node of [a, b]) if (node && node.child.exitCode === null) node.child.kill('SIGKILL');
  await Promise.all([a?.exit, b?.exit]);
  await handle?.close();
  await database?.dispose();
});

describe(`push events resume across two processes on ${DIALECT}`, () => {
  it('gives a change the same id on every process; a stream resumes on the other with every missed change, in order, then live ones', async () => {
    const [lot1, lot2] = seeded.activityIds as [number, number];
    const onA = await open(a);
    const onB = await open(b);
    await Promise.all([readyOf(onA), readyOf(onB)]);
    await bid(a, lot1);
    const [seenA, seenB] = await Promise.all([onA.waitFor(isChange(lot1, 1), 'the bid on A'), onB.waitFor(isChange(lot1, 1), 'the bid on B')]);
    expect(Number(seenA.id)).toBeGreaterThan(0);
    expect(seenB.id).toBe(seenA.id); // the event log's id, not a per-process count
    const lastId = onA.lastEventId()!;
    onA.close();

    // While the stream is down, three bids through B on two activities.
    await bid(b, lot1);
    await bid(b, lot2);
    await bid(b, lot1);

    // The log's newest key now: lot 1's last bid (nothing else changed meanwhile); its event's id is key + 1.
    const newest = (await newestKey()) + 1;
    const resumed = await open(b, { lastEventId: lastId });
    expect(await readyOf(resumed)).toMatchObject({ resumed: true });
    await resumed.waitFor((m) => Number(m.id) >= newest, `the change with id ${newest}`);
    const replayed = changesOf(resumed);
    const ids = replayed.map((c) => c.id);
    expect(ids.every((id) => id > Number(lastId))).toBe(true);
    // In id order; an id may come twice (the replay reaches the settled position, the process's own
    // reading of the log then hands the same change on: the client keeps the newer lock version).
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    // Every missed change arrives (the activity's state as of it or newer); lot 1's last bid is the newest.
    expect(replayed.at(-1), JSON.stringify(replayed)).toMatchObject({ id: newest, event: { activityId: lot1, biddingCount: 3 } });
    const lot2At = replayed.findIndex((c) => c.event.activityId === lot2 && c.event.biddingCount === 1);
    expect(lot2At, JSON.stringify(replayed)).toBeGreaterThanOrEqual(0);
    expect(lot2At).toBeLessThan(replayed.length - 1);
    expect(resumed.messages.findIndex((m) => m.event === 'ready')).toBe(0);

    // Live events follow the replay, with larger ids.
    await bid(a, lot2);
    await resumed.waitFor(isChange(lot2, 2), 'a live bid after the replay');
    const after = changesOf(resumed);
    expect(after.at(-1)!.id).toBeGreaterThan(ids.at(-1)!);

    // A filtered stream resumes with its own activities only.
    const room = await open(b, { lastEventId: lastId, query: `?activityIds=${lot2}` });
    expect(await readyOf(room)).toMatchObject({ resumed: true });
    await room.waitFor(isChange(lot2, 2), 'lot 2 in the room');
    expect(changesOf(room).every((c) => c.event.activityId === lot2)).toBe(true);

    // An id the stream already has (ahead of nothing missed): ready, nothing replayed.
    const current = await open(b, { lastEventId: String(after.at(-1)!.id) });
    expect(await readyOf(current)).toMatchObject({ resumed: true });
    expect(changesOf(current)).toEqual([]);
  });

  it('an id older than the log keeps, or not an id, gets a re-sync; pruning keeps the bound', async () => {
    const lot3 = seeded.activityIds[2]!;
    // More logged changes than the bound (every committed lock-version move is one row).
    for (let i = 0; i < LOG_ROWS + 5; i++) await sql`update bid_activity set lock_version = lock_version + 1 where id = ${lot3}`.execute(handle.db);
    await bid(a, lot3); // its announcement makes A read the log at once
    const watch = await open(a);
    await readyOf(watch);
    await bid(a, lot3);
    await watch.waitFor(isChange(lot3, 2), 'the bid after the bumps');
    // What the processes' prune does every 30 s: keep the newest LOG_ROWS rows.
    await sql`delete from live_event where id <= (select max(id) - ${LOG_ROWS} from live_event)`.execute(handle.db);

    const old = await open(a, { lastEventId: '1' });
    expect(await readyOf(old)).toEqual(expect.objectContaining({ resumed: false }));
    expect(JSON.parse((await old.waitFor((m) => m.event === LIVE_EVENT_RESYNC, 'resync')).data)).toEqual({ reason: 'expired' });
    expect(changesOf(old)).toEqual([]);

    const garbage = await open(b, { query: '?lastEventId=abc' });
    expect(await readyOf(garbage)).toMatchObject({ resumed: false });
    expect(JSON.parse((await garbage.waitFor((m) => m.event === LIVE_EVENT_RESYNC, 'resync')).data)).toEqual({ reason: 'invalid' });

    // Pruning (every 30 s in a server; here at once) deletes what lies beyond the bound, oldest first.
    const log = new EventLog({ db: handle.db, postgres: DIALECT === 'postgres', now: Date.now, keepRows: 10, onBatch: () => {} });
    try {
      await log.ready;
      expect(await log.prune()).toBeGreaterThan(0);
      const { rows } = (await handle.db.selectFrom('live_event').select((eb) => eb.fn.countAll().as('rows')).executeTakeFirstOrThrow()) as { rows: number | string };
      expect(Number(rows)).toBeLessThanOrEqual(10);
      expect(await log.replay(1, null)).toEqual({ resync: 'expired' });
      const recent = await log.replay(log.position - 1, null);
      expect(recent).not.toHaveProperty('resync');
      expect((recent as { upTo: number }).upTo).toBeGreaterThanOrEqual(log.position);

      // Resumes arriving in one turn are answered by one read (EventLog.replayBatch), each as it would be alone.
      const key = DIALECT === 'postgres' ? sql<string>`(tx::text)::bigint` : sql<string>`id`;
      const keys = (await sql<{ k: string }>`select ${key} as k from live_event order by 1`.execute(handle.db)).rows.map((r) => Number(r.k));
      const asks: Array<[number, number[] | null]> = [
        [keys[0]!, null],
        [keys[0]!, [lot3]],
        [keys.at(-1)!, [seeded.activityIds[0]!, lot3]],
        [1, null],
        [log.position + 5, null],
      ];
      const shape = (o: Awaited<ReturnType<EventLog['replay']>>) => ('resync' in o ? o : { changes: o.changes.map((c) => [c.id, c.event.activityId, c.event.lockVersion]) });
      const upTo = (o: Awaited<ReturnType<EventLog['replay']>>) => ('resync' in o ? null : o.upTo);
      const batch = await Promise.all(asks.map(([after, ids]) => log.replay(after, ids)));
      const single: Array<Awaited<ReturnType<EventLog['replay']>>> = [];
      for (const [after, ids] of asks) single.push(await log.replay(after, ids));
      const together = batch.map(shape);
      expect(together).toEqual(single.map(shape));
      // The settled position is read at each answer: on PostgreSQL it is a transaction id, which any other
      // transaction in the cluster moves on (the CI's other test files), so a later answer may name a later one.
      batch.forEach((o, i) => upTo(o) !== null && expect(upTo(o)).toBeLessThanOrEqual(upTo(single[i]!)!));
      expect(together[0]).toMatchObject({ changes: expect.arrayContaining([expect.arrayContaining([lot3])]) });
      expect(together[3]).toEqual({ resync: 'expired' });
      expect(together[4]).toMatchObject({ changes: [] });
    } finally {
      log.close();
    }
  });

  it('a draining process (SIGTERM) tells its stream to reconnect; the stream resumes on the other process with what it missed', async () => {
    const [lot1, lot2] = seeded.activityIds as [number, number];
    const stream = await open(a);
    await readyOf(stream);
    await bid(a, lot1);
    await stream.waitFor((m) => m.event === 'change' && (JSON.parse(m.data) as LiveChangeEvent).activityId === lot1, 'a bid before the stop');
    const lastId = stream.lastEventId()!;

    a.child.kill('SIGTERM');
    const notice = await stream.waitFor((m) => m.event === LIVE_EVENT_RECONNECT, 'the reconnect notice');
    // From 1 s on, spread over the process's streams (pushHub DRAIN_SPREAD_MS): this one's in the notice and the hint.
    const { retryMs } = JSON.parse(notice.data) as { retryMs: number };
    expect(JSON.parse(notice.data)).toEqual({ reason: 'draining', retryMs });
    expect(retryMs).toBeGreaterThanOrEqual(DRAIN_RETRY_MS);
    expect(retryMs).toBeLessThan(DRAIN_RETRY_MS + DRAIN_SPREAD_MS);
    expect(stream.retry()).toBe(retryMs);
    await stream.ended;
    expect(await a.exit).toBe(0);
    // A refuses from now on (its port is closed once drained: the balancer's /readyz sends nobody there).
    await expect(openSse({ port: a.port, path: EVENTS, waitMs: WAIT_MS })).rejects.toThrow();

    // Committed while the client waits out its retry.
    const count = (await handle.db.selectFrom('bid_activity').select('bid_count').where('id', '=', lot2).executeTakeFirstOrThrow()).bid_count;
    await bid(b, lot2);
    const resumed = await open(b, { lastEventId: lastId });
    expect(await readyOf(resumed)).toMatchObject({ resumed: true });
    await resumed.waitFor(isChange(lot2, Number(count) + 1), 'the bid committed during the reconnect');
  });
});
