import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { queueSearch } from '../../components/queue/search';
import { staffRoute } from '../../layout/routes';

export const realNameRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: 'real-name',
  validateSearch: queueSearch('realName'),
  component: lazyRouteComponent(() => import('./RealNamePage'), 'RealNamePage'),
});
