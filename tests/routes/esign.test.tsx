import { act, configure, fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ESIGN_PATHS, type FaceChallengeInfo } from '#domain/contract/esign';
import { envelope } from '../mocks/fixtures';
import { authMock } from '../mocks/handlers/auth';
import { renderApp } from '../mocks/renderApp';
import { server, useMockServer } from '../mocks/server';

/**
 * /contract/seal/qrcode, the page the signing QR code opens on the phone — not logged in: why and
 * a login link that comes back; the same user: what is being confirmed and 确认是本人操作 (once); another
 * user: the server's 404, shown as a refusal.
 */
useMockServer();
vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 8000 });

const TOKEN = 'abcdefghijklmnopqrstuvwxyz012345';
const api = (path: string) => `*/api${path}`;

function loginOf(request: Request): string | null {
  const header = request.headers.get('Authorization') ?? '';
  return authMock.state.accessTokens.get(header.startsWith('Bearer ') ? header.slice(7) : '') ?? null;
}

function faceBackend(owner: string) {
  const state: { info: FaceChallengeInfo; confirms: number } = {
    info: { status: 'pending', purpose: 'contract-sign', summary: '签署合同（编号 HT-2026-0001）', userName: '张建国', expiresAt: '2026-11-21 12:05:00' },
    confirms: 0,
  };
  const refuse = () => HttpResponse.json({ code: 404, success: false, msg: '确认链接无效：它不属于当前登录的账号，或已被撤销。请用发起签署的账号登录后重新扫码', data: null }, { status: 404 });
  server.use(
    http.get(api(ESIGN_PATHS.faceInfo), ({ request }) => (loginOf(request) === owner && new URL(request.url).searchParams.get('token') === TOKEN ? HttpResponse.json(envelope(state.info)) : refuse())),
    http.post(api(ESIGN_PATHS.faceConfirm), ({ request }) => {
      if (loginOf(request) !== owner) return refuse();
      state.confirms += 1;
      state.info = { ...state.info, status: 'confirmed' };
      return HttpResponse.json(envelope(state.info));
    }),
  );
  return state;
}

beforeEach(() => authMock.reset());

describe('/contract/seal/qrcode', () => {
  it('asks a visitor to log in, with a link that comes back to the same confirmation', async () => {
    faceBackend('demo_person');
    renderApp(`/contract/seal/qrcode?token=${TOKEN}`);
    expect(await screen.findByText('请先登录')).toBeInTheDocument();
    const link = screen.getByRole('button', { name: '去登录' }).closest('a')!;
    expect(decodeURIComponent(link.getAttribute('href')!)).toContain(`/login?redirect=/contract/seal/qrcode?token=${TOKEN}`);
  });

  it('shows the same user what is confirmed and confirms once', async () => {
    const state = faceBackend('demo_person');
    authMock.signIn('demo_person');
    renderApp(`/contract/seal/qrcode?token=${TOKEN}`);
    expect(await screen.findByText('签署合同（编号 HT-2026-0001）')).toBeInTheDocument();
    expect(screen.getByText('有效期至')).toBeInTheDocument();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /确认是本人操作/ })));
    expect(await screen.findByText('已确认是本人操作')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /确认是本人操作/ })).toBeNull();
    expect(state.confirms).toBe(1);
  });

  it('refuses another user clearly', async () => {
    faceBackend('demo_person');
    authMock.signIn('demo_org');
    renderApp(`/contract/seal/qrcode?token=${TOKEN}`);
    expect(await screen.findByText('无法确认')).toBeInTheDocument();
    expect(screen.getAllByText(/不属于当前登录的账号/).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: /确认是本人操作/ })).toBeNull();
  });
});
