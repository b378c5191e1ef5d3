/**
 * A polled live list (hall, upcoming, 溢价领先): one poll of the list (conditional: a 304 keeps what we
 * have), optional extra polls that refine the rows (the hall's bidding-rate), and one frame per clock tick.
 *
 * State per subscription (the stream is shared and refcounted; a new first subscriber starts afresh):
 * the last records, the rows built from them (object identity kept while unchanged, see rows.ts), the
 * meta (loading → ready / error with the server's msg). A failed poll keeps the last good rows, marks
 * the meta 'error' and backs off (poller.ts); the next success clears it.
 */
import { Observable, type Subscription } from 'rxjs';
import type { LiveTimes } from '#domain/rules/liveValues';
import type { LiveKeyedRow, LiveListFrame, LiveListMeta } from './protocol/frames';
import type { ProducerContext } from './context';
import { failureText, postJson, unwrapEnvelope, type PostOptions } from './http';
import { poll } from './poller';
import { countdownTexts, keepIdentity, LOADING_META, nextMeta } from './rows';
import { shareLatest } from './rx';
import { startTicker } from './ticker';

export interface ListPage<E> {
  records: E[];
  total: number;
  current: number;
  size: number;
  pages: number;
}

export type ListAnswer<E> = { notModified: true } | { notModified: false; page: ListPage<E>; etag: string | null };

export interface RowRefiner {
  /** The activityIds of the rows shown now. */
  ids(): number[];
  /** Rebuild the rows from the last records (after the refiner learned something new). */
  refresh(): void;
  /** Send a frame now instead of at the next tick (a pushed price renders on arrival). */
  emitNow(): void;
}

export interface PolledListSetup<E, R extends LiveKeyedRow> {
  name: string;
  intervalMs: number;
  /** One conditional fetch of the list (`etag`: of the answer we hold). */
  load(signal: AbortSignal, etag: string | null): Promise<ListAnswer<E>>;
  toRow(record: E): R;
  /** What a row's countdown counts to (liveCountdown: the start while scheduled, the end while live). */
  times(row: R): LiveTimes;
  /** Extra polls that refine the rows; ended with the list. */
  refine?(refiner: RowRefiner): Subscription;
  /** The list poll's interval as it changes (push healthy: slower; see poller.ts `interval$`). */
  interval$?: Observable<number>;
  /** Each value asks for one list poll now (see poller.ts `now$`). */
  now$?: Observable<unknown>;
}

/** POST a list query with its ETag; parses the envelope's page (in the load, so failures back off). */
export async function loadPage<E>(
  ctx: ProducerContext,
  path: string,
  body: unknown,
  parse: (data: unknown) => ListPage<E>,
  options: PostOptions,
): Promise<ListAnswer<E>> {
  const answer = await postJson(ctx.env, `${ctx.config().apiBase}${path}`, body, options);
  if (answer.notModified) return answer;
  return { notModified: false, page: parse(unwrapEnvelope(answer.body)), etag: answer.etag };
}

const num = (value: unknown, fallback: number): number => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);

/** `{records, total, size, current, pages}` with records that carry an activityId. */
export function parsePage<E extends LiveKeyedRow>(data: unknown, label: string): ListPage<E> {
  const page = data as Partial<ListPage<E>> | null;
  if (!page || !Array.isArray(page.records)) throw new Error(`${label}: data.records is not a list`);
  const records = page.records.filter((r): r is E => typeof (r as Partial<E> | null)?.activityId === 'number');
  return {
    records,
    total: num(page.total, records.length),
    current: num(page.current, 1),
    size: num(page.size, records.length),
    pages: num(page.pages, 1),
  };
}

export function createPolledList$<E, R extends LiveKeyedRow>(
  ctx: ProducerContext,
  setup: () => PolledListSetup<E, R>,
): Observable<LiveListFrame<R>> {
  return new Observable<LiveListFrame<R>>((subscriber) => {
    const options = setup();
    let records: E[] | null = null;
    let etag: string | null = null;
    let rows: readonly R[] = [];
    let meta: LiveListMeta = LOADING_META;

    const ticker = startTicker(
      ctx,
      (tick) =>
        meta.status === 'loading'
          ? null
          : { serverNow: tick.serverNow, synced: tick.synced, meta, rows, remaining: countdownTexts(rows, options.times, tick.serverNow) },
      (frame) => subscriber.next(frame),
    );
    const setMeta = (next: LiveListMeta) => {
      const first = meta.status === 'loading';
      meta = nextMeta(meta, next);
      if (first) ticker.emitNow(); // the first answer is shown at once, not at the next tick
    };
    const rebuild = () => {
      if (records) rows = keepIdentity(rows, records.map(options.toRow));
    };

    const list = poll({
      env: ctx.env,
      name: options.name,
      intervalMs: options.intervalMs,
      interval$: options.interval$,
      now$: options.now$,
      visible$: ctx.visible$,
      load: async (signal) => {
        try {
          return await options.load(signal, etag);
        } catch (error) {
          if (!signal.aborted) setMeta({ ...meta, status: 'error', error: failureText(error) });
          throw error;
        }
      },
    }).subscribe((answer) => {
      if (answer.notModified) {
        if (meta.status !== 'ready') setMeta({ ...meta, status: 'ready', error: null });
        return;
      }
      etag = answer.etag;
      records = answer.page.records;
      rebuild();
      const { total, current, size, pages } = answer.page;
      setMeta({ status: 'ready', error: null, total, current, size, pages });
    });
    const refiner = options.refine?.({
      ids: () => rows.map((row) => row.activityId),
      refresh: rebuild,
      emitNow: () => ticker.emitNow(),
    });

    return () => {
      list.unsubscribe();
      refiner?.unsubscribe();
      ticker.stop();
    };
  }).pipe(shareLatest());
}
