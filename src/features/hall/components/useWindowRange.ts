import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react';

export interface RowRange {
  start: number;
  end: number;
}

/** Rows are added and removed in blocks of this many, so scrolling re-renders the list rarely. */
const BLOCK = 10;

/** The rows of a fixed-row-height list inside the window's scroll that are on screen (end exclusive). */
export function onScreenRange(listTop: number, viewportHeight: number, rowHeight: number, count: number): RowRange {
  const first = Math.floor(Math.max(0, -listTop) / rowHeight);
  const last = Math.ceil(Math.max(0, viewportHeight - listTop) / rowHeight);
  return { start: Math.min(first, count), end: Math.min(last, count) };
}

/** The rows of a fixed-row-height list inside the window's scroll that are on screen, plus a block either side. */
export function visibleRange(listTop: number, viewportHeight: number, rowHeight: number, count: number): RowRange {
  const first = Math.floor(Math.max(0, -listTop) / rowHeight);
  const last = Math.ceil(Math.max(0, viewportHeight - listTop) / rowHeight);
  const start = Math.max(0, Math.floor(first / BLOCK) * BLOCK - BLOCK);
  const end = Math.min(count, Math.ceil(last / BLOCK) * BLOCK + BLOCK);
  return { start: Math.min(start, end), end };
}

export interface WindowRange extends RowRange {
  /**
   * Whether row `index` is on screen now (read when called: scrolling re-renders nothing). Every row is,
   * as far as this knows, when the list is not windowed.
   */
  isOnScreen(index: number): boolean;
  /** The rows on screen now (read when called), null when the list is not windowed (every row counts). */
  onScreen(): RowRange | null;
}

/**
 * The window of a long list to render (`enabled`), recomputed on window scroll and resize — events, not
 * timers. The state changes only when the range moves by a block.
 */
export function useWindowRange(
  ref: RefObject<HTMLElement | null>,
  count: number,
  rowHeight: number,
  enabled: boolean,
  /** Called on every scroll and resize, after the on-screen rows were updated (before the frame paints). */
  onMove?: () => void,
): WindowRange {
  const moved = useRef(onMove);
  useLayoutEffect(() => {
    moved.current = onMove;
  });
  const [range, setRange] = useState<RowRange>(() => ({ start: 0, end: enabled ? Math.min(count, 4 * BLOCK) : count }));
  const onScreen = useRef<RowRange | null>(null);
  const isOnScreen = useCallback((index: number) => {
    const rows = onScreen.current;
    return rows === null || (index >= rows.start && index < rows.end);
  }, []);
  const readOnScreen = useCallback(() => onScreen.current, []);
  useLayoutEffect(() => {
    if (!enabled) {
      onScreen.current = null;
      setRange((r) => (r.start === 0 && r.end === count ? r : { start: 0, end: count }));
      return undefined;
    }
    const update = () => {
      const top = ref.current?.getBoundingClientRect().top ?? 0;
      onScreen.current = onScreenRange(top, window.innerHeight, rowHeight, count);
      const next = visibleRange(top, window.innerHeight, rowHeight, count);
      setRange((r) => (r.start === next.start && r.end === next.end ? r : next));
      moved.current?.();
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update, { passive: true });
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [ref, count, rowHeight, enabled]);
  return { ...range, isOnScreen, onScreen: readOnScreen };
}
