/**
 * Registers the portal's service worker (workers/service.worker.ts, served as /sw.js) in a production build:
 * a second visit then starts from the cached, hashed assets. Not in development (Vite serves unhashed
 * modules) nor in tests; a browser without service workers, or one that refuses, just goes on without.
 */
export const SERVICE_WORKER_URL = '/sw.js';

export function registerServiceWorker(nav: Navigator = navigator): void {
  if (!import.meta.env.PROD || !('serviceWorker' in nav)) return;
  // Refused (private mode, a policy, a test browser that blocks them): the portal works as without one.
  const register = () => void nav.serviceWorker.register(SERVICE_WORKER_URL).catch(() => undefined);
  // After the page's load, so it never competes with the first visit's own requests. The app usually
  // starts after that event (it waits for the shell's first paint: vite.config.ts paintBeforeApp).
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
