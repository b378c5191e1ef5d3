/**
 * The two routes every console page hangs from: the root (router context: the query client) and the
 * signed-in layout `staff`, whose guard sends a browser without a staff token to the login page and whose
 * loader knows who is signed in before any page renders. A feature's route (features/<area>/route.tsx)
 * names `staffRoute` as its parent; app/router.ts puts them together.
 */
import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, createRoute, Outlet, redirect } from '@tanstack/react-router';
import { meQueryOptions } from '../api/me';
import { staffSession } from '../session/staffSession';
import { ConsoleLayout } from './ConsoleLayout';
import { NotFoundPage, RouteError } from './RouteStates';

export interface ConsoleRouterContext {
  queryClient: QueryClient;
}

export const rootRoute = createRootRouteWithContext<ConsoleRouterContext>()({
  component: Outlet,
  notFoundComponent: NotFoundPage,
});

export const staffRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'staff',
  beforeLoad: ({ location }) => {
    if (!staffSession.token()) throw redirect({ to: '/login', search: { redirect: location.href } });
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(meQueryOptions()),
  component: ConsoleLayout,
  errorComponent: RouteError,
});
