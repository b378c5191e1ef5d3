/**
 * After a deployment the old page may ask for code chunks that no longer exist. The route then reloads
 * once to pick up the new build; a second failure within a minute shows the error instead of looping.
 */
const LAST_RELOAD_KEY = 'hbcq-chunk-reload-at';
const LOOP_GUARD_MS = 60_000;

const CHUNK_ERROR_PATTERNS = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
  /Loading chunk [\w-]+ failed/i,
];

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(message));
}

/** Reloads the page unless it already did so for this reason within the last minute. */
export function reloadOnceForChunkError(now = Date.now(), reload = () => window.location.reload()): boolean {
  const last = Number(sessionStorage.getItem(LAST_RELOAD_KEY) ?? 0);
  if (now - last < LOOP_GUARD_MS) return false;
  sessionStorage.setItem(LAST_RELOAD_KEY, String(now));
  reload();
  return true;
}
