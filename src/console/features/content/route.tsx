import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { STAFF_CONTENT_KINDS } from '#domain/contract/staffLots';
import { optionalId, searchText } from '@/lib/searchParams';
import { staffRoute } from '../../layout/routes';

export const contentSearch = z.object({
  kind: z.enum(STAFF_CONTENT_KINDS).optional().catch(undefined),
  state: z.enum(['scheduled', 'published', 'hidden']).optional().catch(undefined),
  q: searchText(64),
  current: optionalId,
});

export const contentRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: 'content',
  validateSearch: contentSearch,
  component: lazyRouteComponent(() => import('./ContentPage'), 'ContentPage'),
});
