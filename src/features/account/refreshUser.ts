import type { QueryClient } from '@tanstack/react-query';
import { userDetailQueryOptions } from '@/api/resources/get-user-detail';
import { session } from '@/lib/session';
import { realNameStatusQueryOptions } from './api/get-real-name-status';

/** After a change to the account: refetch the user's detail and store it (authStatus, headImg, name…). */
export async function refreshStoredUser(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: realNameStatusQueryOptions().queryKey });
  try {
    session.saveUser(await queryClient.fetchQuery(userDetailQueryOptions()));
  } catch {
    // The catalogue showed the msg; the stored info refreshes on the next login.
  }
}
