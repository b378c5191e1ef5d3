import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { staffRoute } from '../../layout/routes';

export const staffAdminRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: 'staff',
  component: lazyRouteComponent(() => import('./StaffPage'), 'StaffPage'),
});
