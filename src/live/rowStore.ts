/**
 * A keyed store of one live list's frames for `useSyncExternalStore`: each row has its own slices, so one
 * row's change re-renders one row, and a tick re-renders only the countdown texts that changed.
 *
 * Slices, each with its own listeners and a snapshot whose identity changes only when its value does:
 * - the list: the row order (activityIds), the meta and `synced` (changes on paging, new lots, errors);
 * - a row: `{ row, changes }`, `row` being the worker's row object (kept while unchanged, see frames.ts)
 *   and `changes` how often its watched value (the price) changed since the row first appeared: a view
 *   keys its flash animation on it, so the first render does not flash and every change does;
 * - a row's countdown text (every tick, but only rows whose text changed are notified);
 * - the announcement: the rows whose price changed (for a polite live region). It is published with a
 *   frame that changes the screen anyway, so that it never costs a rendering frame of its own: at once when
 *   a changed row is shown (has a row subscriber), else with the next tick (a new serverNow) together with
 *   the countdowns; changes waiting for it are merged (the latest row per activity).
 * `apply` costs O(rows) comparisons per tick and notifies only subscribed slices that changed.
 */
import type { LiveKeyedRow, LiveListFrame, LiveListMeta } from '../../workers/protocol/frames';

export interface LiveListState {
  ids: readonly number[];
  /** Null until the first frame. */
  meta: LiveListMeta | null;
  synced: boolean;
}

export interface LiveRowSlice<R> {
  row: R;
  /** How many times the watched value changed while the row was shown. */
  changes: number;
}

export interface LiveAnnouncement<R> {
  /** Increases with every frame that changed a watched value. */
  seq: number;
  rows: readonly R[];
}

type Listener = () => void;

export interface LiveListStore<R extends LiveKeyedRow> {
  apply(frame: LiveListFrame<R>): void;
  /** The stream failed on the main thread side (the worker ended it): shown like a failed poll. */
  fail(message: string): void;
  subscribeList(listener: Listener): () => void;
  getList(): LiveListState;
  subscribeRow(id: number, listener: Listener): () => void;
  getRow(id: number): LiveRowSlice<R> | undefined;
  subscribeRemaining(id: number, listener: Listener): () => void;
  getRemaining(id: number): string;
  subscribeAnnouncement(listener: Listener): () => void;
  getAnnouncement(): LiveAnnouncement<R>;
  /**
   * Called after every frame of a new tick (a new serverNow), once everything else was applied: a view
   * can finish something at the moment the screen changes anyway (the countdowns), without a timer.
   */
  subscribeTick(listener: Listener): () => void;
  /**
   * Rows for which `deferred(id)` holds (a view's rows rendered but off screen) are told of their changes
   * with the next tick, in the frame that changes the countdowns anyway, instead of in a frame of their own;
   * `flushDeferred()` tells them now (the view scrolled). Null: every row is told at once.
   */
  setDeferral(deferred: ((id: number) => boolean) | null): void;
  flushDeferred(): void;
  /**
   * The rows the view shows now (null: every row), passed on to the worker (LiveListStoreOptions.onFocus)
   * when it differs from the last one: changes of the other rows then cross only with the next tick.
   */
  focus(activityIds: readonly number[] | null): void;
  /** The server time of the latest frame (not a subscribable slice: it changes every tick). */
  serverNow(): number | null;
}

export interface LiveListStoreOptions<R> {
  /** The value whose change flashes and is announced (the price). */
  watch?: (row: R) => unknown;
  /** Where `focus` goes (useLiveList: the live client's focus of this stream). */
  onFocus?: (activityIds: readonly number[] | null) => void;
}

const EMPTY_LIST: LiveListState = { ids: [], meta: null, synced: false };

function keyedListeners() {
  const map = new Map<number, Set<Listener>>();
  return {
    add(id: number, listener: Listener) {
      let set = map.get(id);
      if (!set) map.set(id, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0 && map.get(id) === set) map.delete(id);
      };
    },
    notify(id: number) {
      const set = map.get(id);
      if (set) for (const listener of set) listener();
    },
    has(id: number) {
      return map.has(id);
    },
  };
}

function sameIds(a: readonly number[], b: readonly LiveKeyedRow[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]!.activityId) return false;
  return true;
}

export function createLiveListStore<R extends LiveKeyedRow>(options: LiveListStoreOptions<R> = {}): LiveListStore<R> {
  const { watch, onFocus } = options;
  let lastFocus: readonly number[] | null = null;
  let list = EMPTY_LIST;
  let lastRows: readonly R[] | null = null;
  let lastRemaining: readonly string[] | null = null;
  let serverNow: number | null = null;
  const slices = new Map<number, LiveRowSlice<R>>();
  const remaining = new Map<number, string>();
  let announcement: LiveAnnouncement<R> = { seq: 0, rows: [] };
  /** Watched changes of rows not shown, waiting for the next frame that changes the screen. */
  let unannounced: R[] = [];
  let deferral: ((id: number) => boolean) | null = null;
  /** Rows whose change waits for the next tick (see setDeferral). */
  const deferredRows = new Set<number>();
  const shown = (id: number) => rowListeners.has(id) && !deferral?.(id);
  const flushRows = () => {
    if (deferredRows.size === 0) return;
    const ids = [...deferredRows];
    deferredRows.clear();
    for (const id of ids) rowListeners.notify(id);
  };

  const listListeners = new Set<Listener>();
  const announcementListeners = new Set<Listener>();
  const tickListeners = new Set<Listener>();
  const rowListeners = keyedListeners();
  const remainingListeners = keyedListeners();

  const setList = (next: LiveListState) => {
    list = next;
    for (const listener of listListeners) listener();
  };

  return {
    apply(frame) {
      const tick = frame.serverNow !== serverNow;
      serverNow = frame.serverNow;
      const changedRows: number[] = [];
      const announced: R[] = [];
      if (frame.rows !== lastRows) {
        const present = new Set<number>();
        for (const row of frame.rows) {
          present.add(row.activityId);
          const slice = slices.get(row.activityId);
          if (slice?.row === row) continue;
          let changes = slice?.changes ?? 0;
          if (slice && watch && !Object.is(watch(slice.row), watch(row))) {
            changes += 1;
            announced.push(row);
          }
          slices.set(row.activityId, { row, changes });
          changedRows.push(row.activityId);
        }
        for (const id of slices.keys()) {
          if (!present.has(id)) {
            slices.delete(id);
            remaining.delete(id);
          }
        }
        lastRows = frame.rows;
      }
      const changedTexts: number[] = [];
      const idsChanged = !sameIds(list.ids, frame.rows);
      // A frame between ticks (a pushed price) carries the same texts array, in the same row order:
      // nothing to compare.
      const sameTexts = frame.remaining === lastRemaining && !idsChanged;
      lastRemaining = frame.remaining;
      for (let i = 0; !sameTexts && i < frame.rows.length; i++) {
        const id = frame.rows[i]!.activityId;
        const text = frame.remaining[i] ?? '';
        if (remaining.get(id) !== text) {
          remaining.set(id, text);
          changedTexts.push(id);
        }
      }
      // Every slice is up to date before anyone is told: a row mounted by the list reads its current text.
      if (idsChanged || frame.meta !== list.meta || frame.synced !== list.synced) {
        setList({
          ids: idsChanged ? frame.rows.map((row) => row.activityId) : list.ids,
          meta: frame.meta,
          synced: frame.synced,
        });
      }
      if (tick) flushRows();
      for (const id of changedRows) {
        if (!tick && deferral?.(id) && rowListeners.has(id)) deferredRows.add(id);
        else rowListeners.notify(id);
      }
      for (const id of changedTexts) remainingListeners.notify(id);
      if (announced.length > 0 || unannounced.length > 0) {
        const waiting = unannounced.length > 0 ? [...unannounced, ...announced] : announced;
        if (tick || announced.some((row) => shown(row.activityId))) {
          unannounced = [];
          const latest = new Map<number, R>();
          for (const row of waiting) latest.set(row.activityId, row);
          announcement = { seq: announcement.seq + 1, rows: [...latest.values()] };
          for (const listener of announcementListeners) listener();
        } else {
          unannounced = waiting;
        }
      }
      if (tick) for (const listener of tickListeners) listener();
    },
    fail(message) {
      const meta = list.meta ?? { status: 'error', error: null, total: 0, current: 1, size: 0, pages: 0 };
      setList({ ...list, meta: { ...meta, status: 'error', error: message } });
    },
    subscribeList(listener) {
      listListeners.add(listener);
      return () => listListeners.delete(listener);
    },
    getList: () => list,
    subscribeRow: (id, listener) => rowListeners.add(id, listener),
    getRow: (id) => slices.get(id),
    subscribeRemaining: (id, listener) => remainingListeners.add(id, listener),
    getRemaining: (id) => remaining.get(id) ?? '',
    subscribeAnnouncement(listener) {
      announcementListeners.add(listener);
      return () => announcementListeners.delete(listener);
    },
    getAnnouncement: () => announcement,
    setDeferral(next) {
      deferral = next;
      if (!next) flushRows();
    },
    flushDeferred: flushRows,
    focus(activityIds) {
      const same =
        activityIds === lastFocus ||
        (activityIds !== null && lastFocus !== null && activityIds.length === lastFocus.length && activityIds.every((id, i) => id === lastFocus![i]));
      if (same) return;
      lastFocus = activityIds;
      onFocus?.(activityIds);
    },
    subscribeTick(listener) {
      tickListeners.add(listener);
      return () => tickListeners.delete(listener);
    },
    serverNow: () => serverNow,
  };
}
