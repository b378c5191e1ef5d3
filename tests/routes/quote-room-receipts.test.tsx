/**
 * 我的出价凭证 in the bidding room (docs/bidding.md "The bid record"): the bidder's own signed receipts,
 * a sealed offer's without its amount, and 下载 saving the receipt as JSON with the key to check it.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BidReceipt } from '#domain/contract/bidReceipt';
import { frozenClock } from '../mocks/clock';
import { authMock } from '../mocks/handlers/auth';
import { quoteRoomBackend, ROOM_ACTIVITY_ID, ROOM_CODES } from '../mocks/handlers/quote-room';
import { renderApp } from '../mocks/renderApp';
import { useMockServer } from '../mocks/server';

const server = useMockServer();
vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => {
  authMock.reset();
  frozenClock();
});

let room: ReturnType<typeof renderApp> | undefined;
const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => {
  room?.unmount();
  room = undefined;
  vi.restoreAllMocks();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
});

const MY_CODE = ROOM_CODES.demo_person!;
const receipt = (seq: number, amount: number | null): BidReceipt => ({
  algorithm: 'Ed25519',
  keyId: 'mockkey000000000',
  signature: `c2lnbmF0dXJl${seq}`,
  signed: { activityId: ROOM_ACTIVITY_ID, seq, bidCode: MY_CODE, amount, serverTime: Date.now() - 60_000 * (3 - seq), hash: `${seq}`.repeat(64), prevHash: amount === null ? null : '0'.repeat(64), sealed: amount === null },
});

describe('/quoteHall: 我的出价凭证', () => {
  it('lists the bidder’s receipts and 下载 saves one as JSON', async () => {
    const backend = quoteRoomBackend({ startPrice: 80_000, increment: 1_000 });
    backend.state.receipts.demo_person = [receipt(1, 80_000), receipt(2, null)];
    server.use(...backend.handlers);
    authMock.signIn('demo_person');
    room = renderApp(`/quoteHall?activityId=${ROOM_ACTIVITY_ID}`);
    const section = await screen.findByTestId('room-receipts', {}, { timeout: 10_000 });
    expect(within(section).getByText('我的出价凭证')).toBeTruthy();
    expect(section.textContent).toContain('序号 1');
    expect(section.textContent).toContain('80,000.00');
    expect(section.textContent).toContain('密封报价（凭证签署其哈希）');

    const blobs: Blob[] = [];
    const created = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:receipt';
    });
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    fireEvent.click(within(section).getByRole('button', { name: '下载序号 2 的出价凭证' }));
    expect(click).toHaveBeenCalled();
    const saved = JSON.parse(await blobs[0]!.text());
    expect(saved).toEqual({ ...receipt(2, null), publicKey: 'MOCK' });
  });

  it('shows nothing without receipts', async () => {
    const backend = quoteRoomBackend();
    server.use(...backend.handlers);
    authMock.signIn('demo_person');
    room = renderApp(`/quoteHall?activityId=${ROOM_ACTIVITY_ID}`);
    await screen.findByTestId('quote-room', {}, { timeout: 10_000 });
    expect(screen.queryByTestId('room-receipts')).toBeNull();
  });
});
