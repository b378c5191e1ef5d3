import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { staffRoute } from '../../layout/routes';

export const contractsRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: 'contracts',
  component: lazyRouteComponent(() => import('./ContractsPage'), 'ContractsPage'),
});
