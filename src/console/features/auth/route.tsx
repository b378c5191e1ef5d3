import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { rootRoute, staffRoute } from '../../layout/routes';

/** Where to go after signing in: a console path (never another site). */
const loginSearch = z.object({
  redirect: z
    .string()
    .regex(/^\/(?!\/)/)
    .optional()
    .catch(undefined),
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
