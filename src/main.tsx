// antd's component styles, prebuilt (vite.config.ts antdStaticStyles): before the portal's own, which override them.
import 'virtual:antd.css';
import './styles/global.css';
import './styles/phone.css';
import { reloadOnceForChunkError } from './lib/chunkReload';
import { nextTask } from './lib/nextTask';

// A chunk that vanished after a deployment: reload once to pick up the new build (spec section 2).
window.addEventListener('vite:preloadError', (event) => {
  event.preventDefault();
  reloadOnceForChunkError();
});

/**
 * The app starts in steps, each its own task (`nextTask` between them). In one piece, the entry's modules
 * (React, antd, the router and its route table) were one long task on a phone, and the route's load and the
 * first render two more: bench:mobile's total blocking time. The steps' chunks are fetched together (the
 * start step preloads them all, vite.config.ts paintBeforeApp), so the steps cost no round trips.
 */
async function start(): Promise<void> {
  const [{ StrictMode, startTransition, createElement }, { createRoot }] = await Promise.all([import('react'), import('react-dom/client')]);
  await nextTask();
  const [{ applyElderMode }, { registerServiceWorker }] = await Promise.all([import('./lib/elderMode'), import('./app/serviceWorker')]);
  // 长辈模式 as remembered by this browser, before the app's first paint (no flash of the standard size).
  applyElderMode();
  // The hashed assets from the cache on a second visit (production builds only).
  registerServiceWorker();
  const { App } = await import('./app/App');
  await nextTask();
  const { createAppRouter } = await import('./app/router');
  await nextTask();
  const [{ createQueryClient }, { getLiveClient }, { API_BASE, CLIENT_ID, VERSION_URL }] = await Promise.all([
    import('./app/queryClient'),
    import('./live'),
    import('./api/config'),
  ]);
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient);
  // The one live worker: every live timer (clock, polls, version check) runs there.
  const live = getLiveClient({ apiBase: API_BASE, versionUrl: VERSION_URL, clientId: CLIENT_ID });
  await nextTask();
  // The first page's route is loaded (its beforeLoad, its loaders, its lazy component) before the first
  // render, and that render is a transition: React draws the whole page in slices of a few milliseconds and
  // lets the browser answer in between. Rendered before its route had loaded, the page came in a second,
  // synchronous render (the router's store update), one long task of the whole page. The router's
  // Transitioner then finds the location loaded and does not load it again.
  await router.load().catch((error: unknown) => console.error(error));
  await nextTask();
  const root = createRoot(document.getElementById('root')!);
  startTransition(() => {
    root.render(createElement(StrictMode, null, createElement(App, { router, queryClient, live })));
  });
}

void start();
