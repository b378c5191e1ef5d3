import { describe, expect, it, vi } from 'vitest';
import { SESSION_KEYS, session } from '@/lib/session';
import { getStore, setStore } from '@/lib/storage';
import type { UserInfo } from '#domain/contract/portal';

const user = (over: Partial<UserInfo> = {}): UserInfo => ({
  baseUserId: '1001',
  loginName: 'zhangjg',
  name: '张建国',
  authStatus: 1,
  headImg: '/avatar.png',
  isAllowAccess: true,
  ...over,
});

describe('session (spec sections 3, 4, 6)', () => {
  it('is logged in only once a user id is stored', () => {
    session.saveTokens({ access_token: 'a1', refresh_token: 'r1' });
    expect(session.accessToken()).toBe('a1');
    expect(session.isLoggedIn()).toBe(false);
    session.saveUser(user());
    expect(session.isLoggedIn()).toBe(true);
    expect(session.userId()).toBe('1001');
  });

  it('stores userInfo, name, authStatus and headImg', () => {
    session.saveUser(user());
    expect(getStore(SESSION_KEYS.userInfo)).toMatchObject({ baseUserId: '1001' });
    expect(getStore(SESSION_KEYS.name)).toBe('张建国');
    expect(getStore(SESSION_KEYS.authStatus)).toBe(1);
    expect(getStore(SESSION_KEYS.headImg)).toBe('/avatar.png');
  });

  it('records when the access token was stored, for the token-age check', () => {
    vi.useFakeTimers({ now: 1_800_000_000_000 });
    session.saveTokens({ access_token: 'a', refresh_token: 'r' });
    expect(session.tokenStoredAt()).toBe(1_800_000_000_000);
    vi.useRealTimers();
  });

  it('stores no token when the server forbids access', () => {
    session.saveTokens({ access_token: 'a', refresh_token: 'r' }, false);
    expect(session.accessToken()).toBeNull();
    session.saveTokens({ access_token: 'a', refresh_token: 'r' });
    session.saveUser(user({ isAllowAccess: false }));
    expect(session.accessToken()).toBeNull();
    expect(session.isLoggedIn()).toBe(false);
  });

  it('clears the tab lock on login and on logout', () => {
    setStore(SESSION_KEYS.isLock, true, 'session');
    setStore(SESSION_KEYS.lockPassword, 'x', 'session');
    session.saveTokens({ access_token: 'a', refresh_token: 'r' });
    expect(getStore(SESSION_KEYS.isLock)).toBeNull();
    expect(getStore(SESSION_KEYS.lockPassword)).toBeNull();

    session.saveUser(user());
    setStore(SESSION_KEYS.isLock, true, 'session');
    session.clear();
    expect(getStore(SESSION_KEYS.isLock)).toBeNull();
    expect(session.isLoggedIn()).toBe(false);
    expect(session.refreshToken()).toBeNull();
  });

  it('clearAll removes every value of ours; listeners hear every change', () => {
    const heard = vi.fn();
    const unsubscribe = session.subscribe(heard);
    setStore('something-else', 1);
    session.saveUser(user());
    session.clearAll();
    expect(getStore('something-else')).toBeNull();
    expect(heard).toHaveBeenCalledTimes(2);
    unsubscribe();
  });
});
