import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { staffRoute } from '../../layout/routes';

export const dashboardRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: '/',
  component: lazyRouteComponent(() => import('./DashboardPage'), 'DashboardPage'),
});
