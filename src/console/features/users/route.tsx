import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { staffRoute } from '../../layout/routes';

/** ?q: the search, in the URL so a found list can be shared and reloaded. */
export const usersRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: 'users',
  validateSearch: (search: Record<string, unknown>): { q?: string } => (typeof search.q === 'string' && search.q.trim() ? { q: search.q.trim().slice(0, 32) } : {}),
  component: lazyRouteComponent(() => import('./UsersPage'), 'UsersPage'),
});
