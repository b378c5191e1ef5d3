import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { optionalId, searchText } from '@/lib/searchParams';
import { staffRoute } from '../../layout/routes';

/** Without assetsId: the published lots to choose from; with it: that lot's auctions. */
export const auctionsSearch = z.object({ assetsId: optionalId, q: searchText(64), current: optionalId });

export const auctionsRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: 'auctions',
  validateSearch: auctionsSearch,
  component: lazyRouteComponent(() => import('./AuctionsPage'), 'AuctionsPage'),
});
