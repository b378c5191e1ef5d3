import { useCallback } from 'react';
import { Price } from './Price';

/** How long the flash fades (src/styles/hall.css: the first 40 % of the 2 s `live-flash` animation). */
export const FLASH_FADE_MS = 800;

/**
 * A live price that flashes once when it changes: keyed on the row's change count, so a new price
 * remounts the span and replays the CSS flash (src/styles/hall.css, opacity only).
 *
 * `ticks` (the live list's tick, `store.subscribeTick`): the flash is then ended on the first tick at least
 * FLASH_FADE_MS after it started (`live-flash--done`), when it has faded out and the screen changes anyway
 * (the countdowns). A CSS animation that runs to its end costs the main thread a few frames of its own
 * around the end (and an animationend event); one removed on a tick costs none. Without ticks (or without a
 * tick for 2 s) the animation simply ends by itself.
 */
export function FlashPrice({
  changes,
  flash,
  text,
  tooltip,
  ticks,
}: {
  changes: number;
  flash: boolean;
  text: string;
  tooltip: string | null;
  ticks?: (listener: () => void) => () => void;
}) {
  const settle = useCallback(
    (span: HTMLSpanElement | null) => {
      if (!span || !flash || !ticks) return undefined;
      const started = performance.now();
      let stop: (() => void) | null = null;
      stop = ticks(() => {
        if (performance.now() - started < FLASH_FADE_MS) return;
        span.classList.add('live-flash--done');
        stop?.();
        stop = null;
      });
      return () => {
        stop?.();
        stop = null;
      };
    },
    [flash, ticks],
  );
  return (
    <span key={changes} ref={settle} className={flash ? 'live-flash' : undefined}>
      <Price text={text} tooltip={tooltip} />
    </span>
  );
}
