/**
 * Where the login state is stored (src/lib/session.ts), apart from the session's React hooks: the start step
 * (src/start) reads whether a user is logged in before the app's scripts load.
 */
import type { UserInfo } from '#domain/contract/portal';
import { getStore } from './storage';

export const SESSION_KEYS = {
  accessToken: 'access-token',
  refreshToken: 'refresh-token',
  userInfo: 'userInfo',
  name: 'name',
  authStatus: 'authStatus',
  headImg: 'headImg',
  /** Tab lock (the /lock page). */
  isLock: 'isLock',
  lockPassword: 'lockPasswd',
} as const;

/** The logged-in user's id ("logged in" is a stored user id, as the route guard checks it), else null. */
export function storedUserId(): string | null {
  return getStore<UserInfo>(SESSION_KEYS.userInfo)?.baseUserId || null;
}
