import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { queueSearch } from '../../components/queue/search';
import { staffRoute } from '../../layout/routes';

export const appealsRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: 'appeals',
  validateSearch: queueSearch('appeal'),
  component: lazyRouteComponent(() => import('./AppealsPage'), 'AppealsPage'),
});
