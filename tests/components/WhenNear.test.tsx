/**
 * WhenNear (components/WhenNear.tsx): on a phone a block below the first screen is a box of its height until
 * the reader scrolls near it (IntersectionObserver with a margin below the screen), then the block itself;
 * on a computer, or without IntersectionObserver, the block at once.
 */
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WhenNear } from '@/components/WhenNear';

let observers: Array<{ callback: IntersectionObserverCallback; options?: IntersectionObserverInit; targets: Element[]; disconnected: boolean }> = [];
class FakeObserver {
  private entry: (typeof observers)[number];
  constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
    this.entry = { callback, options, targets: [], disconnected: false };
    observers.push(this.entry);
  }
  observe(target: Element) {
    this.entry.targets.push(target);
  }
  disconnect() {
    this.entry.disconnected = true;
  }
}
const phone = () => vi.spyOn(window.screen, 'width', 'get').mockReturnValue(390) && vi.spyOn(window.screen, 'height', 'get').mockReturnValue(844);

beforeEach(() => {
  observers = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('WhenNear', () => {
  it('on a phone keeps a box of the block’s height until the reader nears it, then draws the block', () => {
    phone();
    const { container } = render(
      <WhenNear height={880}>
        <section>项目大厅</section>
      </WhenNear>,
    );
    expect(screen.queryByText('项目大厅')).toBeNull();
    const box = container.querySelector('.when-near') as HTMLElement;
    expect(box.style.minHeight).toBe('880px');
    expect(observers).toHaveLength(1);
    expect(observers[0]!.targets).toEqual([box]);
    expect(observers[0]!.options?.rootMargin).toBe('0px 0px 25% 0px');

    // Still below the margin: nothing yet.
    act(() => observers[0]!.callback([{ isIntersecting: false, target: box } as unknown as IntersectionObserverEntry], {} as IntersectionObserver));
    expect(screen.queryByText('项目大厅')).toBeNull();
    act(() => observers[0]!.callback([{ isIntersecting: true, target: box } as unknown as IntersectionObserverEntry], {} as IntersectionObserver));
    expect(screen.getByText('项目大厅')).toBeInTheDocument();
    expect(container.querySelector('.when-near')).toBeNull();
    expect(observers[0]!.disconnected).toBe(true);
  });

  it('on a computer draws the block at once', () => {
    vi.spyOn(window.screen, 'width', 'get').mockReturnValue(1920);
    vi.spyOn(window.screen, 'height', 'get').mockReturnValue(1080);
    render(<WhenNear height={880}>项目大厅</WhenNear>);
    expect(screen.getByText('项目大厅')).toBeInTheDocument();
    expect(observers).toHaveLength(0);
  });

  it('without IntersectionObserver draws the block at once, phone or not', () => {
    phone();
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<WhenNear height={880}>项目大厅</WhenNear>);
    expect(screen.getByText('项目大厅')).toBeInTheDocument();
  });
});
