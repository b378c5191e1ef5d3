import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy…/waitFor wait for something that will happen; on a loaded machine (the suite beside another
// run) the first use of a lazily loaded route can take seconds to transform. A long limit costs nothing
// when it does happen, and the default second made such a wait fail on load alone.
configure({ asyncUtilTimeout: 8_000 });

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});

// antd reads these; jsdom lacks them.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}
window.scrollTo = (() => {}) as typeof window.scrollTo;

// jsdom does not compute pseudo-element styles: asked for one (antd measures the scrollbar through
// '::-webkit-scrollbar' whenever a modal or drawer opens) it prints "Not implemented: … with
// pseudo-elements" and answers the element's own style. Same answer here, without the note; nothing
// else about getComputedStyle changes.
const elementStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = ((element: Element) => elementStyle(element)) as typeof window.getComputedStyle;
