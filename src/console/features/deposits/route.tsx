import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { staffRoute } from '../../layout/routes';

export const depositsRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: 'deposits',
  component: lazyRouteComponent(() => import('./DepositsPage'), 'DepositsPage'),
});
