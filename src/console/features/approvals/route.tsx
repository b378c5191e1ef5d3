import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { staffRoute } from '../../layout/routes';
import { approvalsSearch } from './search';

export const approvalsRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: 'approvals',
  validateSearch: approvalsSearch,
  component: lazyRouteComponent(() => import('./ApprovalsPage'), 'ApprovalsPage'),
});
