/** The staff console's entry (工作系统, served at /ops/): its own bundle, none of it in the public pages'. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { API_BASE, CLIENT_ID, VERSION_URL } from '@/api/config';
import { createQueryClient } from '@/app/queryClient';
import { reloadOnceForChunkError } from '@/lib/chunkReload';
import { getLiveClient } from '@/live';
import { ConsoleApp } from './app/ConsoleApp';
import { createConsoleRouter } from './app/router';

// A chunk that vanished after a deployment: reload once to pick up the new build.
window.addEventListener('vite:preloadError', (event) => {
  event.preventDefault();
  reloadOnceForChunkError();
});

const queryClient = createQueryClient();
const router = createConsoleRouter(queryClient);
// The portal's live worker, started on this page too: 竞价监控's rows stream from it (public data, no staff
// token, so the session's idle clock stays the member's).
const live = getLiveClient({ apiBase: API_BASE, versionUrl: VERSION_URL, clientId: CLIENT_ID });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ConsoleApp router={router} queryClient={queryClient} live={live} />
  </StrictMode>,
);
