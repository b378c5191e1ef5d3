import { render } from '@testing-library/react';
import { onTestFinished } from 'vitest';
import { createMemoryHistory } from '@tanstack/react-router';
import { App } from '@/app/App';
import { createQueryClient } from '@/app/queryClient';
import { createAppRouter } from '@/app/router';
import { createLiveClient } from '@/live';
import { createRealEnv } from '../../workers/env';
import { createLiveService } from '../../workers/liveService';

/** Renders the whole app (real providers, router and HTTP client) at a path, for route-level tests. */
export function renderApp(path: string) {
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [path] }));
  // The live worker's own logic, in process: its fetches go through msw like the app's. Its diagnostics
  // (handled failures: a refused push stream, a failed poll) are kept for the test to read, not printed.
  const liveLog: { message: string; detail: unknown }[] = [];
  const liveService = createLiveService({ ...createRealEnv(), log: (message, detail) => liveLog.push({ message, detail }) });
  onTestFinished(() => liveService.dispose());
  const live = createLiveClient(liveService);
  const view = render(<App router={router} queryClient={queryClient} live={live} />);
  return { ...view, router, queryClient, live, liveService, liveLog };
}
