/**
 * 大额出价需安全密钥确认 in the bidding room (docs/accounts.md "Security keys"): a bid the server answers
 * 428 (above the bidder's threshold) is confirmed with the security key — a challenge for this activity
 * and amount, the key (the test's), a one-time id — and sent again with the same idempotency key; a
 * cancelled key prompt leaves the bid unsent and says why.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatYuan } from '#domain/rules/money';
import { BID_KEY_REQUIRED_CODE, WEBAUTHN_MESSAGES, WEBAUTHN_PATHS } from '#domain/contract/webauthn';
import { getWithKey } from '@/lib/securityKey';
import { frozenClock } from '../mocks/clock';
import { envelope } from '../mocks/fixtures';
import { authMock } from '../mocks/handlers/auth';
import { quoteRoomBackend, RIVAL_CODE, ROOM_ACTIVITY_ID, ROOM_CODES } from '../mocks/handlers/quote-room';
import { renderApp } from '../mocks/renderApp';
import { useMockServer } from '../mocks/server';

vi.mock('@/lib/securityKey', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/securityKey')>()),
  getWithKey: vi.fn(),
}));

const server = useMockServer();
vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => {
  authMock.reset();
  frozenClock();
  vi.mocked(getWithKey).mockReset();
});

const MY_CODE = ROOM_CODES.demo_person!;

/** The key gate in front of the room's backend: 428 without a confirmation id, the backend with one. */
function keyGate() {
  const seen: Array<{ amount: unknown; idempotencyKey: string; confirmationId?: string }> = [];
  const asked: Array<{ activityId: number; amount: number }> = [];
  server.use(
    http.post('/api/dscq-sync/v1/bidding/:mode/bid', async ({ request }) => {
      const body = (await request.clone().json()) as { amount: unknown; idempotencyKey: string; confirmationId?: string };
      seen.push(body);
      if (body.confirmationId === 'conf-1') return undefined;
      return HttpResponse.json({ code: BID_KEY_REQUIRED_CODE, success: false, msg: WEBAUTHN_MESSAGES.keyRequired, data: null }, { status: BID_KEY_REQUIRED_CODE });
    }),
    http.post(`/api${WEBAUTHN_PATHS.bidConfirmationOptions}`, async ({ request }) => {
      asked.push((await request.json()) as { activityId: number; amount: number });
      return HttpResponse.json(envelope({ challengeId: 'bid-1', options: { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', allowCredentials: [] } }));
    }),
    http.post(`/api${WEBAUTHN_PATHS.bidConfirmationVerify}`, () => HttpResponse.json(envelope({ confirmationId: 'conf-1', expiresAt: Date.now() + 60_000 }))),
  );
  return { seen, asked };
}

async function openRoomAndBid(amount: string) {
  const backend = quoteRoomBackend();
  backend.bidAs(RIVAL_CODE);
  server.use(...backend.handlers);
  const gate = keyGate();
  authMock.signIn('demo_person');
  renderApp(`/quoteHall?activityId=${ROOM_ACTIVITY_ID}`);
  await screen.findByTestId('quote-room', {}, { timeout: 10_000 });
  await waitFor(() => expect(screen.getByTestId('room-my-code').textContent).toBe(MY_CODE), { timeout: 6_000 });
  fireEvent.change(screen.getByLabelText('出价金额（元）'), { target: { value: amount } });
  fireEvent.click(screen.getByRole('form', { name: '出价' }).querySelector('button[type="submit"]')!);
  const question = (await screen.findAllByText(`确认以 ${formatYuan(amount).replace(/元$/, '')} 元出价？`, {}, { timeout: 5_000 })).at(-1)!;
  fireEvent.click(within(question.closest('.ant-modal-confirm') as HTMLElement).getByText('确认出价').closest('button')!);
  return { backend, ...gate };
}

describe('/quoteHall: a bid above the bidder’s threshold', () => {
  it('is confirmed with the key and sent again with the one-time id and the same idempotency key', async () => {
    vi.mocked(getWithKey).mockResolvedValue('{"id":"a2V5","type":"public-key","response":{}}');
    const { backend, seen, asked } = await openRoomAndBid('1010000');
    await waitFor(() => expect(screen.getByTestId('room-bid-feedback').textContent).toContain(`出价成功：1,010,000.00元（竞买号 ${MY_CODE}）`), { timeout: 6_000 });
    expect(asked).toEqual([{ activityId: ROOM_ACTIVITY_ID, amount: 1_010_000 }]);
    expect(seen).toHaveLength(2);
    expect(seen[0]!.confirmationId).toBeUndefined();
    expect(seen[1]).toMatchObject({ confirmationId: 'conf-1', idempotencyKey: seen[0]!.idempotencyKey });
    expect(backend.state.bidCalls).toHaveLength(1);
  });

  it('a cancelled key prompt sends nothing more and says why', async () => {
    vi.mocked(getWithKey).mockRejectedValue(Object.assign(new Error('not allowed'), { name: 'NotAllowedError' }));
    const { backend, seen } = await openRoomAndBid('1010000');
    await waitFor(() => expect(screen.getByTestId('room-bid-feedback').textContent).toContain('安全密钥操作已取消或超时，请重试'), { timeout: 6_000 });
    expect(seen).toHaveLength(1);
    expect(backend.state.bidCalls).toHaveLength(0);
  });
});
