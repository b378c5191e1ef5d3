import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { lenient } from '@/lib/searchParams';
import { rootRoute, staffRoute } from '../../layout/routes';

/** Where to go after signing in: a console path (never another site). */
const loginSearch = z.object({
  redirect: lenient(z.string().check(z.regex(/^\/(?!\/)/))),
});

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login',
  validateSearch: loginSearch,
  component: lazyRouteComponent(() => import('./LoginPage'), 'LoginPage'),
});

export const passwordRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: 'password',
  component: lazyRouteComponent(() => import('./PasswordPage'), 'PasswordPage'),
});
