/** The per-route viewport: the fluid pages ask for the device's width, the rest stay 1200 px wide. */
import { describe, expect, it } from 'vitest';
import { applyViewport, DESKTOP_VIEWPORT, FLUID_CLASS, FLUID_VIEWPORT } from '@/lib/viewport';

const meta = () => document.querySelector('meta[name="viewport"]')?.getAttribute('content');

describe('applyViewport', () => {
  it('switches the meta viewport and the html class between the fluid and the desktop layout', () => {
    document.head.querySelectorAll('meta[name="viewport"]').forEach((m) => m.remove());
    applyViewport(true);
    expect(meta()).toBe(FLUID_VIEWPORT);
    expect(document.documentElement.classList.contains(FLUID_CLASS)).toBe(true);
    applyViewport(false);
    expect(meta()).toBe(DESKTOP_VIEWPORT);
    expect(document.documentElement.classList.contains(FLUID_CLASS)).toBe(false);
    expect(document.querySelectorAll('meta[name="viewport"]')).toHaveLength(1);
  });
});
