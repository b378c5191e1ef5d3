/**
 * One activity's bidding data (the bidding room's poll): bidding-data every BIDDING_DATA_POLL_MS, one
 * frame per tick with the countdown to the start (scheduled) or the end (live). The data object keeps its
 * identity while the answer is unchanged, so the delta encoding sends it only when it changed.
 */
import { Observable, Subject, filter, merge } from 'rxjs';
import { COUNTDOWN_OVER_TEXT } from '#domain/rules/bidding';
import { liveCountdown } from '#domain/rules/liveValues';
import { HALL_PATHS, type BiddingData } from '#domain/contract/hall';
import { type BidRecord } from '#domain/contract/activity';
import type { BiddingDataFrame, LiveRecordMeta } from './protocol/frames';
import type { BiddingDataParams } from './protocol/protocol';
import type { ProducerContext } from './context';
import { apiHeaders, failureText, postJson, unwrapEnvelope } from './http';
import { poll } from './poller';
import { applyToBiddingData, bidsComplete, mergeBids, newerEvent, pushPaced } from './pushApply';
import type { LiveChangeEvent } from '#domain/contract/liveEvents';
import { sameRow } from './rows';
import { shareLatest } from './rx';
import { startTicker } from './ticker';

export const BIDDING_DATA_POLL_MS = 1_000;

export function parseBiddingData(data: unknown): BiddingData {
  const record = data as Partial<BiddingData> | null;
  if (!record || typeof record.activityId !== 'number' || typeof record.endTime !== 'number') {
    throw new Error('bidding-data: not an activity');
  }
  return record as BiddingData;
}

/** The countdown of the room (liveCountdown: to the start while scheduled, to the end while live, over once ended). */
export function roomCountdown(data: BiddingData | null, serverNow: number): string {
  return data ? liveCountdown(data, serverNow).text : '';
}

/** Same answer (bids included)? Compared once per poll, not per tick. */
export function sameBiddingData(a: BiddingData, b: BiddingData): boolean {
  const { bids: bidsA, ...restA } = a;
  const { bids: bidsB, ...restB } = b;
  return (
    sameRow(restA, restB) &&
    bidsA.length === bidsB.length &&
    bidsA.every((bid, i) => sameRow(bid, bidsB[i]!))
  );
}

const LOADING: LiveRecordMeta = { status: 'loading', error: null };
const READY: LiveRecordMeta = { status: 'ready', error: null };

export function createBiddingData$(params: BiddingDataParams, ctx: ProducerContext): Observable<BiddingDataFrame> {
  const activityId = Number(params?.activityId);
  return new Observable<BiddingDataFrame>((subscriber) => {
    /** The last polled answer, and the newest push event (data = the newer of the two: newerState). */
    let polled: BiddingData | null = null;
    let pushed: LiveChangeEvent | undefined;
    /** Bids pushed events brought that the last poll did not have yet (newest first). */
    let pushedBids: BidRecord[] = [];
    let data: BiddingData | null = null;
    /** One re-sync poll now (after an applied push event: the bids list and the mode's state). */
    const resyncNow = new Subject<void>();
    let etag: string | null = null;
    let meta = LOADING;
    const ticker = startTicker(
      ctx,
      (tick) => {
        if (meta.status === 'loading') return null;
        const remaining = roomCountdown(data, tick.serverNow);
        return { serverNow: tick.serverNow, synced: tick.synced, meta, data, remaining, over: remaining === COUNTDOWN_OVER_TEXT };
      },
      (frame) => subscriber.next(frame),
    );
    const setMeta = (next: LiveRecordMeta) => {
      const first = meta.status === 'loading';
      if (next.status !== meta.status || next.error !== meta.error) meta = next;
      if (first) ticker.emitNow();
    };
    const polling = poll({
      env: ctx.env,
      name: 'bidding-data',
      intervalMs: BIDDING_DATA_POLL_MS,
      interval$: pushPaced(ctx, BIDDING_DATA_POLL_MS),
      now$: ctx.push && merge(ctx.push.resync$.pipe(filter((id) => id === null || id === activityId)), resyncNow),
      visible$: ctx.visible$,
      load: async (signal) => {
        try {
          const { apiBase, clientId } = ctx.config();
          const answer = await postJson(ctx.env, `${apiBase}${HALL_PATHS.biddingData}`, { activityId }, {
            headers: apiHeaders(clientId),
            etag,
            signal,
          });
          if (answer.notModified) return null; // unchanged: keep the data we hold
          const parsed = parseBiddingData(unwrapEnvelope(answer.body));
          etag = answer.etag;
          return parsed;
        } catch (error) {
          if (!signal.aborted) setMeta({ status: 'error', error: failureText(error) });
          throw error;
        }
      },
    }).subscribe((next) => {
      if (next && !(polled && sameBiddingData(polled, next))) polled = next;
      if (polled) {
        const polledTop = polled.bids[0]?.seq ?? 0;
        pushedBids = pushedBids.filter((bid) => bid.seq > polledTop);
        const shown = applyToBiddingData(polled, pushed, pushedBids);
        if (!(data && sameBiddingData(data, shown))) {
          // A change renders on arrival, polled as pushed (not up to a second later at the next tick).
          const first = data === null;
          data = shown;
          if (!first && meta.status === 'ready') ticker.emitNow();
        }
      }
      setMeta(READY);
    });
    // Push: a newer change of this activity is shown at once (not at the next tick), with the bid it carries
    // in the history and the mode's state. A poll follows only when the event cannot tell all (a gap in the
    // history, a status change: the result) — not after every bid, or N watching rooms would poll N times
    // per bid.
    const changes = ctx.push?.changes([activityId]).subscribe((event) => {
      if (event.activityId !== activityId || !newerEvent(pushed, event)) return;
      pushed = event;
      if (event.lastBid) pushedBids = mergeBids(pushedBids, [event.lastBid]);
      if (!polled) return;
      const shown = applyToBiddingData(polled, pushed, pushedBids);
      if (data && sameBiddingData(data, shown)) return;
      data = shown;
      ticker.emitNow();
      const historyComplete = event.biddingPrice === undefined || bidsComplete(shown.bids, shown.biddingCount); // sealed: no history
      const complete = shown.status === polled.status && event.modeState !== undefined && historyComplete;
      if (!complete) resyncNow.next();
    });
    return () => {
      changes?.unsubscribe();
      polling.unsubscribe();
      ticker.stop();
    };
  }).pipe(shareLatest());
}
