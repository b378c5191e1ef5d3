import { http } from '@/api/client';
import { AUTH_PATHS } from '@/domain/auth';
import { session } from '@/lib/session';

/**
 * Ends the session on the server (revokes the refresh token), best effort, then locally.
 * With `accessToken`: revokes a token that was never stored (isAllowAccess false).
 */
export async function logout(accessToken?: string): Promise<void> {
  try {
    await http.get<null>(AUTH_PATHS.logout, undefined, accessToken ? { headers: { Authorization: `Bearer ${accessToken}` } } : undefined);
  } catch {
    // The local session ends anyway.
  } finally {
    if (!accessToken) session.clear();
  }
}
