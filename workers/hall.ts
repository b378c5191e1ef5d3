/**
 * The bidding hall stream: hall/page every HALL_POLL_MS with `If-None-Match` (304 keeps the rows),
 * bidding-rate for the activities on the page every RATE_POLL_MS (the cheap per-second price update),
 * merged into rows with their display values, and one frame per tick of the server clock.
 */
import { HALL_MAX_PAGE_SIZE, HALL_PATHS, RATE_MAX_IDS, type BiddingEntry, type RateAnswer, type RateEntry } from '../src/domain/hall';
import { HALL_PAGE_SIZE } from '../src/domain/constants';
import type { LiveBidRow } from '../src/live/frames';
import type { HallFrame, HallParams } from '../src/live/protocol';
import type { ProducerContext } from './context';
import { apiHeaders, postJson, unwrapEnvelope } from './http';
import { createPolledList$, loadPage, parsePage } from './liveList';
import { poll } from './poller';
import { toBidRow } from './rows';
import { filter, Subscription, type Observable } from 'rxjs';
import type { LiveChangeEvent } from '../src/domain/liveEvents';
import { freshestRate, newerEvent, pushPaced } from './pushApply';

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

/** `{serverTime, rates}` → the rates (entries without an activityId dropped). */
export function parseRates(data: unknown): RateEntry[] {
  const rates = (data as Partial<RateAnswer> | null)?.rates;
  if (!Array.isArray(rates)) throw new Error('bidding-rate: data.rates is not a list');
  return rates.filter((r): r is RateEntry => typeof (r as Partial<RateEntry> | null)?.activityId === 'number');
}

export function createHall$(params: HallParams, ctx: ProducerContext): Observable<HallFrame> {
  const query = hallQuery(params);
  return createPolledList$<BiddingEntry, LiveBidRow>(ctx, () => {
    // The latest price of each activity on the page (per subscription: a restart starts clean).
    let rates = new Map<number, RateEntry>();
    let ratesEtag: string | null = null;
    // The latest push event of each activity on the page (applied over the rates when fresher).
    const pushed = new Map<number, LiveChangeEvent>();
    return {
      name: 'hall',
      intervalMs: HALL_POLL_MS,
      load: (signal, etag) =>
        loadPage(ctx, HALL_PATHS.hallPage, query, (data) => parsePage<BiddingEntry>(data, 'hall/page'), {
          headers: apiHeaders(ctx.config().clientId),
          etag,
          signal,
        }),
      toRow: (entry) => toBidRow(entry, freshestRate(rates.get(entry.activityId), pushed.get(entry.activityId), entry)),
      target: (row) => row.endTime,
      refine: ({ ids, refresh, emitNow }) => {
        const subscriptions = new Subscription();
        // Push (the whole hall): a newer change of a row on the page is shown at once.
        const changes = ctx.push?.changes('all').subscribe((event) => {
          if (!newerEvent(pushed.get(event.activityId), event) || !ids().includes(event.activityId)) return;
          pushed.set(event.activityId, event);
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
          rates = new Map(answer.map((rate) => [rate.activityId, rate]));
          refresh();
        }));
        return subscriptions;
      },
    };
  });
}
