/**
 * Login state (spec sections 3, 4, 6, 9). Tokens and user info live in localStorage (every tab of the
 * browser shares one login); the tab-lock state lives in sessionStorage (per tab) and is cleared on login
 * and logout. "Logged in" means a stored user id, exactly as the route guard checks it.
 */
import { useSyncExternalStore } from 'react';
import type { UserInfo } from '#domain/contract/portal';
import { SESSION_KEYS, storedUserId } from './sessionKeys';
import { clearStore, getStore, getStoreRecord, removeStore, setStore } from './storage';

export { SESSION_KEYS };

export interface TokenPair {
  access_token: string;
  refresh_token: string;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let version = 0;

function changed(): void {
  version++;
  listeners.forEach((listener) => listener());
}

if (typeof window !== 'undefined') {
  // Another tab logged in or out.
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key.includes(SESSION_KEYS.userInfo) || event.key.includes(SESSION_KEYS.accessToken)) {
      changed();
    }
  });
}

function clearTabLock(): void {
  removeStore(SESSION_KEYS.isLock);
  removeStore(SESSION_KEYS.lockPassword);
}

export const session = {
  accessToken: (): string | null => getStore<string>(SESSION_KEYS.accessToken),
  refreshToken: (): string | null => getStore<string>(SESSION_KEYS.refreshToken),
  /** When the access token was stored (epoch ms): the live worker's token-age check reads this. */
  tokenStoredAt: (): number | null => getStoreRecord<string>(SESSION_KEYS.accessToken)?.datetime ?? null,
  userInfo: (): UserInfo | null => getStore<UserInfo>(SESSION_KEYS.userInfo),
  userId: storedUserId,
  isLoggedIn: (): boolean => session.userId() !== null,

  /** Login step one: keep the tokens (unless the server forbids access) and drop any old tab lock. */
  saveTokens(pair: TokenPair, allowAccess = true): void {
    clearTabLock();
    if (!allowAccess) return;
    setStore(SESSION_KEYS.accessToken, pair.access_token);
    setStore(SESSION_KEYS.refreshToken, pair.refresh_token);
    changed();
  },

  /**
   * A refreshed pair (not a login): both tokens replaced, which restarts the token age the live worker
   * checks. The tab lock stays (spec: it is cleared on login and logout only). Ignored when logged out,
   * so a refresh answer that arrives after a logout cannot log the user back in.
   */
  replaceTokens(pair: TokenPair): void {
    if (session.accessToken() === null) return;
    setStore(SESSION_KEYS.accessToken, pair.access_token);
    setStore(SESSION_KEYS.refreshToken, pair.refresh_token);
    changed();
  },

  /** Login step two: the user info fetched with the new token. */
  saveUser(user: UserInfo): void {
    if (!user.isAllowAccess) {
      session.clear();
      return;
    }
    setStore(SESSION_KEYS.userInfo, user);
    setStore(SESSION_KEYS.name, user.name || user.loginName);
    setStore(SESSION_KEYS.authStatus, user.authStatus);
    setStore(SESSION_KEYS.headImg, user.headImg);
    changed();
  },

  /** Logout or a 401 handled as logout: tokens, user data and tab lock go. */
  clear(): void {
    for (const key of Object.values(SESSION_KEYS)) removeStore(key);
    changed();
  },

  /** A failed token refresh: every stored value of ours goes. */
  clearAll(): void {
    clearStore();
    changed();
  },

  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** Re-renders when the login state changes (this tab or another). */
export function useSession(): { user: UserInfo | null; isLoggedIn: boolean } {
  useSyncExternalStore(session.subscribe, () => version, () => version);
  const user = session.userInfo();
  return { user, isLoggedIn: user !== null && Boolean(user.baseUserId) };
}
