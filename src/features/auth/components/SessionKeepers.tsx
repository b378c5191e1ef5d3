import { lazy, Suspense } from 'react';
import { useSession } from '@/lib/session';
import { reloadOnceForChunkError } from '@/lib/chunkReload';
import { useIsNeedRead } from '../api/get-is-need-read';
import { TokenRefresher } from './TokenRefresher';

// The agreement dialog is drawn for the few logged-in users with an unread agreement: its code (the modal's
// content, the agreement's sanitiser, antd's Alert and Skeleton) loads then, not with every page's first load.
// Outside the routes no route error catches a chunk lost to a deployment: the page reloads once, as a route does.
const AgreementDialog = lazy(() =>
  import('./AgreementDialog').then(
    (module) => ({ default: module.AgreementDialog }),
    (error: unknown) => {
      reloadOnceForChunkError();
      throw error;
    },
  ),
);

/** Opens the registration-agreement dialog when the logged-in user's `is-need-read` answers true. */
function AgreementGate() {
  const { user, isLoggedIn } = useSession();
  const needRead = useIsNeedRead(isLoggedIn && user ? user.baseUserId : null);
  if (needRead.data !== true) return null;
  return (
    <Suspense fallback={null}>
      <AgreementDialog />
    </Suspense>
  );
}

/** Mounted once by the app shell: the token refresh and the registration-agreement dialog. */
export function SessionKeepers() {
  return (
    <>
      <TokenRefresher />
      <AgreementGate />
    </>
  );
}
