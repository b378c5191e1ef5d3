import { useCallback, useDeferredValue, useEffect, useMemo, useState, useSyncExternalStore, type RefCallback } from 'react';
import type { Observable } from 'rxjs';
import { isOverText, type LiveKeyedRow, type LiveListFrame } from '../../workers/protocol/frames';
import type { StreamName, StreamParams, StreamValue } from '../../workers/protocol/protocol';
import { createLiveListStore, type LiveAnnouncement, type LiveListState, type LiveListStore, type LiveListStoreOptions, type LiveRowSlice } from './rowStore';
import { useLive } from './useLive';

/** The streams whose values are live lists. */
export type ListStreamName = {
  [K in StreamName]: StreamValue<K> extends LiveListFrame<infer _R> ? K : never;
}[StreamName];
export type ListRow<K extends ListStreamName> = StreamValue<K> extends LiveListFrame<infer R> ? R : never;

/**
 * A keyed store fed by the live list `name` for `params` (one store per stream identity: new params, new
 * store). The view reads its slices with the hooks below; nothing here re-renders the caller per tick.
 */
export function useLiveList<K extends ListStreamName>(
  name: K,
  params: StreamParams<K>,
  options: LiveListStoreOptions<ListRow<K>> = {},
): LiveListStore<ListRow<K>> {
  const live = useLive();
  const stream = live.stream as (name: K, params: StreamParams<K>) => Observable<LiveListFrame<ListRow<K>>>;
  // Stable for the same (name, params): the client caches one Observable per key.
  const observable = stream(name, params);
  const [watch] = useState(() => options.watch);
  const store = useMemo(() => {
    void observable; // one store per stream: name and params are those of the observable
    return createLiveListStore<ListRow<K>>({ watch, onFocus: (ids) => live.focus(name, params, ids) });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [observable, watch, live]);
  useEffect(() => {
    const subscription = observable.subscribe({
      next: (frame) => store.apply(frame),
      error: (error: unknown) => store.fail(error instanceof Error ? error.message : String(error)),
    });
    return () => subscription.unsubscribe();
  }, [observable, store]);
  return store;
}

/**
 * Row order, meta and sync state: re-renders on paging, new lots and errors, not on ticks. Deferred: a store's
 * change is a synchronous render, which for a list's first frame or a new page mounts every row in one long
 * task (a phone's blocking time, bench:mobile); the list is drawn in the transition that follows instead,
 * which React slices into short tasks. The rows' own values (useLiveRow) stay synchronous.
 */
export function useLiveListState<R extends LiveKeyedRow>(store: LiveListStore<R>): LiveListState {
  return useDeferredValue(useSyncExternalStore(store.subscribeList, store.getList, store.getList));
}

/** One row's slice: re-renders when this row's values change. */
export function useLiveRow<R extends LiveKeyedRow>(store: LiveListStore<R>, id: number): LiveRowSlice<R> | undefined {
  const subscribe = useCallback((listener: () => void) => store.subscribeRow(id, listener), [store, id]);
  const get = useCallback(() => store.getRow(id), [store, id]);
  return useSyncExternalStore(subscribe, get, get);
}

/**
 * One row's slice plus `flash`: whether its values changed since this row mounted. A row scrolled back
 * into a window (or a list's second copy) must not replay a flash for an old change.
 */
export function useFlashingLiveRow<R extends LiveKeyedRow>(store: LiveListStore<R>, id: number): (LiveRowSlice<R> & { flash: boolean }) | undefined {
  const slice = useLiveRow(store, id);
  const [changesAtMount] = useState(() => slice?.changes ?? 0);
  return slice ? { ...slice, flash: slice.changes > changesAtMount } : undefined;
}

/** One row's countdown text: re-renders when the text changes (about once a second while live). */
export function useLiveRemaining<R extends LiveKeyedRow>(store: LiveListStore<R>, id: number): string {
  const subscribe = useCallback((listener: () => void) => store.subscribeRemaining(id, listener), [store, id]);
  const get = useCallback(() => store.getRemaining(id), [store, id]);
  return useSyncExternalStore(subscribe, get, get);
}

export interface LiveRemainingRefOptions {
  /** Toggled on the element while the text says the time is over (请见标的详情). */
  overClass?: string;
  /**
   * The text goes into a span of this class inside the element (else straight into the element): styled as
   * a fixed-size box with `contain: strict`, a layout boundary, so a changed text lays out that box alone,
   * not the whole table.
   */
  textClass?: string;
}

/**
 * One row's countdown written straight into the DOM: the returned ref callback owns the element's content
 * (render it with no React children) and updates one text node's data when the text changes, with no React
 * render, so a tick costs the main thread a string compare per mounted cell and a text write per changed one.
 */
export function useLiveRemainingRef<R extends LiveKeyedRow>(
  store: LiveListStore<R>,
  id: number,
  { overClass, textClass }: LiveRemainingRefOptions = {},
): RefCallback<HTMLElement> {
  return useCallback(
    (element: HTMLElement | null) => {
      if (!element) return undefined;
      const document = element.ownerDocument;
      const text = document.createTextNode('');
      // A timer that screen readers never read out by itself: the seconds would flood them.
      const box = document.createElement('span');
      if (textClass) box.className = textClass;
      box.setAttribute('role', 'timer');
      box.setAttribute('aria-live', 'off');
      box.appendChild(text);
      element.replaceChildren(box);
      let shown: string | null = null;
      let over = false;
      const write = () => {
        const next = store.getRemaining(id);
        if (next === shown) return;
        shown = next;
        text.data = next;
        if (overClass && isOverText(next) !== over) {
          over = !over;
          element.classList.toggle(overClass, over);
        }
      };
      write();
      const unsubscribe = store.subscribeRemaining(id, write);
      return () => {
        unsubscribe();
      };
    },
    [store, id, overClass, textClass],
  );
}

/** The rows whose price changed in the latest frame. */
export function useLiveAnnouncement<R extends LiveKeyedRow>(store: LiveListStore<R>): LiveAnnouncement<R> {
  return useSyncExternalStore(store.subscribeAnnouncement, store.getAnnouncement, store.getAnnouncement);
}
