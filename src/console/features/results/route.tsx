import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { optionalId, searchText } from '@/lib/searchParams';
import { staffRoute } from '../../layout/routes';

export const resultsRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: 'results',
  validateSearch: z.object({ assetsId: optionalId, q: searchText(64) }),
  component: lazyRouteComponent(() => import('./ResultsPage'), 'ResultsPage'),
});
