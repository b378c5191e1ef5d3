import { http } from '../client';
import { AUTH_PATHS } from '#domain/contract/auth';
import { session } from '@/lib/session';

/**
 * GET /logout: ends the session on the server (revokes the refresh token), best effort, then locally
 * whatever the server answered (spec: logout → /login).
 * With `accessToken`: revokes a token that was never stored (isAllowAccess false); the session stays.
 */
export async function logout(accessToken?: string): Promise<void> {
  try {
    await http.get<null>(AUTH_PATHS.logout, undefined, accessToken ? { headers: { Authorization: `Bearer ${accessToken}` } } : undefined);
  } catch {
    // The local session ends anyway; the server's refresh token expires by itself.
  } finally {
    if (!accessToken) session.clear();
  }
}
