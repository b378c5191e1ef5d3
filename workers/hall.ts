/**
 * The bidding hall stream: hall/page every HALL_POLL_MS with `If-None-Match` (304 keeps the rows; every
 * PUSHED_POLL_MS while push is healthy, sooner when an event may change the page's rows),
 * bidding-rate for the activities on the page every RATE_POLL_MS (the cheap per-second price update) and
 * push events, and one frame per tick of the server clock. Each row shows the newest state of its three
 * sources (newerState: lockVersion, then server time), with its display values (rows.ts).
 */
import { HALL_MAX_PAGE_SIZE, HALL_PATHS, RATE_MAX_IDS, type BiddingEntry, type HallPage, type RateAnswer, type RateEntry } from '#domain/contract/hall';
import { HALL_PAGE_SIZE } from '#domain/rules/constants';
import type { LiveBidRow } from './protocol/frames';
import type { HallFrame, HallParams } from './protocol/protocol';
import type { ProducerContext } from './context';
import { apiHeaders, postJson, unwrapEnvelope } from './http';
import { createPolledList$, loadPage, parsePage, type ListPage } from './liveList';
import { poll } from './poller';
import { eventState, rateState, toBidRow, type LotState } from './rows';
import { filter, merge, Subject, Subscription, type Observable } from 'rxjs';
import type { LiveChangeEvent } from '#domain/contract/liveEvents';
import { newerEvent, pushPaced } from './pushApply';

/** The list changes when lots start or end: every 2.5 s (an unchanged answer is a 304). */
export const HALL_POLL_MS = 2_500;
/** Prices of the rows on the page: every second. */
export const RATE_POLL_MS = 1_000;

/** The request body of hall/page: a whole positive page, at most HALL_MAX_PAGE_SIZE rows; the name trimmed. */
export function hallQuery(params: Partial<HallParams>): { assetsName?: string; current: number; size: number } {
  const whole = (value: unknown, fallback: number) =>
    typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : fallback;
  const name = typeof params.assetsName === 'string' ? params.assetsName.trim() : '';
  return {
    ...(name ? { assetsName: name } : {}),
    current: whole(params.current, 1),
    size: Math.min(HALL_MAX_PAGE_SIZE, whole(params.size, HALL_PAGE_SIZE)),
  };
}

/** A hall entry with the server time of its answer (the tie-break of two states at one lockVersion). */
export type HallRecord = BiddingEntry & { serverTime: number };

const serverTimeOf = (data: unknown): number => {
  const time = (data as { serverTime?: unknown } | null)?.serverTime;
  return typeof time === 'number' && Number.isFinite(time) ? time : 0;
};

/** hall/page's page, each record stamped with the answer's `serverTime`. */
export function parseHallPage(data: unknown): ListPage<HallRecord> {
  const page = parsePage<BiddingEntry>(data, 'hall/page');
  const serverTime = serverTimeOf(data as Partial<HallPage> | null);
  return { ...page, records: page.records.map((entry) => ({ ...entry, serverTime })) };
}

/** `{serverTime, rates}` → each rate's state at the answer's server time (entries without an activityId dropped). */
export function parseRates(data: unknown): Map<number, LotState> {
  const rates = (data as Partial<RateAnswer> | null)?.rates;
  if (!Array.isArray(rates)) throw new Error('bidding-rate: data.rates is not a list');
  const serverTime = serverTimeOf(data);
  const states = new Map<number, LotState>();
  for (const rate of rates) {
    if (typeof (rate as Partial<RateEntry> | null)?.activityId === 'number') states.set(rate.activityId, rateState(rate, serverTime));
  }
  return states;
}

export function createHall$(params: HallParams, ctx: ProducerContext): Observable<HallFrame> {
  const query = hallQuery(params);
  return createPolledList$<HallRecord, LiveBidRow>(ctx, () => {
    // The latest rate state of each activity on the page (per subscription: a restart starts clean).
    let rates = new Map<number, LotState>();
    let ratesEtag: string | null = null;
    // The newest push event of each activity on the page.
    const pushed = new Map<number, LiveChangeEvent>();
    // While push is healthy the list is polled every PUSHED_POLL_MS; events that may change which rows
    // the page holds ask for it sooner (listSoon).
    const listNow = new Subject<void>();
    let listAskedAt = -Infinity;
    /** One list poll now, at most once per HALL_POLL_MS: the freshness polling gave, without its cost when quiet. */
    const listSoon = () => {
      const now = ctx.env.now();
      if (now - listAskedAt < HALL_POLL_MS) return;
      listAskedAt = now;
      listNow.next();
    };
    return {
      name: 'hall',
      intervalMs: HALL_POLL_MS,
      interval$: pushPaced(ctx, HALL_POLL_MS),
      now$: ctx.push && merge(listNow, ctx.push.resync$.pipe(filter((id) => id === null))),
      load: (signal, etag) =>
        loadPage(ctx, HALL_PATHS.hallPage, query, parseHallPage, {
          headers: apiHeaders(ctx.config().clientId),
          etag,
          signal,
        }),
      toRow: (record) => {
        const event = pushed.get(record.activityId);
        return toBidRow(record, record.serverTime, rates.get(record.activityId), event && eventState(event, record));
      },
      times: (row) => row,
      refine: ({ ids, refresh, emitNow }) => {
        const subscriptions = new Subscription();
        // Push (the whole hall): a newer change of a row on the page is shown at once. A lot starting, ending
        // or extended (the page is ordered by end time) may change which rows the page holds: the list then.
        const changes = ctx.push?.changes('all').subscribe((event) => {
          if (!newerEvent(pushed.get(event.activityId), event)) return;
          if (!ids().includes(event.activityId)) {
            listSoon();
            return;
          }
          const before = pushed.get(event.activityId);
          pushed.set(event.activityId, event);
          if (event.status !== 'live' || (before && before.endTime !== event.endTime) || event.extensionCount > 0) listSoon();
          refresh();
          emitNow();
        });
        if (changes) subscriptions.add(changes);
        subscriptions.add(poll({
          env: ctx.env,
          name: 'bidding-rate',
          intervalMs: RATE_POLL_MS,
          interval$: pushPaced(ctx, RATE_POLL_MS),
          now$: ctx.push?.resync$.pipe(filter((id) => id === null || ids().includes(id))),
          visible$: ctx.visible$,
          load: async (signal) => {
            const activityIds = ids().slice(0, RATE_MAX_IDS);
            if (activityIds.length === 0) return null; // nothing on the page (yet)
            const { apiBase, clientId } = ctx.config();
            const answer = await postJson(ctx.env, `${apiBase}${HALL_PATHS.biddingRate}`, { activityIds }, {
              headers: apiHeaders(clientId),
              etag: ratesEtag,
              signal,
            });
            if (answer.notModified) return null; // no bid since the last answer
            const parsed = parseRates(unwrapEnvelope(answer.body));
            ratesEtag = answer.etag;
            return parsed;
          },
        }).subscribe((answer) => {
          if (!answer) return;
          rates = answer;
          refresh();
        }));
        return subscriptions;
      },
    };
  });
}
