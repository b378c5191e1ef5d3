/**
 * The signing step's face check (src/features/esign/components/FaceCheck.tsx): the QR code of the one-time
 * link and, under it, the same link opened on this device (在本机完成人脸识别) — a signer already on a phone
 * cannot scan his own screen. On every screen; the primary button on a phone. Gone once the link is used or
 * expired. msw answers the challenge calls.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ESIGN_PATHS, faceQrUrl, type FaceChallenge, type FaceStatus } from '#domain/contract/esign';
import { FaceCheck } from '@/features/esign';
import { envelope } from '../mocks/fixtures';
import { useMockServer } from '../mocks/server';

const server = useMockServer();
const TOKEN = 'abcdefghijklmnopqrstuvwxyz012345';
const CHALLENGE: FaceChallenge = { id: 41, token: TOKEN, status: 'pending', expiresAt: '2026-11-21 12:05:00' };

function renderCheck(status: FaceStatus = 'pending') {
  server.use(
    http.post(`*/api${ESIGN_PATHS.faceCreate}`, () => HttpResponse.json(envelope(CHALLENGE))),
    http.get(`*/api${ESIGN_PATHS.faceStatus}`, () => HttpResponse.json(envelope({ id: CHALLENGE.id, status, expiresAt: CHALLENGE.expiresAt }))),
  );
  const onConfirmed = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <FaceCheck purpose="contract-sign" refId="3" onConfirmed={onConfirmed} />
    </QueryClientProvider>,
  );
  return onConfirmed;
}

/** The one-time link the QR code encodes (the app's origin + hash route). */
const qrLink = () => faceQrUrl(`${window.location.origin}${window.location.pathname}#`, TOKEN);
const hereLink = () => screen.findByRole('link', { name: '在本机完成人脸识别' });

/** A phone's screen (src/lib/viewport.ts isPhoneScreen reads the device's screen). */
function phoneScreen() {
  Object.defineProperty(window.screen, 'width', { value: 390, configurable: true });
  Object.defineProperty(window.screen, 'height', { value: 844, configurable: true });
}

afterEach(() => {
  // Back to the prototype's getters (jsdom: no screen, the desktop).
  delete (window.screen as { width?: number }).width;
  delete (window.screen as { height?: number }).height;
});

describe('FaceCheck', () => {
  it('on a computer: the QR code and, under it, a link opening the same one-time link here, in a new window', async () => {
    renderCheck();
    const link = await hereLink();
    expect(link.getAttribute('href')).toBe(qrLink());
    expect(link.getAttribute('href')).toContain(`#/contract/seal/qrcode?token=${TOKEN}`);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    // Under the code, quiet (a link) on a computer.
    const qr = screen.getByLabelText('本人操作确认二维码');
    expect(qr.compareDocumentPosition(link) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(link.className).toContain('ant-btn-link');
    expect(screen.getByText(/请用手机扫描二维码/)).toBeInTheDocument();
  });

  it('on a phone: the same link is the primary, full-width button, and the words point to it', async () => {
    phoneScreen();
    renderCheck();
    const link = await hereLink();
    expect(link.getAttribute('href')).toBe(qrLink());
    expect(link.className).toContain('ant-btn-primary');
    expect(link.className).toContain('ant-btn-block');
    expect(screen.getByText(/请点击二维码下方的“在本机完成人脸识别”/)).toBeInTheDocument();
    expect(screen.queryByText(/请用手机扫描二维码/)).toBeNull();
  });

  it('once confirmed (here or on another phone) the link goes and the step goes on', async () => {
    const onConfirmed = renderCheck('confirmed');
    await waitFor(() => expect(onConfirmed).toHaveBeenCalledWith(CHALLENGE.id));
    expect(await screen.findByText('已确认是本人操作')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '在本机完成人脸识别' })).toBeNull();
  });

  it('an expired link is not offered', async () => {
    renderCheck('expired');
    expect(await screen.findByText('二维码已过期，请点击刷新')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '在本机完成人脸识别' })).toBeNull();
  });
});
