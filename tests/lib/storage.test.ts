import { describe, expect, it } from 'vitest';
import { STORAGE_PREFIX, clearStore, getStore, getStoreRecord, removeStore, setStore } from '@/lib/storage';

describe('client storage (spec section 9)', () => {
  it('stores under the prefix with the value type, the area and the write time', () => {
    setStore('userInfo', { name: '张三' }, 'local', 1_700_000_000_000);
    const raw = JSON.parse(localStorage.getItem(`${STORAGE_PREFIX}userInfo`)!);
    expect(raw).toEqual({ dataType: 'object', content: { name: '张三' }, area: 'local', datetime: 1_700_000_000_000 });
    expect(getStore('userInfo')).toEqual({ name: '张三' });
  });

  it('keeps session values per tab in sessionStorage and reads them before local ones', () => {
    setStore('isLock', false, 'local');
    setStore('isLock', true, 'session', 5);
    expect(sessionStorage.getItem(`${STORAGE_PREFIX}isLock`)).not.toBeNull();
    expect(getStoreRecord('isLock')).toEqual({ content: true, datetime: 5, area: 'session' });
  });

  it('reads absent, foreign and corrupt values as null', () => {
    expect(getStore('nothing')).toBeNull();
    localStorage.setItem(`${STORAGE_PREFIX}broken`, '{not json');
    localStorage.setItem(`${STORAGE_PREFIX}plain`, '"text"');
    expect(getStore('broken')).toBeNull();
    expect(getStore('plain')).toBeNull();
  });

  it('keeps falsy contents (0, false, empty string)', () => {
    setStore('zero', 0);
    setStore('no', false);
    setStore('empty', '');
    expect(getStore('zero')).toBe(0);
    expect(getStore('no')).toBe(false);
    expect(getStore('empty')).toBe('');
  });

  it('removes from both areas, and clears only our own keys', () => {
    setStore('a', 1, 'local');
    setStore('a', 2, 'session');
    removeStore('a');
    expect(getStore('a')).toBeNull();

    setStore('b', 1);
    setStore('c', 1, 'session');
    localStorage.setItem('other-site-key', 'kept');
    clearStore();
    expect(getStore('b')).toBeNull();
    expect(getStore('c')).toBeNull();
    expect(localStorage.getItem('other-site-key')).toBe('kept');
  });
});
