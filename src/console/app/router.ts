/**
 * The console's router: path history under /ops/ (basepath), the server answering every /ops/… path with
 * the console's page (server/plugins/static.ts). Path URLs rather than the portal's hash: the console has
 * no old hash links to honour, its addresses read as what they are (/ops/audit?staff=op_admin) when staff
 * pass them on, and the /ops prefix keeps them apart from the portal's on the same origin.
 *
 * The tree: the login page, and the signed-in layout with one route per feature
 * (features/<area>/route.tsx). A new page is one more line here and its menu item (menu.tsx).
 */
import { createBrowserHistory, createRouter, type RouterHistory } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { rootRoute, staffRoute } from '../layout/routes';
import { loginRoute, passwordRoute } from '../features/auth/route';
import { dashboardRoute } from '../features/dashboard/route';
import { approvalsRoute } from '../features/approvals/route';
import { auditRoute } from '../features/audit/route';
import { staffAdminRoute } from '../features/staff/route';
import { realNameRoute } from '../features/real-name/route';
import { enrolmentRoute } from '../features/enrolment/route';
import { depositProofsRoute } from '../features/deposit-proofs/route';
import { sealsRoute } from '../features/seals/route';
import { appealsRoute } from '../features/appeals/route';
import { demandsRoute } from '../features/demands/route';
import { transferProofsRoute } from '../features/transfer-proofs/route';
import { withdrawalsRoute } from '../features/withdrawals/route';
import { invoicesRoute } from '../features/invoices/route';
import { settlementRoute } from '../features/settlement/route';
import { depositsRoute } from '../features/deposits/route';
import { ledgerRoute } from '../features/ledger/route';
import { lotFormRoute, lotsRoute, lotViewRoute } from '../features/lots/route';
import { auctionsRoute } from '../features/auctions/route';
import { resultsRoute } from '../features/results/route';
import { contractsRoute } from '../features/contracts/route';
import { contentRoute } from '../features/content/route';
import { floorRoute } from '../features/floor/route';
import { usersRoute } from '../features/users/route';
import { verifyRoute } from '../features/verify/route';
import { roadshowsRoute } from '../features/roadshows/route';

export const CONSOLE_BASE = '/ops';

export const consoleRouteTree = rootRoute.addChildren([
  loginRoute,
  staffRoute.addChildren([
    dashboardRoute,
    approvalsRoute,
    realNameRoute,
    enrolmentRoute,
    depositProofsRoute,
    sealsRoute,
    appealsRoute,
    usersRoute,
    demandsRoute,
    transferProofsRoute,
    withdrawalsRoute,
    invoicesRoute,
    settlementRoute,
    depositsRoute,
    ledgerRoute,
    lotsRoute,
    lotFormRoute,
    lotViewRoute,
    roadshowsRoute,
    auctionsRoute,
    floorRoute,
    resultsRoute,
    contractsRoute,
    contentRoute,
    auditRoute,
    staffAdminRoute,
    verifyRoute,
    passwordRoute,
  ]),
]);

export function createConsoleRouter(queryClient: QueryClient, history: RouterHistory = createBrowserHistory()) {
  return createRouter({
    routeTree: consoleRouteTree,
    history,
    basepath: CONSOLE_BASE,
    context: { queryClient },
    defaultPreload: 'intent',
    scrollRestoration: true,
  });
}

export type ConsoleRouter = ReturnType<typeof createConsoleRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: ConsoleRouter;
  }
}
