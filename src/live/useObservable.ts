import { useMemo, useState, useSyncExternalStore } from 'react';
import type { Observable } from 'rxjs';

interface ObservableStore<T> {
  subscribe(onChange: () => void): () => void;
  getSnapshot(): T;
}

/** An external store over an Observable: `getSnapshot` is the latest value (or `initial`). */
export function createObservableStore<T>(source: Observable<T>, initial: T): ObservableStore<T> {
  let current = initial;
  return {
    subscribe(onChange) {
      const subscription = source.subscribe({
        next: (value) => {
          current = value;
          onChange();
        },
        // The view keeps its last value; the shared stream resets on error and a later mount reconnects.
        error: (error: unknown) => console.warn('[live] stream failed', error),
      });
      return () => subscription.unsubscribe();
    },
    getSnapshot: () => current,
  };
}

/**
 * The latest value of `observable` (or `initial` until it emits), via `useSyncExternalStore`.
 *
 * Subscribes once per observable identity: re-renders do not re-subscribe, so pass a stable Observable
 * (`live.stream(...)` returns the same one for the same name and params; memoise piped ones).
 * `initial` is read on the first render only (an inline object literal does not cause re-subscription).
 */
export function useObservable<T>(observable: Observable<T>, initial: T): T {
  const [firstInitial] = useState(initial);
  const store = useMemo(() => createObservableStore(observable, firstInitial), [observable, firstInitial]);
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
