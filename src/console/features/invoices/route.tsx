import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { staffRoute } from '../../layout/routes';

export const invoicesRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: 'invoices',
  component: lazyRouteComponent(() => import('./InvoicesPage'), 'InvoicesPage'),
});
