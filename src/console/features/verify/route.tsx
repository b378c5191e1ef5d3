import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { staffRoute } from '../../layout/routes';

export const verifyRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: 'verify',
  component: lazyRouteComponent(() => import('./VerifyPage'), 'VerifyPage'),
});
