import { configure, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SiteRuntime } from '#domain/contract/portal';
import { DEFAULT_FEE_SCHEDULE } from '#domain/rules/settlement';
import { DEMO_NOTICE_TEXT } from '@/features/layout/components/DemoNotice';
import { envelope } from '../mocks/fixtures';
import { authMock } from '../mocks/handlers/auth';
import { renderApp } from '../mocks/renderApp';
import { useMockServer } from '../mocks/server';

/**
 * A server running the sandbox bank or the SMS outbox (a production install only with
 * PORTAL_DEMO=1) says so on every page — the 演示环境 notice, from GET /dscq-system/site/runtime.
 */
const server = useMockServer();
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8000 });
beforeEach(() => authMock.reset());

const runtime = (over: Partial<SiteRuntime>) =>
  server.use(
    http.get('/api/dscq-system/site/runtime', () =>
      HttpResponse.json(envelope<SiteRuntime>({ demo: false, payment: 'gateway', paymentName: '测试银行', sms: 'gateway', feeSchedule: DEFAULT_FEE_SCHEDULE, ...over })),
    ),
  );

describe('the 演示环境 notice', () => {
  it.each(['/login', '/register'])('shows on %s when the server is a demo', async (path) => {
    runtime({ demo: true, payment: 'sandbox', sms: 'outbox' });
    renderApp(path);
    const notice = await screen.findByRole('note', { name: '演示环境' });
    expect(notice).toHaveTextContent(DEMO_NOTICE_TEXT);
  });

  it('is absent on a real install', async () => {
    let asked = false;
    server.use(
      http.get('/api/dscq-system/site/runtime', () => {
        asked = true;
        return HttpResponse.json(envelope<SiteRuntime>({ demo: false, payment: 'gateway', paymentName: '测试银行', sms: 'gateway', feeSchedule: DEFAULT_FEE_SCHEDULE }));
      }),
    );
    renderApp('/login');
    await waitFor(() => expect(asked).toBe(true));
    expect(await screen.findByAltText('图片验证码')).toBeInTheDocument();
    expect(screen.queryByRole('note', { name: '演示环境' })).toBeNull();
  });
});
