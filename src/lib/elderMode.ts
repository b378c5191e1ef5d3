/**
 * The elder-friendly mode (长辈模式; the age-friendly web rules 互联网网站适老化通用设计规范): larger
 * type and higher contrast, switched in the top bar and remembered per browser through src/lib/storage
 * (local storage, key hbcq-elderMode). It sets `<html class="elder-mode">` (src/styles/global.css: darker
 * greys, a 1.15 zoom where the layout has room) and the app's antd theme (src/app/theme.ts elderTheme).
 */
import { useSyncExternalStore } from 'react';
import { getStore, setStore } from './storage';

const KEY = 'elderMode';
export const ELDER_CLASS = 'elder-mode';
const listeners = new Set<() => void>();
let cached: boolean | null = null;

export function elderMode(): boolean {
  if (cached === null) cached = getStore<boolean>(KEY) === true;
  return cached;
}

/** Puts the mode's class on the page (call once before the first render, and on each change). */
export function applyElderMode(on: boolean = elderMode(), doc: Document = document): void {
  doc.documentElement.classList.toggle(ELDER_CLASS, on);
}

export function setElderMode(on: boolean): void {
  cached = on;
  setStore(KEY, on, 'local');
  applyElderMode(on);
  for (const listener of [...listeners]) listener();
}

/** Forgets the read value (tests, and a storage change made in another tab). */
export function reloadElderMode(): void {
  cached = null;
  applyElderMode();
  for (const listener of [...listeners]) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useElderMode(): boolean {
  return useSyncExternalStore(subscribe, elderMode, elderMode);
}
