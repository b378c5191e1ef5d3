import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { staffRoute } from '../../layout/routes';

export const withdrawalsRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: 'withdrawals',
  component: lazyRouteComponent(() => import('./WithdrawalsPage'), 'WithdrawalsPage'),
});
