import { useMutation } from '@tanstack/react-query';
import { ApiError, http } from '@/api/client';
import type { Envelope } from '#domain/contract/envelope';
import { bidPath, type BiddingMode, type PlaceBidRequest } from '#domain/contract/hall';
import type { PlaceBidAnswer } from '#domain/contract/liveEvents';

/** The server's answer to one bid: accepted, or refused with its Chinese msg. */
export type PlaceBidOutcome =
  | { accepted: true; answer: PlaceBidAnswer }
  | { accepted: false; code: number; msg: string };

export const BID_REFUSED_FALLBACK = '出价未成功，请稍后重试';
export const BID_NETWORK_FAILURE = '网络异常，出价结果未知，请重试';

/**
 * POST /dscq-sync/v1/bidding/{mode}/bid. Bidding-mode URLs resolve every answer but 404 and show no
 * message (spec section 8), so the refusal's msg comes back here for the room to show itself.
 */
export async function postPlaceBid(mode: BiddingMode, request: PlaceBidRequest): Promise<PlaceBidOutcome> {
  let envelope: Envelope<PlaceBidAnswer | null>;
  try {
    envelope = await http.send<Envelope<PlaceBidAnswer | null>>({ method: 'POST', path: bidPath(mode), body: request });
  } catch (error) {
    // 404 (no such activity or mode) is the one rejection with an answer; network failures rethrow.
    if (error instanceof ApiError && error.kind === 'business') return { accepted: false, code: error.code ?? 404, msg: error.message };
    throw error;
  }
  if (envelope?.code === 200 && envelope.data) return { accepted: true, answer: envelope.data };
  return { accepted: false, code: envelope?.code ?? 500, msg: envelope?.msg || BID_REFUSED_FALLBACK };
}

const isNetworkFailure = (error: unknown) => error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout');

/** Retries after a network failure keep the attempt's idempotency key (a replay answers the first answer). */
export const BID_NETWORK_RETRIES = 2;

export function usePlaceBid(mode: BiddingMode) {
  return useMutation({
    mutationFn: (request: PlaceBidRequest) => postPlaceBid(mode, request),
    retry: (failures, error) => failures < BID_NETWORK_RETRIES && isNetworkFailure(error),
    retryDelay: 500,
  });
}
