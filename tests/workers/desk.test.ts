/**
 * The worker's desk stream on fake timers: it polls the desk signal with the bearer (304 when
 * unchanged: no frame), every 5 s while visible and every 15 s while hidden (alerts must reach a bidder in
 * another tab), and asks again at once when a push event shows the user's lead taken.
 */
import { BehaviorSubject, NEVER, Subject, filter } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DeskSignal } from '#domain/contract/desk';
import type { LiveChangeEvent } from '#domain/contract/liveEvents';
import { resolveLiveConfig } from '../../workers/protocol/protocol';
import type { ProducerContext } from '../../workers/context';
import { createDesk$, DESK_HIDDEN_POLL_MS, DESK_POLL_MS, isOutbid } from '../../workers/desk';
import type { LivePush } from '../../workers/context';
import { fakeFetch, json, testEnv, watch } from './helpers';
import { changeEvent } from './liveServer';

const T0 = Date.UTC(2026, 0, 10, 2, 0, 0);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
});

const message = (id: number, title: string) => ({
  id,
  kind: 'outbid' as const,
  kindText: '出价被超越',
  title,
  content: '……',
  link: '/quoteHall?activityId=7',
  read: false,
  createTime: '2026-01-10 10:00:00',
});

function setup() {
  const state: { signal: DeskSignal; version: number; fail: boolean; loggedOut: boolean } = {
    signal: { unread: 1, latest: [message(1, '「甲」出价已被超越')], rooms: [{ activityId: 7, assetsName: '甲', bidCode: '111111', leaderBidCode: '111111' }], stateKey: 'a' },
    version: 1,
    fail: false,
    loggedOut: false,
  };
  const server = fakeFetch((url, init) => {
    if (url.pathname !== '/api/dscq-user/desk/signal') return json({ code: 404, msg: 'no' }, 404);
    if (state.loggedOut) return json({ code: 401, success: false, msg: '请先登录', data: null }, 401);
    if (state.fail) return json({ code: 500, success: false, msg: '服务维护中', data: null }, 500);
    const tag = `W/"v${state.version}"`;
    if (new Headers(init?.headers).get('If-None-Match') === tag) return new Response(null, { status: 304 });
    return new Response(JSON.stringify({ code: 200, success: true, msg: '操作成功', data: state.signal }), { status: 200, headers: { ETag: tag, 'Content-Type': 'application/json' } });
  });
  const events = new Subject<LiveChangeEvent>();
  const watched: number[][] = [];
  const push: LivePush = {
    healthy$: NEVER,
    changes: (f) => {
      watched.push(f === 'all' ? [] : [...f]);
      return events.pipe(filter((e) => f === 'all' || f.includes(e.activityId)));
    },
    resync$: NEVER,
    resync: () => {},
    inject: () => {},
    setAccessToken: () => {},
    close: () => {},
  };
  const visible = new BehaviorSubject(true);
  const ctx: ProducerContext = { env: testEnv(server.fetch), config: () => resolveLiveConfig({ apiBase: '/api' }), visible$: visible, clock$: NEVER, push };
  const calls = () => server.calls.filter((c) => c.url.pathname === '/api/dscq-user/desk/signal');
  return { state, server, events, watched, visible, ctx, calls };
}

describe('desk stream', () => {
  it('polls with the bearer every 5 s; an unchanged signal (304) sends no frame, a change does', async () => {
    const s = setup();
    const desk = watch(createDesk$({ token: 'tok-1' }, s.ctx));
    await vi.advanceTimersByTimeAsync(10);
    expect(desk.frames).toHaveLength(1);
    expect(desk.last()).toMatchObject({ status: 'ready', error: null, signal: { unread: 1 } });
    expect(new Headers(s.calls()[0]!.init?.headers).get('Authorization')).toBe('Bearer tok-1');
    expect(s.calls()[0]!.init?.method).toBe('POST');

    await vi.advanceTimersByTimeAsync(DESK_POLL_MS);
    expect(s.calls()).toHaveLength(2);
    expect(desk.frames).toHaveLength(1); // 304

    s.state.signal = { ...s.state.signal, unread: 2, latest: [message(2, '「乙」出价已被超越'), ...s.state.signal.latest] };
    s.state.version += 1;
    await vi.advanceTimersByTimeAsync(DESK_POLL_MS);
    expect(desk.frames).toHaveLength(2);
    expect(desk.last().signal!.latest.map((m) => m.id)).toEqual([2, 1]);
    // It follows the push events of the open rooms.
    expect(s.watched.at(-1)).toEqual([7]);
    desk.stop();
  });

  it('keeps polling while the tab is hidden, every 15 s', async () => {
    const s = setup();
    const desk = watch(createDesk$({ token: 'tok-1' }, s.ctx));
    await vi.advanceTimersByTimeAsync(10);
    s.visible.next(false);
    const before = s.calls().length;
    await vi.advanceTimersByTimeAsync(DESK_POLL_MS + 100);
    expect(s.calls().length - before).toBeLessThanOrEqual(1);
    await vi.advanceTimersByTimeAsync(3 * DESK_HIDDEN_POLL_MS);
    expect(s.calls().length - before).toBeGreaterThanOrEqual(3);
    expect(s.calls().length - before).toBeLessThanOrEqual(4);
    desk.stop();
  });

  it('asks again at once when a push event shows his lead taken, not for other changes', async () => {
    const s = setup();
    const desk = watch(createDesk$({ token: 'tok-1' }, s.ctx));
    await vi.advanceTimersByTimeAsync(10);
    const before = s.calls().length;
    // Another bid where he already was not leading, then a change without a leader (sealed): nothing.
    s.events.next(changeEvent(T0, { activityId: 7, lockVersion: 3, leaderBidCode: '111111' }));
    s.events.next(changeEvent(T0, { activityId: 7, lockVersion: 4, leaderBidCode: undefined }));
    await vi.advanceTimersByTimeAsync(100);
    expect(s.calls().length).toBe(before);
    // His code loses the lead: a poll now (the outbid message is committed with that bid).
    s.state.signal = { ...s.state.signal, unread: 2, latest: [message(2, '「甲」出价已被超越'), ...s.state.signal.latest] };
    s.state.version += 1;
    s.events.next(changeEvent(T0, { activityId: 7, lockVersion: 5, leaderBidCode: '222222' }));
    await vi.advanceTimersByTimeAsync(100);
    expect(s.calls().length).toBe(before + 1);
    expect(desk.last().signal!.unread).toBe(2);
    // Leading again is not news; losing it again is.
    s.events.next(changeEvent(T0, { activityId: 7, lockVersion: 6, leaderBidCode: '111111' }));
    s.events.next(changeEvent(T0, { activityId: 7, lockVersion: 7, leaderBidCode: '333333' }));
    await vi.advanceTimersByTimeAsync(100);
    expect(s.calls().length).toBe(before + 2);
    desk.stop();
  });

  it('a failed poll sends an error frame that keeps the last signal', async () => {
    const s = setup();
    const desk = watch(createDesk$({ token: 'tok-1' }, s.ctx));
    await vi.advanceTimersByTimeAsync(10);
    s.state.fail = true;
    await vi.advanceTimersByTimeAsync(DESK_POLL_MS);
    expect(desk.last()).toMatchObject({ status: 'error', error: '服务维护中', signal: { unread: 1 } });
    desk.stop();
  });

  it('a 401 (the session ended; a logout’s unsubscribe still on its way) is neither an error frame nor a warning', async () => {
    const s = setup();
    const desk = watch(createDesk$({ token: 'tok-1' }, s.ctx));
    await vi.advanceTimersByTimeAsync(10);
    const frames = desk.frames.length;
    s.state.loggedOut = true;
    await vi.advanceTimersByTimeAsync(3 * DESK_POLL_MS);
    expect(desk.frames.length).toBe(frames);
    expect(s.ctx.env.log).not.toHaveBeenCalled();
    desk.stop();
  });
});

it('isOutbid: only a lead moving from his code to another', () => {
  const room = { activityId: 1, assetsName: '甲', bidCode: '111111', leaderBidCode: null };
  expect(isOutbid(room, '111111', '222222')).toBe(true);
  expect(isOutbid(room, '111111', null)).toBe(true);
  expect(isOutbid(room, '222222', '333333')).toBe(false);
  expect(isOutbid(room, undefined, '222222')).toBe(false);
  expect(isOutbid(room, '111111', '111111')).toBe(false);
});
