/**
 * Client storage (spec section 9): every value is stored under one key prefix, wrapped with its type and
 * the time it was written, in sessionStorage (per tab) or localStorage (shared, survives restarts).
 */

export const STORAGE_PREFIX = 'hbcq-';

export type StorageArea = 'session' | 'local';

interface StoredRecord<T> {
  dataType: string;
  content: T;
  area: StorageArea;
  datetime: number;
}

function areaOf(area: StorageArea): Storage {
  return area === 'session' ? window.sessionStorage : window.localStorage;
}

export function setStore<T>(name: string, content: T, area: StorageArea = 'local', now = Date.now()): void {
  const record: StoredRecord<T> = { dataType: typeof content, content, area, datetime: now };
  areaOf(area).setItem(STORAGE_PREFIX + name, JSON.stringify(record));
}

/** The stored record (content and write time), or null when absent or unreadable. Session wins over local. */
export function getStoreRecord<T>(name: string): { content: T; datetime: number; area: StorageArea } | null {
  for (const area of ['session', 'local'] as const) {
    const raw = areaOf(area).getItem(STORAGE_PREFIX + name);
    if (raw === null) continue;
    try {
      const record = JSON.parse(raw) as StoredRecord<T>;
      if (record && typeof record === 'object' && 'content' in record) {
        return { content: record.content, datetime: Number(record.datetime) || 0, area };
      }
    } catch {
      // A value we did not write (or a corrupt one) reads as absent.
    }
  }
  return null;
}

export function getStore<T>(name: string): T | null {
  return getStoreRecord<T>(name)?.content ?? null;
}

export function removeStore(name: string): void {
  window.sessionStorage.removeItem(STORAGE_PREFIX + name);
  window.localStorage.removeItem(STORAGE_PREFIX + name);
}

/** Removes every key of ours in the given areas (default both); other sites' keys are left alone. */
export function clearStore(areas: StorageArea[] = ['session', 'local']): void {
  for (const area of areas) {
    const storage = areaOf(area);
    const ours: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith(STORAGE_PREFIX)) ours.push(key);
    }
    ours.forEach((key) => storage.removeItem(key));
  }
}
