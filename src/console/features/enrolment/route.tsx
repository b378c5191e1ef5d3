import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { queueSearch } from '../../components/queue/search';
import { staffRoute } from '../../layout/routes';

export const enrolmentRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: 'enrolment',
  validateSearch: queueSearch('enrolment'),
  component: lazyRouteComponent(() => import('./EnrolmentPage'), 'EnrolmentPage'),
});
