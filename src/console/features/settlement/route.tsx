import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { staffRoute } from '../../layout/routes';

export const settlementRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: 'settlement',
  component: lazyRouteComponent(() => import('./SettlementPage'), 'SettlementPage'),
});
