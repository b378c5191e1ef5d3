/** The viewport: a phone lays every page out at its width; elsewhere only the live pages, the rest stay 1200 px wide. */
import { describe, expect, it } from 'vitest';
import { applyViewport, DESKTOP_VIEWPORT, FLUID_CLASS, FLUID_VIEWPORT, isPhoneScreen } from '@/lib/viewport';

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

describe('isPhoneScreen', () => {
  const screen = (width: number, height: number) => ({ screen: { width, height } as Screen });
  it('is a phone under 768 px on its shorter side, held upright or sideways', () => {
    expect(isPhoneScreen(screen(390, 844))).toBe(true);
    expect(isPhoneScreen(screen(844, 390))).toBe(true);
    expect(isPhoneScreen(screen(767, 1024))).toBe(true);
  });
  it('is not a phone from 768 px (a tablet, a computer), nor without a screen to measure', () => {
    expect(isPhoneScreen(screen(768, 1024))).toBe(false);
    expect(isPhoneScreen(screen(1920, 1080))).toBe(false);
    expect(isPhoneScreen(screen(0, 0))).toBe(false);
  });
});
