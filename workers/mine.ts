/**
 * What one bidder alone knows of an activity (bidding-data asked with his bearer: his bid code, and in
 * final, two-stage and onceOff his own offer, whether he joined, whether he is at the cap and may match).
 * The room's public state comes from the anonymous `biddingData` stream (polls and push); this stream asks
 * with the token only when the bidder's own fields can have changed:
 * - his own accepted bid or join (`own$`: the room says so with the answer in hand);
 * - the public state's status or mode phase (a sealed phase ends, final's window opens, the end);
 * - in final's window, while he may match at the cap, a count change: a rival's match can take that right
 *   away (never give it: each match beats the one before, so the last matcher's right only grows).
 * Not on every bid: with N logged-in watchers that was N extra uncached requests per bid.
 * A slow safety refresh and a refresh when the tab becomes visible again cover what a missed event hides.
 */
import { EMPTY, Observable, Subject, distinctUntilChanged, filter, map, merge, skip, type Subscription } from 'rxjs';
import { HALL_PATHS, type BiddingData } from '#domain/contract/hall';
import type { MineFrame, MineParams, BidderMine } from './protocol/protocol';
import type { ProducerContext } from './context';
import { apiHeaders, EnvelopeError, failureText, postJson, unwrapEnvelope } from './http';
import { poll } from './poller';
import { shareLatest } from './rx';

/** A refresh at least this often (a safety net only: the triggers above carry every change). */
export const MINE_SAFETY_MS = 5 * 60_000;
export const MINE_RETRY_MS = 1_000;

/** Modes whose bidding-data tells the bidder something of his own beyond the bid code. */
const MODES_WITH_MINE: ReadonlySet<BiddingData['mode']> = new Set(['final', 'two-stage', 'onceOff']);

/** The bidder's own fields of a bidding-data answer. */
export function bidderMineOf(data: BiddingData): BidderMine {
  const { myBidCode, myOffer, myJoined, myAtCap, myCanMatch } = data;
  return {
    myBidCode: myBidCode ?? null,
    ...(myOffer !== undefined ? { myOffer } : {}),
    ...(myJoined !== undefined ? { myJoined } : {}),
    ...(myAtCap !== undefined ? { myAtCap } : {}),
    ...(myCanMatch !== undefined ? { myCanMatch } : {}),
  };
}

/** What of the public state the bidder's own fields depend on: a new key asks for them again. */
export function mineKey(data: Pick<BiddingData, 'mode' | 'status' | 'modeState' | 'biddingCount'>, mine: BidderMine | null): string {
  if (!MODES_WITH_MINE.has(data.mode)) return '';
  const phase = data.modeState?.phase ?? '';
  const count = data.mode === 'final' && phase === 'final' && mine?.myCanMatch === true ? `|${data.biddingCount}` : '';
  return `${data.status}|${phase}${count}`;
}

export function createMine$(params: MineParams, ctx: ProducerContext): Observable<MineFrame> {
  const activityId = Number(params?.activityId);
  const token = typeof params?.token === 'string' ? params.token : '';
  return new Observable<MineFrame>((subscriber) => {
    let mine: BidderMine | null = null;
    const now = new Subject<void>();
    const polling = poll({
      env: ctx.env,
      name: 'bidding-mine',
      intervalMs: MINE_SAFETY_MS,
      backoff: { initialMs: MINE_RETRY_MS, maxMs: 30_000 },
      visible$: ctx.visible$,
      now$: now,
      load: async (signal) => {
        const { apiBase, clientId } = ctx.config();
        try {
          const answer = await postJson(ctx.env, `${apiBase}${HALL_PATHS.biddingData}`, { activityId }, {
            headers: { ...apiHeaders(clientId), Authorization: `Bearer ${token}` },
            signal,
          });
          if (answer.notModified) return null;
          return unwrapEnvelope(answer.body) as BiddingData;
        } catch (error) {
          if (!signal.aborted) {
            const code = error instanceof EnvelopeError && typeof error.code === 'number' ? error.code : null;
            subscriber.next({ status: 'error', error: failureText(error), code, mine });
          }
          throw error;
        }
      },
    }).subscribe((data) => {
      if (!data) return;
      mine = bidderMineOf(data);
      subscriber.next({ status: 'ready', error: null, code: null, mine });
    });
    // The public state, as the room shows it (the shared anonymous stream): its key moving asks again.
    const triggers: Subscription = merge(
      ctx.own$?.pipe(filter((id) => id === activityId)) ?? EMPTY,
      (ctx.stream?.('biddingData', { activityId }) ?? EMPTY).pipe(
        map((frame) => (frame.data ? mineKey(frame.data, mine) : null)),
        filter((key): key is string => key !== null),
        distinctUntilChanged(),
        skip(1), // the first key is the state the first answer already describes
      ),
    ).subscribe(() => now.next());
    return () => {
      triggers.unsubscribe();
      polling.unsubscribe();
    };
  }).pipe(shareLatest());
}
