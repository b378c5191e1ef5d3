import { http } from '@/api/client';
import { session } from '@/lib/session';

/** Ends the session on the server, then locally whatever the server answered (spec: logout → /login). */
export async function logout(): Promise<void> {
  try {
    await http.get<null>('/logout');
  } catch {
    // The local session ends anyway; the server's refresh token expires by itself.
  } finally {
    session.clear();
  }
}
