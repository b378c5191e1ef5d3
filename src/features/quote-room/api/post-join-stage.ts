import { useMutation } from '@tanstack/react-query';
import { ApiError, http } from '@/api/client';
import type { Envelope } from '#domain/contract/envelope';
import { JOIN_STAGE_PATH, type JoinStageAnswer } from '#domain/contract/hall';
import { BID_REFUSED_FALLBACK } from './post-place-bid';

export type JoinStageOutcome = { joined: true; answer: JoinStageAnswer } | { joined: false; code: number; msg: string };

/**
 * POST /dscq-sync/v1/bidding/two-stage/join (ours): a two-stage bidder with a stage-1 quote confirms
 * joining stage 2. A bidding-mode URL (spec section 8: only 404 rejects, no message), so the refusal's
 * msg comes back here for the room to show itself.
 */
export async function postJoinStage(activityId: number): Promise<JoinStageOutcome> {
  let envelope: Envelope<JoinStageAnswer | null>;
  try {
    envelope = await http.send<Envelope<JoinStageAnswer | null>>({ method: 'POST', path: JOIN_STAGE_PATH, body: { activityId } });
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'business') return { joined: false, code: error.code ?? 404, msg: error.message };
    throw error;
  }
  if (envelope?.code === 200 && envelope.data) return { joined: true, answer: envelope.data };
  return { joined: false, code: envelope?.code ?? 500, msg: envelope?.msg || BID_REFUSED_FALLBACK };
}

/** Joining is idempotent on the server: a network failure is retried as is. */
export function useJoinStage(activityId: number) {
  return useMutation({
    mutationFn: () => postJoinStage(activityId),
    retry: (failures, error) => failures < 2 && error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout'),
    retryDelay: 500,
  });
}
