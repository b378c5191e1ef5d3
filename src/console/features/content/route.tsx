import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { STAFF_CONTENT_KINDS } from '#domain/contract/staffLots';
import { lenient, optionalId, searchText } from '@/lib/searchParams';
import { staffRoute } from '../../layout/routes';

export const contentSearch = z.object({
  kind: lenient(z.enum(STAFF_CONTENT_KINDS)),
  state: lenient(z.enum(['scheduled', 'published', 'hidden'])),
  q: searchText(64),
  current: optionalId,
});

export const contentRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: 'content',
  validateSearch: contentSearch,
  component: lazyRouteComponent(() => import('./ContentPage'), 'ContentPage'),
});
