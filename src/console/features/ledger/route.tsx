import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { staffRoute } from '../../layout/routes';

export const ledgerRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: 'ledger',
  component: lazyRouteComponent(() => import('./LedgerPage'), 'LedgerPage'),
});
