/**
 * 长辈模式: the top bar's toggle switches larger type and higher contrast on (the html class and
 * the antd theme's 16 px type), and the browser remembers it across visits (local storage through
 * src/lib/storage); switched off again, it stays off.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ELDER_CLASS, reloadElderMode } from '@/lib/elderMode';
import { STORAGE_PREFIX } from '@/lib/storage';
import { renderApp } from '../mocks/renderApp';
import { useMockServer } from '../mocks/server';

useMockServer();
vi.setConfig({ testTimeout: 20_000 });

const htmlHas = () => document.documentElement.classList.contains(ELDER_CLASS);
/** antd's body text size in the theme now in force (its CSS variable on the provider's root). */
const antdFontSize = () => {
  const holder = document.querySelector<HTMLElement>('[class*="css-var-"]');
  return holder ? getComputedStyle(holder).getPropertyValue('--ant-font-size').trim() : '';
};

afterEach(() => {
  reloadElderMode();
});

describe('长辈模式', () => {
  it('switches on from the top bar, is remembered by the browser, and switches off', async () => {
    reloadElderMode();
    const first = renderApp('/login');
    const toggle = await screen.findByTestId('elder-toggle');
    expect(toggle.textContent).toContain('长辈模式');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(htmlHas()).toBe(false);

    await userEvent.click(toggle);
    await waitFor(() => expect(screen.getByTestId('elder-toggle').getAttribute('aria-pressed')).toBe('true'));
    expect(screen.getByTestId('elder-toggle').textContent).toContain('标准模式');
    expect(htmlHas()).toBe(true);
    expect(JSON.parse(localStorage.getItem(`${STORAGE_PREFIX}elderMode`)!)).toMatchObject({ content: true });
    await waitFor(() => expect(antdFontSize()).toMatch(/^16(px)?$/));
    first.unmount();

    // A later visit in the same browser: read back from storage.
    document.documentElement.classList.remove(ELDER_CLASS);
    reloadElderMode();
    expect(htmlHas()).toBe(true);
    const second = renderApp('/login');
    expect((await screen.findByTestId('elder-toggle')).getAttribute('aria-pressed')).toBe('true');

    await userEvent.click(screen.getByTestId('elder-toggle'));
    await waitFor(() => expect(htmlHas()).toBe(false));
    expect(JSON.parse(localStorage.getItem(`${STORAGE_PREFIX}elderMode`)!)).toMatchObject({ content: false });
    second.unmount();
  });
});
