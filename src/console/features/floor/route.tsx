import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { staffRoute } from '../../layout/routes';

export const floorRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: 'floor',
  component: lazyRouteComponent(() => import('./FloorPage'), 'FloorPage'),
});
