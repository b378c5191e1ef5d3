import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { queueSearch } from '../../components/queue/search';
import { staffRoute } from '../../layout/routes';

export const depositProofsRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: 'deposit-proofs',
  validateSearch: queueSearch('depositProof'),
  component: lazyRouteComponent(() => import('./DepositProofsPage'), 'DepositProofsPage'),
});
