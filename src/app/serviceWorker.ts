/**
 * Registers the portal's service worker (workers/service.worker.ts, served as /sw.js) in a production build:
 * a second visit then starts from the cached, hashed assets. Not in development (Vite serves unhashed
 * modules) nor in tests; a browser without service workers, or one that refuses, just goes on without.
 */
export const SERVICE_WORKER_URL = '/sw.js';

export function registerServiceWorker(nav: Navigator = navigator): void {
  if (!import.meta.env.PROD || !('serviceWorker' in nav)) return;
  window.addEventListener('load', () => {
    // Refused (private mode, a policy, a test browser that blocks them): the portal works as without one.
    nav.serviceWorker.register(SERVICE_WORKER_URL).catch(() => undefined);
  });
}
