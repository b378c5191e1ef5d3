import { useEffect, useRef, useState, type ReactNode } from 'react';
import { isPhoneScreen } from '@/lib/viewport';

/** How far below the screen a block starts drawing: a quarter of a screen ahead of the finger. */
const AHEAD = '0px 0px 25% 0px';

/**
 * A block below a phone's first screen, drawn when the reader scrolls near it (its data fetched then too).
 * A phone's CPU drew the whole home page at once, a second of work before the page answered a tap
 * (bench:mobile, TBT); the first screen is drawn at once and the rest a screen ahead of the reader.
 * Until then a box of the block's usual height keeps the page's length and the scroll bar honest. On a
 * computer (and without IntersectionObserver) everything is drawn at once, as before: find-in-page sees it.
 */
export function WhenNear({ height, now = false, children }: { height: number; /** Drawn at once (the page links into it). */ now?: boolean; children: ReactNode }) {
  const [near, setNear] = useState(() => now || !isPhoneScreen() || typeof IntersectionObserver === 'undefined');
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (near || !box.current) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: AHEAD });
    observer.observe(box.current);
    return () => observer.disconnect();
  }, [near]);
  return near ? children : <div ref={box} className="when-near" style={{ minHeight: height }} aria-hidden="true" />;
}
