/**
 * The portal's service worker (built to /sw.js by vite.config.ts, registered by src/app/serviceWorker.ts) —
 * not the live worker (live.worker.ts), whose traffic it leaves alone.
 * It makes a second visit start from the browser's cache, and nothing else:
 * - /assets/* (Vite's content-hashed files: the page's code, styles, fonts, the live worker's script) are
 *   served from the cache once fetched — a hashed name never changes its content;
 * - the portal's page (/ and /index.html) comes from the network, so a deploy is seen at once, and from
 *   the cache only when the network fails;
 * - everything else — the API, the live worker's polls and push streams, version.json, the staff console's
 *   pages, uploads and downloads — is not touched: no respondWith, the browser fetches it as without us.
 * Self-contained on purpose (no imports): it is its own bundle, loaded by the browser apart from the app.
 */
const sw = self as unknown as ServiceWorkerGlobalScope;

const ASSETS = 'hbcq-assets-v1';
const PAGES = 'hbcq-pages-v1';
/** Old builds' files leave the cache once this many are kept (oldest first: Cache.keys() keeps insertion order). */
const MAX_ASSETS = 400;
const PORTAL_PAGES = new Set(['/', '/index.html']);

sw.addEventListener('install', () => {
  void sw.skipWaiting();
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name !== ASSETS && name !== PAGES) await caches.delete(name);
      await sw.clients.claim();
    })(),
  );
});

sw.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== sw.location.origin) return;
  if (url.pathname.startsWith('/assets/')) event.respondWith(cacheFirst(request));
  else if (request.mode === 'navigate' && PORTAL_PAGES.has(url.pathname)) event.respondWith(networkFirst(request));
});

async function cacheFirst(request: Request): Promise<Response> {
  const cache = await caches.open(ASSETS);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') {
    await cache.put(request, response.clone());
    const keys = await cache.keys();
    for (const old of keys.slice(0, Math.max(0, keys.length - MAX_ASSETS))) await cache.delete(old);
  }
  return response;
}

async function networkFirst(request: Request): Promise<Response> {
  const cache = await caches.open(PAGES);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put('/', response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match('/');
    if (cached) return cached;
    throw error;
  }
}
