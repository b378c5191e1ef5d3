/**
 * RxJS helpers of the worker. Note: the worker never uses RxJS's time operators (`timer`, `interval`,
 * `delay`…), whose global async scheduler would bypass the injected env; time comes from `LiveEnv` only.
 */
import { ReplaySubject, share, type MonoTypeOperatorFunction } from 'rxjs';

/**
 * Multicast with refcount: the source runs while at least one subscriber is there, late subscribers get
 * the latest value at once, and when the last one leaves (or the source errors/completes) everything is
 * torn down and the cache dropped; the next subscriber starts afresh.
 */
export function shareLatest<T>(): MonoTypeOperatorFunction<T> {
  return share<T>({
    connector: () => new ReplaySubject<T>(1),
    resetOnError: true,
    resetOnComplete: true,
    resetOnRefCountZero: true,
  });
}
