/**
 * The bidder's desk signal: what reaches a logged-in user wherever he is in the app — the unread
 * count for the header, the newest messages (the outbid alert names its lot), and a key that changes with
 * his enrolments and deposits (the pages showing them refetch on it).
 *
 * - polls DESK_PATHS.signal with the bearer (conditional: an unchanged desk is a 304) every DESK_POLL_MS,
 *   and every DESK_HIDDEN_POLL_MS while the tab is hidden (an alert must still reach a bidder in another
 *   tab: the browser notification);
 * - follows the push events of his open rooms (the worker's one push connection): when an event shows the
 *   leader's code moving away from his own, he has just been outbid — the signal is asked again at once,
 *   so the outbid message (committed with the bid) arrives with the event, not up to a poll later;
 * - emits a frame only when the signal changed.
 */
import { BehaviorSubject, Observable, Subject, distinctUntilChanged, map, switchMap, EMPTY } from 'rxjs';
import { DESK_PATHS, type DeskRoom, type DeskSignal } from '#domain/contract/desk';
import type { DeskFrame, DeskParams } from './protocol/protocol';
import type { ProducerContext } from './context';
import { apiHeaders, failureText, HttpStatusError, postJson, unwrapEnvelope } from './http';
import { poll } from './poller';
import { shareLatest } from './rx';

export const DESK_POLL_MS = 5_000;
export const DESK_HIDDEN_POLL_MS = 15_000;

export function parseDeskSignal(data: unknown): DeskSignal {
  const signal = data as Partial<DeskSignal> | null;
  if (!signal || typeof signal.unread !== 'number' || !Array.isArray(signal.latest) || !Array.isArray(signal.rooms)) throw new Error('desk signal: not a signal');
  return signal as DeskSignal;
}

/** A push event showing `room`'s leader moving from the user's code to another: he has been outbid. */
export function isOutbid(room: DeskRoom, previousLeader: string | null | undefined, leader: string | null): boolean {
  return previousLeader === room.bidCode && leader !== room.bidCode;
}

export function createDesk$(params: DeskParams, ctx: ProducerContext): Observable<DeskFrame> {
  const token = typeof params?.token === 'string' ? params.token : '';
  return new Observable<DeskFrame>((subscriber) => {
    let etag: string | null = null;
    let last: DeskSignal | null = null;
    const now = new Subject<void>();
    const rooms = new BehaviorSubject<readonly DeskRoom[]>([]);
    /** The latest leader each open room is known to have (from the signal, then from push events). */
    const leaders = new Map<number, string | null>();
    const polling = poll({
      env: ctx.env,
      name: 'desk-signal',
      intervalMs: DESK_POLL_MS,
      visible$: ctx.visible$,
      pauseWhenHidden: false,
      interval$: ctx.visible$.pipe(map((visible) => (visible ? DESK_POLL_MS : DESK_HIDDEN_POLL_MS))),
      now$: now,
      load: async (signal) => {
        const { apiBase, clientId } = ctx.config();
        try {
          const answer = await postJson(ctx.env, `${apiBase}${DESK_PATHS.signal}`, {}, {
            headers: { ...apiHeaders(clientId), Authorization: `Bearer ${token}` },
            etag,
            signal,
          });
          if (answer.notModified) return null;
          const parsed = parseDeskSignal(unwrapEnvelope(answer.body));
          etag = answer.etag;
          return parsed;
        } catch (error) {
          // The session ended (a logout whose unsubscribe is still on its way, or an expired token, which the
          // app's own client handles): nothing to report, and nothing to retry faster.
          if (error instanceof HttpStatusError && error.status === 401) return null;
          if (!signal.aborted) subscriber.next({ status: 'error', error: failureText(error), signal: last });
          throw error;
        }
      },
    }).subscribe((signal) => {
      if (!signal) return;
      last = signal;
      for (const room of signal.rooms) leaders.set(room.activityId, room.leaderBidCode);
      rooms.next(signal.rooms);
      subscriber.next({ status: 'ready', error: null, signal });
    });
    const watching = rooms
      .pipe(
        map((list) => list.map((room) => room.activityId).sort((a, b) => a - b).join(',')),
        distinctUntilChanged(),
        switchMap((ids) => (ids && ctx.push ? ctx.push.changes(ids.split(',').map(Number)) : EMPTY)),
      )
      .subscribe((event) => {
        if (event.leaderBidCode === undefined) return; // sealed: nobody learns who leads
        const room = rooms.value.find((r) => r.activityId === event.activityId);
        if (!room) return;
        const previous = leaders.get(event.activityId);
        leaders.set(event.activityId, event.leaderBidCode);
        if (isOutbid(room, previous, event.leaderBidCode)) now.next();
      });
    return () => {
      watching.unsubscribe();
      polling.unsubscribe();
    };
  }).pipe(shareLatest());
}
