import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { staffRoute } from '../../layout/routes';

export const transferProofsRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: 'transfer-proofs',
  component: lazyRouteComponent(() => import('./TransferProofsPage'), 'TransferProofsPage'),
});
