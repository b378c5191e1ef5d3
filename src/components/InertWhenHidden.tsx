import { useEffect, useRef, type ReactNode } from 'react';

const HIDDEN = '[aria-hidden="true"]';

/** Makes every element under `root` that is aria-hidden also inert (not focusable, not clickable), and undoes it when shown. */
function sync(root: HTMLElement): void {
  root.querySelectorAll<HTMLElement>('[inert]').forEach((element) => {
    if (element.getAttribute('aria-hidden') !== 'true') element.inert = false;
  });
  root.querySelectorAll<HTMLElement>(HIDDEN).forEach((element) => {
    element.inert = true;
  });
}

/**
 * A wrapper for carousels: antd's Carousel clones its slides for the endless loop and marks the
 * clones and the slides out of view `aria-hidden="true"`, but their links stay focusable — a keyboard user
 * tabs into slides a screen reader does not know about (axe: aria-hidden-focus). This keeps `inert` in
 * step with `aria-hidden` below it, so hidden slides take no focus and no click; the shown slide does.
 * A MutationObserver follows the carousel's own attribute changes (no timer).
 */
export function InertWhenHidden({ children, className }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return undefined;
    sync(root);
    const observer = new MutationObserver(() => sync(root));
    observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-hidden'] });
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={ref} className={className}>
      {children}
    </div>
  );
}
