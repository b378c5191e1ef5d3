import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { staffRoute } from '../../layout/routes';
import { auditSearch } from './search';

export const auditRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: 'audit',
  validateSearch: auditSearch,
  component: lazyRouteComponent(() => import('./AuditPage'), 'AuditPage'),
});
