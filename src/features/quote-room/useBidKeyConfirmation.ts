/**
 * 大额出价需安全密钥确认 in the room (docs/accounts.md "Security keys"): a bid the server refuses with
 * BID_KEY_REQUIRED_CODE (above the bidder's own threshold) is confirmed with the security key — a challenge
 * for this activity and amount, the key's answer, a one-time confirmation id — and sent once more with it,
 * under the same idempotency key (the refused attempt placed nothing). Bidders without a threshold never
 * see this: their bids go through as before.
 */
import { App } from 'antd';
import { ApiError } from '@/api/client';
import type { PlaceBidRequest } from '#domain/contract/hall';
import { BID_KEY_REQUIRED_CODE, type BidConfirmationField } from '#domain/contract/webauthn';
import { getWithKey, securityKeyErrorText } from '@/lib/securityKey';
import { postBidConfirmationOptions, postBidConfirmationVerify } from './api/post-bid-confirmation';
import type { PlaceBidOutcome } from './api/post-place-bid';

export type PlaceBid = (request: PlaceBidRequest & BidConfirmationField) => Promise<PlaceBidOutcome>;

export function useBidKeyConfirmation(): (request: PlaceBidRequest, place: PlaceBid) => Promise<PlaceBidOutcome> {
  const { message } = App.useApp();
  return async (request, place) => {
    const first = await place(request);
    if (first.accepted || first.code !== BID_KEY_REQUIRED_CODE) return first;
    const hide = message.loading('该出价超过您设定的金额，请使用安全密钥确认…', 0);
    let confirmationId: string;
    try {
      const { challengeId, options } = await postBidConfirmationOptions({ activityId: request.activityId, amount: request.amount });
      const response = await getWithKey(options);
      confirmationId = (await postBidConfirmationVerify({ challengeId, response })).confirmationId;
    } catch (error) {
      return { accepted: false, code: BID_KEY_REQUIRED_CODE, msg: error instanceof ApiError ? error.message : securityKeyErrorText(error) };
    } finally {
      hide();
    }
    return place({ ...request, confirmationId });
  };
}
