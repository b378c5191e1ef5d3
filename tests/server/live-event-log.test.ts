/**
 * The pure parts of resuming push streams (docs/live.md "Events that resume"): the event ids of the log
 * (server/live/eventLog.ts `wireIds`), Last-Event-ID parsing, and the push hub's
 * resume (server/live/pushHub.ts): ready, the replay, the changes held meanwhile — in id order, none
 * twice — or a re-sync; ids on heartbeats; a draining hub refuses resuming streams too, and spreads its
 * streams' reconnections.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveChangeEvent } from '#domain/contract/liveEvents';
import { SseParser } from '../../workers/sse';
import { oldestRunning, parseEventId, wireIds } from '../../server/live/eventLog.ts';
import { PushHub, type LoggedChange, type PushClient, type PushSink } from '../../server/live/pushHub.ts';

class Sink implements PushSink {
  text = '';
  writableLength = 0;
  ended = false;
  write(chunk: string): boolean {
    this.text += chunk;
    return true;
  }
  end(): void {
    this.ended = true;
  }
  destroy(): void {}
  messages() {
    return new SseParser().push(this.text);
  }
  changes() {
    return this.messages()
      .filter((m) => m.event === 'change')
      .map((m) => [Number(m.id), (JSON.parse(m.data) as LiveChangeEvent).activityId, (JSON.parse(m.data) as LiveChangeEvent).lockVersion]);
  }
}

const hall: PushClient = { userId: null, ip: '10.0.0.1', activityIds: null };
const room = (...ids: number[]): PushClient => ({ userId: null, ip: '10.0.0.2', activityIds: ids });
const change = (id: number, activityId: number, lockVersion: number, status: LiveChangeEvent['status'] = 'live'): LoggedChange => ({
  id,
  event: { activityId, lockVersion, status, outcome: null, biddingCount: lockVersion, endTime: 0, extensionCount: 0, serverTime: 0 },
});

describe('event log ids', () => {
  it('a wire id is a position: key + 1 after the last event of its key, the key before that', () => {
    expect(wireIds([])).toEqual([]);
    expect(wireIds([5, 7, 9])).toEqual([6, 8, 10]);
    // One transaction (key 7) changed two activities: a client holding only the first must get both again.
    expect(wireIds([5, 7, 7, 9])).toEqual([6, 7, 8, 10]);
  });

  it('the settled position on PostgreSQL: the oldest running transaction of the database, placed in xmax’s epoch', () => {
    const epoch = 3n << 32n;
    expect(oldestRunning(epoch + 1000n, [])).toBe(epoch + 1000n); // nothing running: xmax
    expect(oldestRunning(epoch + 1000n, [990, 995])).toBe(epoch + 990n);
    expect(oldestRunning(epoch + 1000n, [1000, 1200])).toBe(epoch + 1000n); // at or after xmax: no lower bound
    // Across the wrap: xmax just past an epoch boundary, a transaction from the previous epoch still running.
    expect(oldestRunning(epoch + 5n, [4294967290])).toBe(epoch - 6n);
  });

  it('parses Last-Event-ID: a non-negative integer or nothing', () => {
    expect(parseEventId('42')).toBe(42);
    expect(parseEventId(' 7 ')).toBe(7);
    for (const bad of [undefined, '', 'abc', '-1', '1.5', '1e3', '9'.repeat(16)]) expect(parseEventId(bad)).toBeNull();
  });
});

describe('push hub: resuming streams', () => {
  afterEach(() => vi.useRealTimers());

  it('writes ready, the replay, then what was published meanwhile and is newer, in id order, once', () => {
    const hub = new PushHub({ now: () => 0 });
    const sink = new Sink();
    const connection = hub.open(sink, hall, { after: 10 });
    expect(sink.messages()).toEqual([]); // the retry hint only, until the replay is known
    // Published while the replay is read: 12 is covered by the replay (up to 13), 15 is not.
    hub.publish([change(12, 1, 2), change(15, 2, 5)], 15);
    hub.flush();
    expect(sink.changes()).toEqual([]);
    hub.resume(connection, { changes: [change(11, 3, 1), change(13, 1, 3)], upTo: 13 });
    const messages = sink.messages();
    expect(messages[0]).toMatchObject({ event: 'ready' });
    expect(JSON.parse(messages[0]!.data)).toMatchObject({ resumed: true });
    expect(sink.changes()).toEqual([
      [11, 3, 1],
      [13, 1, 3],
      [15, 2, 5],
    ]);
    // From now on an ordinary stream.
    hub.publish([change(16, 1, 4)]);
    hub.flush();
    expect(sink.changes().at(-1)).toEqual([16, 1, 4]);
  });

  it('a re-sync: ready (not resumed), resync, then everything published meanwhile; a room gets only its own', () => {
    const hub = new PushHub();
    const sink = new Sink();
    const roomSink = new Sink();
    const connection = hub.open(sink, hall, { after: 3 });
    const roomConnection = hub.open(roomSink, room(2), { after: 3 });
    hub.publish([change(2, 1, 1), change(8, 2, 2), change(9, 4, 1, 'scheduled')], 9);
    hub.flush();
    hub.resume(connection, { resync: 'expired' });
    hub.resume(roomConnection, { changes: [change(5, 1, 1), change(6, 2, 1)], upTo: 7 });
    const messages = sink.messages();
    expect(messages.map((m) => m.event)).toEqual(['ready', 'resync', 'change', 'change']);
    expect(JSON.parse(messages[0]!.data)).toMatchObject({ resumed: false });
    expect(JSON.parse(messages[1]!.data)).toEqual({ reason: 'expired' });
    expect(sink.changes()).toEqual([
      [2, 1, 1],
      [8, 2, 2],
    ]); // no scheduled row in the hall
    expect(roomSink.changes()).toEqual([
      [6, 2, 1],
      [8, 2, 2],
    ]);
  });

  it('heartbeats carry the position written so far; a draining hub refuses resuming streams too', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] }); // the flush's setImmediate stays real
    const hub = new PushHub({ heartbeatMs: 1000 });
    const sink = new Sink();
    hub.open(sink, room(9));
    hub.publish([change(21, 1, 1)], 25);
    vi.advanceTimersByTime(1000); // before the flush: no claim yet
    expect(sink.messages().filter((m) => m.id !== undefined)).toEqual([]);
    hub.flush();
    vi.advanceTimersByTime(1000);
    expect(sink.messages().at(-1)).toMatchObject({ event: 'message', data: '', id: '25' });
    hub.drain();
    expect(sink.ended).toBe(true);
    expect(hub.admit(hall)).toBe('draining');
    expect(() => hub.open(new Sink(), hall, { after: 1 })).toThrow(/draining/);
    hub.close();
  });

  it('a drain spreads its streams’ reconnections: retry hints from retryMs over spreadMs', () => {
    const hub = new PushHub({});
    const sinks = [0, 1, 2, 3].map(() => new Sink());
    for (const [i, sink] of sinks.entries()) hub.open(sink, { userId: i + 1, ip: '10.0.0.2', activityIds: [9] });
    hub.drain(1000, 2000);
    const hints = sinks.map((sink) => {
      const notice = sink.messages().find((m) => m.event === 'reconnect')!;
      return JSON.parse(notice.data) as { retryMs: number };
    });
    expect(hints.map((h) => h.retryMs)).toEqual([1000, 1500, 2000, 2500]);
    expect(sinks.every((s) => s.ended)).toBe(true);
    // At open too: each stream's hint the next step around the 2 s default (OPEN_RETRY_SPREAD_MS ±1 s in 20 steps).
    expect(sinks.map((sink) => Number(/^retry: (\d+)/.exec(sink.text)![1]))).toEqual([1000, 1100, 1200, 1300]);
    hub.close();
  });
});
