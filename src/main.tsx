import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createQueryClient } from './app/queryClient';
import { createAppRouter } from './app/router';
import { registerServiceWorker } from './app/serviceWorker';
import { API_BASE, CLIENT_ID, VERSION_URL } from './api/config';
import { reloadOnceForChunkError } from './lib/chunkReload';
import { applyElderMode } from './lib/elderMode';
import { getLiveClient } from './live';
// antd's component styles, prebuilt (vite.config.ts antdStaticStyles): before the portal's own, which override them.
import 'virtual:antd.css';
import './styles/global.css';
import './styles/phone.css';

// A chunk that vanished after a deployment: reload once to pick up the new build (spec section 2).
window.addEventListener('vite:preloadError', (event) => {
  event.preventDefault();
  reloadOnceForChunkError();
});

// The hashed assets from the cache on a second visit (production builds only).
registerServiceWorker();

// 长辈模式 as remembered by this browser, before the first paint (no flash of the standard size).
applyElderMode();

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
// The one live worker: every live timer (clock, polls, version check) runs there.
const live = getLiveClient({ apiBase: API_BASE, versionUrl: VERSION_URL, clientId: CLIENT_ID });

const root = createRoot(document.getElementById('root')!);
// The first render as a transition: React renders it in slices of a few milliseconds and lets the browser
// answer in between, instead of one long task of the whole page (a phone's total blocking time, bench:mobile).
startTransition(() => {
  root.render(
    <StrictMode>
      <App router={router} queryClient={queryClient} live={live} />
    </StrictMode>,
  );
});
