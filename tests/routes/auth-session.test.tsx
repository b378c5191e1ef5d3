import { act, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { http as mswHttp, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AGREEMENT_ACCEPT } from '@/features/auth/components/AgreementDialog';
import { refreshTokens } from '@/features/auth/tokenRefresh';
import { session, SESSION_KEYS } from '@/lib/session';
import { getStore, setStore } from '@/lib/storage';
import { frozenClock, stepClock } from '../mocks/clock';
import { authMock } from '../mocks/handlers/auth';
import { renderApp } from '../mocks/renderApp';
import { useMockServer } from '../mocks/server';

const server = useMockServer();
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8000 });
beforeEach(() => authMock.reset());

/**
 * For the checks that something does NOT happen: lets whatever the page started answer and render, all
 * inside act. (Token ages are read on a frozen clock, so a slow machine cannot age a token meanwhile.)
 */
async function settle() {
  await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
}

const refreshCalls = () => authMock.state.tokenCalls.filter((c) => c.params.grant_type === 'refresh_token');
const agreementDialog = () => document.querySelector('.agreement-dialog');

describe('registration-agreement dialog (spec section 4)', () => {
  it('shows the agreement to a logged-in user who has not read it, and closes only when the submit answers 200', async () => {
    authMock.signIn('demo_person');
    authMock.state.needRead.add('demo_person');
    authMock.state.agreementSubmitCode = 500;
    renderApp('/xwzx');

    expect(await screen.findByText('欢迎您注册成为河北产权交易所平台用户。', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText('河北产权交易所用户注册协议')).toBeInTheDocument();
    // No close button, no mask or Esc dismissal.
    expect(document.querySelector('.agreement-dialog .ant-modal-close')).toBeNull();

    const accept = () => fireEvent.click(screen.getByText(AGREEMENT_ACCEPT).closest('button')!);
    await waitFor(() => expect(screen.getByText(AGREEMENT_ACCEPT).closest('button')).toBeEnabled());
    accept();
    // Not 200: the server's msg as a warning, and the dialog stays.
    expect(await screen.findByText('协议确认失败，请稍后重试')).toBeInTheDocument();
    expect(screen.getByText('欢迎您注册成为河北产权交易所平台用户。')).toBeInTheDocument();
    expect(agreementDialog()).toBeInTheDocument();
    expect(authMock.state.needRead.has('demo_person')).toBe(true);

    authMock.state.agreementSubmitCode = 200;
    accept();
    await waitFor(() => expect(authMock.state.needRead.has('demo_person')).toBe(false));
    // The dialog leaves and is gone. jsdom never ends CSS motion by itself: end it on every retry (ending a
    // motion cannot close an open dialog, so this still needs the dialog to have been closed).
    await waitFor(() => {
      const dialog = agreementDialog();
      if (dialog) {
        fireEvent.animationEnd(dialog);
        fireEvent.transitionEnd(dialog);
      }
      expect(screen.queryByText(AGREEMENT_ACCEPT)).toBeNull();
    });
    expect(screen.queryByText('欢迎您注册成为河北产权交易所平台用户。')).toBeNull();
  });

  it('does not appear when the agreement is read, nor for an anonymous visitor', async () => {
    authMock.signIn('demo_person');
    renderApp('/xwzx');
    await screen.findByTestId('header-user', {}, { timeout: 8000 });
    await settle();
    expect(screen.queryByText('欢迎您注册成为河北产权交易所平台用户。')).toBeNull();

    act(() => session.clear());
    authMock.state.needRead.add('demo_person');
    expect(screen.queryByText(AGREEMENT_ACCEPT)).toBeNull();
  });

  it('logs out when the user declines', async () => {
    authMock.signIn('demo_person');
    authMock.state.needRead.add('demo_person');
    renderApp('/xwzx');
    fireEvent.click((await screen.findByText('暂不同意，退出登录', {}, { timeout: 8000 })).closest('button')!);
    await waitFor(() => expect(session.isLoggedIn()).toBe(false));
  });
});

describe('token refresh through the live worker (spec sections 4 and 9)', () => {
  it('refreshes a token stored 3000 s ago once, keeping the tab lock', async () => {
    frozenClock();
    const old = authMock.signIn('demo_person', 3001);
    setStore(SESSION_KEYS.isLock, true, 'session');
    const before = session.tokenStoredAt()!;
    renderApp('/xwzx');

    await waitFor(() => expect(session.refreshToken()).toBe('rt-demo_person-2'), { timeout: 8000 });
    expect(session.accessToken()).toBe('at-demo_person-2');
    expect(refreshCalls()).toHaveLength(1);
    expect(refreshCalls()[0]?.params).toMatchObject({ grant_type: 'refresh_token', scope: 'all', refresh_token: old.refresh_token });
    expect(session.tokenStoredAt()!).toBeGreaterThan(before + 3_000_000);
    expect(session.isLoggedIn()).toBe(true);
    expect(getStore(SESSION_KEYS.isLock)).toBe(true);
    // The new token starts a new age: no second refresh.
    await settle();
    expect(refreshCalls()).toHaveLength(1);
  });

  it('leaves a young token alone', async () => {
    frozenClock();
    authMock.signIn('demo_person', 2999);
    renderApp('/xwzx');
    await screen.findByTestId('header-user', {}, { timeout: 8000 });
    await settle();
    expect(refreshCalls()).toHaveLength(0);
  });

  it('refreshes when the tab becomes visible with a token old enough', async () => {
    frozenClock();
    authMock.signIn('demo_person', 60);
    const { liveService } = renderApp('/xwzx');
    await screen.findByTestId('header-user', {}, { timeout: 8000 });
    act(() => liveService.setVisibility(false));
    stepClock(3000 * 1000);
    await settle();
    expect(refreshCalls()).toHaveLength(0);
    act(() => liveService.setVisibility(true));
    await waitFor(() => expect(refreshCalls()).toHaveLength(1));
    await waitFor(() => expect(session.accessToken()).toBe('at-demo_person-2'));
  });

  it('clears everything and goes to /login when the refresh is refused', async () => {
    authMock.signIn('demo_person', 3500);
    setStore('history', ['石家庄'], 'local');
    authMock.state.refreshTokens.clear();
    const { router } = renderApp('/xwzx');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 8000 });
    expect(session.isLoggedIn()).toBe(false);
    expect(session.accessToken()).toBeNull();
    expect(getStore('history')).toBeNull();
    expect(router.state.location.search).toEqual({});
  });

  it('is single-flight: concurrent calls share one request', async () => {
    authMock.signIn('demo_person', 3100);
    const outcomes = await Promise.all([refreshTokens(), refreshTokens(), refreshTokens()]);
    expect(outcomes).toEqual(['refreshed', 'refreshed', 'refreshed']);
    expect(refreshCalls()).toHaveLength(1);
    // Fresh now: a later call does nothing.
    expect(await refreshTokens()).toBe('skipped');
    expect(refreshCalls()).toHaveLength(1);
  });

  it('keeps the session when the refresh fails on the network (the next check retries)', async () => {
    authMock.signIn('demo_person', 3100);
    server.use(mswHttp.post('/api/oauth/token', () => HttpResponse.error()));
    expect(await refreshTokens()).toBe('failed');
    expect(session.isLoggedIn()).toBe(true);
    expect(session.refreshToken()).toBe('rt-demo_person-1');
  });
});
