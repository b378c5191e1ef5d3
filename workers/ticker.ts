/**
 * One frame per clock tick: the live views' frames are built on the worker's shared 1 s clock.
 *
 * - on every tick of `ctx.clock$` (whole seconds of server time) one frame is built and emitted, so a
 *   stream sends ONE message per tick whatever the number of rows;
 * - nothing is emitted before there is something to show (`build` returns null while loading); the first
 *   answer (`emitNow`) is shown at once instead of waiting for the next tick;
 * - while the tab is hidden no frame is sent (nobody looks; the polls pause too); on `visible` one frame
 *   goes out at once (re-sync), the missed ticks are never replayed.
 */
import type { ClockValue } from './protocol/protocol';
import type { ProducerContext } from './context';

export interface Ticker {
  /** Emits a frame for the latest tick now (first data, re-sync). */
  emitNow(): void;
  stop(): void;
}

export function startTicker<F>(ctx: ProducerContext, build: (tick: ClockValue) => F | null, emit: (frame: F) => void): Ticker {
  let last: ClockValue | null = null;
  let visible = true;
  const emitNow = () => {
    if (last === null || !visible) return;
    const frame = build(last);
    if (frame !== null) emit(frame);
  };
  const visibility = ctx.visible$.subscribe((isVisible) => {
    const wasVisible = visible;
    visible = isVisible;
    if (isVisible && !wasVisible) emitNow();
  });
  const clock = ctx.clock$.subscribe((tick) => {
    last = tick;
    emitNow();
  });
  return {
    emitNow,
    stop() {
      clock.unsubscribe();
      visibility.unsubscribe();
    },
  };
}
