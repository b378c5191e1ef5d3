/**
 * The tab lock (/lock): a visitor leaving the desk locks this tab with a password of their choice.
 * Both the flag and the password (as a SHA-256 digest, never the text) live in sessionStorage through
 * the storage helper, so they belong to this tab only and end with it; login and logout clear them
 * (session.ts). While the tab is locked, the router sends every page to /lock.
 */
import sha256 from 'crypto-js/sha256';
import { SESSION_KEYS } from './session';
import { getStore, removeStore, setStore } from './storage';

export const LOCK_PASSWORD_MIN_LENGTH = 4;

const digest = (password: string) => sha256(`hbcq-tab-lock:${password}`).toString();

export const tabLock = {
  isLocked: (): boolean => getStore<boolean>(SESSION_KEYS.isLock) === true && getStore<string>(SESSION_KEYS.lockPassword) !== null,

  lock(password: string): void {
    if (password.length < LOCK_PASSWORD_MIN_LENGTH) throw new RangeError('锁屏密码太短');
    setStore(SESSION_KEYS.lockPassword, digest(password), 'session');
    setStore(SESSION_KEYS.isLock, true, 'session');
  },

  /** true when the password matches (the tab is then unlocked); false otherwise. */
  unlock(password: string): boolean {
    const stored = getStore<string>(SESSION_KEYS.lockPassword);
    if (stored === null || stored !== digest(password)) return false;
    removeStore(SESSION_KEYS.isLock);
    removeStore(SESSION_KEYS.lockPassword);
    return true;
  },
};
