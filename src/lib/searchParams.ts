import { useSearch } from '@tanstack/react-router';

/** A positive integer search parameter of the current page (`?id=12`), or null when absent or malformed. */
export function useSearchId(name: string): number | null {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const value = search[name];
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** A text search parameter, or null. */
export function useSearchText(name: string): string | null {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const value = search[name];
  return typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;
}
