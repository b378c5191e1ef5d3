import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { lenient, optionalId, searchText } from '@/lib/searchParams';
import { staffRoute } from '../../layout/routes';

/** 项目's list filters in the URL. */
export const lotsSearch = z.object({
  state: lenient(z.enum(['draft', 'pending', 'published'])),
  q: searchText(64),
  current: optionalId,
});
/** A lot by its draft or its listing. */
export const lotRefSearch = z.object({ draftId: optionalId, assetsId: optionalId });

export const lotsRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: 'lots',
  validateSearch: lotsSearch,
  component: lazyRouteComponent(() => import('./LotsPage'), 'LotsPage'),
});

/** New lot (no draftId) or a draft's form. */
export const lotFormRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: 'lots/edit',
  validateSearch: z.object({ draftId: optionalId }),
  component: lazyRouteComponent(() => import('./LotFormPage'), 'LotFormPage'),
});

export const lotViewRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: 'lots/view',
  validateSearch: lotRefSearch,
  component: lazyRouteComponent(() => import('./LotPage'), 'LotPage'),
});
