import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { queueSearch } from '../../components/queue/search';
import { staffRoute } from '../../layout/routes';

export const sealsRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: 'seals',
  validateSearch: queueSearch('sealApplication'),
  component: lazyRouteComponent(() => import('./SealsPage'), 'SealsPage'),
});
