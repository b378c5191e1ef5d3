import { render } from '@testing-library/react';
import { createMemoryHistory } from '@tanstack/react-router';
import { App } from '@/app/App';
import { createQueryClient } from '@/app/queryClient';
import { createAppRouter } from '@/app/router';
import { inProcessLive } from './inProcessLive';

/** Renders the whole app (real providers, router and HTTP client) at a path, for route-level tests. */
export function renderApp(path: string) {
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [path] }));
  const { live, liveService, liveLog } = inProcessLive();
  const view = render(<App router={router} queryClient={queryClient} live={live} />);
  return { ...view, router, queryClient, live, liveService, liveLog };
}
