import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { optionalId } from '@/lib/searchParams';
import { staffRoute } from '../../layout/routes';

export const roadshowsRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: 'roadshows',
  validateSearch: z.object({ assetsId: optionalId }),
  component: lazyRouteComponent(() => import('./RoadshowsPage'), 'RoadshowsPage'),
});
