import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { queueSearch } from '../../components/queue/search';
import { staffRoute } from '../../layout/routes';

export const demandsRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: 'demands',
  validateSearch: queueSearch('demand'),
  component: lazyRouteComponent(() => import('./DemandsPage'), 'DemandsPage'),
});
