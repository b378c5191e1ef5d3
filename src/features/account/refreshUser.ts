import type { QueryClient } from '@tanstack/react-query';
import { session } from '@/lib/session';
import { realNameStatusQueryOptions } from './api/get-real-name-status';
import { accountUserDetailQueryOptions } from './api/get-user-detail';

/** After a change to the account: refetch the user's detail and store it (authStatus, headImg, name…). */
export async function refreshStoredUser(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: realNameStatusQueryOptions().queryKey });
  try {
    session.saveUser(await queryClient.fetchQuery(accountUserDetailQueryOptions()));
  } catch {
    // The catalogue showed the msg; the stored info refreshes on the next login.
  }
}
