import { fireEvent, render, waitFor } from '@testing-library/react';
import { createMemoryHistory } from '@tanstack/react-router';
import { createQueryClient } from '@/app/queryClient';
import { ConsoleApp } from '@/console/app/ConsoleApp';
import { createConsoleRouter } from '@/console/app/router';
import { staffSession } from '@/console/session/staffSession';
import { staffMock } from '../mocks/handlers/staff';
import { inProcessLive } from '../mocks/inProcessLive';

/** Renders the staff console (real providers, router and HTTP client) at a path under /ops. */
export function renderConsole(path: string) {
  const queryClient = createQueryClient();
  const router = createConsoleRouter(queryClient, createMemoryHistory({ initialEntries: [path] }));
  const { live, liveService } = inProcessLive();
  const view = render(<ConsoleApp router={router} queryClient={queryClient} live={live} />);
  return { ...view, router, queryClient, liveService };
}

/** The browser holds a session of `loginName` that the mock server knows. */
export function signInAs(loginName: string): string {
  const token = staffMock.issue(loginName);
  staffSession.save(token);
  return token;
}

/** The side menu's link texts. */
export function menuLinks(): string[] {
  const nav = document.querySelector('nav[aria-label="工作系统菜单"]');
  return nav ? [...nav.querySelectorAll('a')].map((a) => a.textContent ?? '') : [];
}

/** A button by its text in `scope` (antd writes two-character labels with a space between: /确\s*认/). */
export function button(scope: HTMLElement, text: RegExp): HTMLButtonElement {
  const found = [...scope.querySelectorAll('button')].find((b) => text.test(b.textContent ?? ''));
  if (!found) throw new Error(`no button ${text}`);
  return found;
}

/** An open dialog by its title, exact (a string) or matching (a RegExp). ByRole over antd's DOM costs seconds per call in jsdom. */
export async function dialogTitled(title: string | RegExp): Promise<HTMLElement> {
  const heading = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-modal-title')].find((t) => (typeof title === 'string' ? (t.textContent ?? '').trim() === title : title.test(t.textContent ?? '')));
    if (!found) throw new Error(`no dialog ${title}`);
    return found;
  });
  return heading.closest('.ant-modal') as HTMLElement;
}

/** Confirms the Popconfirm the last click opened, by its OK button's text. */
export async function confirmPopup(okText: RegExp): Promise<void> {
  const popup = await waitFor(() => {
    const found = document.querySelector('.ant-popover:not(.ant-popover-hidden) .ant-popconfirm-buttons');
    if (!found) throw new Error('no popconfirm yet');
    return found as HTMLElement;
  });
  fireEvent.click(button(popup, okText));
}
