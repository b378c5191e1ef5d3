import { useLayoutEffect, useState, type RefObject } from 'react';

export interface RowRange {
  start: number;
  end: number;
}

/** Rows are added and removed in blocks of this many, so scrolling re-renders the list rarely. */
const BLOCK = 10;

/** The rows of a fixed-row-height list inside the window's scroll that are on screen, plus a block either side. */
export function visibleRange(listTop: number, viewportHeight: number, rowHeight: number, count: number): RowRange {
  const first = Math.floor(Math.max(0, -listTop) / rowHeight);
  const last = Math.ceil(Math.max(0, viewportHeight - listTop) / rowHeight);
  const start = Math.max(0, Math.floor(first / BLOCK) * BLOCK - BLOCK);
  const end = Math.min(count, Math.ceil(last / BLOCK) * BLOCK + BLOCK);
  return { start: Math.min(start, end), end };
}

/**
 * The window of a long list to render (`enabled`), recomputed on window scroll and resize — events, not
 * timers. The state changes only when the range moves by a block.
 */
export function useWindowRange(ref: RefObject<HTMLElement | null>, count: number, rowHeight: number, enabled: boolean): RowRange {
  const [range, setRange] = useState<RowRange>(() => ({ start: 0, end: enabled ? Math.min(count, 4 * BLOCK) : count }));
  useLayoutEffect(() => {
    if (!enabled) {
      setRange((r) => (r.start === 0 && r.end === count ? r : { start: 0, end: count }));
      return undefined;
    }
    const update = () => {
      const top = ref.current?.getBoundingClientRect().top ?? 0;
      const next = visibleRange(top, window.innerHeight, rowHeight, count);
      setRange((r) => (r.start === next.start && r.end === next.end ? r : next));
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update, { passive: true });
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [ref, count, rowHeight, enabled]);
  return range;
}
