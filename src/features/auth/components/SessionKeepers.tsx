import { AgreementDialog } from './AgreementDialog';
import { TokenRefresher } from './TokenRefresher';

/** Mounted once by the app shell: the token refresh and the registration-agreement dialog. */
export function SessionKeepers() {
  return (
    <>
      <TokenRefresher />
      <AgreementDialog />
    </>
  );
}
